/**
 * Which price a card or vehicle page shows, and the was-price beside it
 * (spec section 4, "Price display precedence").
 */
import type { SiteConfig } from '../schemas/site-config.ts';
import type { Vehicle } from '../schemas/vehicle.ts';
import { formatDollars } from './formatting.ts';


/**
 * Formats dollars the way every price on the site reads: en-AU, whole dollars, thousands
 * separators, no cents ('$45,990'). Cents are rounded to the nearest dollar.
 * @example formatPrice(45990) // '$45,990'
 */
export function formatPrice(amount: number): string {
  return formatDollars(amount, 0);
}

/** The normal price must be above this many dollars to show (10 shows the no-price text, 11 shows '$11'). */
export const MIN_SHOWN_PRICE = 10;

/** Text shown for a pre-order vehicle without a price. */
export const PREORDER_TEXT = 'PREORDER';

/** A was-price, struck through beside the shown price. */
export interface WasPrice {
  amount: number;
  text: string;
}

/** What the price slot shows. */
export type PriceDisplay =
  | { kind: 'subscription'; amount: number; text: string; wasPrice: null }
  | { kind: 'offer'; amount: number; text: string; wasPrice: WasPrice }
  | { kind: 'price'; amount: number; text: string; wasPrice: WasPrice | null }
  | { kind: 'preorder'; text: typeof PREORDER_TEXT; wasPrice: null }
  | { kind: 'no-price'; text: string; wasPrice: null };

export type PricedVehicle = Pick<Vehicle, 'price' | 'before_price' | 'offer_price' | 'subscription_price' | 'preorder'>;

export interface PricingSite {
  features: Pick<SiteConfig['features'], 'subscriptionPricing'>;
  vehicle: Pick<SiteConfig['vehicle'], 'noPriceText'>;
}

function wasPrice(amount: number): WasPrice {
  return { amount, text: formatPrice(amount) };
}

/** True when the vehicle has an offer (reduced) price: above 0 and below the normal price. */
export function hasOfferPrice(vehicle: Pick<Vehicle, 'price' | 'offer_price'>): boolean {
  const offer = vehicle.offer_price ?? 0;
  return offer > 0 && offer < vehicle.price;
}

/**
 * Spec 4, price display precedence, first that applies:
 * 1. subscription price, when the site enables subscription pricing and it is above 0;
 * 2. the offer (reduced) price, when above 0 and below the normal price;
 * 3. the normal price, when above 10;
 * 4. 'PREORDER', when the vehicle can be pre-ordered;
 * 5. the site's no-price text (default 'Enquire for price.').
 *
 * Was-price: with an offer, the higher of before_price and the normal price (so there is always
 * one); with the normal price, before_price when it is above the price; otherwise none (a weekly
 * subscription amount is never compared with a purchase price).
 *
 * Availability is not checked here: sold vehicles show no price at all (see `availabilityView`).
 */
export function priceDisplay(vehicle: PricedVehicle, site: PricingSite): PriceDisplay {
  const subscription = vehicle.subscription_price ?? 0;
  if (site.features.subscriptionPricing && subscription > 0) {
    return { kind: 'subscription', amount: subscription, text: formatPrice(subscription), wasPrice: null };
  }
  const before = vehicle.before_price ?? 0;
  if (hasOfferPrice(vehicle)) {
    const offer = vehicle.offer_price as number;
    return { kind: 'offer', amount: offer, text: formatPrice(offer), wasPrice: wasPrice(Math.max(before, vehicle.price)) };
  }
  if (vehicle.price > MIN_SHOWN_PRICE) {
    return {
      kind: 'price',
      amount: vehicle.price,
      text: formatPrice(vehicle.price),
      wasPrice: before > vehicle.price ? wasPrice(before) : null,
    };
  }
  if (vehicle.preorder) return { kind: 'preorder', text: PREORDER_TEXT, wasPrice: null };
  return { kind: 'no-price', text: site.vehicle.noPriceText, wasPrice: null };
}

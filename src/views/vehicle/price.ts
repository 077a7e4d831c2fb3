/** The price block of a vehicle, and the link to apply for finance (the finance figures are in finance.ts). */
import { pagePath } from '../../lib/urls.ts';
import { availabilityView } from '../../rules/availability.ts';
import { financePrice } from '../../rules/finance-eligibility.ts';
import { marketPriceBadge, type MarketPriceBadge } from '../../rules/market-price.ts';
import { priceDisplay, type PriceDisplay } from '../../rules/pricing.ts';
import { isReservable, showFinanceCta } from '../../rules/vehicle-actions.ts';
import type { SiteConfig } from '../../schemas/site-config.ts';
import type { NormalisedVehicle } from '../../schemas/snapshot.ts';

export type PriceBlockView =
  | {
      available: true;
      price: PriceDisplay;
      /** ' /wk' after a subscription price. */
      suffix: string;
      /** 'Drive Away' and similar, as the platform writes it. */
      priceType: string | null;
      /** '$1,200 below the QLD average market price' (the market-price rule), or null. */
      marketBadgeText: string | null;
      /** Available but already reserved by another shopper (no reserve button). */
      reserved: boolean;
    }
  | { available: false; message: string; enquiryLabel: string };

export function priceBlockView(vehicle: NormalisedVehicle, site: SiteConfig): PriceBlockView {
  const availability = availabilityView(vehicle);
  if (!availability.available) return { available: false, message: availability.message, enquiryLabel: availability.enquiryLabel };
  const price = priceDisplay(vehicle, site);
  return {
    available: true,
    price,
    suffix: price.kind === 'subscription' ? ' /wk' : '',
    priceType: price.kind === 'price' || price.kind === 'offer' ? (vehicle.price_type?.trim() || null) : null,
    marketBadgeText: marketBadgeText(marketPriceBadge(vehicle, site), vehicle),
    reserved: !isReservable(vehicle),
  };
}

function marketBadgeText(badge: MarketPriceBadge | null, vehicle: Pick<NormalisedVehicle, 'state'>): string | null {
  if (!badge) return null;
  const where = badge.basis === 'state' ? (vehicle.state?.trim().toUpperCase() || 'state') : 'national';
  return `${badge.belowText} below the ${where} average market price`;
}

// ---------------------------------------------------------------- finance

/**
 * The finance call-to-action link (provider configured and finance price above 0): the site's
 * finance enquiry page with the vehicle in the query string, at #finance-form.
 */
export function financeCtaHref(vehicle: NormalisedVehicle, site: SiteConfig): string | null {
  const price = financePrice(vehicle);
  if (!showFinanceCta(price, site)) return null;
  const query = new URLSearchParams({ car_id: String(vehicle.id), car_type: vehicle.car_type, vehiclePriceBudget: String(price) });
  if (vehicle.vin) query.set('vin', vehicle.vin);
  if (vehicle.dealership_slug) query.set('preferredDealership', vehicle.dealership_slug);
  return `${pagePath(site.urls.financeEnquiry)}?${query.toString()}#finance-form`;
}

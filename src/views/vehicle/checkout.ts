/**
 * Buying online: the Reserve Online offer and the money-back guarantee on the vehicle page, the
 * checkout page, and whether the trade-in page offers its form.
 */
import { checkoutPath, vehiclePath } from '../../lib/urls.ts';
import { availabilityView } from '../../rules/availability.ts';
import { formatPrice } from '../../rules/pricing.ts';
import { reserveButton, tradeInButton } from '../../rules/vehicle-actions.ts';
import type { SiteCopy } from '../../schemas/content.ts';
import type { SiteConfig } from '../../schemas/site-config.ts';
import type { NormalisedVehicle } from '../../schemas/snapshot.ts';

export interface ReserveOfferView {
  label: string;
  href: string;
  /** The dealer's reserve copy, or one built from the deposit and hold time. */
  text: string;
  depositText: string;
  holdHours: number;
}

/** The Reserve Online section: only when the reserve rule allows the button. */
export function reserveOffer(vehicle: NormalisedVehicle, site: SiteConfig, copy: Pick<SiteCopy, 'reserveOffer'>): ReserveOfferView | null {
  const button = reserveButton(vehicle, site);
  if (!button) return null;
  const depositText = formatPrice(site.vehicle.reserve.deposit);
  const { holdHours } = site.vehicle.reserve;
  return {
    label: button.label,
    href: checkoutPath(vehicle, site),
    text: copy.reserveOffer ?? `Reserve this car online with a ${depositText} deposit. We hold it for you for ${holdHours} hours, and the deposit is 100% refundable.`,
    depositText,
    holdHours,
  };
}

/** The money-back guarantee line: used vehicles that are available, on sites that offer one. */
export function moneyBackGuarantee(vehicle: NormalisedVehicle, site: SiteConfig, copy: Pick<SiteCopy, 'moneyBackGuarantee'>): string | null {
  const hours = site.vehicle.moneyBackGuaranteeHours;
  if (!hours || vehicle.car_type !== 'used' || !availabilityView(vehicle).available) return null;
  return copy.moneyBackGuarantee ?? `Every used vehicle comes with a ${hours} hour money back guarantee.`;
}

// ---------------------------------------------------------------- checkout and trade-in pages

/** Title of the checkout page: 'Reserve {name}' or 'Buy {name} Online' (`vehicle.reserve.label`). */
export function checkoutTitle(vehicle: NormalisedVehicle, site: SiteConfig): string {
  return site.vehicle.reserve.label === 'Buy Online' ? `Buy ${vehicle.display_name} Online` : `Reserve ${vehicle.display_name}`;
}

export type CheckoutView =
  | { reservable: true; title: string; depositText: string; holdHours: number; text: string; buttonLabel: string }
  | { reservable: false; title: string; message: string; backHref: string };

/** The checkout page: the reserve terms and form, or a short message when the reserve rule says no. */
export function checkoutView(vehicle: NormalisedVehicle, site: SiteConfig, copy: Pick<SiteCopy, 'reserveOffer'>): CheckoutView {
  const offer = reserveOffer(vehicle, site, copy);
  const title = checkoutTitle(vehicle, site);
  if (!offer) {
    const reason = availabilityView(vehicle).available ? 'is already reserved' : 'has been sold';
    return { reservable: false, title, message: `This ${vehicle.display_name} ${reason}, so it can't be reserved online.`, backHref: vehiclePath(vehicle) };
  }
  return { reservable: true, title, depositText: offer.depositText, holdHours: offer.holdHours, text: offer.text, buttonLabel: offer.label };
}

/** Whether the trade-in page offers its form for this vehicle (the trade-in rule: available vehicles). */
export function tradeInAvailable(vehicle: NormalisedVehicle, site: SiteConfig): boolean {
  return tradeInButton(vehicle, site) !== null;
}

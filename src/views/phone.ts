/**
 * A dealer phone number as a page shows it: in full at once, or masked until the shopper reveals
 * it (the phone rule), with what the reveal records (spec 7). Used by the header on every page and
 * by the vehicle page's call block, so a masking site masks the number everywhere.
 */
import { PHONE_REVEAL_PATH, type PhoneRevealRecord } from '../lib/phone-reveal.ts';
import { apiUrl } from '../lib/runtime-api.ts';
import { phoneDisplay } from '../rules/phone.ts';
import type { Location } from '../schemas/location.ts';
import type { SiteConfig } from '../schemas/site-config.ts';

export interface PhoneView {
  /** The full number, as the dealer writes it. */
  text: string;
  /** `tel:` link of the full number. */
  tel: string;
  /** What shows until the shopper asks (first 5 characters, then stars); null where the site shows the number at once. */
  masked: string | null;
  /** Where the reveal is recorded, and what is sent. */
  reveal: { url: string; record: PhoneRevealRecord };
}

/** What a reveal is about: the vehicle on a vehicle page, the dealership the number belongs to. */
export interface PhoneContext {
  carId?: number | string | null;
  dealershipId?: number | string | null;
}

function numeric(value: number | string | null | undefined): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

/**
 * The number as shown; `unmasked` for pages that always show it in full (the printable page). Null
 * without a number.
 */
export function phoneView(
  number: string | null | undefined,
  site: Pick<SiteConfig, 'slug' | 'vehicle' | 'api'>,
  context: PhoneContext = {},
  options: { unmasked?: boolean } = {},
): PhoneView | null {
  const shown = phoneDisplay(number, site, options.unmasked ?? false);
  const full = phoneDisplay(number, site, true);
  if (shown.kind === 'none' || full.kind !== 'shown') return null;
  const carId = numeric(context.carId);
  const dealershipId = numeric(context.dealershipId) ?? (typeof context.dealershipId === 'string' && context.dealershipId.trim() !== '' ? context.dealershipId : undefined);
  return {
    text: full.text,
    tel: full.href,
    masked: shown.kind === 'masked' ? shown.text : null,
    reveal: {
      url: apiUrl(site.api.baseUrl, PHONE_REVEAL_PATH),
      record: { ...(carId !== undefined ? { car_id: carId } : {}), ...(dealershipId !== undefined ? { dealership_id: dealershipId } : {}), website_id: site.slug },
    },
  };
}

/**
 * The header's number (the primary location's) on any page. Masked like the call block on sites
 * that mask; a reveal on a vehicle page is about that vehicle. The printable page shows the
 * number in full anyway, so its header does too.
 */
export function headerPhone(
  site: Pick<SiteConfig, 'slug' | 'vehicle' | 'api'>,
  locations: ReadonlyArray<Pick<Location, 'primary' | 'dealership_id' | 'contact_detail'>>,
  route: { kind: string; vehicleId?: number },
): PhoneView | null {
  const primary = locations.find((l) => l.primary) ?? locations[0];
  const carId = route.kind === 'vehicle' || route.kind === 'vehicle-print' ? route.vehicleId : undefined;
  return phoneView(primary?.contact_detail?.phone, site, { carId, dealershipId: primary?.dealership_id }, { unmasked: route.kind === 'vehicle-print' });
}

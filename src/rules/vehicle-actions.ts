/**
 * Vehicle page action buttons and small blocks (spec section 5): reserve, finance call-to-action,
 * trade-in, history report, registration expiry and the location bar.
 */
import type { Location } from '../schemas/location.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { Vehicle } from '../schemas/vehicle.ts';
import { isAvailable } from './availability.ts';
import { feedInstant } from './badges.ts';
import { formatPrice } from './pricing.ts';
import { BRISBANE, zonedParts, zonedTimeToInstant } from './time.ts';

/** A vehicle can be reserved when it is available and not already reserved. */
export function isReservable(vehicle: Pick<Vehicle, 'status' | 'reserved'>): boolean {
  return isAvailable(vehicle) && !vehicle.reserved;
}

export interface ReserveButton {
  /** 'Reserve Now - $200', or just 'Reserve Now' when the deposit is $0. */
  label: string;
  /** /cars/{slug}/checkout (or /buy-online); null when the vehicle has no slug yet. */
  href: string | null;
}

/**
 * Spec 5: the reserve button shows only when the vehicle is reservable and the site enables
 * `features.reserve`. Its label is `vehicle.reserve.label` ('Reserve Now' or 'Buy Online') with
 * the deposit as a price suffix ('Reserve Now - $200'), the suffix omitted when it is $0.
 */
export function reserveButton(
  vehicle: Pick<Vehicle, 'status' | 'reserved' | 'slug'>,
  site: {
    features: Pick<SiteConfig['features'], 'reserve'>;
    vehicle: { reserve: Pick<SiteConfig['vehicle']['reserve'], 'label' | 'deposit'> };
    urls: Pick<SiteConfig['urls'], 'checkoutSegment'>;
  },
): ReserveButton | null {
  if (!site.features.reserve || !isReservable(vehicle)) return null;
  const price = formatPrice(site.vehicle.reserve.deposit);
  return {
    label: price === '$0' ? site.vehicle.reserve.label : `${site.vehicle.reserve.label} - ${price}`,
    href: vehicle.slug ? `/cars/${vehicle.slug}/${site.urls.checkoutSegment}` : null,
  };
}

/**
 * Spec 5: the finance call-to-action shows only when the site has a finance provider configured
 * (`finance.provider`) and the finance price (the amount the estimate is for) is above 0.
 */
export function showFinanceCta(financePrice: number, site: { finance: Pick<SiteConfig['finance'], 'provider'> }): boolean {
  return site.finance.provider !== undefined && financePrice > 0;
}

/**
 * Spec 5: the trade-in button shows only for available vehicles, on sites with
 * `features.tradeIn` (on by default). It links to /cars/trade-in?car_id={id}.
 */
export function tradeInButton(
  vehicle: Pick<Vehicle, 'status' | 'id'>,
  site: { features: Pick<SiteConfig['features'], 'tradeIn'> },
): { href: string } | null {
  if (!site.features.tradeIn || !isAvailable(vehicle)) return null;
  return { href: `/cars/trade-in?car_id=${encodeURIComponent(String(vehicle.id))}` };
}

/** Spec 5: the history-report button shows only when the vehicle has a file (a non-blank link). */
export function historyReportLink(vehicle: Pick<Vehicle, 'file'>): string | null {
  return vehicle.file?.trim() || null;
}

/** What the registration row shows. */
export type RegoExpiry = { kind: 'unregistered'; text: 'Unregistered' } | { kind: 'expires'; text: string; date: string };

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

/** The calendar day (in `timeZone`) a feed date or date-time names, as [year, month, day]. */
function calendarDay(value: string, timeZone: string): [number, number, number] | null {
  const text = value.trim();
  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly) return [Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3])];
  if (OFFSET.test(text)) {
    const instant = feedInstant(text, timeZone);
    if (!instant) return null;
    const p = zonedParts(instant, timeZone);
    return [p.year, p.month, p.day];
  }
  const local = /^(\d{4})-(\d{2})-(\d{2})T/.exec(text);
  return local ? [Number(local[1]), Number(local[2]), Number(local[3])] : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Spec 5: registration expiry, compared by calendar day in the site's time zone (Brisbane by
 * default). A registration is valid through its expiry day, so the expiry day itself still shows
 * 'Expires on DD/MM/YYYY' (e.g. 'Expires on 12/03/2027'). From the next day it is past: it shows
 * 'Unregistered' on sites with `vehicle.showUnregistered`, otherwise nothing (null). No or
 * unreadable date: null.
 */
export function regoExpiry(
  value: string | null | undefined,
  site: { vehicle: Pick<SiteConfig['vehicle'], 'showUnregistered'>; timeZone?: string },
  now: Date,
): RegoExpiry | null {
  if (!value) return null;
  const timeZone = site.timeZone ?? BRISBANE;
  const day = calendarDay(value, timeZone);
  if (!day) return null;
  const [y, m, d] = day;
  const today = zonedParts(now, timeZone);
  const expiryKey = y * 10000 + m * 100 + d;
  const todayKey = today.year * 10000 + today.month * 100 + today.day;
  if (expiryKey < todayKey) return site.vehicle.showUnregistered ? { kind: 'unregistered', text: 'Unregistered' } : null;
  const date = `${pad(d)}/${pad(m)}/${y}`;
  return { kind: 'expires', text: `Expires on ${date}`, date };
}

/**
 * The first instant {@link regoExpiry} reads a registration as run out: midnight in the site's time zone
 * at the end of its expiry day. Null where the date is unreadable.
 */
export function regoExpiryEnd(value: string | null | undefined, timeZone = BRISBANE): Date | null {
  const day = value ? calendarDay(value, timeZone) : null;
  if (!day) return null;
  const [year, month, date] = day;
  return zonedTimeToInstant({ year, month, day: date + 1 }, timeZone);
}

/**
 * Spec 5: the location bar (with Get Directions) appears only when the vehicle's city differs
 * from the primary dealership location's city, compared trimmed and case-insensitively, and the
 * site has `vehicle.locationBar` on. The vehicle's city is `city`, else its location's address
 * city when `city` is blank. When either city is unknown the bar is hidden (nothing to say).
 */
export function showLocationBar(
  vehicle: Pick<Vehicle, 'city' | 'location'>,
  primaryLocation: Pick<Location, 'address'> | null | undefined,
  site: { vehicle: Pick<SiteConfig['vehicle'], 'locationBar'> },
): boolean {
  if (!site.vehicle.locationBar) return false;
  const vehicleCity = (vehicle.city?.trim() || vehicle.location?.address?.city?.trim())?.toLowerCase();
  const primaryCity = primaryLocation?.address?.city?.trim().toLowerCase();
  if (!vehicleCity || !primaryCity) return false;
  return vehicleCity !== primaryCity;
}

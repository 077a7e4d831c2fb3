/**
 * Stock visibility for the dealer blocks (location cards, popular body types, type tiles):
 * which vehicles count towards "what this dealer has".
 */
import type { SiteConfig } from '../schemas/site-config.ts';
import { isAvailable } from './availability.ts';

/** Days a sold vehicle keeps counting when the site does not say otherwise. */
export const DEFAULT_INCLUDE_SOLD_DAYS = 3;

const SECONDS_PER_DAY = 86_400;

/** The part of a vehicle the visibility rule reads. */
export interface StockVisibilityFields {
  status: string;
  /** Seconds since the Unix epoch (not milliseconds). */
  sold_date_timestamp?: number | null | undefined;
  show_on_dealer_website?: boolean | null | undefined;
}

/**
 * True when the vehicle was sold no more than `includeSoldDays` days before `now`.
 *
 * The window is inclusive: a vehicle sold exactly 3 days ago still counts, one sold 3 days and
 * 1 second ago does not. A sale date later than `now` (clock skew between the platform and the
 * build) counts as just sold. A window of 0 days counts no sold vehicle at all.
 */
export function isRecentlySold(
  vehicle: Pick<StockVisibilityFields, 'sold_date_timestamp'>,
  now: Date,
  includeSoldDays: number = DEFAULT_INCLUDE_SOLD_DAYS,
): boolean {
  const soldAt = vehicle.sold_date_timestamp;
  if (soldAt === null || soldAt === undefined || includeSoldDays <= 0) return false;
  const ageSeconds = now.getTime() / 1000 - soldAt;
  return ageSeconds <= includeSoldDays * SECONDS_PER_DAY;
}

/**
 * Stock visibility for location and type blocks (spec section 4): a vehicle counts when its status
 * is in_stock or coming_soon, or it was sold within the last N days
 * (N = `site.stock.includeSoldDays`, default 3), and the dealer has not hidden it from its
 * website. Only an explicit `show_on_dealer_website: false` hides a vehicle; a missing flag
 * counts as shown.
 */
export function countsAsVisibleStock(
  vehicle: StockVisibilityFields,
  now: Date,
  includeSoldDays: number = DEFAULT_INCLUDE_SOLD_DAYS,
): boolean {
  if (vehicle.show_on_dealer_website === false) return false;
  return isAvailable(vehicle) || isRecentlySold(vehicle, now, includeSoldDays);
}

/** The vehicles that count for the dealer blocks of `site` at `now` (see {@link countsAsVisibleStock}). */
export function visibleStock<T extends StockVisibilityFields>(
  vehicles: readonly T[],
  now: Date,
  site: { stock: Pick<SiteConfig['stock'], 'includeSoldDays'> },
): T[] {
  return vehicles.filter((vehicle) => countsAsVisibleStock(vehicle, now, site.stock.includeSoldDays));
}

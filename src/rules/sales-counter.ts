/**
 * The sales counter (spec sections 4 and 9): a count of sales since the start of the month in
 * Brisbane, one per 450 seconds (192 a day). It makes no call.
 */
import type { SiteConfig } from '../schemas/site-config.ts';
import { BRISBANE, endOfMonthDate, startOfMonth } from './time.ts';

/** Length of the count-up animation after each refresh. */
export const COUNT_UP_MS = 2000;

/** Sales per day at `secondsPerSale`: 86,400 / 450 = 192. */
export function salesPerDay(counter: Pick<SiteConfig['salesCounter'], 'secondsPerSale'>): number {
  return Math.floor(86_400 / counter.secondsPerSale);
}

/**
 * The count shown at `now`: whole `secondsPerSale` periods (450 s by default) since midnight at the
 * start of the month in `timeZone` (Brisbane). 0 at the start of each month.
 */
export function salesCount(
  now: Date,
  counter: Pick<SiteConfig['salesCounter'], 'secondsPerSale'>,
  timeZone: string = BRISBANE,
): number {
  const seconds = (now.getTime() - startOfMonth(now, timeZone).getTime()) / 1000;
  return Math.floor(seconds / counter.secondsPerSale);
}

/** How often the count is recomputed: `site.salesCounter.refreshMs` (150,000 ms). */
export function salesCounterRefreshMs(counter: Pick<SiteConfig['salesCounter'], 'refreshMs'>): number {
  return counter.refreshMs;
}

/**
 * The number shown `elapsedMs` into the count-up from `from` to `to` (linear, whole numbers,
 * reaching `to` at {@link COUNT_UP_MS}).
 */
export function countUpValue(from: number, to: number, elapsedMs: number, durationMs: number = COUNT_UP_MS): number {
  if (durationMs <= 0 || elapsedMs >= durationMs) return to;
  const progress = Math.max(0, elapsedMs) / durationMs;
  return Math.floor(from + (to - from) * progress);
}

/** The month-end date helper: the last day of the month containing `now` in `timeZone`, YYYY-MM-DD. */
export function monthEndDate(now: Date, timeZone: string = BRISBANE): string {
  return endOfMonthDate(now, timeZone);
}

/**
 * Promo card date windows (spec section 4): a card shows only between its start and its expiry.
 */
import { BRISBANE, zonedTimeToInstant } from './time.ts';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/**
 * The instant a promo date names. A date-time with an offset (`2025-07-01T00:00:00+10:00`, `Z`)
 * is that instant. A date without a time (`2025-07-01`) means midnight at the start of that day
 * in `timeZone` (Brisbane by default), and a date-time without an offset is that wall-clock time
 * there. Throws on text that is not an ISO 8601 date.
 */
export function promoInstant(value: string, timeZone: string = BRISBANE): Date {
  const text = value.trim();
  const date = DATE_ONLY.exec(text);
  if (date) return zonedTimeToInstant({ year: Number(date[1]), month: Number(date[2]), day: Number(date[3]) }, timeZone);
  const local = LOCAL_DATE_TIME.exec(text);
  if (local) {
    return zonedTimeToInstant(
      {
        year: Number(local[1]),
        month: Number(local[2]),
        day: Number(local[3]),
        hour: Number(local[4]),
        minute: Number(local[5]),
        second: Number(local[6] ?? 0),
      },
      timeZone,
    );
  }
  const instant = Date.parse(text);
  if (Number.isNaN(instant)) {
    throw new Error(`'${value}' is not an ISO 8601 date such as 2025-07-01 or 2025-07-01T00:00:00+10:00`);
  }
  return new Date(instant);
}

/** The date fields of a promo card. */
export interface PromoWindow {
  start?: string | null | undefined;
  expiry?: string | null | undefined;
}

/**
 * True when `start <= now <= expiry`, comparing instants (both ends inclusive). A card without a
 * start has always started; one without an expiry never ends.
 */
export function isInPromoWindow(card: PromoWindow, now: Date, timeZone: string = BRISBANE): boolean {
  const t = now.getTime();
  if (card.start && t < promoInstant(card.start, timeZone).getTime()) return false;
  if (card.expiry && t > promoInstant(card.expiry, timeZone).getTime()) return false;
  return true;
}

/** Where a moment falls against a window: still to start, inside it, or over. */
export type WindowPhase = 'before' | 'during' | 'after';

/**
 * The phase of `now` (epoch ms) against a window given as epoch ms (null: open-ended), both ends
 * inclusive as in {@link isInPromoWindow}. Pages hand the bounds to the browser as numbers, so the
 * shopper's clock needs no date parsing.
 */
export function windowPhase(start: number | null, end: number | null, now: number): WindowPhase {
  if (start !== null && now < start) return 'before';
  if (end !== null && now > end) return 'after';
  return 'during';
}

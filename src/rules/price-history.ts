/**
 * A vehicle's price history and what the vehicle page says about it: the last price drop ('Price
 * dropped $1,000 on 12 Nov') and how long the vehicle has been in stock, as the big marketplaces show.
 */
import { PRICE_HISTORY_LIMIT, type PriceChange } from '../schemas/price-history.ts';
import type { Vehicle } from '../schemas/vehicle.ts';
import { feedInstant } from './badges.ts';
import { MIN_SHOWN_PRICE, formatPrice, hasOfferPrice } from './pricing.ts';
import { BRISBANE, zonedParts } from './time.ts';

export { PRICE_HISTORY_LIMIT };

const DAY_MS = 86_400_000;

/**
 * The purchase price a vehicle is advertised at: the offer (reduced) price where it has one,
 * otherwise its price when above $10, otherwise none (no price, 'Enquire for price.', PREORDER).
 * The price history follows this figure; a weekly subscription price is not a purchase price.
 */
export function listedPrice(vehicle: Pick<Vehicle, 'price' | 'offer_price'>): number | null {
  if (hasOfferPrice(vehicle)) return vehicle.offer_price as number;
  return vehicle.price > MIN_SHOWN_PRICE ? vehicle.price : null;
}

/**
 * The change between two versions of a vehicle record, stamped `at`, or null when the listed price
 * did not change. A vehicle gaining or losing its price ('Enquire for price.' either side) is not a
 * price change: there is no amount to compare.
 */
export function priceChange(
  before: Pick<Vehicle, 'price' | 'offer_price'> | undefined,
  after: Pick<Vehicle, 'price' | 'offer_price'>,
  at: string,
): PriceChange | null {
  if (!before) return null;
  const from = listedPrice(before);
  const to = listedPrice(after);
  return from === null || to === null || from === to ? null : { at, from, to };
}

/**
 * `history` (oldest first by instant, ties in their order: a feed may send it in any order) with
 * `changes` added after it in the order they were seen, the last 10 kept. A change is added last even
 * when its time reads earlier (a clock behind), so the latest entry is always the latest change.
 */
export function withPriceChanges(history: readonly PriceChange[], changes: readonly PriceChange[] = []): PriceChange[] {
  const instant = (change: PriceChange) => feedInstant(change.at)?.getTime() ?? 0;
  const ordered = history
    .map((change, index) => ({ change, index, at: instant(change) }))
    .sort((a, b) => a.at - b.at || a.index - b.index)
    .map((entry) => entry.change);
  return [...ordered, ...changes].slice(-PRICE_HISTORY_LIMIT);
}

/**
 * When a pull saw a change: the record's `updated_at` when it falls after the previous pull and not
 * after this one (the platform's own time of the change), otherwise this pull's time.
 */
export function pulledChangeTime(updatedAt: string | null | undefined, previousPull: string | null | undefined, now: Date): string {
  const updated = feedInstant(updatedAt);
  const since = previousPull ? Date.parse(previousPull) : Number.NEGATIVE_INFINITY;
  return updated && updated.getTime() > since && updated.getTime() <= now.getTime() ? updated.toISOString() : now.toISOString();
}

/** The calendar day of an instant in `timeZone`, as days since 1970-01-01. */
function dayNumber(instant: Date, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day) / DAY_MS;
}

const shortDates = new Map<string, Intl.DateTimeFormat>();

/** '12 Nov' in `timeZone`, with the year ('12 Nov 2025') when it is not the year of `now` there. */
export function shortDate(instant: Date, now: Date, timeZone = BRISBANE): string {
  const withYear = zonedParts(instant, timeZone).year !== zonedParts(now, timeZone).year;
  const key = `${timeZone}|${withYear}`;
  let format = shortDates.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', ...(withYear ? { year: 'numeric' } : {}), timeZone });
    shortDates.set(key, format);
  }
  return format.format(instant);
}

/** The note under the price after a drop. */
export interface PriceDropNote {
  /** Dollars the price dropped by. */
  amount: number;
  /** When it dropped (ISO 8601, as recorded). */
  at: string;
  /** 'Price dropped $1,000 on 12 Nov'. */
  text: string;
}

/**
 * The note for the latest change when it was a drop to the price the page shows, e.g. 'Price
 * dropped $1,000 on 12 Nov' (dates in the site's time zone). None when the latest change was a rise,
 * or when the page shows another figure than the one the price dropped to (a subscription price, no
 * price, a record that changed since), so the note never contradicts the price beside it.
 */
export function priceDropNote(history: readonly PriceChange[] | undefined, shownPrice: number | null, now: Date, timeZone = BRISBANE): PriceDropNote | null {
  const last = history?.at(-1);
  if (!last || shownPrice === null || last.to >= last.from || last.to !== shownPrice) return null;
  const instant = feedInstant(last.at);
  if (!instant) return null;
  const amount = last.from - last.to;
  return { amount, at: last.at, text: `Price dropped ${formatPrice(amount)} on ${shortDate(instant, now, timeZone)}` };
}

/**
 * Whole calendar days from the vehicle's `created_at` to `now`, in the site's time zone (listed
 * yesterday evening and seen this morning is 1 day). Null without a readable `created_at`; 0 when it
 * is today or (a feed clock ahead of ours) later.
 */
export function daysInStock(createdAt: string | null | undefined, now: Date, timeZone = BRISBANE): number | null {
  const created = feedInstant(createdAt, timeZone);
  if (!created) return null;
  return Math.max(0, dayNumber(now, timeZone) - dayNumber(created, timeZone));
}

/**
 * When the vehicle was listed, as a static page says it: 'In stock since 7 Nov' ('Listed 7 Nov' for a
 * coming-soon vehicle), with the year when it is not the year of `now`. Unlike a count of days it stays
 * true from one build to the next; the page's script turns it into {@link daysInStockText} as the
 * shopper reads it. Null without a readable `created_at`.
 */
export function listedSinceText(createdAt: string | null | undefined, status: string, now: Date, timeZone = BRISBANE): string | null {
  const created = feedInstant(createdAt, timeZone);
  if (!created) return null;
  const day = shortDate(created, now, timeZone);
  return status === 'coming_soon' ? `Listed ${day}` : `In stock since ${day}`;
}

/**
 * How long the vehicle has been listed, as the page says it: 'In stock for 23 days' ('1 day';
 * 'New in stock today' on its first day); a coming-soon vehicle is not in the yard yet, so it
 * reads 'Listed 23 days ago' ('Listed today').
 */
export function daysInStockText(days: number, status: string): string {
  const plural = `${days} day${days === 1 ? '' : 's'}`;
  if (status === 'coming_soon') return days === 0 ? 'Listed today' : `Listed ${plural} ago`;
  return days === 0 ? 'New in stock today' : `In stock for ${plural}`;
}

/** The delivery price calculator by postcode (spec sections 5 and 8). */
import { formatPrice } from './pricing.ts';

/** Spec 5: shown when the postcode box is empty. */
export const EMPTY_POSTCODE_MESSAGE = 'Please enter a postcode.';
/** Spec 5: shown when the lookup has no estimate for the postcode. */
export const NO_ESTIMATE_MESSAGE =
  "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.";

/** The delivery lookup's answer for a postcode (price in dollars and region name). */
export interface DeliveryEstimate {
  price?: number | null;
  region?: string | null;
}

/**
 * Spec 5: checks the postcode before a lookup. Empty or whitespace-only gives 'Please enter a
 * postcode.'; anything else is trimmed and looked up as typed (the spec has no format message
 * for this calculator: a postcode the lookup does not know gets the no-estimate message).
 */
export function deliveryPostcode(input: string | null | undefined): { ok: true; postcode: string } | { ok: false; message: string } {
  const postcode = input?.trim() ?? '';
  return postcode === '' ? { ok: false, message: EMPTY_POSTCODE_MESSAGE } : { ok: true, postcode };
}

/** What the calculator shows after a lookup. */
export type DeliveryOutcome =
  | { kind: 'estimate'; price: number; priceText: string; region: string | null }
  | { kind: 'no-estimate'; message: typeof NO_ESTIMATE_MESSAGE };

/**
 * Spec 5: the lookup's answer. No answer, or an answer without a usable price (missing, not a
 * number, negative), gives the no-estimate message; a price of 0 is a real (free) estimate.
 */
export function deliveryOutcome(estimate: DeliveryEstimate | null | undefined): DeliveryOutcome {
  const price = estimate?.price;
  if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) {
    return { kind: 'no-estimate', message: NO_ESTIMATE_MESSAGE };
  }
  return { kind: 'estimate', price, priceText: formatPrice(price), region: estimate?.region?.trim() || null };
}

/**
 * A site's delivery table as the page carries it: per region its name, price and inclusive postcode
 * ranges (`content/<slug>/delivery.yaml`, read by `DeliveryTableSchema`).
 */
export interface DeliveryRegionRanges {
  name: string;
  price: number;
  postcodes: ReadonlyArray<readonly [number, number]>;
}

/**
 * The lookup the spec's calculator made by postcode, answered from the site's table: the price and
 * region of the region whose ranges hold the postcode, or null (no estimate) for a postcode in no
 * region or anything that is not four digits.
 */
export function deliveryEstimateFor(postcode: string, regions: readonly DeliveryRegionRanges[]): DeliveryEstimate | null {
  if (!/^\d{4}$/.test(postcode)) return null;
  const code = Number(postcode);
  const region = regions.find((r) => r.postcodes.some(([from, to]) => from <= code && code <= to));
  return region ? { price: region.price, region: region.name } : null;
}

/**
 * What the calculator shows for what the shopper typed: 'Please enter a postcode.' for an empty box,
 * otherwise the table's estimate or the no-estimate message.
 */
export function deliveryAnswer(input: string | null | undefined, regions: readonly DeliveryRegionRanges[]): DeliveryOutcome | { kind: 'empty'; message: string } {
  const checked = deliveryPostcode(input);
  if (!checked.ok) return { kind: 'empty', message: checked.message };
  return deliveryOutcome(deliveryEstimateFor(checked.postcode, regions));
}

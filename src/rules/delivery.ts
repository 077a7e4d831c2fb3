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

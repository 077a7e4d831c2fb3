/**
 * Price and kilometre input formatting (spec section 5): '$25,000' and '45,000 kms' while the
 * shopper types, and the plain number back for the form data.
 */

const grouping = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0, useGrouping: true });

/** Whole number with thousands separators: 25000 -> '25,000'. */
export function withThousands(value: number): string {
  return grouping.format(Math.round(value));
}

// Digits the shopper typed, whole units only: anything after a decimal point is dropped and
// every other non-digit (a typed '$', ',', ' kms', a stray letter) is ignored.
function typedDigits(raw: string): string {
  return raw.split('.')[0]!.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
}

function wholeUnits(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.round(value) : null;
  const digits = typedDigits(value);
  return digits === '' ? null : Number(digits);
}

/**
 * A price input's text: '$' prefix and thousands separators ('25000' -> '$25,000'). Accepts the
 * number or whatever is in the input, so it can be re-applied on every keystroke; an empty or
 * digit-free input gives ''.
 */
export function formatPriceInput(value: number | string | null | undefined): string {
  const amount = wholeUnits(value);
  return amount === null ? '' : `$${withThousands(amount)}`;
}

/**
 * A distance input's text: thousands separators and the ' kms' suffix
 * ('45000' -> '45,000 kms'); an empty or digit-free input gives ''.
 */
export function formatKmInput(value: number | string | null | undefined): string {
  const km = wholeUnits(value);
  return km === null ? '' : `${withThousands(km)} kms`;
}

function parseNumber(text: string): number | null {
  const cleaned = text.trim();
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/**
 * The dollars in a price input: strips '$', ',' and spaces ('$25,000' -> 25000). `null` when
 * empty or not a number.
 */
export function parsePriceInput(text: string | null | undefined): number | null {
  return parseNumber((text ?? '').replace(/[$,\s]/g, ''));
}

/**
 * The kilometres in a distance input: strips ',', spaces and a trailing 'kms' or 'km'
 * ('45,000 kms' -> 45000). `null` when empty or not a number.
 */
export function parseKmInput(text: string | null | undefined): number | null {
  return parseNumber((text ?? '').trim().replace(/\s*kms?$/i, '').replace(/[,\s]/g, ''));
}

/**
 * Numbers as the sites write them (en-AU: '25,000', '$45,990', '$42.50'), and price and kilometre
 * input formatting (spec section 5): '$25,000' and '45,000 kms' while the shopper types, and the
 * plain number back for the form data.
 *
 * These run in shoppers' browsers as well as in the build, and they do not use `Intl`: a page's first
 * `Intl` formatter loads the browser's locale data, a 40 ms main-thread task on a fast desktop (about
 * 170 ms on the phone Lighthouse simulates) that every vehicle page paid while its scripts started.
 * The output is the same as `Intl.NumberFormat('en-AU')`'s for every amount a site shows, and the
 * unit tests hold it so.
 */

// Digits of a non-negative decimal string grouped in threes: '1234567.5' -> '1,234,567.5'.
function grouped(decimal: string): string {
  const point = decimal.indexOf('.');
  const whole = point === -1 ? decimal : decimal.slice(0, point);
  return whole.replace(/\B(?=(\d{3})+$)/g, ',') + (point === -1 ? '' : decimal.slice(point));
}

// The amount to `fractionDigits` places, as `Intl` rounds it: from the shortest decimal that reads back as
// the number (so 0.995 is '1.00', not the '0.99' of its binary value), halves away from zero.
function rounded(value: number, fractionDigits: number): { negative: boolean; digits: string } {
  const shortest = String(Math.abs(value));
  let digits: string;
  if (!Number.isFinite(value)) {
    // Never a real amount, but written as Intl writes it rather than thrown.
    digits = Number.isNaN(value) ? 'NaN' : '∞';
  } else if (/^\d+$/.test(shortest)) {
    // A whole amount, as most are: nothing to round.
    digits = fractionDigits === 0 ? shortest : `${shortest}.${'0'.repeat(fractionDigits)}`;
  } else if (shortest.includes('e')) {
    // Below a millionth, or beyond 10^21: no amount a site shows.
    digits = Math.abs(value).toFixed(fractionDigits);
  } else {
    const [whole, fraction = ''] = shortest.split('.') as [string, string?];
    const kept = fraction.slice(0, fractionDigits).padEnd(fractionDigits, '0');
    const up = (fraction[fractionDigits] ?? '0') >= '5';
    const units = (BigInt(whole + kept) + (up ? 1n : 0n)).toString().padStart(fractionDigits + 1, '0');
    digits = fractionDigits === 0 ? units : `${units.slice(0, -fractionDigits)}.${units.slice(-fractionDigits)}`;
  }
  // Intl keeps the sign of an amount that rounds to zero ('-0'); so do these.
  return { negative: value < 0 || Object.is(value, -0), digits };
}

/** Whole number with thousands separators: 25000 -> '25,000', 1234.5 -> '1,235'. */
export function withThousands(value: number): string {
  const { negative, digits } = rounded(value, 0);
  return `${negative ? '-' : ''}${grouped(digits)}`;
}

/**
 * Australian dollars with thousands separators, to whole dollars or to the cent: (45990, 0) ->
 * '$45,990', (42.5, 2) -> '$42.50', (-1200, 0) -> '-$1,200'.
 */
export function formatDollars(amount: number, fractionDigits: 0 | 2): string {
  const { negative, digits } = rounded(amount, fractionDigits);
  return `${negative ? '-' : ''}$${grouped(digits)}`;
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

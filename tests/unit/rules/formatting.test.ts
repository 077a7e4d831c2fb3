import { describe, expect, it } from 'vitest';
import { formatDollars, formatKmInput, formatPriceInput, parseKmInput, parsePriceInput, withThousands } from '../../../src/rules/formatting.ts';

describe('price input', () => {
  it.each([
    [25000, '$25,000'],
    ['25000', '$25,000'],
    ['$25,0000', '$250,000'],
    [999, '$999'],
    [1000, '$1,000'],
    [1250000, '$1,250,000'],
    [0, '$0'],
    ['007', '$7'],
    ['25000.75', '$25,000'],
    ['$25,000a', '$25,000'],
  ])('%j is shown as %j', (value, text) => {
    expect(formatPriceInput(value)).toBe(text);
  });

  it('shows nothing for an empty input', () => {
    expect(formatPriceInput('')).toBe('');
    expect(formatPriceInput('$')).toBe('');
    expect(formatPriceInput(null)).toBe('');
    expect(formatPriceInput(Number.NaN)).toBe('');
    expect(formatPriceInput(-5)).toBe('');
  });

  it("parses back by stripping '$' and ','", () => {
    expect(parsePriceInput('$25,000')).toBe(25000);
    expect(parsePriceInput(' $1,250,000 ')).toBe(1250000);
    expect(parsePriceInput('25000.5')).toBe(25000.5);
    expect(parsePriceInput('')).toBeNull();
    expect(parsePriceInput('$abc')).toBeNull();
    expect(parsePriceInput('-5')).toBeNull();
  });

  it('round-trips', () => {
    expect(parsePriceInput(formatPriceInput(87650))).toBe(87650);
  });
});

describe('kilometre input', () => {
  it.each([
    [45000, '45,000 kms'],
    ['45000', '45,000 kms'],
    ['45,0001 kms', '450,001 kms'],
    [999, '999 kms'],
    [0, '0 kms'],
  ])('%j is shown as %j', (value, text) => {
    expect(formatKmInput(value)).toBe(text);
  });

  it('shows nothing for an empty input', () => {
    expect(formatKmInput('')).toBe('');
    expect(formatKmInput(' kms')).toBe('');
  });

  it("parses back by stripping ',' and 'kms'", () => {
    expect(parseKmInput('45,000 kms')).toBe(45000);
    expect(parseKmInput('45,000kms')).toBe(45000);
    expect(parseKmInput('45000 km')).toBe(45000);
    expect(parseKmInput('45000')).toBe(45000);
    expect(parseKmInput('')).toBeNull();
    expect(parseKmInput('lots')).toBeNull();
  });

  it('round-trips', () => {
    expect(parseKmInput(formatKmInput(123456))).toBe(123456);
  });
});

describe('thousands separators', () => {
  it('groups by three digits with commas', () => {
    expect(withThousands(5000)).toBe('5,000');
    expect(withThousands(250000)).toBe('250,000');
    expect(withThousands(100)).toBe('100');
  });
});

describe('numbers without Intl', () => {
  // Every amount a site shows: whole dollars and cents, kilometres and counts, halves at each place,
  // the edges of each group of three, negatives and values that binary floating point cannot hold.
  const amounts = [
    0, 0.4, 0.5, 0.995, 1, 1.005, 2.5, 9.99, 10, 42.5, 99.995, 100, 999, 999.5, 1000, 1234.5, 9999.995, 12345.678, 45990, 99999.5,
    100000, 999999, 1000000, 1234567.891, 25000000, 2 ** 40, 0.1 + 0.2, 1.15, 1.25, 1.35, 8.345, 1e-7, Number.POSITIVE_INFINITY, Number.NaN,
  ];
  const samples = [...amounts, ...amounts.map((a) => -a), ...Array.from({ length: 2000 }, (_, i) => (i * 7919.37) % 250000 + i / 200)];
  const intl = (options: Intl.NumberFormatOptions) => new Intl.NumberFormat('en-AU', options);
  const whole = intl({ maximumFractionDigits: 0, useGrouping: true });
  const dollars = intl({ style: 'currency', currency: 'AUD', minimumFractionDigits: 0, maximumFractionDigits: 0 });
  const cents = intl({ style: 'currency', currency: 'AUD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

  it('groups whole numbers as Intl.NumberFormat does', () => {
    for (const value of samples) expect(withThousands(value), String(value)).toBe(whole.format(value));
  });

  it('writes whole dollars and dollars and cents as Intl.NumberFormat does', () => {
    for (const value of samples) {
      expect(formatDollars(value, 0), String(value)).toBe(dollars.format(value));
      expect(formatDollars(value, 2), String(value)).toBe(cents.format(value));
    }
  });
});

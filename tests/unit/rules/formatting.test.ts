import { describe, expect, it } from 'vitest';
import { formatKmInput, formatPriceInput, parseKmInput, parsePriceInput, withThousands } from '../../../src/rules/formatting.ts';

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

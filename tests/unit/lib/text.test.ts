import { describe, expect, it } from 'vitest';
import { clipAtWord, countLabel, META_DESCRIPTION_MAX, slugify } from '../../../src/lib/text.ts';

describe('slugify', () => {
  it('lowercases, hyphenates, spells out & and drops accents', () => {
    expect(slugify('Mercedes-Benz')).toBe('mercedes-benz');
    expect(slugify('Service & Parts')).toBe('service-and-parts');
    expect(slugify('  Škoda Octavia RS ')).toBe('skoda-octavia-rs');
    expect(slugify('Cab Chassis (4x4)')).toBe('cab-chassis-4x4');
  });
});

describe('clipAtWord', () => {
  it('returns text within the limit as given', () => {
    expect(clipAtWord('Short text.', 20)).toBe('Short text.');
    expect(clipAtWord('x'.repeat(META_DESCRIPTION_MAX), META_DESCRIPTION_MAX)).toBe('x'.repeat(160));
  });

  it('cuts at the last word within the limit, drops trailing punctuation and ends with one …', () => {
    const text = 'Browse 120 vehicles for sale at Test Motors: Used Cars. Compare prices, enquire or book a test drive online.';
    const clipped = clipAtWord(text, 60);
    expect(clipped).toBe('Browse 120 vehicles for sale at Test Motors: Used Cars…');
    expect(clipped.length).toBeLessThanOrEqual(60);
  });

  it('cuts mid-word when the last space is in the first half', () => {
    expect(clipAtWord(`Hi ${'x'.repeat(40)}`, 20)).toBe(`Hi ${'x'.repeat(16)}…`);
  });
});

describe('countLabel', () => {
  it('counts with thousands separators and the right noun', () => {
    expect(countLabel(1, 'vehicle')).toBe('1 vehicle');
    expect(countLabel(0, 'vehicle')).toBe('0 vehicles');
    expect(countLabel(2500, 'vehicle')).toBe('2,500 vehicles');
    expect(countLabel(3, 'sleeps', 'sleep')).toBe('3 sleep');
  });
});

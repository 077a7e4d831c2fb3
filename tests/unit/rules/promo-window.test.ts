import { describe, expect, it } from 'vitest';
import { isInPromoWindow, promoInstant, windowPhase } from '../../../src/rules/promo-window.ts';

const stocktake = { start: '2025-07-01T00:00:00+10:00', expiry: '2025-07-24T23:59:59+10:00' };
const eofy = { expiry: '2025-06-30T23:59:59+10:00' };

describe('Stocktake card, 1 to 24 July 2025 (Brisbane)', () => {
  it('starts at midnight Brisbane on 1 July, not a second before', () => {
    expect(isInPromoWindow(stocktake, new Date('2025-06-30T13:59:59Z'))).toBe(false);
    expect(isInPromoWindow(stocktake, new Date('2025-06-30T14:00:00Z'))).toBe(true);
    expect(isInPromoWindow(stocktake, new Date('2025-06-30T14:00:01Z'))).toBe(true);
  });

  it('ends after 23:59:59 Brisbane on 24 July', () => {
    expect(isInPromoWindow(stocktake, new Date('2025-07-24T13:59:58Z'))).toBe(true);
    expect(isInPromoWindow(stocktake, new Date('2025-07-24T13:59:59Z'))).toBe(true);
    expect(isInPromoWindow(stocktake, new Date('2025-07-24T14:00:00Z'))).toBe(false);
  });

  it('is not shown in the UTC reading of the dates', () => {
    // 24 July 20:00 UTC is still 24 July in UTC, but already 25 July 06:00 in Brisbane.
    expect(isInPromoWindow(stocktake, new Date('2025-07-24T20:00:00Z'))).toBe(false);
  });
});

describe('EOFY cards, expiring 2025-06-30 23:59:59 (Brisbane)', () => {
  it('show up to the expiry second and not one second after', () => {
    expect(isInPromoWindow(eofy, new Date('2025-06-30T13:59:58Z'))).toBe(true);
    expect(isInPromoWindow(eofy, new Date('2025-06-30T13:59:59Z'))).toBe(true);
    expect(isInPromoWindow(eofy, new Date('2025-06-30T14:00:00Z'))).toBe(false);
  });

  it('hand over to the Stocktake card at the same instant, with no gap or overlap', () => {
    for (const iso of ['2025-06-30T13:59:59Z', '2025-06-30T14:00:00Z']) {
      const now = new Date(iso);
      expect(isInPromoWindow(eofy, now)).not.toBe(isInPromoWindow(stocktake, now));
    }
  });
});

describe('dates in other shapes', () => {
  it('reads a date without a time as midnight Brisbane', () => {
    expect(promoInstant('2025-07-01').toISOString()).toBe('2025-06-30T14:00:00.000Z');
    const card = { start: '2025-07-01' };
    expect(isInPromoWindow(card, new Date('2025-06-30T13:59:59Z'))).toBe(false);
    expect(isInPromoWindow(card, new Date('2025-06-30T14:00:00Z'))).toBe(true);
  });

  it('reads a date-time without an offset as Brisbane wall time', () => {
    expect(promoInstant('2025-07-24T23:59:59').toISOString()).toBe('2025-07-24T13:59:59.000Z');
  });

  it('reads offsets other than +10:00 as the instant they name', () => {
    expect(promoInstant('2025-07-01T00:00:00Z').toISOString()).toBe('2025-07-01T00:00:00.000Z');
    expect(promoInstant('2025-07-01T00:00:00+09:30').toISOString()).toBe('2025-06-30T14:30:00.000Z');
  });

  it('treats a missing start or expiry as open-ended', () => {
    expect(isInPromoWindow({}, new Date('2030-01-01T00:00:00Z'))).toBe(true);
    expect(isInPromoWindow({ start: '2025-07-01T00:00:00+10:00' }, new Date('2030-01-01T00:00:00Z'))).toBe(true);
  });

  it('rejects text that is not a date', () => {
    expect(() => promoInstant('next tuesday')).toThrow(/not an ISO 8601 date/);
  });

  it('places a moment before, inside or after a window of instants, both ends inclusive', () => {
    expect(windowPhase(100, 200, 99)).toBe('before');
    expect(windowPhase(100, 200, 100)).toBe('during');
    expect(windowPhase(100, 200, 200)).toBe('during');
    expect(windowPhase(100, 200, 201)).toBe('after');
    expect(windowPhase(null, null, 0)).toBe('during');
  });
});

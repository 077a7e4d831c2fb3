import { describe, expect, it } from 'vitest';
import {
  PRICE_HISTORY_LIMIT,
  daysInStock,
  daysInStockText,
  listedSinceText,
  listedPrice,
  priceChange,
  priceDropNote,
  pulledChangeTime,
  shortDate,
  withPriceChanges,
} from '../../../src/rules/price-history.ts';

// Wednesday 25 November 2026, 10:00 in Brisbane.
const NOW = new Date('2026-11-25T00:00:00Z');

describe('the listed price a history follows', () => {
  it('is the offer price where there is one, otherwise the price above $10, otherwise none', () => {
    expect(listedPrice({ price: 25990, offer_price: 23990 })).toBe(23990);
    expect(listedPrice({ price: 25990, offer_price: 26990 })).toBe(25990);
    expect(listedPrice({ price: 25990, offer_price: null })).toBe(25990);
    expect(listedPrice({ price: 11 })).toBe(11);
    expect(listedPrice({ price: 10 })).toBeNull();
    expect(listedPrice({ price: 0 })).toBeNull();
  });
});

describe('a price change', () => {
  const at = '2026-11-12T03:00:00.000Z';
  it('is recorded when the listed price moves, either way', () => {
    expect(priceChange({ price: 31990 }, { price: 30990 }, at)).toEqual({ at, from: 31990, to: 30990 });
    expect(priceChange({ price: 30990 }, { price: 31990 }, at)).toEqual({ at, from: 30990, to: 31990 });
    expect(priceChange({ price: 31990 }, { price: 31990, offer_price: 29990 }, at)).toEqual({ at, from: 31990, to: 29990 });
  });

  it('is not recorded for the same price, a vehicle new to the site, or a price gained or lost', () => {
    expect(priceChange({ price: 31990 }, { price: 31990 }, at)).toBeNull();
    expect(priceChange(undefined, { price: 31990 }, at)).toBeNull();
    expect(priceChange({ price: 0 }, { price: 31990 }, at)).toBeNull();
    expect(priceChange({ price: 31990 }, { price: 0 }, at)).toBeNull();
  });
});

describe('a price history', () => {
  const change = (day: number, from: number, to: number) => ({ at: `2026-11-${String(day).padStart(2, '0')}T00:00:00Z`, from, to });

  it('keeps the changes oldest first and only the last 10', () => {
    expect(PRICE_HISTORY_LIMIT).toBe(10);
    const twelve = Array.from({ length: 12 }, (_, i) => change(i + 1, 40000 - i * 100, 40000 - (i + 1) * 100));
    const kept = withPriceChanges(twelve.slice(0, 11), [twelve[11]!]);
    expect(kept).toHaveLength(10);
    expect(kept[0]).toEqual(twelve[2]);
    expect(kept.at(-1)).toEqual(twelve[11]);
  });

  it('sorts a feed history given out of order by instant, whatever the offsets', () => {
    // Written earlier in the alphabet, but later in time: 23:30 UTC is 09:30 on the 12th in Brisbane.
    const late = { at: '2026-11-11T23:30:00Z', from: 2, to: 3 };
    const early = { at: '2026-11-12T08:00:00+10:00', from: 1, to: 2 };
    expect(withPriceChanges([late, early])).toEqual([early, late]);
  });

  it('adds a new change last even when its time reads earlier than the history (a clock behind)', () => {
    const recorded = change(20, 30000, 29000);
    const seenNow = change(18, 29000, 28000);
    expect(withPriceChanges([recorded], [seenNow])).toEqual([recorded, seenNow]);
  });

  it("stamps a pull's change with the record's updated_at when it falls since the previous pull, else with the pull's time", () => {
    const previous = '2026-11-20T00:00:00.000Z';
    expect(pulledChangeTime('2026-11-23T05:00:00Z', previous, NOW)).toBe('2026-11-23T05:00:00.000Z');
    expect(pulledChangeTime('2026-11-19T05:00:00Z', previous, NOW)).toBe(NOW.toISOString());
    expect(pulledChangeTime('2026-11-26T05:00:00Z', previous, NOW)).toBe(NOW.toISOString());
    expect(pulledChangeTime(null, previous, NOW)).toBe(NOW.toISOString());
    expect(pulledChangeTime('2026-11-23T05:00:00Z', null, NOW)).toBe('2026-11-23T05:00:00.000Z');
  });
});

describe("the vehicle page's price drop note", () => {
  const drop = { at: '2026-11-12T03:00:00Z', from: 31990, to: 30990 };

  it("reads 'Price dropped $1,000 on 12 Nov', the date in Brisbane", () => {
    expect(priceDropNote([drop], 30990, NOW)).toEqual({ amount: 1000, at: drop.at, text: 'Price dropped $1,000 on 12 Nov' });
    // 14:30 UTC on the 12th is already the 13th in Brisbane.
    expect(priceDropNote([{ ...drop, at: '2026-11-12T14:30:00Z' }], 30990, NOW)?.text).toBe('Price dropped $1,000 on 13 Nov');
    expect(priceDropNote([{ ...drop, at: '2026-11-12T14:30:00Z' }], 30990, NOW, 'Australia/Perth')?.text).toBe('Price dropped $1,000 on 12 Nov');
  });

  it('names the year of a drop in another year', () => {
    expect(priceDropNote([{ ...drop, at: '2025-12-30T03:00:00Z' }], 30990, NOW)?.text).toBe('Price dropped $1,000 on 30 Dec 2025');
    expect(shortDate(new Date('2026-01-02T00:00:00Z'), NOW)).toBe('2 Jan');
  });

  it('is about the latest change only, and only when it was a drop to the price the page shows', () => {
    expect(priceDropNote([drop, { at: '2026-11-20T00:00:00Z', from: 30990, to: 32990 }], 32990, NOW)).toBeNull();
    expect(priceDropNote([drop], 29990, NOW)).toBeNull();
    expect(priceDropNote([drop], null, NOW)).toBeNull();
    expect(priceDropNote([], 30990, NOW)).toBeNull();
    expect(priceDropNote(undefined, 30990, NOW)).toBeNull();
  });
});

describe('days in stock', () => {
  it('counts calendar days in the site time zone since created_at', () => {
    expect(daysInStock('2026-11-01T00:00:00+10:00', NOW)).toBe(24);
    // 23:30 on the 24th in Brisbane is yesterday there, although the same UTC day as NOW's 10:00.
    expect(daysInStock('2026-11-24T13:30:00Z', NOW)).toBe(1);
    expect(daysInStock('2026-11-25T09:00:00+10:00', NOW)).toBe(0);
    expect(daysInStock('2026-11-30T00:00:00Z', NOW)).toBe(0);
    expect(daysInStock('2026-11-20', NOW)).toBe(5);
    expect(daysInStock(null, NOW)).toBeNull();
    expect(daysInStock('not a date', NOW)).toBeNull();
  });

  it('says it as a shopper reads it', () => {
    expect(daysInStockText(23, 'in_stock')).toBe('In stock for 23 days');
    expect(daysInStockText(1, 'in_stock')).toBe('In stock for 1 day');
    expect(daysInStockText(0, 'in_stock')).toBe('New in stock today');
    expect(daysInStockText(23, 'coming_soon')).toBe('Listed 23 days ago');
    expect(daysInStockText(0, 'coming_soon')).toBe('Listed today');
  });

  it('names the listing day for a static page, which stays true as days pass', () => {
    expect(listedSinceText('2026-11-01T00:00:00+10:00', 'in_stock', NOW)).toBe('In stock since 1 Nov');
    expect(listedSinceText('2026-11-01T00:00:00+10:00', 'in_stock', new Date('2026-12-20T00:00:00Z'))).toBe('In stock since 1 Nov');
    // Listed late on 31 Oct UTC is 1 Nov in Brisbane.
    expect(listedSinceText('2026-10-31T20:00:00Z', 'in_stock', NOW)).toBe('In stock since 1 Nov');
    expect(listedSinceText('2025-12-30T00:00:00+10:00', 'in_stock', NOW)).toBe('In stock since 30 Dec 2025');
    expect(listedSinceText('2026-11-20', 'coming_soon', NOW)).toBe('Listed 20 Nov');
    expect(listedSinceText(null, 'in_stock', NOW)).toBeNull();
  });
});

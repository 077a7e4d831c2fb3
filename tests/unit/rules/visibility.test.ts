import { describe, expect, it } from 'vitest';
import { countsAsVisibleStock, isRecentlySold, visibleStock } from '../../../src/rules/visibility.ts';
import { SiteConfigSchema, type SiteConfigInput } from '../../../src/schemas/site-config.ts';

const site = (overrides: Partial<SiteConfigInput> = {}) =>
  SiteConfigSchema.parse({ slug: 'test-motors', name: 'Test Motors', template: 'classic', url: 'https://www.test.example', ...overrides });

const now = new Date('2025-07-10T02:00:00Z');
const nowSeconds = now.getTime() / 1000;
const DAY = 86_400;

describe('stock visibility for location and type blocks', () => {
  it('counts in_stock and coming_soon vehicles', () => {
    expect(countsAsVisibleStock({ status: 'in_stock' }, now)).toBe(true);
    expect(countsAsVisibleStock({ status: 'coming_soon' }, now)).toBe(true);
  });

  it('does not count a sold vehicle without a sale date, or other statuses', () => {
    expect(countsAsVisibleStock({ status: 'sold' }, now)).toBe(false);
    expect(countsAsVisibleStock({ status: 'on_hold', sold_date_timestamp: null }, now)).toBe(false);
  });

  it('counts a vehicle sold exactly 3 days ago but not 3 days and 1 second ago (default window)', () => {
    expect(countsAsVisibleStock({ status: 'sold', sold_date_timestamp: nowSeconds - 3 * DAY }, now)).toBe(true);
    expect(countsAsVisibleStock({ status: 'sold', sold_date_timestamp: nowSeconds - 3 * DAY - 1 }, now)).toBe(false);
  });

  it('reads sold_date_timestamp as seconds, not milliseconds', () => {
    // Sold one hour ago, in seconds: counts. The same instant in milliseconds would be far in the future.
    expect(isRecentlySold({ sold_date_timestamp: nowSeconds - 3600 }, now)).toBe(true);
    expect(isRecentlySold({ sold_date_timestamp: (nowSeconds - 10 * DAY) }, now)).toBe(false);
  });

  it('counts a sale date slightly ahead of now (clock skew) as just sold', () => {
    expect(isRecentlySold({ sold_date_timestamp: nowSeconds + 60 }, now)).toBe(true);
  });

  it('uses site.stock.includeSoldDays when set', () => {
    const sevenDays = site({ stock: { includeSoldDays: 7 } });
    const sold = [
      { id: 1, status: 'sold', sold_date_timestamp: nowSeconds - 7 * DAY },
      { id: 2, status: 'sold', sold_date_timestamp: nowSeconds - 7 * DAY - 1 },
    ];
    expect(visibleStock(sold, now, sevenDays).map((v) => v.id)).toEqual([1]);
    expect(visibleStock(sold, now, site()).map((v) => v.id)).toEqual([]);
  });

  it('counts no sold vehicle when includeSoldDays is 0', () => {
    expect(isRecentlySold({ sold_date_timestamp: nowSeconds }, now, 0)).toBe(false);
    expect(countsAsVisibleStock({ status: 'in_stock' }, now, 0)).toBe(true);
  });

  it('hides a vehicle the dealer hides from its website, whatever its status', () => {
    expect(countsAsVisibleStock({ status: 'in_stock', show_on_dealer_website: false }, now)).toBe(false);
    expect(countsAsVisibleStock({ status: 'sold', sold_date_timestamp: nowSeconds - 60, show_on_dealer_website: false }, now)).toBe(false);
  });

  it('treats a missing show_on_dealer_website as shown', () => {
    expect(countsAsVisibleStock({ status: 'in_stock', show_on_dealer_website: null }, now)).toBe(true);
    expect(countsAsVisibleStock({ status: 'in_stock', show_on_dealer_website: true }, now)).toBe(true);
  });

  it('filters a list and keeps the caller\'s objects and order', () => {
    const vehicles = [
      { id: 1, status: 'in_stock' },
      { id: 2, status: 'sold', sold_date_timestamp: nowSeconds - DAY },
      { id: 3, status: 'sold', sold_date_timestamp: nowSeconds - 4 * DAY },
      { id: 4, status: 'coming_soon', show_on_dealer_website: false },
      { id: 5, status: 'coming_soon' },
    ];
    const result = visibleStock(vehicles, now, site());
    expect(result.map((v) => v.id)).toEqual([1, 2, 5]);
    expect(result[0]).toBe(vehicles[0]);
  });
});

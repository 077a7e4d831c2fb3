import { describe, expect, it } from 'vitest';
import {
  COUNT_UP_MS,
  countUpValue,
  monthEndDate,
  salesCount,
  salesCounterRefreshMs,
  salesPerDay,
} from '../../../src/rules/sales-counter.ts';
import { SiteConfigSchema } from '../../../src/schemas/site-config.ts';

const counter = SiteConfigSchema.parse({
  slug: 'test-motors',
  name: 'Test Motors',
  template: 'classic',
  url: 'https://www.test.example',
}).salesCounter;

describe('sales count', () => {
  it('is one sale per 450 seconds, 192 a day', () => {
    expect(counter.secondsPerSale).toBe(450);
    expect(salesPerDay(counter)).toBe(192);
  });

  it('restarts at 0 at midnight on the 1st in Brisbane', () => {
    // 2026-11-30T14:00:00Z is 1 December 00:00 in Brisbane.
    expect(salesCount(new Date('2026-11-30T14:00:00Z'), counter)).toBe(0);
    // One second earlier is 30 November 23:59:59: 30 days less one second of sales.
    expect(salesCount(new Date('2026-11-30T13:59:59Z'), counter)).toBe(30 * 192 - 1);
  });

  it('counts the first sale at 450 seconds, not 449', () => {
    expect(salesCount(new Date('2026-11-30T14:07:29Z'), counter)).toBe(0);
    expect(salesCount(new Date('2026-11-30T14:07:30Z'), counter)).toBe(1);
  });

  it('reaches 192 after one Brisbane day', () => {
    expect(salesCount(new Date('2026-12-01T14:00:00Z'), counter)).toBe(192);
  });

  it('follows site.salesCounter.secondsPerSale', () => {
    expect(salesCount(new Date('2026-11-30T15:00:00Z'), { secondsPerSale: 900 })).toBe(4);
  });

  it('is not fooled by the UTC month: 1 December 03:00 UTC is already well into December in Brisbane', () => {
    // 13:00 Brisbane on 1 December: 13 hours = 46,800 s = 104 sales.
    expect(salesCount(new Date('2026-12-01T03:00:00Z'), counter)).toBe(104);
  });
});

describe('refresh and count-up', () => {
  it('refreshes every 150,000 ms and counts up over 2 seconds', () => {
    expect(salesCounterRefreshMs(counter)).toBe(150_000);
    expect(COUNT_UP_MS).toBe(2000);
  });

  it('counts up linearly and lands on the target at 2 seconds', () => {
    expect(countUpValue(0, 100, 0)).toBe(0);
    expect(countUpValue(0, 100, 1000)).toBe(50);
    expect(countUpValue(0, 100, 1999)).toBe(99);
    expect(countUpValue(0, 100, 2000)).toBe(100);
    expect(countUpValue(0, 100, 5000)).toBe(100);
    expect(countUpValue(100, 101, 1000)).toBe(100);
  });
});

describe('month-end date', () => {
  it('is the last day of the current Brisbane month', () => {
    expect(monthEndDate(new Date('2026-11-30T13:59:59Z'))).toBe('2026-11-30');
    expect(monthEndDate(new Date('2026-11-30T14:00:00Z'))).toBe('2026-12-31');
  });

  it('knows February in leap years', () => {
    expect(monthEndDate(new Date('2028-02-10T00:00:00Z'))).toBe('2028-02-29');
    expect(monthEndDate(new Date('2027-02-10T00:00:00Z'))).toBe('2027-02-28');
  });
});

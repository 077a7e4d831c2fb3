import { describe, expect, it } from 'vitest';
import { isInPromoWindow } from '../../../src/rules/promo-window.ts';
import { shouldShowPopup } from '../../../src/rules/popup.ts';
import { nextTimeBoundary, passedBoundaries, timeBoundaries, type TimeBoundaryInput } from '../../../src/rules/time-boundaries.ts';
import { countsAsVisibleStock } from '../../../src/rules/visibility.ts';

const DAY = 86_400;
const stocktake = { start: '2025-07-01T00:00:00+10:00', expiry: '2025-07-24T23:59:59+10:00' };
const eofy = { expiry: '2025-06-30T23:59:59+10:00' };
const site = { stock: { includeSoldDays: 3 } };
const input = (over: Partial<TimeBoundaryInput>): TimeBoundaryInput => ({ site, offers: [], vehicles: [], ...over });
const ms = (iso: string) => new Date(iso).getTime();

describe('promo card boundaries (the Stocktake card, 1 to 24 July 2025 Brisbane; EOFY to 30 June 23:59:59)', () => {
  const cards = input({ promoCards: [eofy, stocktake] });

  it('EOFY goes the instant after 23:59:59 Brisbane on 30 June, and Stocktake comes at midnight Brisbane (14:00 UTC)', () => {
    expect(timeBoundaries(cards, new Date('2025-06-20T00:00:00Z')).slice(0, 2)).toEqual([
      { at: new Date('2025-06-30T13:59:59.001Z'), causes: [{ kind: 'promo-card-expiry', card: 0 }] },
      { at: new Date('2025-06-30T14:00:00.000Z'), causes: [{ kind: 'promo-card-start', card: 1 }] },
    ]);
  });

  it('Stocktake ends one instant after 23:59:59 Brisbane on 24 July, not on the UTC reading of the date', () => {
    const next = nextTimeBoundary(cards, new Date('2025-07-01T00:00:00Z'))!;
    expect(next.at.toISOString()).toBe('2025-07-24T13:59:59.001Z');
    expect(next.causes).toEqual([{ kind: 'promo-card-expiry', card: 1 }]);
  });

  it('each boundary is where the window rule changes its answer', () => {
    for (const b of timeBoundaries(cards, new Date('2025-01-01T00:00:00Z'))) {
      for (const cause of b.causes) {
        if (cause.kind !== 'promo-card-start' && cause.kind !== 'promo-card-expiry') throw new Error('unexpected cause');
        const card = [eofy, stocktake][cause.card]!;
        expect(isInPromoWindow(card, new Date(b.at.getTime() - 1))).not.toBe(isInPromoWindow(card, b.at));
      }
    }
  });

  it('has no boundary after the last window closed', () => {
    expect(nextTimeBoundary(cards, new Date('2025-07-24T13:59:59.001Z'))).toBeNull();
  });
});

describe('offer boundaries', () => {
  it('reads a date without an offset in Brisbane time, and a date-only start as midnight there', () => {
    const offers = input({ offers: [{ id: 7, start: '2025-07-01', expiry: '2025-07-24T23:59:59+10:00' }, { id: 'eofy', expiry: '2025-06-30T23:59:59' }, { id: 8, expiry: '2025-06-30T23:59:59+10:00' }] });
    expect(timeBoundaries(offers, new Date('2025-06-01T00:00:00Z'))).toEqual([
      { at: new Date('2025-06-30T13:59:59.001Z'), causes: [{ kind: 'offer-expiry', offerId: 'eofy' }, { kind: 'offer-expiry', offerId: '8' }] },
      { at: new Date('2025-06-30T14:00:00.000Z'), causes: [{ kind: 'offer-start', offerId: '7' }] },
      { at: new Date('2025-07-24T13:59:59.001Z'), causes: [{ kind: 'offer-expiry', offerId: '7' }] },
    ]);
  });

  it("reads dates in the site's own time zone when it has one", () => {
    const perth = input({ site: { timeZone: 'Australia/Perth', stock: {} }, offers: [{ id: 1, expiry: '2025-06-30T23:59:59' }] });
    expect(nextTimeBoundary(perth, new Date('2025-06-01T00:00:00Z'))!.at.toISOString()).toBe('2025-06-30T15:59:59.001Z');
  });

  it('skips boundaries at or before now, and open-ended or unreadable dates', () => {
    const offers = input({ offers: [{ id: 1, start: null, expiry: null }, { id: 2, expiry: 'soon' }, { id: 3, start: '2025-07-01T00:00:00+10:00' }] });
    expect(nextTimeBoundary(offers, new Date('2025-06-30T14:00:00Z'))).toBeNull();
    expect(nextTimeBoundary(offers, new Date('2025-06-30T13:59:59.999Z'))!.causes).toEqual([{ kind: 'offer-start', offerId: '3' }]);
  });
});

describe('popup expiry', () => {
  const popup = { id: 'p1', enabled: true, expiry: '2027-03-31T23:59:59+10:00' };

  it('is the instant after the expiry second, where the popup rule stops showing it', () => {
    const next = nextTimeBoundary(input({ popup }), new Date('2027-01-01T00:00:00Z'))!;
    expect(next).toEqual({ at: new Date(ms('2027-03-31T13:59:59.001Z')), causes: [{ kind: 'popup-expiry' }] });
    expect(shouldShowPopup(popup, 's', {}, new Date(next.at.getTime() - 1))).toBe(true);
    expect(shouldShowPopup(popup, 's', {}, next.at)).toBe(false);
  });

  it('gives nothing for a disabled popup', () => {
    expect(nextTimeBoundary(input({ popup: { ...popup, enabled: false } }), new Date('2027-01-01T00:00:00Z'))).toBeNull();
  });
});

describe("sold vehicles' include-sold cutoff", () => {
  const soldAt = ms('2025-07-10T02:00:00Z') / 1000;
  const sold = { id: 42, status: 'sold', sold_date_timestamp: soldAt };

  it('falls the instant after sale time plus the include-sold days, where the visibility rule drops it', () => {
    const next = nextTimeBoundary(input({ vehicles: [sold] }), new Date(soldAt * 1000))!;
    expect(next.at.getTime()).toBe((soldAt + 3 * DAY) * 1000 + 1);
    expect(next.causes).toEqual([{ kind: 'sold-cutoff', vehicleId: 42 }]);
    expect(countsAsVisibleStock(sold, new Date(next.at.getTime() - 1), 3)).toBe(true);
    expect(countsAsVisibleStock(sold, next.at, 3)).toBe(false);
  });

  it("uses the site's own number of days, and the default of 3 when it gives none", () => {
    expect(nextTimeBoundary(input({ site: { stock: { includeSoldDays: 7 } }, vehicles: [sold] }), new Date(0))!.at.getTime()).toBe((soldAt + 7 * DAY) * 1000 + 1);
    expect(nextTimeBoundary(input({ site: { stock: {} }, vehicles: [sold] }), new Date(0))!.at.getTime()).toBe((soldAt + 3 * DAY) * 1000 + 1);
  });

  it('ignores available vehicles, sold ones without a date, and hidden ones', () => {
    const vehicles = [
      { id: 1, status: 'in_stock', sold_date_timestamp: soldAt },
      { id: 2, status: 'sold', sold_date_timestamp: null },
      { id: 3, status: 'sold', sold_date_timestamp: soldAt, show_on_dealer_website: false },
    ];
    expect(timeBoundaries(input({ vehicles }), new Date(0))).toEqual([]);
  });
});

describe('passed boundaries', () => {
  it('lists what passed between the last render and now, earliest first', () => {
    const all = input({ promoCards: [eofy, stocktake], offers: [{ id: 9, expiry: '2025-07-02T12:00:00+10:00' }] });
    const passed = passedBoundaries(all, new Date('2025-06-30T00:00:00Z'), new Date('2025-07-02T02:00:00.001Z'));
    expect(passed.map((b) => b.at.toISOString())).toEqual(['2025-06-30T13:59:59.001Z', '2025-06-30T14:00:00.000Z', '2025-07-02T02:00:00.001Z']);
    expect(passedBoundaries(all, new Date('2025-06-30T00:00:00Z'), new Date('2025-06-30T13:59:59Z'))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { cardBadge } from '../../../src/rules/badges.ts';
import { isInPromoWindow } from '../../../src/rules/promo-window.ts';
import { shouldShowPopup } from '../../../src/rules/popup.ts';
import { nextTimeBoundary, passedBoundaries, timeBoundaries, type TimeBoundaryInput, type TimedVehicle } from '../../../src/rules/time-boundaries.ts';
import { regoExpiry } from '../../../src/rules/vehicle-actions.ts';
import { countsAsVisibleStock } from '../../../src/rules/visibility.ts';

const DAY = 86_400;
const stocktake = { start: '2025-07-01T00:00:00+10:00', expiry: '2025-07-24T23:59:59+10:00' };
const eofy = { expiry: '2025-06-30T23:59:59+10:00' };
const site: TimeBoundaryInput['site'] = {
  features: { electricBadge: true },
  vehicle: { certifiedMakes: ['Toyota'], newArrivalDays: 8 },
  stock: { includeSoldDays: 3 },
};
/** A used Mazda, not a new arrival, registered with no date: no boundary of its own. */
const car = (over: Partial<TimedVehicle> & { id: number }): TimedVehicle => ({ make: 'Mazda', car_type: 'used', status: 'in_stock', ...over });
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
    const perth = input({ site: { ...site, timeZone: 'Australia/Perth', stock: {} }, offers: [{ id: 1, expiry: '2025-06-30T23:59:59' }] });
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
  const sold = car({ id: 42, status: 'sold', sold_date_timestamp: soldAt });

  it('falls the instant after sale time plus the include-sold days, where the visibility rule drops it', () => {
    const next = nextTimeBoundary(input({ vehicles: [sold] }), new Date(soldAt * 1000))!;
    expect(next.at.getTime()).toBe((soldAt + 3 * DAY) * 1000 + 1);
    expect(next.causes).toEqual([{ kind: 'sold-cutoff', vehicleId: 42 }]);
    expect(countsAsVisibleStock(sold, new Date(next.at.getTime() - 1), 3)).toBe(true);
    expect(countsAsVisibleStock(sold, next.at, 3)).toBe(false);
  });

  it("uses the site's own number of days, and the default of 3 when it gives none", () => {
    expect(nextTimeBoundary(input({ site: { ...site, stock: { includeSoldDays: 7 } }, vehicles: [sold] }), new Date(0))!.at.getTime()).toBe((soldAt + 7 * DAY) * 1000 + 1);
    expect(nextTimeBoundary(input({ site: { ...site, stock: {} }, vehicles: [sold] }), new Date(0))!.at.getTime()).toBe((soldAt + 3 * DAY) * 1000 + 1);
  });

  it('ignores available vehicles, sold ones without a date, and hidden ones', () => {
    const vehicles = [
      car({ id: 1, status: 'in_stock', sold_date_timestamp: soldAt }),
      car({ id: 2, status: 'sold', sold_date_timestamp: null }),
      car({ id: 3, status: 'sold', sold_date_timestamp: soldAt, show_on_dealer_website: false }),
    ];
    expect(timeBoundaries(input({ vehicles }), new Date(0))).toEqual([]);
  });
});

describe("a card's New Arrival badge", () => {
  const created = '2025-07-10T09:30:00+10:00';

  it('goes the instant after its 8 days, where the badge rule drops it', () => {
    const arrival = car({ id: 7, created_at: created });
    const next = nextTimeBoundary(input({ vehicles: [arrival] }), new Date('2025-07-10T00:00:00Z'))!;
    expect(next).toEqual({ at: new Date(ms('2025-07-17T23:30:00Z') + 1), causes: [{ kind: 'new-arrival-end', vehicleId: 7 }] });
    expect(cardBadge(arrival, site, new Date(next.at.getTime() - 1))?.kind).toBe('new-arrival');
    expect(cardBadge(arrival, site, next.at)).toBeNull();
  });

  it("uses the site's own number of days and reads a time without an offset in the site's time zone", () => {
    const perth = { ...site, timeZone: 'Australia/Perth', vehicle: { ...site.vehicle, newArrivalDays: 3 } };
    const next = nextTimeBoundary(input({ site: perth, vehicles: [car({ id: 7, created_at: '2025-07-10T09:30:00' })] }), new Date(0))!;
    expect(next.at.toISOString()).toBe('2025-07-13T01:30:00.001Z');
  });

  it('has none where the card shows another badge then, or the vehicle is hidden, or its date is unreadable', () => {
    const vehicles = [
      car({ id: 1, created_at: created, reserved: true }),
      car({ id: 2, created_at: created, fuel: 'Electric' }),
      car({ id: 3, created_at: created, make: 'Toyota', certified: true }),
      car({ id: 4, created_at: created, tag: 'Runout sale' }),
      car({ id: 5, created_at: created, status: 'coming_soon' }),
      car({ id: 6, created_at: created, show_on_dealer_website: false }),
      car({ id: 8, created_at: 'last week' }),
    ];
    expect(timeBoundaries(input({ vehicles }), new Date(0))).toEqual([]);
  });
});

describe("a vehicle's registration", () => {
  it("runs out at midnight in the site's time zone after its expiry day, where the registration row changes", () => {
    const registered = car({ id: 9, rego_expiry: '2025-08-31' });
    const next = nextTimeBoundary(input({ vehicles: [registered] }), new Date('2025-08-01T00:00:00Z'))!;
    expect(next).toEqual({ at: new Date('2025-08-31T14:00:00.000Z'), causes: [{ kind: 'rego-expiry', vehicleId: 9 }] });
    const rules = { vehicle: { showUnregistered: true } };
    expect(regoExpiry(registered.rego_expiry, rules, new Date(next.at.getTime() - 1))?.kind).toBe('expires');
    expect(regoExpiry(registered.rego_expiry, rules, next.at)?.kind).toBe('unregistered');
  });

  it('reads an expiry given as an instant on its day in the site time zone, across the end of a month', () => {
    const next = nextTimeBoundary(input({ vehicles: [car({ id: 9, rego_expiry: '2025-12-31T20:00:00Z' })] }), new Date(0))!;
    // 6 am on 1 January in Brisbane: its day there is 1 January, which ends at 14:00 UTC that day.
    expect(next.at.toISOString()).toBe('2026-01-01T14:00:00.000Z');
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

import { describe, expect, it } from 'vitest';
import {
  historyReportLink,
  isReservable,
  regoExpiry,
  reserveButton,
  showFinanceCta,
  showLocationBar,
  tradeInButton,
} from '../../../src/rules/vehicle-actions.ts';
import { SiteConfigSchema } from '../../../src/schemas/site-config.ts';
import type { SiteConfigInput } from '../../../src/schemas/site-config.ts';

const site = (over: Partial<SiteConfigInput> = {}) =>
  SiteConfigSchema.parse({ slug: 'test-motors', name: 'Test Motors', template: 'classic', url: 'https://www.test.example', ...over });

const car = { id: 123, status: 'in_stock', reserved: false, slug: '2021-toyota-corolla-123' };

describe('reserve button', () => {
  const reserving = site({ features: { reserve: true } });

  it("shows 'Reserve Now - $200' linking to checkout for a reservable vehicle", () => {
    expect(reserveButton(car, reserving)).toEqual({ label: 'Reserve Now - $200', href: '/cars/2021-toyota-corolla-123/checkout' });
  });

  it("uses the site's label, deposit and checkout path", () => {
    const buyOnline = site({ features: { reserve: true }, vehicle: { reserve: { label: 'Buy Online', deposit: 1000 } }, urls: { checkoutSegment: 'buy-online' } });
    expect(reserveButton(car, buyOnline)).toEqual({ label: 'Buy Online - $1,000', href: '/cars/2021-toyota-corolla-123/buy-online' });
  });

  it('omits the price suffix when the price is $0', () => {
    const free = { ...reserving, vehicle: { ...reserving.vehicle, reserve: { ...reserving.vehicle.reserve, deposit: 0 } } };
    expect(reserveButton(car, free)?.label).toBe('Reserve Now');
  });

  it('is hidden when the site does not enable it or the vehicle is not reservable', () => {
    expect(reserveButton(car, site())).toBeNull();
    expect(reserveButton({ ...car, status: 'sold' }, reserving)).toBeNull();
    expect(reserveButton({ ...car, reserved: true }, reserving)).toBeNull();
    expect(isReservable({ status: 'coming_soon', reserved: null })).toBe(true);
  });
});

describe('finance call-to-action', () => {
  const withProvider = site({ finance: { provider: { key: 'plenti', name: 'Plenti', eligibility: 'availability-only' } } });

  it('shows only with a finance provider and a finance price above 0', () => {
    expect(showFinanceCta(1, withProvider)).toBe(true);
    expect(showFinanceCta(0, withProvider)).toBe(false);
    expect(showFinanceCta(24990, site())).toBe(false);
  });
});

describe('trade-in and history report', () => {
  it('shows trade-in only for available vehicles on sites with trade-in', () => {
    expect(tradeInButton(car, site())).toEqual({ href: '/cars/trade-in?car_id=123' });
    expect(tradeInButton({ ...car, status: 'coming_soon' }, site())).not.toBeNull();
    expect(tradeInButton({ ...car, status: 'sold' }, site())).toBeNull();
    expect(tradeInButton(car, site({ features: { tradeIn: false } }))).toBeNull();
  });

  it('shows the history report only when the vehicle has a file', () => {
    expect(historyReportLink({ file: 'https://reports.example/123.pdf' })).toBe('https://reports.example/123.pdf');
    expect(historyReportLink({ file: null })).toBeNull();
    expect(historyReportLink({ file: '  ' })).toBeNull();
  });
});

describe('registration expiry', () => {
  const now = new Date('2025-07-10T12:00:00+10:00');
  const showing = site({ vehicle: { showUnregistered: true } });

  it("shows 'Expires on DD/MM/YYYY' for a future date and on the expiry day itself", () => {
    expect(regoExpiry('2027-03-12', site(), now)).toEqual({ kind: 'expires', text: 'Expires on 12/03/2027', date: '12/03/2027' });
    expect(regoExpiry('2025-07-10', site(), now)?.text).toBe('Expires on 10/07/2025');
  });

  it("shows 'Unregistered' for a past date on sites that say so, otherwise nothing", () => {
    expect(regoExpiry('2025-07-09', showing, now)).toEqual({ kind: 'unregistered', text: 'Unregistered' });
    expect(regoExpiry('2025-07-09', site(), now)).toBeNull();
  });

  it('compares days in Brisbane time', () => {
    // 20:00 UTC on 9 July is 06:00 on 10 July in Brisbane: still the expiry day.
    expect(regoExpiry('2025-07-09T20:00:00Z', showing, now)?.text).toBe('Expires on 10/07/2025');
    // 23:30 UTC on 10 July is already 11 July in Brisbane, so a 10 July expiry has passed.
    expect(regoExpiry('2025-07-10', showing, new Date('2025-07-10T23:30:00Z'))?.kind).toBe('unregistered');
    expect(regoExpiry('2025-07-10', showing, new Date('2025-07-10T13:59:59Z'))?.kind).toBe('expires');
  });

  it('shows nothing without a readable date', () => {
    expect(regoExpiry(null, showing, now)).toBeNull();
    expect(regoExpiry('soon', showing, now)).toBeNull();
  });
});

describe('location bar', () => {
  const primary = { address: { city: 'Brisbane' } };

  it('appears when the vehicle is in another city', () => {
    expect(showLocationBar({ city: 'Gold Coast', location: null }, primary, site())).toBe(true);
  });

  it('does not appear in the same city, whatever the case', () => {
    expect(showLocationBar({ city: ' BRISBANE ', location: null }, primary, site())).toBe(false);
  });

  it("falls back to the vehicle location's city", () => {
    expect(showLocationBar({ city: null, location: { id: 7, address: { city: 'Ipswich' } } }, primary, site())).toBe(true);
    expect(showLocationBar({ city: '', location: { id: 7, address: { city: 'brisbane' } } }, primary, site())).toBe(false);
  });

  it('is hidden when a city is unknown or the site turns it off', () => {
    expect(showLocationBar({ city: null, location: null }, primary, site())).toBe(false);
    expect(showLocationBar({ city: 'Gold Coast', location: null }, null, site())).toBe(false);
    expect(showLocationBar({ city: 'Gold Coast', location: null }, primary, site({ vehicle: { locationBar: false } }))).toBe(false);
  });
});

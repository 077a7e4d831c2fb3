import { describe, expect, it } from 'vitest';
import { callBlock, vehicleActions, vehiclePhone } from '../../../../src/views/vehicle/actions.ts';
import { financeCtaHref } from '../../../../src/views/vehicle/price.ts';
import { CHERMSIDE, LOCATIONS, site, vehicle } from './fixtures.ts';

describe('phone and call block', () => {
  it("uses the vehicle's location phone", () => {
    expect(vehiclePhone(vehicle(), site(), LOCATIONS)).toBe('07 3849 6639');
  });

  it('prefers a by-location override to the location phone, and a by-car-type number to both', () => {
    const byLocation = site('locations:\n  phoneByLocation: { chermside: "07 3000 1111" }\n');
    expect(vehiclePhone(vehicle(), byLocation, LOCATIONS)).toBe('07 3000 1111');
    const both = site('locations:\n  phoneByLocation: { chermside: "07 3000 1111" }\n  phoneByCarType: { used: "1300 786 648" }\n');
    expect(vehiclePhone(vehicle(), both, LOCATIONS)).toBe('1300 786 648');
    expect(vehiclePhone(vehicle({ car_type: 'new' }), both, LOCATIONS)).toBe('07 3000 1111');
  });

  it("falls back to the location record's phone, then the primary location's", () => {
    const noPhone = { ...CHERMSIDE, id: 3002, slug: 'aspley', phone: null };
    expect(vehiclePhone(vehicle({ location_id: 3002, location: noPhone }), site(), LOCATIONS)).toBe('07 3700 8182');
    expect(vehiclePhone(vehicle({ location_id: 9999, location: null }), site(), LOCATIONS)).toBe('07 3849 6639');
    expect(vehiclePhone(vehicle({ location_id: 9999, location: null }), site(), [])).toBeNull();
  });

  it('masks the number after 5 characters until revealed; Call Now links point at the call block meanwhile', () => {
    const reveal = { url: '/api/phone-reveal', record: { car_id: 4101, dealership_id: 30, website_id: 'test-motors' } };
    expect(callBlock(vehicle({ dealership_id: 30 }), site(), LOCATIONS)).toEqual({ text: '07 3849 6639', tel: 'tel:0738496639', masked: '07 38*******', href: '#call-dealer', reveal });
  });

  it('records the reveal on the API base of the site, without a dealership the vehicle does not name', () => {
    const elsewhere = site('api:\n  baseUrl: https://ops.example\n');
    expect(callBlock(vehicle({ dealership_id: null }), elsewhere, LOCATIONS)!.reveal).toEqual({ url: 'https://ops.example/api/phone-reveal', record: { car_id: 4101, website_id: 'test-motors' } });
  });

  it('shows the number at once with showPhoneImmediately, and always on the print page', () => {
    expect(callBlock(vehicle(), site('vehicle:\n  showPhoneImmediately: true\n'), LOCATIONS)).toMatchObject({ text: '07 3849 6639', masked: null, href: 'tel:0738496639' });
    expect(callBlock(vehicle(), site(), LOCATIONS, true)).toMatchObject({ text: '07 3849 6639', masked: null, href: 'tel:0738496639' });
  });

  it('shows no call block without a number', () => {
    expect(callBlock(vehicle({ location: null, location_id: null }), site(), [])).toBeNull();
  });
});

describe('action buttons', () => {
  const full = site(
    'features:\n  reserve: true\nfinance:\n  provider: { key: quickfin, name: QuickFin, eligibility: weekly-payment }\nurls:\n  checkoutSegment: buy-online\n  financeEnquiry: /apply-for-finance\n',
  );

  it('lists every action an available vehicle qualifies for, in order', () => {
    const actions = vehicleActions(vehicle({ file: 'https://reports.example/4101.pdf', vin: 'VIN123', dealership_slug: 'northside' }), full);
    expect(actions.map((a) => [a.id, a.label, a.href])).toEqual([
      ['enquire', 'Enquire Now', '#enquire'],
      ['test-drive', 'Book a Test Drive', '/book-test-drive/?car_id=4101'],
      ['reserve', 'Reserve Now - $200', '/cars/2024-toyota-corolla-ascent-4101/buy-online/'],
      ['finance', 'Apply for Finance', '/apply-for-finance/?car_id=4101&car_type=used&vehiclePriceBudget=25990&vin=VIN123&preferredDealership=northside#finance-form'],
      ['trade-in', 'Value My Trade-In', '/cars/2024-toyota-corolla-ascent-4101/trade-in/'],
      ['history-report', 'View History Report', 'https://reports.example/4101.pdf'],
    ]);
    expect(actions.at(-1)!.external).toBe(true);
  });

  it('shows no buttons for a sold vehicle', () => {
    expect(vehicleActions(vehicle({ status: 'sold' }), full)).toEqual([]);
  });

  it('leaves out reserve for a reserved vehicle, finance without a provider, trade-in when switched off', () => {
    const ids = vehicleActions(vehicle({ reserved: true }), site('features:\n  reserve: true\n  tradeIn: false\n')).map((a) => a.id);
    expect(ids).toEqual(['enquire', 'test-drive']);
  });

  it("uses the site's enquire label", () => {
    expect(vehicleActions(vehicle(), site('vehicle:\n  enquireLabel: Message Now\n'))[0]!.label).toBe('Message Now');
  });

  it('finance call-to-action uses the offer price and needs a price above 0', () => {
    expect(financeCtaHref(vehicle({ offer_price: 23990 }), full)).toContain('vehiclePriceBudget=23990');
    expect(financeCtaHref(vehicle({ price: 0 }), full)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import type { SiteData } from '../../../../src/data/site-data.ts';
import { SiteCopySchema } from '../../../../src/schemas/content.ts';
import { DeliveryTableSchema } from '../../../../src/schemas/delivery.ts';
import { fuelEstimate, locationBar, similarVehiclesFor, vehiclePanels } from '../../../../src/views/vehicle/extras.ts';
import { CHERMSIDE, LOCATIONS, NOW, site, vehicle } from './fixtures.ts';

describe('fuel, location and similar vehicles', () => {
  it('estimates $42.50 a week with the defaults, and nothing for electric vehicles', () => {
    expect(fuelEstimate(vehicle(), site())).toEqual({ weeklyCostText: '$42.50', yearlyCostText: '$2,210', kmPerWeek: 250, litresPer100km: 10, pricePerLitre: 1.7 });
    expect(fuelEstimate(vehicle({ simple_fuel: 'Electric', fuel: 'Electric' }), site())).toBeNull();
  });

  it('shows the location bar only when the vehicle is away from the primary location', () => {
    expect(locationBar(vehicle(), site(), LOCATIONS)).toBeNull();
    const aspley = { ...CHERMSIDE, name: 'Northside Used Cars Aspley', place_url: 'https://maps.example/aspley' };
    expect(locationBar(vehicle({ city: 'Aspley', location: aspley }), site(), LOCATIONS)).toEqual({
      name: 'Northside Used Cars Aspley',
      city: 'Aspley',
      directionsHref: 'https://maps.example/aspley',
    });
  });

  it('keeps the manifest order, skips ids no longer in the data and stops at 6', () => {
    const pool = Array.from({ length: 9 }, (_, i) => vehicle({ id: 5000 + i, slug: `car-${i}` }));
    const ids = [5008, 4242, 5001, 5002, 5003, 5004, 5005, 5006, 5007];
    expect(similarVehiclesFor(ids, pool).map((v) => v.id)).toEqual([5008, 5001, 5002, 5003, 5004, 5005]);
    expect(similarVehiclesFor(undefined, pool)).toEqual([]);
  });
});

describe('the panels beside and below the price', () => {
  const copy = SiteCopySchema.parse({
    tagline: 't',
    heroTitle: 'h',
    heroText: 'h',
    whyBuyFromUs: ['a'],
    whatsIncluded: ['b'],
    warranty: 'w',
    roadsideAssist: 'r',
    servicingBenefits: ['s'],
    protectYourCar: { items: [{ title: 'Extended warranty', text: 'More cover.' }] },
    usedCarChecks: { intro: 'Every car.', items: [{ title: 'PPSR check', text: 'Clear.' }] },
    certifiedPrograms: [{ make: 'Toyota', title: 'Toyota Certified Pre-Owned', text: 'Inspected.', points: ['Warranty'] }],
  });
  const delivery = DeliveryTableSchema.parse({ regions: [{ name: 'Brisbane North', price: 0, postcodes: ['4000-4039', 4051] }] });
  const data = { content: { copy, delivery } } as unknown as Pick<SiteData, 'content'>;
  const market = { autograb_data: { state_average_market_price: 30000, average_market_price: 30000 }, state: 'QLD' };

  it('shows the last price drop and the day the vehicle was listed under the shown price', () => {
    const panels = vehiclePanels(vehicle({ price: 24990, created_at: '2026-11-01T09:00:00+10:00', price_history: [{ at: '2026-11-12T03:00:00Z', from: 25990, to: 24990 }] }), site(), data, NOW);
    expect(panels.priceHistory).toEqual({ drop: { text: 'Price dropped $1,000 on 12 Nov', at: '2026-11-12T03:00:00Z' }, inStock: { text: 'In stock since 1 Nov', listed: '2026-11-01T09:00:00+10:00', timeZone: 'Australia/Brisbane', status: 'in_stock' } });
    // A subscription site shows the weekly price: no drop note beside it.
    const weekly = vehiclePanels(vehicle({ price: 24990, subscription_price: 189, price_history: [{ at: '2026-11-12T03:00:00Z', from: 25990, to: 24990 }] }), site('features:\n  subscriptionPricing: true\n'), data, NOW);
    expect(weekly.priceHistory?.drop ?? null).toBeNull();
  });

  it('compares the price with the market where the site has the panel, and not where it is switched off', () => {
    expect(vehiclePanels(vehicle({ price: 27500, ...market }), site(), data, NOW).comparison).toEqual({
      label: 'Great Deal',
      band: 'high',
      fillPercent: 92,
      listingPrice: 27500,
      listingText: '$27,500',
      minText: '$27,000',
      maxText: '$33,000',
      description: 'Compared with the QLD average market price of $30,000 for similar vehicles.',
      countUpMs: 2000,
    });
    expect(vehiclePanels(vehicle({ price: 27500, ...market }), site('features:\n  priceComparison: false\n'), data, NOW).comparison).toBeNull();
    expect(vehiclePanels(vehicle({ price: 34000, ...market }), site(), data, NOW).comparison).toBeNull();
  });

  it('shows Protect Your Car, the used-vehicle checks where switched on, the certified dialog and the delivery calculator', () => {
    const on = site('features:\n  usedCarChecks: true\n  deliveryCalculator: true\nvehicle:\n  certifiedMakes: [Toyota]\n');
    const panels = vehiclePanels(vehicle({ certified: true }), on, data, NOW);
    expect(panels.protectYourCar?.items[0]?.title).toBe('Extended warranty');
    expect(panels.usedCarChecks?.intro).toBe('Every car.');
    expect(panels.certified).toEqual({ id: 'certified-info', title: 'Toyota Certified Pre-Owned', text: 'Inspected.', points: ['Warranty'] });
    expect(panels.delivery).toEqual({
      regions: [{ name: 'Brisbane North', price: 0, postcodes: [[4000, 4039], [4051, 4051]] }],
      rows: [{ name: 'Brisbane North', priceText: '$0', postcodesText: '4000 to 4039, 4051' }],
    });
    const off = vehiclePanels(vehicle({ certified: true, car_type: 'demo' }), site(), data, NOW);
    expect([off.usedCarChecks, off.certified, off.delivery]).toEqual([null, null, null]);
  });

  it('shows none of them for a sold vehicle', () => {
    const on = site('features:\n  usedCarChecks: true\n  deliveryCalculator: true\nvehicle:\n  certifiedMakes: [Toyota]\n');
    expect(vehiclePanels(vehicle({ status: 'sold', certified: true, ...market }), on, data, NOW)).toEqual({
      priceHistory: null,
      certified: null,
      protectYourCar: null,
      usedCarChecks: null,
      comparison: null,
      delivery: null,
    });
  });
});

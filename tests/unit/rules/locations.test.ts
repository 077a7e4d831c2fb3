import { describe, expect, it } from 'vitest';
import {
  distanceKm,
  formatDistance,
  locationGridLayout,
  popularBodyTypes,
  showSwipeHint,
  sortByDistance,
} from '../../../src/rules/locations.ts';
import { SiteConfigSchema } from '../../../src/schemas/site-config.ts';

const site = SiteConfigSchema.parse({ slug: 'test-motors', name: 'Test Motors', template: 'classic', url: 'https://www.test.example' });

const brisbane = { lat: -27.4698, long: 153.0251 };
const sydney = { lat: -33.8688, long: 151.2093 };
// Computed separately with the spherical law of cosines on the same 6371 km sphere:
// 6371 * acos(sin φ1 sin φ2 + cos φ1 cos φ2 cos Δλ) = 732.379 km.
const BRISBANE_SYDNEY_KM = 732.379;

describe('grid layout', () => {
  it.each([
    [0, 'few'],
    [1, 'few'],
    [2, 'few'],
    [3, 'three'],
    [4, 'several'],
    [5, 'several'],
    [6, 'many'],
    [12, 'many'],
  ] as const)('%i locations -> %s', (count, layout) => {
    expect(locationGridLayout(count)).toBe(layout);
  });

  it('shows the swipe hint after 3 cards', () => {
    expect(showSwipeHint(3)).toBe(false);
    expect(showSwipeHint(4)).toBe(true);
  });
});

describe('distance', () => {
  it('puts Brisbane about 732 km from Sydney', () => {
    expect(Math.abs(distanceKm(brisbane, sydney) - BRISBANE_SYDNEY_KM)).toBeLessThan(1);
  });

  it('is symmetric and zero for the same point', () => {
    expect(distanceKm(sydney, brisbane)).toBeCloseTo(distanceKm(brisbane, sydney), 9);
    expect(distanceKm(brisbane, brisbane)).toBe(0);
  });

  it('uses a 6371 km radius: a quarter of the equator is 10,007.5 km', () => {
    expect(distanceKm({ lat: 0, long: 0 }, { lat: 0, long: 90 })).toBeCloseTo((Math.PI / 2) * 6371, 6);
  });
});

describe('distance text', () => {
  it.each([
    [12.4, '12 km'],
    [11.5, '12 km'],
    [0.7, '1 km'],
    [0.4, '< 1 km'],
    [732.379, '732 km'],
    [1432.6, '1,433 km'],
  ])('%f km reads %s', (km, text) => {
    expect(formatDistance(km)).toBe(text);
  });
});

describe('sorting locations by distance', () => {
  const capalaba = { slug: 'capalaba', address: { lat: -27.5236, long: 153.1937 } };
  const cleveland = { slug: 'cleveland', address: { lat: -27.5269, long: 153.2653 } };
  const sydneyYard = { slug: 'sydney', address: sydney };
  const noAddress = { slug: 'online', address: null };

  it('puts the nearest first and locations without coordinates last', () => {
    const sorted = sortByDistance([noAddress, sydneyYard, cleveland, capalaba], brisbane);
    expect(sorted.map((entry) => entry.location.slug)).toEqual(['capalaba', 'cleveland', 'sydney', 'online']);
    expect(sorted[2]!.distanceKm).toBeCloseTo(BRISBANE_SYDNEY_KM, 0);
    expect(sorted[3]!.distanceKm).toBeNull();
  });

  it('keeps the original order for equal distances', () => {
    const twin = { slug: 'capalaba-2', address: capalaba.address };
    expect(sortByDistance([twin, capalaba], brisbane).map((e) => e.location.slug)).toEqual(['capalaba-2', 'capalaba']);
  });
});

describe('popular body types', () => {
  const now = new Date('2025-07-10T00:00:00Z');
  const nowSeconds = now.getTime() / 1000;
  const car = (simple_body: string | null, extra: Record<string, unknown> = {}) => ({ status: 'in_stock', simple_body, ...extra });

  it('takes the top 4 by count among visible vehicles, ties alphabetically', () => {
    const vehicles = [
      ...Array.from({ length: 3 }, () => car('SUV')),
      car('Ute'),
      car('Ute'),
      car('Hatchback'),
      car('Hatchback'),
      car('Sedan'),
      car('Wagon'),
      car('Convertible'),
      car(null),
    ];
    expect(popularBodyTypes(vehicles, now, site)).toEqual([
      { value: 'SUV', count: 3 },
      { value: 'Hatchback', count: 2 },
      { value: 'Ute', count: 2 },
      { value: 'Convertible', count: 1 },
    ]);
  });

  it('counts only visible stock', () => {
    const vehicles = [
      car('Sedan', { status: 'sold', sold_date_timestamp: nowSeconds - 4 * 86_400 }),
      car('Sedan', { status: 'sold', sold_date_timestamp: nowSeconds - 4 * 86_400 }),
      car('Sedan', { show_on_dealer_website: false }),
      car('SUV', { status: 'sold', sold_date_timestamp: nowSeconds - 86_400 }),
      car('Ute', { status: 'coming_soon' }),
    ];
    expect(popularBodyTypes(vehicles, now, site)).toEqual([
      { value: 'SUV', count: 1 },
      { value: 'Ute', count: 1 },
    ]);
  });
});

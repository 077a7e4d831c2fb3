import { describe, expect, it } from 'vitest';
import { vehicleBreadcrumbs, vehicleMetaDescription } from '../../../../src/views/vehicle/head.ts';
import { site, vehicle } from './fixtures.ts';

describe('breadcrumbs', () => {
  it('links type, make and model to /search/ pages by default, ending at the vehicle', () => {
    expect(vehicleBreadcrumbs(vehicle(), site())).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Used Cars', href: '/search/used-cars/' },
      { label: 'Toyota', href: '/search/toyota/' },
      { label: 'Corolla', href: '/search/toyota/corolla/' },
      { label: '2024 Toyota Corolla Ascent', href: '/cars/2024-toyota-corolla-ascent-4101/' },
    ]);
  });

  it('links to /used-car/ pages on sites with breadcrumbBase used-car', () => {
    const crumbs = vehicleBreadcrumbs(vehicle({ car_type: 'demo' }), site('urls:\n  breadcrumbBase: used-car\n'));
    expect(crumbs.map((c) => c.href)).toEqual(['/', '/used-car/demo/', '/used-car/toyota/', '/used-car/toyota/corolla/', '/cars/2024-toyota-corolla-ascent-4101/']);
    expect(crumbs[1]!.label).toBe('Demo Cars');
  });

  it('shows year make model badge, or the full display name with the series when seriesDisplay is on', () => {
    const named = vehicle({ display_name: '2024 Toyota Corolla Ascent ZWE211R' });
    expect(vehicleBreadcrumbs(named, site()).at(-1)!.label).toBe('2024 Toyota Corolla Ascent');
    expect(vehicleBreadcrumbs(named, site('features:\n  seriesDisplay: true\n')).at(-1)!.label).toBe('2024 Toyota Corolla Ascent ZWE211R');
  });
});

describe('meta description', () => {
  it('summarises name, odometer, gearbox, body, price and location', () => {
    expect(vehicleMetaDescription(vehicle(), site())).toBe(
      '2024 Toyota Corolla Ascent, 12,000 kms, Automatic, Hatchback. $25,990 at Northside Used Cars Chermside.',
    );
  });

  it('gives a sold vehicle no price', () => {
    const text = vehicleMetaDescription(vehicle({ status: 'sold' }), site());
    expect(text).not.toContain('$');
    expect(text).toContain('Sold. Find something similar at Northside Used Cars Chermside.');
  });

  it('says Enquire when there is no price, and falls back to the dealer name without a location', () => {
    expect(vehicleMetaDescription(vehicle({ price: 0, location: null, location_name: null }), site())).toBe(
      '2024 Toyota Corolla Ascent, 12,000 kms, Automatic, Hatchback. Enquire at Northside Used Cars.',
    );
  });

  it('is cut to 160 characters at a word boundary', () => {
    const text = vehicleMetaDescription(vehicle({ display_name: `2024 Toyota Corolla ${'Ascent Sport Hybrid '.repeat(8)}` }), site());
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text.endsWith('…')).toBe(true);
    expect(text).not.toMatch(/\s…$/);
  });
});

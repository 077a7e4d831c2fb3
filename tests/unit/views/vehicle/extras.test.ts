import { describe, expect, it } from 'vitest';
import { fuelEstimate, locationBar, similarVehiclesFor } from '../../../../src/views/vehicle/extras.ts';
import { CHERMSIDE, LOCATIONS, site, vehicle } from './fixtures.ts';

describe('fuel, location and similar vehicles', () => {
  it('estimates $42.50 a week with the defaults, and nothing for electric vehicles', () => {
    expect(fuelEstimate(vehicle(), site())?.weeklyCostText).toBe('$42.50');
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

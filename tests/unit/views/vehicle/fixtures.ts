// Shared fixtures of the vehicle view model tests: a Northside-like classic site and a used
// Corolla at its Chermside location; override fields per test.
import { parseSiteConfig } from '../../../../src/data/site-config.ts';
import { LocationSchema, type Location } from '../../../../src/schemas/location.ts';
import { NormalisedVehicleSchema, type NormalisedVehicle } from '../../../../src/schemas/snapshot.ts';

export const NOW = new Date('2026-11-22T00:00:00Z');
export const site = (extra = '') => parseSiteConfig(`name: Northside Used Cars\ntemplate: classic\nurl: https://www.test.example\n${extra}`, 'sites/test-motors.yaml');

export const CHERMSIDE = {
  id: 3001,
  name: 'Northside Used Cars Chermside',
  phone: '07 3849 6639',
  slug: 'chermside',
  place_url: 'https://maps.example/chermside',
  address: { street: '218 Main Street', city: 'Chermside', state: 'QLD', postcode: '4032' },
};

/** A normalised vehicle record as a snapshot holds it; override fields per test. */
export function vehicle(fields: Record<string, unknown> = {}): NormalisedVehicle {
  return NormalisedVehicleSchema.parse({
    id: 4101,
    slug: '2024-toyota-corolla-ascent-4101',
    year: 2024,
    make: 'Toyota',
    model: 'Corolla',
    badge: 'Ascent',
    series: 'ZWE211R',
    make_slug: 'toyota',
    model_slug: 'corolla',
    make_model: 'Toyota Corolla',
    display_name: '2024 Toyota Corolla Ascent',
    car_type: 'used',
    status: 'in_stock',
    price: 25990,
    km: 12000,
    body: 'Hatch',
    simple_body: 'Hatchback',
    fuel: 'Petrol',
    simple_fuel: 'Petrol',
    trans: 'Automatic',
    simple_transmission: 'Automatic',
    location_id: 3001,
    location: CHERMSIDE,
    city: 'Chermside',
    ...fields,
  });
}

export function location(fields: Record<string, unknown>): Location {
  return LocationSchema.parse({ id: 1, name: 'A location', ...fields });
}

export const LOCATIONS = [
  location({ id: 3001, name: 'Northside Used Cars Chermside', slug: 'chermside', primary: true, address: { city: 'Chermside' }, contact_detail: { phone: '07 3849 6639' } }),
  location({ id: 3002, name: 'Northside Used Cars Aspley', slug: 'aspley', address: { city: 'Aspley' }, contact_detail: { phone: '07 3700 8182' } }),
];

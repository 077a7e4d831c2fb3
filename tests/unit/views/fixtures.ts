// Shared fixtures of the page view model tests: a classic test site, vehicles sharing one parsed
// record, and site data with only the records a test is about.
import type { Route } from '../../../src/data/route-manifest.ts';
import type { SiteContent, SiteData } from '../../../src/data/site-data.ts';
import { SiteCopySchema } from '../../../src/schemas/content.ts';
import { LocationSchema, type Location } from '../../../src/schemas/location.ts';
import { OfferSchema, type Offer } from '../../../src/schemas/offer.ts';
import { PromoCardSchema, type PromoCardInput } from '../../../src/schemas/promo-card.ts';
import { SiteConfigSchema, type SiteConfigInput } from '../../../src/schemas/site-config.ts';
import { NormalisedVehicleSchema, type NormalisedVehicle } from '../../../src/schemas/snapshot.ts';

// Sunday 22 November 2026, 10:00 in Brisbane.
export const NOW = new Date('2026-11-22T10:00:00+10:00');

/** No files under public/: site-path images are left out. */
export const NO_FILES: ReadonlySet<string> = new Set();

export const site = (over: Partial<SiteConfigInput> = {}) =>
  SiteConfigSchema.parse({ slug: 'test-motors', name: 'Test Motors', template: 'classic', url: 'https://www.test.example', ...over });

export const BASE_VEHICLE = NormalisedVehicleSchema.parse({
  id: 1,
  slug: '2024-toyota-corolla-ascent-1',
  year: 2024,
  make: 'Toyota',
  model: 'Corolla',
  make_slug: 'toyota',
  model_slug: 'corolla',
  make_model: 'Toyota Corolla',
  display_name: '2024 Toyota Corolla Ascent',
  car_type: 'used',
  status: 'in_stock',
  price: 25990,
  simple_body: 'Hatchback',
  simple_fuel: 'Petrol',
  simple_transmission: 'Automatic',
  location_id: 11,
  location: { id: 11, name: 'Chermside', slug: 'chermside' },
});

/** Vehicles share the parsed base; only the fields a test is about differ. */
export function vehicle(id: number, fields: Partial<NormalisedVehicle> = {}): NormalisedVehicle {
  return { ...BASE_VEHICLE, id, slug: `vehicle-${id}`, created_at: `2026-10-${String((id % 28) + 1).padStart(2, '0')}T00:00:00Z`, ...fields };
}

export const vehicles = (n: number, fields: Partial<NormalisedVehicle> = {}) => Array.from({ length: n }, (_, i) => vehicle(i + 1, fields));

export const location = (fields: Record<string, unknown>): Location => LocationSchema.parse({ id: 11, name: 'Chermside', slug: 'chermside', ...fields });
export const offer = (fields: Record<string, unknown>): Offer => OfferSchema.parse({ id: 'offer', name: 'An offer', description: '<p>Text</p>', manufacturer: 'Toyota', ...fields });
export const promo = (id: string, fields: Partial<PromoCardInput> = {}) => PromoCardSchema.parse({ id, title: id, ...fields });

export const COPY = SiteCopySchema.parse({
  tagline: 'Tag',
  heroTitle: 'Hero',
  heroText: 'Hero text',
  whyBuyFromUs: ['a'],
  whatsIncluded: ['b'],
  warranty: 'w',
  roadsideAssist: 'r',
  servicingBenefits: ['s'],
});

export function siteData(over: Partial<Omit<SiteData, 'content'>> & { content?: Partial<SiteContent> } = {}): SiteData {
  const { content, ...records } = over;
  return {
    vehicles: [],
    locations: [],
    reviews: [],
    dealerships: [],
    offers: [],
    models: [],
    snapshot: { site: 'test-motors', pulledAt: NOW.toISOString(), source: 'test', counts: { pulled: 0, quarantined: 0, duplicates: 0, filtered: 0, published: 0, available: 0 } },
    ...records,
    removed: records.removed ?? [],
    content: { menus: { header: [], footer: [] }, popup: null, promoCards: [], copy: COPY, ev: null, pages: [], delivery: null, ...content },
  };
}

export const searchRoute = (path: string, filter: Extract<Route, { kind: 'search' }>['filter'] = {}): Extract<Route, { kind: 'search' }> => ({
  kind: 'search',
  path,
  title: 'Used Cars',
  filter,
  deps: {},
});

import { describe, expect, it } from 'vitest';
import { generateSiteFeed } from '../../../../src/data/demo/generate.ts';
import { normaliseVehicles } from '../../../../src/data/normalise.ts';
import { validateRecords } from '../../../../src/data/quarantine.ts';
import { loadSiteConfig, parseSiteConfig } from '../../../../src/data/site-config.ts';
import { NormalisedVehicleSchema, type NormalisedVehicle } from '../../../../src/schemas/snapshot.ts';
import { VehicleSchema } from '../../../../src/schemas/vehicle.ts';
import type { PictureData } from '../../../../src/views/images.ts';
import { vehicleBreadcrumbs } from '../../../../src/views/vehicle/head.ts';
import { priceDisplay } from '../../../../src/rules/pricing.ts';
import {
  breadcrumbJsonLd,
  driveWheelConfiguration,
  itemAvailability,
  itemCondition,
  offeredPrice,
  offeredWeeklyPrice,
  vehicleJsonLd,
} from '../../../../src/views/vehicle/structured-data.ts';

const NOW = new Date('2026-11-22T00:00:00Z');
const site = (extra = '') => parseSiteConfig(`name: Test Motors\ntemplate: classic\nurl: https://www.test.example/\n${extra}`, 'sites/test-motors.yaml');

/** A normalised vehicle record as a snapshot holds it; override fields per test. */
function vehicle(fields: Record<string, unknown> = {}): NormalisedVehicle {
  return NormalisedVehicleSchema.parse({
    id: 4101,
    slug: '2024-toyota-corolla-ascent-4101',
    year: 2024,
    make: 'Toyota',
    model: 'Corolla',
    badge: 'Ascent',
    make_slug: 'toyota',
    model_slug: 'corolla',
    make_model: 'Toyota Corolla',
    display_name: '2024 Toyota Corolla Ascent',
    car_type: 'used',
    status: 'in_stock',
    price: 25990,
    vin: 'JTNK4RBE803123456',
    km: 12000,
    colour: 'Eclipse Black',
    body: 'Hatch',
    simple_body: 'Hatchback',
    fuel: 'Unleaded Petrol',
    simple_fuel: 'Petrol',
    trans: 'Constantly Variable Transmission',
    simple_transmission: 'Automatic',
    ...fields,
  });
}

const picture = (src: string): PictureData => ({ src, width: 1200, height: 800, sources: [] });

describe('vehicleJsonLd: an in-stock used car', () => {
  const ld = vehicleJsonLd(vehicle(), site(), [picture('/images/a-gallery.jpg'), picture('/images/b-gallery.jpg')]);

  it('describes the car with schema.org Car fields', () => {
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Car',
      name: '2024 Toyota Corolla Ascent',
      brand: { '@type': 'Brand', name: 'Toyota' },
      model: 'Corolla',
      vehicleModelDate: '2024',
      vehicleIdentificationNumber: 'JTNK4RBE803123456',
      mileageFromOdometer: { '@type': 'QuantitativeValue', value: 12000, unitCode: 'KMT' },
      itemCondition: 'https://schema.org/UsedCondition',
      color: 'Eclipse Black',
      bodyType: 'Hatch',
      fuelType: 'Unleaded Petrol',
      vehicleTransmission: 'Constantly Variable Transmission',
    });
  });

  it('uses absolute URLs for the page and its images (the site URL has no trailing slash)', () => {
    expect(ld.url).toBe('https://www.test.example/cars/2024-toyota-corolla-ascent-4101/');
    expect(ld.image).toEqual(['https://www.test.example/images/a-gallery.jpg', 'https://www.test.example/images/b-gallery.jpg']);
  });

  it('offers the shown price in AUD from the site as an AutoDealer', () => {
    expect(ld.offers).toEqual({
      '@type': 'Offer',
      url: 'https://www.test.example/cars/2024-toyota-corolla-ascent-4101/',
      price: 25990,
      priceCurrency: 'AUD',
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/UsedCondition',
      seller: { '@type': 'AutoDealer', name: 'Test Motors', url: 'https://www.test.example' },
    });
  });
});

describe('vehicleJsonLd: condition, availability and price', () => {
  it('maps new to NewCondition, and demo and used to UsedCondition', () => {
    expect(itemCondition('new')).toBe('https://schema.org/NewCondition');
    expect(itemCondition('demo')).toBe('https://schema.org/UsedCondition');
    expect(itemCondition('used')).toBe('https://schema.org/UsedCondition');
    expect((vehicleJsonLd(vehicle({ car_type: 'new' }), site(), []).offers as { itemCondition: string }).itemCondition).toBe(
      'https://schema.org/NewCondition',
    );
  });

  it('maps coming_soon to PreOrder and any unavailable status to SoldOut', () => {
    expect(itemAvailability('in_stock')).toBe('https://schema.org/InStock');
    expect(itemAvailability('coming_soon')).toBe('https://schema.org/PreOrder');
    expect(itemAvailability('sold')).toBe('https://schema.org/SoldOut');
    expect(itemAvailability('on_hold')).toBe('https://schema.org/SoldOut');
  });

  it('gives a sold vehicle no price, as the page shows none', () => {
    const offers = vehicleJsonLd(vehicle({ status: 'sold' }), site(), []).offers as Record<string, unknown>;
    expect(offers.availability).toBe('https://schema.org/SoldOut');
    expect(offers).not.toHaveProperty('price');
    expect(offers.priceCurrency).toBe('AUD');
  });

  it('leaves the price out when the vehicle has none to show (0, 10, PREORDER)', () => {
    expect(offeredPrice(vehicle({ price: 0 }), site())).toBeNull();
    expect(offeredPrice(vehicle({ price: 10 }), site())).toBeNull();
    expect(offeredPrice(vehicle({ price: 0, preorder: true }), site())).toBeNull();
    expect(offeredPrice(vehicle({ price: 11 }), site())).toBe(11);
    expect(vehicleJsonLd(vehicle({ price: 0 }), site(), []).offers).not.toHaveProperty('price');
  });

  it('offers the reduced price when the vehicle has one', () => {
    expect(offeredPrice(vehicle({ price: 25990, offer_price: 23990 }), site())).toBe(23990);
  });

  it('offers the weekly subscription price a subscription site shows, per week, and no purchase price the page does not show', () => {
    const subscriptionSite = site('features:\n  subscriptionPricing: true\n');
    const subscribed = vehicle({ price: 25990, subscription_price: 189 });
    expect(offeredPrice(subscribed, subscriptionSite)).toBeNull();
    expect(offeredWeeklyPrice(subscribed, subscriptionSite)).toBe(189);
    const offers = vehicleJsonLd(subscribed, subscriptionSite, []).offers as Record<string, unknown>;
    expect(offers).not.toHaveProperty('price');
    expect(offers.priceSpecification).toEqual({
      '@type': 'UnitPriceSpecification',
      price: 189,
      priceCurrency: 'AUD',
      referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'WEE' },
    });
    // Without the switch the page shows the purchase price, and so does the offer.
    expect(offeredPrice(subscribed, site())).toBe(25990);
    expect(offeredWeeklyPrice(subscribed, site())).toBeNull();
    expect(offeredWeeklyPrice(vehicle({ status: 'sold', subscription_price: 189 }), subscriptionSite)).toBeNull();
  });
});

describe("vehicleJsonLd: the properties Google's vehicle listing guidance recommends", () => {
  const full = vehicle({ badge: 'Ascent Sport', interior_colour: 'Black Cloth', drive: 'FWD', doors: 5, seats: 5, engine_size: 1987, stocknum: 'U4101' });

  it('adds trim, interior colour, drive, doors, seats, engine and stock number where the feed has them', () => {
    expect(vehicleJsonLd(full, site(), [])).toMatchObject({
      vehicleConfiguration: 'Ascent Sport',
      vehicleInteriorColor: 'Black Cloth',
      driveWheelConfiguration: 'https://schema.org/FrontWheelDriveConfiguration',
      numberOfDoors: 5,
      vehicleSeatingCapacity: 5,
      vehicleEngine: { '@type': 'EngineSpecification', engineDisplacement: { '@type': 'QuantitativeValue', value: 1987, unitCode: 'CMQ' }, fuelType: 'Unleaded Petrol' },
      sku: 'U4101',
    });
  });

  it('leaves each out when the feed has nothing for it', () => {
    const ld = vehicleJsonLd(vehicle({ badge: null, drive: '  ', doors: null, seats: 0, engine_size: null, fuel: null, simple_fuel: '', stocknum: null }), site(), []);
    for (const key of ['vehicleConfiguration', 'vehicleInteriorColor', 'driveWheelConfiguration', 'numberOfDoors', 'vehicleSeatingCapacity', 'vehicleEngine', 'fuelType', 'sku']) {
      expect(ld, key).not.toHaveProperty(key);
    }
  });

  it("maps the feed's drive types to schema.org's, and passes others on as text", () => {
    expect(driveWheelConfiguration('AWD')).toBe('https://schema.org/AllWheelDriveConfiguration');
    expect(driveWheelConfiguration('All Wheel Drive')).toBe('https://schema.org/AllWheelDriveConfiguration');
    expect(driveWheelConfiguration('4x4')).toBe('https://schema.org/FourWheelDriveConfiguration');
    expect(driveWheelConfiguration('4WD')).toBe('https://schema.org/FourWheelDriveConfiguration');
    expect(driveWheelConfiguration('RWD')).toBe('https://schema.org/RearWheelDriveConfiguration');
    expect(driveWheelConfiguration('Front Wheel Drive')).toBe('https://schema.org/FrontWheelDriveConfiguration');
    expect(driveWheelConfiguration('Chain')).toBe('Chain');
    expect(driveWheelConfiguration(null)).toBeNull();
  });
});

describe('vehicleJsonLd: optional fields and images', () => {
  it('leaves out the VIN, odometer, colour and images when the vehicle has none', () => {
    const ld = vehicleJsonLd(vehicle({ vin: null, km: null, colour: '  ' }), site(), []);
    expect(ld).not.toHaveProperty('vehicleIdentificationNumber');
    expect(ld).not.toHaveProperty('mileageFromOdometer');
    expect(ld).not.toHaveProperty('color');
    expect(ld).not.toHaveProperty('image');
  });

  it('lists at most 10 distinct images and keeps absolute (CDN) URLs as they are', () => {
    const pictures = [
      picture('https://cdn.example/photo-0.jpg?w=1200'),
      picture('https://cdn.example/photo-0.jpg?w=1200'),
      ...Array.from({ length: 12 }, (_, i) => picture(`/images/p${i + 1}-gallery.jpg`)),
    ];
    const images = vehicleJsonLd(vehicle(), site(), pictures).image as string[];
    expect(images).toHaveLength(10);
    expect(images[0]).toBe('https://cdn.example/photo-0.jpg?w=1200');
    expect(images[1]).toBe('https://www.test.example/images/p1-gallery.jpg');
    expect(new Set(images).size).toBe(10);
  });

  it('survives JSON serialisation unchanged (no undefined values)', () => {
    const ld = vehicleJsonLd(vehicle({ vin: null }), site(), [picture('/images/a.jpg')]);
    expect(JSON.parse(JSON.stringify(ld))).toEqual(ld);
  });
});

describe('vehicleJsonLd: the demo feed through normalisation', () => {
  const northside = loadSiteConfig('sites/northside-used.yaml');
  const { feed } = generateSiteFeed('northside-used', 60, 20251122, '2026-11-22');
  const { valid } = validateRecords(VehicleSchema, feed.vehicles, 'vehicles');
  const { vehicles } = normaliseVehicles(valid, northside, NOW);

  it('gives every published vehicle a Car with a matching offer', () => {
    expect(vehicles.length).toBeGreaterThan(10);
    for (const v of vehicles) {
      const ld = vehicleJsonLd(v, northside, []);
      const offers = ld.offers as Record<string, unknown>;
      expect(ld.name).toBe(v.display_name);
      expect(ld.url).toBe(`https://www.northsideused.example/cars/${v.slug}/`);
      expect(ld.itemCondition).toBe('https://schema.org/UsedCondition');
      const shown = priceDisplay(v, northside);
      const available = ['in_stock', 'coming_soon'].includes(v.status);
      if (available && (shown.kind === 'price' || shown.kind === 'offer')) expect(offers.price).toBe(shown.amount);
      else expect(offers).not.toHaveProperty('price');
      if (available && shown.kind === 'subscription') expect((offers.priceSpecification as { price: number }).price).toBe(shown.amount);
      else expect(offers).not.toHaveProperty('priceSpecification');
    }
  });
});

describe('breadcrumbJsonLd', () => {
  it('numbers the trail from 1 with absolute URLs, ending at the vehicle page', () => {
    const ld = breadcrumbJsonLd(vehicleBreadcrumbs(vehicle(), site()), site());
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://www.test.example/' },
        { '@type': 'ListItem', position: 2, name: 'Used Cars', item: 'https://www.test.example/search/used-cars/' },
        { '@type': 'ListItem', position: 3, name: 'Toyota', item: 'https://www.test.example/search/toyota/' },
        { '@type': 'ListItem', position: 4, name: 'Corolla', item: 'https://www.test.example/search/toyota/corolla/' },
        { '@type': 'ListItem', position: 5, name: '2024 Toyota Corolla Ascent', item: 'https://www.test.example/cars/2024-toyota-corolla-ascent-4101/' },
      ],
    });
  });
});

describe('vehicleJsonLd: where the vehicle is', () => {
  const place = { name: 'Test Motors Chermside', address: { street: '12 Main Street', city: 'Chermside', state: 'QLD', postcode: '4032' }, telephone: '07 3000 0000' };

  it("offers the vehicle at its location, with the location's postal address and phone", () => {
    const offers = vehicleJsonLd(vehicle(), site(), [], place).offers as Record<string, unknown>;
    expect(offers.availableAtOrFrom).toEqual({
      '@type': 'AutoDealer',
      name: 'Test Motors Chermside',
      address: { '@type': 'PostalAddress', streetAddress: '12 Main Street', addressLocality: 'Chermside', addressRegion: 'QLD', postalCode: '4032', addressCountry: 'AU' },
      telephone: '07 3000 0000',
    });
  });

  it('leaves out an address it does not have and a phone the site keeps masked', () => {
    const offers = vehicleJsonLd(vehicle(), site(), [], { name: 'Test Motors', address: null, telephone: null }).offers as Record<string, unknown>;
    expect(offers.availableAtOrFrom).toEqual({ '@type': 'AutoDealer', name: 'Test Motors' });
  });
});

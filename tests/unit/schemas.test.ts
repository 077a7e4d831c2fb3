import { describe, it, expect } from 'vitest';
import type { z } from 'zod';
import { POSTCODE_MESSAGE, href, imageUrl, isoDate, isoDateTime, isoDateTimeWithOffset, money, phone, slug } from '../../src/schemas/common.ts';
import { AddressSchema } from '../../src/schemas/address.ts';
import { BannerItemsSchema } from '../../src/schemas/banner.ts';
import { DealershipSchema } from '../../src/schemas/dealership.ts';
import { ColourSchema, EvModelVariantSchema } from '../../src/schemas/ev-model.ts';
import { FinanceCalculatorStateSchema, FinanceLenderInfoSchema } from '../../src/schemas/finance.ts';
import {
  EnquiryLeadSchema,
  FinanceEnquiryLeadSchema,
  LeadSchema,
  RequestPhotosLeadSchema,
  SellMyCarLeadSchema,
  ServiceBookingLeadSchema,
  TERMS_MESSAGE,
  TestDriveLeadSchema,
  TradeInLeadSchema,
} from '../../src/schemas/leads.ts';
import { LocationSchema, OpeningHourSchema, SpecialHoursSchema } from '../../src/schemas/location.ts';
import { ManufacturerSchema } from '../../src/schemas/manufacturer.ts';
import { ModelSchema } from '../../src/schemas/model.ts';
import { OfferSchema } from '../../src/schemas/offer.ts';
import { PriceComparisonSchema } from '../../src/schemas/price-comparison.ts';
import { BannerPromoCardSchema, PromoCardSchema } from '../../src/schemas/promo-card.ts';
import { ReviewSchema, ReviewSetSchema } from '../../src/schemas/review.ts';
import { SEARCH_LIST_ATTRIBUTES, SORT_OPTIONS, SearchStateSchema } from '../../src/schemas/search-state.ts';
import {
  FavouriteSchema,
  RememberedUserDetailsSchema,
  UserSchema,
  ViewedVehicleSchema,
  WatchlistEntrySchema,
} from '../../src/schemas/shopper.ts';
import { VehicleLocationSchema } from '../../src/schemas/vehicle-location.ts';
import { VehicleSchema } from '../../src/schemas/vehicle.ts';
import { NormalisedVehicleSchema } from '../../src/schemas/snapshot.ts';

/** The issues of a failed parse, as `path.joined: message`; fails the test if the parse succeeded. */
function issues(schema: z.ZodType, input: unknown): { path: string; message: string }[] {
  const result = schema.safeParse(input);
  expect(result.success, `expected ${JSON.stringify(input)} to be rejected`).toBe(false);
  return (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

/** Asserts the parse fails with an issue at `path` (and, if given, a message containing `message`). */
function expectIssueAt(schema: z.ZodType, input: unknown, path: string, message?: string): void {
  const found = issues(schema, input);
  const atPath = found.filter((issue) => issue.path === path);
  expect(atPath, `issues were ${JSON.stringify(found)}`).not.toHaveLength(0);
  if (message !== undefined) expect(atPath.map((issue) => issue.message)).toContain(message);
}

const rawVehicle = {
  id: 123456,
  make: 'Toyota',
  model: 'Corolla',
  year: 2021,
  car_type: 'used',
  status: 'in_stock',
  price: 24990,
};

const fullVehicle = {
  ...rawVehicle,
  slug: '2021-toyota-corolla-ascent-sport-123456',
  name: '2021 Toyota Corolla Ascent Sport',
  badge: 'Ascent Sport',
  series: null,
  colour: 'Eclipse Black',
  km: 42150,
  seats: 5,
  engine_size_litres: '2.0',
  rego_expiry: '2026-03-14',
  created_at: '2025-06-20T09:15:00+10:00',
  sold_date_timestamp: 1751328000,
  images: [
    { image: 'images/suv-red-1.jpg', thumb: 'images/suv-red-1-thumb.jpg', isVideo: false },
    { image: 'https://cdn.example.com/v.mp4', isVideo: true },
  ],
  hotspots: {
    exterior: [{ id: 1, description: 'LED lights', anchors: [] }],
    exteriorHotspotPositions: [{ hotspotId: 1, activeAngle: 3, posX: 40.5, posY: 60 }],
  },
  caravan_specs: { body_length: '7.3m', sleeps: 4, axle_type: 'null' },
  variant_specs: { cylinders: 4, torque: '205Nm' },
  youxQuote: { weeklyRepaymentAmount: 119, comparisonRate: 9.12, advertisedRate: 8.49 },
  autograb_data: { state_average_market_price: 26500, average_market_price: null },
  finance_lenders: { plenti: { interestRate: 8.99, comparisonRate: 9.87, paymentWeek: 129, term5: 129, term7: 101 } },
  location: {
    id: 7,
    name: 'Woolloongabba',
    address: { city: 'Brisbane', postcode: '4102', lat: '-27.4975', long: 153.0351 },
    distribution_locations: [{ id: 8, name: 'Springwood' }],
  },
  platform_added_field: 'dropped',
};

describe('common helpers', () => {
  it('isoDateTime keeps real dates and date-times as the original string', () => {
    for (const value of ['2025-07-01', '2024-02-29', '2025-07-01T00:00:00+10:00', '2025-07-01T09:00:00Z', '2025-07-01T09:00']) {
      expect(isoDateTime.parse(value)).toBe(value);
    }
  });

  it('isoDateTime rejects impossible calendar dates and non-ISO text', () => {
    for (const value of ['2025-02-30', '2025-02-29', '2025-13-01', '2025-02-30T10:00:00+10:00', '30/06/2025', '2025-06-30 23:59:59', 'soon']) {
      expect(isoDateTime.safeParse(value).success, value).toBe(false);
    }
    expect(isoDate.safeParse('2025-04-31').success).toBe(false);
  });

  it('isoDateTimeWithOffset requires an offset', () => {
    expect(isoDateTimeWithOffset.parse('2025-07-01T00:00:00+10:00')).toBe('2025-07-01T00:00:00+10:00');
    expect(isoDateTimeWithOffset.safeParse('2025-07-01T00:00:00').success).toBe(false);
    expect(isoDateTimeWithOffset.safeParse('2025-07-01').success).toBe(false);
  });

  it('money accepts 0 and rejects negative, NaN, Infinity and strings', () => {
    expect(money.parse(0)).toBe(0);
    expect(money.parse(24990.5)).toBe(24990.5);
    for (const value of [-1, Number.NaN, Number.POSITIVE_INFINITY, '24990']) {
      expect(money.safeParse(value).success, String(value)).toBe(false);
    }
  });

  it('slug, image url, href and phone accept the right shapes only', () => {
    expect(slug.safeParse('brisbane-toyota-2').success).toBe(true);
    for (const value of ['Brisbane', 'a--b', '-a', 'a b']) expect(slug.safeParse(value).success, value).toBe(false);

    for (const value of ['images/suv-red-1.jpg', '/images/a.jpg', '//cdn.example.com/a.jpg', 'https://cdn.example.com/a.jpg']) {
      expect(imageUrl.safeParse(value).success, value).toBe(true);
    }
    for (const value of ['javascript:alert(1)', 'data:image/png;base64,xx', '', '  ']) {
      expect(imageUrl.safeParse(value).success, value).toBe(false);
    }
    for (const value of ['/special-offers', '#finance-form', 'tel:0733334444', 'mailto:a@b.com']) {
      expect(href.safeParse(value).success, value).toBe(true);
    }
    expect(href.safeParse('javascript:alert(1)').success).toBe(false);

    for (const value of ['0412 345 678', '+61 (7) 3333 4444', '0733334444']) expect(phone.safeParse(value).success, value).toBe(true);
    for (const value of ['1234567', '0412-345-678', 'call me', '1234567890123456']) expect(phone.safeParse(value).success, value).toBe(false);
  });
});

describe('VehicleSchema', () => {
  it('parses a minimal raw feed record', () => {
    const vehicle = VehicleSchema.parse(rawVehicle);
    expect(vehicle).toMatchObject(rawVehicle);
    expect(vehicle.slug).toBeUndefined();
  });

  it('parses a full record, converts numeric strings and drops unknown platform keys', () => {
    const vehicle = VehicleSchema.parse(fullVehicle);
    expect(vehicle.engine_size_litres).toBe(2);
    expect(vehicle.location?.address?.lat).toBe(-27.4975);
    expect(vehicle.finance_lenders?.['plenti']?.['term5']).toBe(129);
    expect(vehicle.caravan_specs?.body_length).toBe('7.3m');
    expect(vehicle).not.toHaveProperty('platform_added_field');
  });

  it('accepts null for optional fields, as feeds send', () => {
    expect(VehicleSchema.safeParse({ ...rawVehicle, badge: null, images: null, km: null, location: null }).success).toBe(true);
  });

  it('accepts a price of 0 (no price) and any non-empty status', () => {
    expect(VehicleSchema.parse({ ...rawVehicle, price: 0, status: 'on_hold' }).status).toBe('on_hold');
    expectIssueAt(VehicleSchema, { ...rawVehicle, status: '' }, 'status');
  });

  it('rejects a negative or NaN price at price', () => {
    expectIssueAt(VehicleSchema, { ...rawVehicle, price: -100 }, 'price');
    expectIssueAt(VehicleSchema, { ...rawVehicle, price: Number.NaN }, 'price');
  });

  it('reports each missing required field at its path', () => {
    for (const field of ['id', 'make', 'model', 'year', 'car_type', 'status', 'price'] as const) {
      const { [field]: _removed, ...rest } = rawVehicle;
      expectIssueAt(VehicleSchema, rest, field);
    }
  });

  it('rejects wrong types and out-of-range values at their paths', () => {
    expectIssueAt(VehicleSchema, { ...rawVehicle, id: '123' }, 'id');
    expectIssueAt(VehicleSchema, { ...rawVehicle, id: -5 }, 'id');
    expectIssueAt(VehicleSchema, { ...rawVehicle, year: 1850 }, 'year');
    expectIssueAt(VehicleSchema, { ...rawVehicle, car_type: 'nearly-new' }, 'car_type');
    expectIssueAt(VehicleSchema, { ...rawVehicle, rego_expiry: '2025-02-30' }, 'rego_expiry');
    expectIssueAt(VehicleSchema, { ...rawVehicle, images: [{ image: 'javascript:alert(1)' }] }, 'images.0.image');
    expectIssueAt(VehicleSchema, { ...rawVehicle, hotspots: { interiorHotspotPositions: [{ hotspotId: 1, activeAngle: -1, posX: 0, posY: 0 }] } }, 'hotspots.interiorHotspotPositions.0.activeAngle');
  });

  it('accepts a feed slug that is not a URL slug, which normalising replaces (see feed-hardening.test.ts), and holds the published one to the slug rule', () => {
    expect(VehicleSchema.safeParse({ ...rawVehicle, slug: 'Has Spaces' }).success).toBe(true);
    expectIssueAt(NormalisedVehicleSchema, { ...rawVehicle, slug: 'Has Spaces', make_slug: 'toyota', model_slug: 'corolla', simple_body: 'Hatch', simple_fuel: 'Petrol', simple_transmission: 'Automatic', make_model: 'Toyota Corolla', display_name: '2021 Toyota Corolla' }, 'slug');
  });

  it('rejects finance_lenders keys that are not lowercase provider keys', () => {
    expectIssueAt(VehicleSchema, { ...rawVehicle, finance_lenders: { Plenti: { interestRate: 8.99 } } }, 'finance_lenders.Plenti');
  });
});

describe('FinanceLenderInfoSchema', () => {
  it('keeps term{N} figures and other unknown keys', () => {
    const info = FinanceLenderInfoSchema.parse({ interestRate: 8.99, comparisonRate: null, term3: 180, term5: null, product: 'secured' });
    expect(info).toMatchObject({ term3: 180, term5: null, product: 'secured' });
  });

  it('rejects a non-numeric term{N} figure at its key', () => {
    expectIssueAt(FinanceLenderInfoSchema, { term5: 'lots' }, 'term5');
    expectIssueAt(FinanceLenderInfoSchema, { interestRate: '8.99' }, 'interestRate');
  });
});

describe('FinanceCalculatorStateSchema', () => {
  it('defaults to weekly with no trade-in or residual', () => {
    const state = FinanceCalculatorStateSchema.parse({ amount: 30000, term: 5, interest: 8.5 });
    expect(state).toEqual({ amount: 30000, term: 5, interest: 8.5, tradeIn: 0, residual: 0, frequency: { name: 'Weekly', value: 52 } });
  });

  it('rejects mismatched frequency pairs and off-step terms', () => {
    expectIssueAt(FinanceCalculatorStateSchema, { amount: 30000, term: 5, interest: 8.5, frequency: { name: 'Weekly', value: 12 } }, 'frequency');
    expectIssueAt(FinanceCalculatorStateSchema, { amount: 30000, term: 5.25, interest: 8.5 }, 'term');
    expectIssueAt(FinanceCalculatorStateSchema, { amount: -1, term: 5, interest: 8.5 }, 'amount');
  });
});

describe('location schemas', () => {
  const location = {
    id: 7,
    name: 'Brisbane Toyota Woolloongabba',
    slug: 'brisbane-toyota-woolloongabba',
    location_type: '',
    location_subtype: 'sales, buying',
    primary: true,
    manufacturers: ['toyota'],
    address: { street: '1 Ipswich Rd', city: 'Woolloongabba', state: 'QLD', lat: -27.49, long: 153.03 },
    contact_detail: {
      phone: '07 3333 4444',
      opening_hours: [
        { weekday: 1, status: 'Open', formated_hours: '8:00 am - 5:30 pm', open: '08:00', close: '17:30' },
        { weekday: 0, status: 'Closed', open: null, close: null, note: 'By appointment only' },
      ],
    },
    special_hours: [{ date: '2025-12-25', status: 'Closed', location_id: 7 }],
    image: { image: { url: 'images/loc.jpg', thumb: { url: 'images/loc-thumb.jpg' } } },
    reviews: { average_rating: '4.8', count: 312 },
  };

  it('parses a location and normalises sub-types and ratings', () => {
    const parsed = LocationSchema.parse(location);
    expect(parsed.location_subtype).toEqual(['sales', 'buying']);
    expect(parsed.reviews?.average_rating).toBe(4.8);
    expect(parsed.contact_detail?.opening_hours?.[1]?.note).toBe('By appointment only');
  });

  it('rejects bad hours, weekdays, types and coordinates at their paths', () => {
    expectIssueAt(LocationSchema, { ...location, location_type: 'showroom' }, 'location_type');
    expectIssueAt(LocationSchema, { ...location, address: { lat: 95 } }, 'address.lat');
    expectIssueAt(OpeningHourSchema, { weekday: 7, status: 'Open' }, 'weekday');
    expectIssueAt(OpeningHourSchema, { weekday: 1, status: 'open' }, 'status');
    expectIssueAt(OpeningHourSchema, { weekday: 1, status: 'Open', open: '8am' }, 'open');
    expectIssueAt(SpecialHoursSchema, { date: '2025-02-30', status: 'Closed' }, 'date');
    expect(SpecialHoursSchema.parse({ date: '2025-12-24', status: 'Open', hours: { begin: '09:00', end: '13:00' } }).hours?.end).toBe('13:00');
  });

  it('parses a vehicle location and an address with string coordinates', () => {
    expect(VehicleLocationSchema.parse({ id: 7, name: 'W', place_url: 'https://maps.google.com/?cid=1' }).name).toBe('W');
    expect(AddressSchema.parse({ lat: '-27.5', long: '153' })).toEqual({ lat: -27.5, long: 153 });
    expectIssueAt(AddressSchema, { long: 'east' }, 'long');
  });
});

describe('dealership, manufacturer and model', () => {
  it('parse valid records', () => {
    expect(DealershipSchema.parse({ id: 42, average_rating: '4.7', review_count: 1200 }).average_rating).toBe(4.7);
    expect(ManufacturerSchema.parse({ id: 1, name: 'Toyota', slug: 'toyota', logo: null }).logo).toBeNull();
    expect(ModelSchema.parse({ name: 'MG4', slug: 'mg4', status: 'coming_soon', body_group: 'electric' }).body_group).toBe('electric');
  });

  it('reject bad values at their paths', () => {
    expectIssueAt(ManufacturerSchema, { id: 1, name: 'Toyota' }, 'slug');
    expectIssueAt(ModelSchema, { name: 'MG4', slug: 'mg4', body_group: 'ute' }, 'body_group');
    expectIssueAt(DealershipSchema, { id: 42, average_rating: 'great' }, 'average_rating');
  });
});

describe('reviews', () => {
  it('coerces the platform string average_rating to a number', () => {
    const set = ReviewSetSchema.parse({ count: 2, average_rating: '4.5', reviews: [{ id: 1, rating: 5, customer_name: 'Jane', location_id: 7 }, { id: 'g-2', rating: '4' }] });
    expect(set.average_rating).toBe(4.5);
    expect(set.reviews[1]?.rating).toBe(4);
    expect(ReviewSetSchema.parse({ count: 0, average_rating: 0 }).reviews).toEqual([]);
  });

  it('rejects ratings that are not numbers 0..5', () => {
    expectIssueAt(ReviewSetSchema, { count: 1, average_rating: 'n/a', reviews: [] }, 'average_rating');
    expectIssueAt(ReviewSchema, { id: 1, rating: 6 }, 'rating');
  });
});

describe('OfferSchema (hand-written, strict)', () => {
  const offer = {
    id: 'eofy-corolla-2025',
    name: '$0 deposit finance on Corolla',
    description: '<p>Drive away with <strong>$0 deposit</strong>.</p>',
    manufacturer: { name: 'Toyota' },
    model: { name: 'Corolla', slug: 'corolla' },
    excluded_website_ids: ['brisbane-toyota', 17],
    start: '2025-06-01T00:00:00+10:00',
    expiry: '2025-06-30T23:59:59+10:00',
  };

  it('parses, keeps HTML as given and normalises manufacturer and excluded ids', () => {
    const parsed = OfferSchema.parse(offer);
    expect(parsed.description).toBe(offer.description);
    expect(parsed.manufacturer).toBe('Toyota');
    expect(parsed.excluded_website_ids).toEqual(['brisbane-toyota', '17']);
    expect(OfferSchema.parse({ id: 3, name: 'X', description: '', manufacturer: 'MG' }).excluded_website_ids).toEqual([]);
  });

  it('rejects unknown keys, including inside nested objects', () => {
    const found = issues(OfferSchema, { ...offer, expires: '2025-06-30' });
    expect(found).toContainEqual({ path: '', message: expect.stringContaining('expires') });
    expectIssueAt(OfferSchema, { ...offer, model: { name: 'Corolla', slugg: 'corolla' } }, 'model');
  });

  it('rejects impossible dates, a missing name and an expiry before start', () => {
    expectIssueAt(OfferSchema, { ...offer, expiry: '2025-02-30' }, 'expiry');
    const { name: _name, ...withoutName } = offer;
    expectIssueAt(OfferSchema, withoutName, 'name');
    expectIssueAt(OfferSchema, { ...offer, start: '2025-07-01', expiry: '2025-06-01' }, 'expiry', 'expiry is before start');
  });
});

describe('promo cards (hand-written, strict)', () => {
  it('fills display and strictDisplay defaults', () => {
    const card = PromoCardSchema.parse({ id: 'stocktake-2025', title: 'Stocktake', start: '2025-07-01T00:00:00+10:00', expiry: '2025-07-24T23:59:59+10:00', position: 8 });
    expect(card.display).toEqual(['new', 'demo', 'used']);
    expect(card.strictDisplay).toBe(false);
    expect(BannerPromoCardSchema.parse({ image: 'images/p.jpg', alt: 'We want your car', display: ['used'] }).display).toEqual(['used']);
  });

  it('rejects typos, dates without offset, bad positions and car types', () => {
    const base = { id: 'eofy', title: 'EOFY' };
    const found = issues(PromoCardSchema, { ...base, strict_display: true });
    expect(found[0]?.message).toContain('strict_display');
    expectIssueAt(PromoCardSchema, { ...base, expiry: '2025-06-30T23:59:59' }, 'expiry');
    expectIssueAt(PromoCardSchema, { ...base, expiry: '2025-02-30T23:59:59+10:00' }, 'expiry');
    expectIssueAt(PromoCardSchema, { ...base, position: 0 }, 'position');
    expectIssueAt(PromoCardSchema, { ...base, display: ['nearly-new'] }, 'display.0');
    expectIssueAt(PromoCardSchema, { ...base, display: [] }, 'display');
    expectIssueAt(BannerPromoCardSchema, { image: 'images/p.jpg' }, 'alt');
  });

  it('requires content, alt text with an image, and start before expiry', () => {
    expectIssueAt(PromoCardSchema, { id: 'empty' }, '', 'A promo card needs an image, a title or a text');
    expectIssueAt(PromoCardSchema, { id: 'img', image: 'images/p.jpg' }, 'alt', 'alt text is required when a promo card has an image');
    expectIssueAt(
      PromoCardSchema,
      { id: 'w', title: 'W', start: '2025-07-24T00:00:00+10:00', expiry: '2025-07-01T00:00:00+10:00' },
      'expiry',
      'expiry must be after start',
    );
  });
});

describe('BannerItemsSchema', () => {
  it('parses a banner and fills list defaults', () => {
    const banner = BannerItemsSchema.parse({
      header: { text: 'Book Your Service' },
      primaryButton: { name: 'Book a Service', url: '/service' },
      items: [{ heading: 'Latest offers', image: 'images/o.jpg' }],
    });
    expect(banner.CTAS).toEqual([]);
    expect(banner.items[0]?.isPrimary).toBe(false);
  });

  it('rejects unknown keys and unsafe links', () => {
    expectIssueAt(BannerItemsSchema, { header: { text: 'x', subheader: 'y' } }, 'header');
    expectIssueAt(BannerItemsSchema, { primaryButton: { name: 'x', url: 'javascript:alert(1)' } }, 'primaryButton.url');
  });
});

describe('electric microsite', () => {
  const variant = {
    id: 'im5-performance',
    baseId: 'im5',
    name: 'IM5 Performance',
    dimensions: { length: 4931, width: 1960, height: 1474, wheelbase: 3000, grossVehicleMass: 2540, dragCoefficient: 0.23 },
    performance: { drivetrain: 'AWD', maximumPower: '200/372kW', maximumTorque: '802Nm', zeroToHundred: '3.2s', drivingRange: '575 km', wheels: '21-inch', turningRadius: '5.5 m' },
    features: ['Panoramic glass roof'],
  };

  it('parses a variant and a colour', () => {
    expect(EvModelVariantSchema.parse(variant).performance.maximumPower).toBe('200/372kW');
    expect(ColourSchema.parse({ id: 1, name: 'Stellar Black', hexCode: '#1c1c1e', model_variant: { id: 2, name: 'IM5' }, extra: 1 })).not.toHaveProperty('extra');
  });

  it('rejects wrong types and bad colours at their paths', () => {
    expectIssueAt(EvModelVariantSchema, { ...variant, dimensions: { ...variant.dimensions, length: '4931mm' } }, 'dimensions.length');
    expectIssueAt(EvModelVariantSchema, { ...variant, colour: 'red' }, '');
    expectIssueAt(ColourSchema, { id: 1, name: 'Black', hexCode: 'black' }, 'hexCode');
  });
});

describe('SearchStateSchema', () => {
  it('parses URL-shaped values into numbers', () => {
    const state = SearchStateSchema.parse({
      query: 'corolla',
      page: '2',
      sortBy: 'lowestPrice',
      refinementList: { make: ['Toyota'], car_type: ['used'] },
      range: { price: { min: '5000', max: 30000 } },
    });
    expect(state.page).toBe(2);
    expect(state.range?.price).toEqual({ min: 5000, max: 30000 });
    expect(SEARCH_LIST_ATTRIBUTES).toContain('weekly_price_range');
    expect(SORT_OPTIONS).toEqual(['mostRelevant', 'latest', 'highestPrice', 'lowestPrice']);
  });

  it('rejects unknown sorts, unknown refinement attributes, bad pages and inverted ranges', () => {
    expectIssueAt(SearchStateSchema, { sortBy: 'cheapest' }, 'sortBy');
    expectIssueAt(SearchStateSchema, { refinementList: { colour_name: ['Red'] } }, 'refinementList', 'Unrecognized key: "colour_name"');
    expectIssueAt(SearchStateSchema, { refinementList: { make: 'Toyota' } }, 'refinementList.make');
    expectIssueAt(SearchStateSchema, { page: 0 }, 'page');
    expectIssueAt(SearchStateSchema, { range: { price: { min: 30000, max: 5000 } } }, 'range.price.max');
  });
});

describe('PriceComparisonSchema', () => {
  it('parses an autogauge answer and rejects fill outside 0..1', () => {
    const answer = { fill: 0.4, listing_price: 24990, market_range_min: 22000, market_range_max: 28500, confidence: 0.8, description: 'Good price' };
    expect(PriceComparisonSchema.parse(answer)).toEqual(answer);
    expectIssueAt(PriceComparisonSchema, { ...answer, fill: 1.2 }, 'fill');
    expectIssueAt(PriceComparisonSchema, { ...answer, listing_price: -1 }, 'listing_price');
  });
});

describe('shopper storage', () => {
  it('parses stored values and drops stale keys', () => {
    expect(WatchlistEntrySchema.parse({ id: 5 })).toEqual({ id: 5 });
    expect(FavouriteSchema.parse({ id: 5, name: 'Corolla', slug: 'corolla-5', make: 'Toyota', model: 'Corolla', primary_image_url: null, old: 1 })).not.toHaveProperty('old');
    expect(ViewedVehicleSchema.parse({ id: 5, stocknum: 'U1', make: 'Toyota', model: 'Corolla', body: 'Hatch', simple_body: 'Hatchback' }).simple_body).toBe('Hatchback');
    expect(RememberedUserDetailsSchema.parse({ name: 'Jane' })).toEqual({ name: 'Jane' });
    expect(UserSchema.parse({})).toEqual({});
  });

  it('rejects corrupted stored values at their paths', () => {
    expectIssueAt(WatchlistEntrySchema, { id: 'abc' }, 'id');
    expectIssueAt(FavouriteSchema, { id: 5, name: 'C', slug: 'c', make: 'T' }, 'model');
    expectIssueAt(RememberedUserDetailsSchema, { email: 42 }, 'email');
    expectIssueAt(UserSchema, { phone: '' }, 'phone');
  });
});

describe('lead forms', () => {
  const contact = { name: 'Jane', last_name: 'Citizen', email: 'jane@example.com', phone: '0412 345 678' };

  it('parses each form through LeadSchema by its form name', () => {
    const leads = [
      { form: 'enquiry', ...contact, message: 'Still available?', car_id: '123456', Rego: '' },
      { form: 'test-drive', ...contact, preferred_date_time: '2025-07-05T10:00:00+10:00' },
      { form: 'service-booking', ...contact, 'Vehicle Make': 'Toyota', 'Vehicle Model': 'Corolla', 'Vehicle Year': '2019', 'Preferred Service Date': '2025-07-08T08:00' },
      { form: 'trade-in', ...contact, postcode: '4000', kms: '45,000 kms', location_id: '7', finance: 'No', has_trade_in: 'Yes' },
      { form: 'sell-my-car', ...contact, postcode: '0800', make: 'Mazda', year: 2018 },
      { form: 'finance-enquiry', ...contact, vehiclePriceBudget: '$25,000', car_type: 'used', vin: 'JTNK4RBE803123456' },
      { form: 'request-photos', ...contact, car_id: 123456 },
    ];
    expect(leads.map((lead) => LeadSchema.parse(lead).form)).toEqual(['enquiry', 'test-drive', 'service-booking', 'trade-in', 'sell-my-car', 'finance-enquiry', 'request-photos']);
  });

  it('converts form strings and fills defaults', () => {
    const enquiry = EnquiryLeadSchema.parse({ form: 'enquiry', ...contact, message: 'Hi', car_id: '123456', Rego: '' });
    expect(enquiry).toMatchObject({ car_id: 123456, opt_in: false });
    expect(enquiry.Rego).toBeUndefined();
    const tradeIn = TradeInLeadSchema.parse({ form: 'trade-in', ...contact, postcode: '4000', kms: '45,000 kms', location_id: '7' });
    expect(tradeIn).toMatchObject({ kms: 45000, location_id: 7, PreferredContactMethod: 'Phone' });
    const service = ServiceBookingLeadSchema.parse({ form: 'service-booking', ...contact, 'Vehicle Make': 'Toyota', 'Vehicle Model': 'Corolla', 'Vehicle Year': '2019' });
    expect(service).toMatchObject({ 'Vehicle Year': 2019, category: 'Service Booking', additional_services: [] });
    expect(FinanceEnquiryLeadSchema.parse({ form: 'finance-enquiry', ...contact, vehiclePriceBudget: '$25,000' }).vehiclePriceBudget).toBe(25000);
    expect(RequestPhotosLeadSchema.parse({ form: 'request-photos', ...contact, car_id: 1 }).request_photos).toBe('Please send me more photos of this vehicle.');
    expect(TestDriveLeadSchema.parse({ form: 'test-drive', ...contact }).message).toBeUndefined();
  });

  it('rejects a postcode that is not four digits with the spec message', () => {
    for (const postcode of ['400', '40000', '4,000', 'abcd', '']) {
      expectIssueAt(TradeInLeadSchema, { form: 'trade-in', ...contact, postcode }, 'postcode', POSTCODE_MESSAGE);
    }
    expectIssueAt(SellMyCarLeadSchema, { form: 'sell-my-car', ...contact }, 'postcode', 'Invalid postcode. Please enter a 4-digit number.');
  });

  it('rejects bad email and phone at their paths', () => {
    expectIssueAt(LeadSchema, { form: 'enquiry', ...contact, message: 'Hi', email: 'jane@' }, 'email', 'Please enter a valid email address.');
    expectIssueAt(LeadSchema, { form: 'test-drive', ...contact, phone: '12345' }, 'phone');
  });

  it('rejects missing required fields, bad choices, unticked terms and unknown forms', () => {
    expect(EnquiryLeadSchema.parse({ form: 'enquiry', ...contact }).message).toBeUndefined(); // required or not by the site's rules
    expectIssueAt(ServiceBookingLeadSchema, { form: 'service-booking', ...contact, 'Vehicle Make': 'Toyota', 'Vehicle Year': '2019' }, 'Vehicle Model');
    expectIssueAt(ServiceBookingLeadSchema, { form: 'service-booking', ...contact, 'Vehicle Make': 'T', 'Vehicle Model': 'C', 'Vehicle Year': '2019', 'Preferred Service Date': '2025-02-30T09:00' }, 'Preferred Service Date');
    expectIssueAt(TradeInLeadSchema, { form: 'trade-in', ...contact, postcode: '4000', PreferredContactMethod: 'Fax' }, 'PreferredContactMethod');
    expectIssueAt(TradeInLeadSchema, { form: 'trade-in', ...contact, postcode: '4000', finance: 'Maybe' }, 'finance');
    expectIssueAt(TradeInLeadSchema, { form: 'trade-in', ...contact, postcode: '4000', regoState: 'Queensland' }, 'regoState');
    expect(TradeInLeadSchema.parse({ form: 'trade-in', ...contact, postcode: '4000', regoState: 'qld' }).regoState).toBe('QLD');
    expectIssueAt(EnquiryLeadSchema, { form: 'enquiry', ...contact, message: 'Hi', terms_conditions: false }, 'terms_conditions', TERMS_MESSAGE);
    expectIssueAt(RequestPhotosLeadSchema, { form: 'request-photos', ...contact }, 'car_id');
    expectIssueAt(LeadSchema, { form: 'careers', ...contact }, 'form');
  });
});

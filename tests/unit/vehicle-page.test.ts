import { describe, expect, it } from 'vitest';
import { generateSiteFeed } from '../../src/data/demo/generate.ts';
import { normaliseVehicles } from '../../src/data/normalise.ts';
import { validateRecords } from '../../src/data/quarantine.ts';
import { loadSiteConfig, parseSiteConfig } from '../../src/data/site-config.ts';
import { loadSiteContent, siteData } from '../../src/data/site-data.ts';
import type { ImageIndex } from '../../src/render/images.ts';
import {
  callBlock,
  checkoutView,
  dealerComments,
  featureList,
  financeCtaHref,
  financeSummary,
  fuelEstimate,
  galleryView,
  locationBar,
  priceBlockView,
  similarVehiclesFor,
  specList,
  vehicleActions,
  vehicleBreadcrumbs,
  vehicleForRoute,
  vehicleMetaDescription,
  vehiclePageView,
  vehiclePhone,
} from '../../src/render/vehicle-page.ts';
import { LocationSchema, type Location } from '../../src/schemas/location.ts';
import { NormalisedVehicleSchema, type NormalisedVehicle } from '../../src/schemas/snapshot.ts';
import { VehicleSchema } from '../../src/schemas/vehicle.ts';

const NOW = new Date('2026-11-22T00:00:00Z');
const site = (extra = '') => parseSiteConfig(`name: Northside Used Cars\ntemplate: classic\nurl: https://www.test.example\n${extra}`, 'sites/test-motors.yaml');

const CHERMSIDE = {
  id: 3001,
  name: 'Northside Used Cars Chermside',
  phone: '07 3849 6639',
  slug: 'chermside',
  place_url: 'https://maps.example/chermside',
  address: { street: '218 Main Street', city: 'Chermside', state: 'QLD', postcode: '4032' },
};

/** A normalised vehicle record as a snapshot holds it; override fields per test. */
function vehicle(fields: Record<string, unknown> = {}): NormalisedVehicle {
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

function location(fields: Record<string, unknown>): Location {
  return LocationSchema.parse({ id: 1, name: 'A location', ...fields });
}

const LOCATIONS = [
  location({ id: 3001, name: 'Northside Used Cars Chermside', slug: 'chermside', primary: true, address: { city: 'Chermside' }, contact_detail: { phone: '07 3849 6639' } }),
  location({ id: 3002, name: 'Northside Used Cars Aspley', slug: 'aspley', address: { city: 'Aspley' }, contact_detail: { phone: '07 3700 8182' } }),
];

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

  it('masks the number after 5 characters, but the tel: link calls the full number', () => {
    expect(callBlock(vehicle(), site(), LOCATIONS)).toEqual({ text: '07 38*******', masked: true, href: 'tel:0738496639' });
  });

  it('shows the number at once with showPhoneImmediately, and always on the print page', () => {
    expect(callBlock(vehicle(), site('vehicle:\n  showPhoneImmediately: true\n'), LOCATIONS)).toEqual({ text: '07 3849 6639', masked: false, href: 'tel:0738496639' });
    expect(callBlock(vehicle(), site(), LOCATIONS, true)!.text).toBe('07 3849 6639');
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

describe('price block', () => {
  it('shows the price with its was-price, a market badge against the state average and the reserved flag', () => {
    const view = priceBlockView(vehicle({ before_price: 27990, state: 'qld', autograb_data: { state_average_market_price: 27000 }, reserved: true }), site());
    expect(view).toMatchObject({ available: true, price: { text: '$25,990', wasPrice: { text: '$27,990' } }, suffix: '', reserved: true });
    expect(view.available && view.marketBadgeText).toBe('$1,010 below the QLD average market price');
    expect(priceBlockView(vehicle(), site())).toMatchObject({ reserved: false, marketBadgeText: null });
  });

  it('adds /wk to a subscription price', () => {
    const view = priceBlockView(vehicle({ subscription_price: 189 }), site('features:\n  subscriptionPricing: true\n'));
    expect(view.available && `${view.price.text}${view.suffix}`).toBe('$189 /wk');
  });

  it('shows SOLD and the similar-vehicle enquiry instead of a price', () => {
    expect(priceBlockView(vehicle({ status: 'sold' }), site())).toEqual({ available: false, message: 'SOLD', enquiryLabel: 'Find Me Something Similar' });
  });
});

describe('finance summary', () => {
  const quickfin = 'finance:\n  provider: { key: quickfin, name: QuickFin, eligibility: weekly-payment }\n';
  const lender = { quickfin: { interestRate: 10.95, comparisonRate: 11.554, paymentWeek: 120, disclaimer: 'Indicative only. Comparison rate range 8.38% to 19.42% p.a.' } };

  it('shows the weekly repayment for the default calculator state and the comparison rate', () => {
    const summary = financeSummary(vehicle({ finance_lenders: lender }), site(quickfin), NOW);
    expect(summary).not.toBeNull();
    expect(summary!.paymentText).toMatch(/^\$\d{2,3} \/wk\*$/);
    expect(summary!.comparisonRateText).toBe('11.55%');
    expect(summary!.disclaimer.startsWith('Indicative only.')).toBe(true);
  });

  it('is hidden when the vehicle is not eligible or the site has no provider', () => {
    expect(financeSummary(vehicle({ finance_lenders: lender, price: 400 }), site(quickfin), NOW)).toBeNull();
    expect(financeSummary(vehicle({ finance_lenders: lender }), site(), NOW)).toBeNull();
  });
});

describe('dealer comments', () => {
  it('removes scripts, event handlers and javascript: links', () => {
    const view = dealerComments(vehicle({ dealercomments: 'Well kept. <script>alert("x")</script><img src="x" onerror="alert(1)"> Call <a href="javascript:alert(2)">today</a>.' }), site());
    expect(view.kind).toBe('full');
    const html = view.kind === 'full' ? view.html : '';
    expect(html).not.toMatch(/script|onerror|javascript:|<img/i);
    expect(html).toContain('Well kept.');
  });

  it('shows the pending text when there are no comments', () => {
    expect(dealerComments(vehicle({ dealercomments: '   ' }), site())).toEqual({ kind: 'pending', text: 'Dealer comments are pending. Please check back here later.' });
  });

  it('keeps the line breaks of plain-text comments', () => {
    const view = dealerComments(vehicle({ dealercomments: 'One owner.\nFull history & two keys.' }), site());
    expect(view).toEqual({ kind: 'full', html: 'One owner.<br />Full history &amp; two keys.' });
  });

  it('cuts long comments at 400 characters with closed tags, keeping the full text for the toggle', () => {
    const long = `<p>${'Great car. '.repeat(60).trim()}</p>`;
    const view = dealerComments(vehicle({ dealercomments: long }), site());
    if (view.kind !== 'truncated') throw new Error(`expected truncated comments, got ${view.kind}`);
    expect(view.previewHtml.length).toBeLessThanOrEqual(400 + '</p>'.length);
    expect(view.previewHtml.endsWith('</p>')).toBe(true);
    expect(view.fullHtml).toBe(long);
    expect([view.moreLabel, view.lessLabel]).toEqual(['more...', 'less...']);
  });

  it('uses Show More / Show Less on sites with that toggle', () => {
    const view = dealerComments(vehicle({ dealercomments: 'x'.repeat(401) }), site('vehicle:\n  commentsToggle: show-more-less\n'));
    expect(view.kind === 'truncated' && [view.moreLabel, view.lessLabel]).toEqual(['Show More', 'Show Less']);
  });
});

describe('specifications and features', () => {
  it('hides rows without a value and shows 4 before Show All', () => {
    const specs = specList(vehicle({ badge: null, series: 'null', colour: 'Red', vin: '   ' }), site(), NOW);
    expect(specs.initial.map((r) => r.label)).toEqual(['Make', 'Model', 'Year', 'Odometer']);
    expect(specs.toggle).toBe('Show All');
    expect(specs.lessLabel).toBe('Show Less');
    const labels = [...specs.initial, ...specs.rest].map((r) => r.label);
    expect(labels).toContain('Colour');
    expect(labels).not.toContain('Badge');
    expect(labels).not.toContain('Series');
    expect(labels).not.toContain('VIN');
  });

  it('shows the registration expiry per the rego rule', () => {
    const rows = (fields: Record<string, unknown>, extra = '') => {
      const specs = specList(vehicle(fields), site(extra), NOW);
      return [...specs.initial, ...specs.rest].find((r) => r.label === 'Registration expiry')?.value;
    };
    expect(rows({ rego_expiry: '2027-03-12' })).toBe('Expires on 12/03/2027');
    expect(rows({ rego_expiry: '2026-01-01' })).toBeUndefined();
    expect(rows({ rego_expiry: '2026-01-01' }, 'vehicle:\n  showUnregistered: true\n')).toBe('Unregistered');
  });

  it('lists 8 features, then the rest behind Show More; grouped lists are flattened in order', () => {
    const nine = Array.from({ length: 9 }, (_, i) => `Feature ${i + 1}`);
    const list = featureList(vehicle({ standardEquipment: nine }), site());
    expect(list.initial).toHaveLength(8);
    expect(list.rest).toEqual(['Feature 9']);
    expect(list.toggle).toBe('Show More');
    const grouped = featureList(vehicle({ standardEquipment: { Safety: ['ABS', 'AEB'], Comfort: ['Heated seats'] } }), site());
    expect(grouped).toEqual({ initial: ['ABS', 'AEB', 'Heated seats'], rest: [], toggle: null, lessLabel: null });
  });
});

describe('gallery', () => {
  const images = (n: number) => Array.from({ length: n }, (_, i) => ({ image: `images/p${i + 1}.jpg`, thumb: `images/p${i + 1}-t.jpg` }));
  const index: ImageIndex = { 'images/p1.jpg': { gallery: { width: 1200, height: 800, jpeg: '/images/p1-gallery.jpg', webp: '/images/p1-gallery.webp' } } };

  it('shows thumbnails only with more than 3 images, each linking to its slide', () => {
    expect(galleryView(vehicle({ images: images(3) }), {}, site()).showThumbnails).toBe(false);
    const view = galleryView(vehicle({ images: images(4) }), index, site());
    expect(view.showThumbnails).toBe(true);
    expect(view.slides.map((s) => s.fullHref)).toEqual(['#photo-1', '#photo-2', '#photo-3', '#photo-4']);
    expect(view.slides[0]!.picture?.src).toBe('/images/p1-gallery.jpg');
    expect(view.slides[1]!.picture).toBeNull();
    expect(view.slides[3]!.alt).toBe('2024 Toyota Corolla Ascent, photo 4 of 4');
  });

  it('falls back to the primary image when there is no gallery', () => {
    expect(galleryView(vehicle({ images: [], primary_image_url: 'images/p1.jpg' }), index, site()).slides).toHaveLength(1);
  });
});

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

describe('checkout page', () => {
  const copy = { reserveOffer: undefined };

  it("is titled by the site's reserve label", () => {
    expect(checkoutView(vehicle(), site('features:\n  reserve: true\n'), copy).title).toBe('Reserve 2024 Toyota Corolla Ascent');
    expect(checkoutView(vehicle(), site('features:\n  reserve: true\nvehicle:\n  reserve: { label: Buy Online }\n'), copy).title).toBe('Buy 2024 Toyota Corolla Ascent Online');
  });

  it('states the deposit and hold time from config', () => {
    const view = checkoutView(vehicle(), site('features:\n  reserve: true\nvehicle:\n  reserve: { deposit: 500, holdHours: 72 }\n'), copy);
    expect(view).toMatchObject({ reservable: true, depositText: '$500', holdHours: 72, buttonLabel: 'Reserve Now - $500' });
    expect(view.reservable && view.text).toContain('$500 deposit');
  });

  it('explains why a sold or reserved vehicle cannot be reserved, linking back to it', () => {
    const reserveSite = site('features:\n  reserve: true\n');
    expect(checkoutView(vehicle({ status: 'sold' }), reserveSite, copy)).toMatchObject({ reservable: false, backHref: '/cars/2024-toyota-corolla-ascent-4101/' });
    const reserved = checkoutView(vehicle({ reserved: true }), reserveSite, copy);
    expect(reserved.reservable === false && reserved.message).toContain('already reserved');
  });
});

describe('vehicle page view for a demo dealer', () => {
  const northside = loadSiteConfig('sites/northside-used.yaml');
  const { feed } = generateSiteFeed('northside-used', 80, 20251122, '2026-11-22');
  const { vehicles } = normaliseVehicles(validateRecords(VehicleSchema, feed.vehicles, 'vehicles').valid, northside, NOW);
  const locations = validateRecords(LocationSchema, feed.locations, 'locations').valid;
  const data = siteData(
    { meta: { site: 'northside-used', pulledAt: NOW.toISOString(), source: 'test', counts: { pulled: 0, quarantined: 0, duplicates: 0, filtered: 0, published: 0, available: 0 } }, vehicles, locations, reviews: [], dealerships: [], offers: [], models: [], removed: [] },
    loadSiteContent('northside-used'),
  );
  const view = (v: NormalisedVehicle) => vehiclePageView({ site: northside, data, images: {}, vehicleId: Number(v.id), similarIds: [], path: `/cars/${v.slug}/`, now: NOW });

  it('shows a sold vehicle with no price, finance, call block or buttons, and an enquiry for something similar', () => {
    const sold = vehicles.find((v) => !['in_stock', 'coming_soon'].includes(v.status));
    if (!sold) throw new Error('the demo feed has no sold vehicle');
    const page = view(sold);
    expect(page.price).toEqual({ available: false, message: 'SOLD', enquiryLabel: 'Find Me Something Similar' });
    expect([page.finance, page.call, page.reserve, page.moneyBack, page.fuel]).toEqual([null, null, null, null, null]);
    expect(page.actions).toEqual([]);
    expect(page.mobileBar).toEqual([]);
    expect(page.enquiry.message).toContain(sold.display_name);
  });

  it('shows an available used vehicle with the reserve offer, money-back guarantee and mobile bar', () => {
    const available = vehicles.find((v) => v.status === 'in_stock' && !v.reserved);
    if (!available) throw new Error('the demo feed has no available vehicle');
    const page = view(available);
    expect(page.title).toBe(available.display_name);
    expect(page.reserve?.text).toBe(data.content.copy.reserveOffer);
    expect(page.moneyBack).toBe(data.content.copy.moneyBackGuarantee);
    expect(page.call?.masked).toBe(false);
    expect(page.mobileBar.map((l) => l.label)).toEqual(['Reserve Car Now', 'Instant Message', 'Call Now']);
    expect(page.jsonLd.map((ld) => ld['@type'])).toEqual(['Car', 'BreadcrumbList']);
  });

  it('fails with a message naming the vehicle and route when the data does not have it', () => {
    expect(() => vehicleForRoute(data, 1, '/cars/missing-1/')).toThrow(/Vehicle 1 \(route \/cars\/missing-1\/\) is not in the site's snapshot/);
  });
});

import { describe, expect, it } from 'vitest';
import type { Route } from '../../src/data/route-manifest.ts';
import type { SiteContent, SiteData } from '../../src/data/site-data.ts';
import {
  brandPageView,
  currentOffers,
  evCompareView,
  homeView,
  leadFormView,
  locationCardView,
  locationPageView,
  modelStockFilter,
  offerCardView,
  paginationView,
  popupView,
  searchPageView,
  searchRefinements,
  seededRandom,
  textColourOn,
} from '../../src/render/page-views.ts';
import { TERMS_MESSAGE } from '../../src/rules/forms.ts';
import { EvContentSchema, PopupSchema, SiteCopySchema } from '../../src/schemas/content.ts';
import { LocationSchema, type Location } from '../../src/schemas/location.ts';
import { OfferSchema, type Offer } from '../../src/schemas/offer.ts';
import { PromoCardSchema, type PromoCardInput } from '../../src/schemas/promo-card.ts';
import { ReviewSchema } from '../../src/schemas/review.ts';
import { SiteConfigSchema, type SiteConfigInput } from '../../src/schemas/site-config.ts';
import { NormalisedVehicleSchema, type NormalisedVehicle } from '../../src/schemas/snapshot.ts';

// Sunday 22 November 2026, 10:00 in Brisbane.
const NOW = new Date('2026-11-22T10:00:00+10:00');

const site = (over: Partial<SiteConfigInput> = {}) =>
  SiteConfigSchema.parse({ slug: 'test-motors', name: 'Test Motors', template: 'classic', url: 'https://www.test.example', ...over });

const BASE_VEHICLE = NormalisedVehicleSchema.parse({
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
function vehicle(id: number, fields: Partial<NormalisedVehicle> = {}): NormalisedVehicle {
  return { ...BASE_VEHICLE, id, slug: `vehicle-${id}`, created_at: `2026-10-${String((id % 28) + 1).padStart(2, '0')}T00:00:00Z`, ...fields };
}

const vehicles = (n: number, fields: Partial<NormalisedVehicle> = {}) => Array.from({ length: n }, (_, i) => vehicle(i + 1, fields));

const location = (fields: Record<string, unknown>): Location => LocationSchema.parse({ id: 11, name: 'Chermside', slug: 'chermside', ...fields });
const offer = (fields: Record<string, unknown>): Offer => OfferSchema.parse({ id: 'offer', name: 'An offer', description: '<p>Text</p>', manufacturer: 'Toyota', ...fields });
const promo = (id: string, fields: Partial<PromoCardInput> = {}) => PromoCardSchema.parse({ id, title: id, ...fields });

const COPY = SiteCopySchema.parse({
  tagline: 'Tag',
  heroTitle: 'Hero',
  heroText: 'Hero text',
  whyBuyFromUs: ['a'],
  whatsIncluded: ['b'],
  warranty: 'w',
  roadsideAssist: 'r',
  servicingBenefits: ['s'],
});

function siteData(over: Partial<Omit<SiteData, 'content'>> & { content?: Partial<SiteContent> } = {}): SiteData {
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
    content: { menus: { header: [], footer: [] }, popup: null, promoCards: [], copy: COPY, ev: null, pages: [], ...content },
  };
}

const searchRoute = (path: string, filter: Extract<Route, { kind: 'search' }>['filter'] = {}): Extract<Route, { kind: 'search' }> => ({
  kind: 'search',
  path,
  title: 'Used Cars',
  filter,
  deps: {},
});

const gridIds = (grid: ReturnType<typeof searchPageView>['grid']) => grid.map((item) => (item.kind === 'promo' ? `promo:${item.card.id}` : String(item.vehicle.id)));

describe('offers', () => {
  it('leaves out offers that have expired or not started at build time, keeping the expiry second itself', () => {
    const offers = [
      offer({ id: 'open-ended' }),
      offer({ id: 'ends-now', expiry: '2026-11-22T10:00:00+10:00' }),
      offer({ id: 'ended', expiry: '2026-11-22T09:59:59+10:00' }),
      offer({ id: 'future', start: '2026-11-23T00:00:00+10:00' }),
    ];
    expect(currentOffers(offers, NOW, site()).map((o) => o.id)).toEqual(['open-ended', 'ends-now']);
  });

  it('cuts the description at 160 and the disclaimer at 200 characters, with the full text kept for the toggle', () => {
    const description = `<p>${'word '.repeat(60)}</p>`;
    const disclaimer = 'x'.repeat(200);
    const card = offerCardView(offer({ description, disclaimer }), site(), siteData());
    expect(card.description.collapsible).toBe(true);
    expect(card.description.short).toBe(`${'word '.repeat(32).trimEnd()}...`);
    expect(card.description.full).toBe('word '.repeat(60).trim());
    expect(card.description.moreLabel).toBe('view more');
    expect(card.disclaimer).toMatchObject({ collapsible: false, short: disclaimer });
  });

  it('links to the canonical manufacturer-qualified page and to the model where there is one', () => {
    const data = siteData({
      models: [{ name: 'HiLux', slug: 'hilux', override_url: null, manufacturer_name: 'Toyota', status: null, image: null, cloudfront_new_image_url: null, manufacturer_body: null, manufacturer_body2: null, manufacturer_body3: null, body_group: null }],
      vehicles: [vehicle(1)],
    });
    expect(offerCardView(offer({ id: 'eofy' }), site(), data).href).toBe('/offers/toyota/eofy/');
    expect(offerCardView(offer({ model: { name: 'HiLux', slug: 'hilux' } }), site(), data).modelLink?.href).toBe('/hilux/');
    expect(offerCardView(offer({ model: { name: 'Yaris', override_url: '/new-vehicles/yaris' } }), site(), data).modelLink?.href).toBe('/new-vehicles/yaris/');
    // No model page: the make's stock, which exists.
    expect(offerCardView(offer({ model: { name: 'RAV4', slug: 'toyota-rav4' } }), site(), data).modelLink?.href).toBe('/search/toyota/');
    expect(offerCardView(offer({ model: { name: 'Ranger', slug: 'ranger' }, manufacturer: 'Ford' }), site(), data).modelLink).toBeNull();
  });

  it('shows no image whose file is missing from public/', () => {
    expect(offerCardView(offer({ image_url: '/content/test-motors/images/none.jpg' }), site(), siteData()).image).toBeNull();
  });
});

describe('search pages', () => {
  const cards = [
    promo('at-8', { position: 8 }),
    promo('used-only', { position: 3, display: ['used'] }),
    promo('expired', { position: 5, expiry: '2026-11-21T23:59:59+10:00' }),
    promo('rotating-a'),
    promo('rotating-b'),
  ];

  it('inserts current promo cards at their positions, honouring the car-type filter', () => {
    const stock = [...vehicles(21), ...Array.from({ length: 21 }, (_, i) => vehicle(101 + i, { car_type: 'new' }))];
    const data = siteData({ vehicles: stock, content: { promoCards: cards } });
    const used = gridIds(searchPageView(site(), data, searchRoute('/search/used-cars/', { carTypes: ['used'] }), NOW).grid);
    expect(used[2]).toBe('promo:used-only');
    expect(used[7]).toBe('promo:at-8');
    expect(used).not.toContain('promo:expired');
    const fresh = gridIds(searchPageView(site(), data, searchRoute('/search/new-cars/', { carTypes: ['new'] }), NOW).grid);
    expect(fresh).toContain('promo:at-8');
    expect(fresh).not.toContain('promo:used-only');
  });

  it('draws the random start offset and shuffle from the page path, so a rebuild gives the same grid', () => {
    const shuffling = site({ promoCards: { interval: 4, shuffle: true, randomStartOffset: true } });
    const data = siteData({ vehicles: vehicles(21), content: { promoCards: cards } });
    const layout = (path: string) => gridIds(searchPageView(shuffling, data, searchRoute(path), NOW).grid).join(',');
    const paths = ['/search/a/', '/search/b/', '/search/c/', '/search/d/', '/search/e/', '/search/f/'];
    const first = paths.map(layout);
    expect(paths.map(layout)).toEqual(first);
    // Different pages get different arrangements (offset and order vary with the seed).
    expect(new Set(first).size).toBeGreaterThan(1);
  });

  it('gives a deterministic random source per seed, in [0, 1)', () => {
    const a = seededRandom('/search/used-cars/');
    const b = seededRandom('/search/used-cars/');
    const draws = Array.from({ length: 50 }, () => a());
    expect(Array.from({ length: 50 }, () => b())).toEqual(draws);
    expect(draws.every((n) => n >= 0 && n < 1)).toBe(true);
    expect(seededRandom('/search/new-cars/')()).not.toBe(draws[0]);
  });

  it('shows the no-results texts and the empty card linking to the special offers when nothing matches', () => {
    const view = searchPageView(site(), siteData({ vehicles: vehicles(3) }), searchRoute('/search/demo-cars/', { carTypes: ['demo'] }), NOW);
    expect(view.grid).toEqual([]);
    expect(view.countText).toBe('0 vehicles found');
    expect(view.empty).toEqual({
      text: 'No results found for your search at this time. Please try adjusting the filters for more results.',
      buttonLabel: 'Clear Filters',
      clearHref: '/search/new-used-and-demo-cars/',
      card: {
        title: 'No Results Available',
        text: 'There appears to be no offers currently available that meet the conditions of your search.',
        link: '/special-offers/',
      },
    });
  });

  it('replaces a count above 1999 with the site override and keeps the head description within 160 characters', () => {
    const data = siteData({ vehicles: vehicles(2000) });
    const view = searchPageView(site({ search: { stockCountOverride: 2500 } }), data, searchRoute('/search/new-used-and-demo-cars/'), NOW);
    expect(view.countText).toBe('2,500 vehicles found');
    expect(view.description.length).toBeLessThanOrEqual(160);
    expect(view.description).toContain('Browse 2,500 vehicles for sale at Test Motors');
    expect(searchPageView(site(), data, searchRoute('/search/x/'), NOW).countText).toBe('2,000 vehicles found');
  });

  it('counts the page\'s own results (runs of sold vehicles collapsed) and keeps counts off the links to other pages', () => {
    const list = [vehicle(1), vehicle(2, { status: 'sold' }), vehicle(3, { status: 'sold' }), vehicle(4, { car_type: 'new' })];
    expect(searchPageView(site(), siteData({ vehicles: list }), searchRoute('/search/used-cars/', { carTypes: ['used'] }), NOW).count).toBe(2);
    // A count on every link would make every landing page change whenever any other page's results do.
    const groups = searchRefinements(site(), list, { carTypes: ['used'] }, '/search/used-cars/');
    const used = groups[0]!.links.find((l) => l.href === '/search/used-cars/');
    expect(used).toMatchObject({ current: true });
    expect(groups.flatMap((g) => [...g.links, ...g.more]).every((l) => l.count === undefined)).toBe(true);
  });

  it('links later pages as ?page=N with first, last and neighbours, and a next link', () => {
    const p = paginationView('/search/used-cars/', 1, 37);
    expect(p.items).toEqual([
      { page: 1, href: '/search/used-cars/', current: true },
      { page: 2, href: '/search/used-cars/?page=2', current: false },
      { page: 3, href: '/search/used-cars/?page=3', current: false },
      { gap: true },
      { page: 37, href: '/search/used-cars/?page=37', current: false },
    ]);
    expect(p.next).toBe('/search/used-cars/?page=2');
    expect(paginationView('/search/x/', 1, 1).next).toBeNull();
  });
});

describe('locations', () => {
  const hours = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: 'Open', open: '08:00', close: '17:30' }));
  const cleveland = location({
    id: 12,
    name: 'Cleveland',
    slug: 'cleveland',
    location_type: 'service-and-parts',
    contact_detail: {
      phone: '07 3429 8961',
      opening_hours: [...hours, { weekday: 6, status: 'Open', open: '08:00', close: '12:00' }, { weekday: 0, status: 'Closed', note: 'By appointment only' }],
    },
    special_hours: [
      { date: '2026-11-20', status: 'Closed' },
      { date: '2026-12-25', status: 'Closed' },
      { date: '2026-12-26', status: 'Open', start_hour: '10:00', end_hour: '15:00' },
    ],
    reviews: { average_rating: '4.26', count: 12 },
    dealer_license_number: 'MD123',
  });

  it('groups Mon - Fri, shows the closed day note, and lists upcoming holiday hours only', () => {
    const view = locationPageView(cleveland, site(), siteData({ locations: [cleveland] }), NOW);
    expect(view.hours.map((r) => [r.label, r.text])).toEqual([
      ['Mon', '8:00 am - 5:30 pm'],
      ['Tue', '8:00 am - 5:30 pm'],
      ['Wed', '8:00 am - 5:30 pm'],
      ['Thu', '8:00 am - 5:30 pm'],
      // Friday 20 November was a holiday in the week being shown, so Mon - Fri splits.
      ['Fri', 'Closed'],
      ['Sat', '8:00 am - 12:00 pm'],
      ['Sun', 'By appointment only'],
    ]);
    expect(view.holidayHours).toEqual([
      { date: '2026-12-25', text: 'Closed' },
      { date: '2026-12-26', text: '10:00 am - 3:00 pm' },
    ]);
    expect(view.today).toBe('By appointment only');
    const nextWeek = locationPageView(cleveland, site(), siteData(), new Date('2026-11-30T10:00:00+10:00'));
    expect(nextWeek.hours[0]).toMatchObject({ label: 'Mon - Fri', text: '8:00 am - 5:30 pm' });
  });

  it('shows visible reviews of the location only, stock counts, service heading and licence', () => {
    const reviews = [
      ReviewSchema.parse({ id: 1, customer_name: 'Ann', rating: 5, text: 'Great', location_id: 12, reply_text: 'Thanks' }),
      ReviewSchema.parse({ id: 2, customer_name: 'Bob', rating: 3.9, text: 'Meh', location_id: 12 }),
      ReviewSchema.parse({ id: 3, customer_name: 'Cat', rating: 5, text: 'Elsewhere', location_id: 99 }),
    ];
    const stock = [vehicle(1, { location_id: 12, location: { id: 12, name: 'Cleveland', slug: 'cleveland' } }), vehicle(2, { location_id: 12, location: { id: 12, name: 'Cleveland', slug: 'cleveland' }, simple_body: 'SUV' }), vehicle(3)];
    const view = locationPageView(cleveland, site(), siteData({ locations: [cleveland], reviews, vehicles: stock }), NOW);
    expect(view.reviews.map((r) => r.author)).toEqual(['Ann']);
    expect(view.reviews[0]!.reply?.text).toBe('Thanks');
    expect(view.stockCount).toBe(2);
    expect(view.popularBodies.map((b) => `${b.label}:${b.count}:${b.href}`)).toEqual(['Hatchback:1:/search/hatchback/', 'SUV:1:/search/suv/']);
    expect(view.service).toEqual({ heading: 'Book a Service at Cleveland', href: '/service/' });
    expect(view.licence).toBe('MD123');
    expect(view.rating).toMatchObject({ text: '4.3', count: 12, label: 'Rated 4.3 out of 5 from 12 reviews' });
  });

  it('uses the per-location phone override and the stock button setting', () => {
    const withOverride = site({ locations: { phoneByLocation: { cleveland: '07 3000 1111' } } });
    expect(locationCardView(cleveland, withOverride, NOW).phone).toEqual({ text: '07 3000 1111', href: 'tel:0730001111' });
    expect(locationCardView(cleveland, site(), NOW).stockHref).toBe('/search/cleveland/');
    expect(locationCardView(cleveland, site({ locations: { stockButton: false } }), NOW).stockHref).toBeNull();
    expect(locationCardView(cleveland, site({ urls: { locationBase: 'our-location' } }), NOW).href).toBe('/our-location/cleveland/');
  });
});

describe('lead forms', () => {
  const fields = (form: ReturnType<typeof leadFormView>) => Object.fromEntries(form.sections.flatMap((s) => s.fields).map((f) => [f.name, f]));

  it('adds the terms checkbox and notice only on sites that require them', () => {
    expect(leadFormView('book-test-drive', site({ forms: { requireTerms: true } }), siteData()).terms).toEqual({ required: true, notice: TERMS_MESSAGE, href: '/terms-and-conditions/' });
    expect(leadFormView('book-test-drive', site(), siteData()).terms).toBeNull();
  });

  it('builds the service booking from the steps, with Service Type only when the site lists types', () => {
    const one = site({ dealerships: [{ id: 1, name: 'Bayside MG Capalaba', slug: 'capalaba' }] });
    const form = leadFormView('service', one, siteData());
    expect(form.heading).toBe('Book Your Service at Bayside MG Capalaba');
    expect(form.form).toBe('service-booking');
    expect(form.sections.map((s) => s.title)).toEqual(['Contact Details', 'Vehicle Details', 'Order Details']);
    expect(fields(form)['Service Type']).toBeUndefined();
    expect(fields(form)['Vehicle Make']).toMatchObject({ required: true });
    expect(fields(form)['Preferred Service Date']).toMatchObject({ kind: 'datetime-local', required: false });

    const typed = fields(leadFormView('service', site({ forms: { serviceTypes: ['Logbook service', 'Repair'], serviceIntervalRequired: true } }), siteData()));
    expect(typed['Service Type']).toMatchObject({ kind: 'select', required: true, options: [{ value: 'Logbook service', label: 'Logbook service' }, { value: 'Repair', label: 'Repair' }] });
    expect(typed['Service Interval']).toMatchObject({ required: true });
  });

  it('embeds the booking page instead of the form in iframe mode', () => {
    const form = leadFormView('service', site({ forms: { servicePage: { mode: 'iframe', iframeUrl: 'https://booking.example/dealer', iframeHeight: 1100 } } }), siteData());
    expect(form.iframe).toEqual({ src: 'https://booking.example/dealer', height: 1100, title: 'Book Your Service at Test Motors' });
    expect(form.sections).toEqual([]);
  });

  it('asks trade-ins for a required 4-digit postcode and follows the quote opt-in switch', () => {
    const form = leadFormView('trade-in', site({ forms: { quoteOptIn: false } }), siteData());
    const f = fields(form);
    expect(f.postcode).toMatchObject({ required: true, maxLength: 4, pattern: '\\d{4}', patternMessage: 'Invalid postcode. Please enter a 4-digit number.' });
    expect(f.name).toMatchObject({ required: true, label: 'First Name' });
    expect(f.last_name).toMatchObject({ required: false });
    expect(f.regoState).toMatchObject({ value: 'QLD' });
    expect(f.PreferredContactMethod).toMatchObject({ value: 'Phone' });
    expect(form.optIn).toBe(false);
    expect(form.intro).toContain('7 years old');
    expect(fields(leadFormView('sell-my-car', site(), siteData())).make).toMatchObject({ required: false });
  });

  it('adds the test-drive dealership picker only when the primary location has distribution locations', () => {
    const lonely = location({ primary: true, distribution_locations: [] });
    expect(fields(leadFormView('book-test-drive', site(), siteData({ locations: [lonely] }))).dealership).toBeUndefined();
    const served = location({ primary: true, dealership_slug: 'chermside', distribution_locations: [{ id: 12, name: 'Aspley', slug: 'aspley', dealership_slug: 'aspley' }] });
    expect(fields(leadFormView('book-test-drive', site(), siteData({ locations: [served] }))).dealership).toMatchObject({
      kind: 'select',
      required: false,
      options: [
        { value: 'chermside', label: 'Chermside' },
        { value: 'aspley', label: 'Aspley' },
      ],
    });
  });

  it('gives the finance form its anchor and a required preferred dealership', () => {
    const form = leadFormView('finance', site({ dealerships: [{ id: 1, name: 'A', slug: 'a' }] }), siteData());
    expect(form.id).toBe('finance-form');
    expect(fields(form).preferredDealership).toMatchObject({ required: true, options: [{ value: 'a', label: 'A' }] });
    expect(fields(form).message).toMatchObject({ required: false });
  });
});

describe('home, popup and brand blocks', () => {
  const popup = PopupSchema.parse({ id: 'sale', title: 'Sale', body: '<p>On now</p><script>x</script>', cta: { label: 'Shop', url: '/search/used-cars' }, expiry: '2026-11-30T23:59:59+10:00' });

  it('renders the popup only while it is enabled, switched on and not expired', () => {
    expect(popupView(site(), siteData({ content: { popup } }), NOW)).toEqual({ id: 'sale', title: 'Sale', bodyHtml: '<p>On now</p>', image: null, cta: { label: 'Shop', href: '/search/used-cars/' } });
    expect(popupView(site(), siteData({ content: { popup } }), new Date('2026-12-01T00:00:00+10:00'))).toBeNull();
    expect(popupView(site(), siteData({ content: { popup: { ...popup, enabled: false } } }), NOW)).toBeNull();
    expect(popupView(site({ features: { popup: false } }), siteData({ content: { popup } }), NOW)).toBeNull();
  });

  it('shows the sales counter and stats only on sites that have them', () => {
    const data = siteData({ vehicles: vehicles(2), content: { copy: { ...COPY, stats: [{ value: '50+', label: 'Locations' }] } } });
    expect(homeView(site(), data, NOW)).toMatchObject({ salesCount: null, stats: [] });
    // 21 days and 10 hours into November at one sale per 450 s.
    const group = homeView(site({ features: { salesCounter: true, brandPages: true } }), data, NOW);
    expect(group.salesCount).toBe(Math.floor((21 * 86400 + 10 * 3600) / 450));
    expect(group.stats).toEqual([{ value: '50+', label: 'Locations' }]);
    expect(group.carTypes).toEqual([{ label: 'Used Cars', href: '/search/used-cars/', count: 2 }]);
  });

  it('splits a brand page by item type and lists the locations selling the make', () => {
    const stock = [vehicle(1), vehicle(2, { item_type: 'truck' }), vehicle(3, { make_slug: 'ford', make: 'Ford' })];
    const data = siteData({ vehicles: stock, locations: [location({ manufacturers: ['toyota'] }), location({ id: 12, name: 'Ford City', manufacturers: ['ford'] })] });
    const view = brandPageView(site(), data, { kind: 'brand', path: '/toyota/overview/', make: 'Toyota', makeSlug: 'toyota', deps: {} }, NOW);
    expect(view.sections.map((s) => [s.label, s.total])).toEqual([
      ['Cars', 1],
      ['Trucks', 1],
    ]);
    expect(view.locations.cards.map((c) => c.name)).toEqual(['Chermside']);
    expect(view.locations.layout).toBe('few');
  });

  it('chooses promo card text colour for contrast', () => {
    expect(textColourOn('#ffcc00')).toBe('#0f172a');
    expect(textColourOn('#102a43')).toBe('#ffffff');
    expect(textColourOn('#c8102e')).toBe('#ffffff');
  });
});

describe('models and the electric microsite', () => {
  it('drops a make prefix from a model slug when only the stock model slug matches', () => {
    const stock = [vehicle(1, { make_slug: 'mg', model_slug: 'zs' }), vehicle(2, { make_slug: 'mg', model_slug: 'mg3' })];
    expect(modelStockFilter({ slug: 'mg-zs', manufacturer_name: 'MG' }, site(), stock)).toEqual({ make: 'mg', model: 'zs' });
    expect(modelStockFilter({ slug: 'mg3', manufacturer_name: null }, site({ manufacturer: 'MG' }), stock)).toEqual({ make: 'mg', model: 'mg3' });
  });

  it('compares im5-performance with im5-premium by default, with at most 6 colours a side', () => {
    const variant = (id: string, name: string, features: string[]) => ({
      id,
      baseId: id.split('-')[0],
      name,
      dimensions: { length: 4931, width: 1960, height: 1474, wheelbase: 2950, grossVehicleMass: 2500, dragCoefficient: 0.23 },
      performance: { drivetrain: 'RWD', maximumPower: '217 kW', maximumTorque: '450 Nm', zeroToHundred: '6.2 s', drivingRange: '490 km', wheels: '19-inch', turningRadius: '5.6 m' },
      features,
    });
    const ev = EvContentSchema.parse({
      variants: [variant('im5-premium', 'IM5 Premium', ['Roof']), variant('im5-performance', 'IM5 Performance', ['Roof', 'Brakes']), variant('im6-premium', 'IM6 Premium', [])],
      colours: Array.from({ length: 8 }, (_, i) => ({ id: i + 1, name: `Colour ${i}`, hexCode: '#000000', model_variant: { id: 53, name: 'IM5 Performance' } })),
    });
    const view = evCompareView(ev);
    expect([view.left.variant.id, view.right.variant.id]).toEqual(['im5-performance', 'im5-premium']);
    expect(view.left.colours).toHaveLength(6);
    expect(view.sections.map((s) => s.title)).toEqual(['Dimensions', 'Performance', 'Features']);
    expect(view.sections[2]!.rows).toEqual([
      { label: 'Roof', left: 'Yes', right: 'Yes' },
      { label: 'Brakes', left: 'Yes', right: 'No' },
    ]);
    expect(view.others.map((o) => o.id)).toEqual(['im6-premium']);
  });
});

import type { NormalisedVehicle } from '../../../src/schemas/snapshot.ts';
import { describe, expect, it } from 'vitest';
import { ReviewSchema } from '../../../src/schemas/review.ts';
import { locationCardView, locationPageView } from '../../../src/views/locations.ts';
import { location, NOW, site, siteData, vehicle } from './fixtures.ts';

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

  it('carries the hours the page corrects open now from: the week, and special hours from yesterday to six weeks ahead', () => {
    const live = locationCardView(cleveland, site(), [], NOW).liveHours;
    expect(live.timeZone).toBe('Australia/Brisbane');
    expect(live.regular).toHaveLength(7);
    expect(live.regular[6]).toEqual({ weekday: 0, status: 'Closed', note: 'By appointment only' });
    // 20 November has passed; Christmas and Boxing Day are within six weeks of 22 November.
    expect(live.special).toEqual([
      { date: '2026-12-25', status: 'Closed' },
      { date: '2026-12-26', status: 'Open', start_hour: '10:00', end_hour: '15:00' },
    ]);
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
    const stock = [{ location: { slug: 'cleveland' } }] as unknown as NormalisedVehicle[];
    expect(locationCardView(cleveland, withOverride, stock, NOW).phone).toEqual({ text: '07 3000 1111', href: 'tel:0730001111' });
    expect(locationCardView(cleveland, site(), stock, NOW).stockHref).toBe('/search/cleveland/');
    expect(locationCardView(cleveland, site({ locations: { stockButton: false } }), stock, NOW).stockHref).toBeNull();
    expect(locationCardView(cleveland, site({ urls: { locationBase: 'our-location' } }), stock, NOW).href).toBe('/our-location/cleveland/');
  });

  it('offers View Our Stock only where the location has vehicles (its landing page exists only then)', () => {
    expect(locationCardView(cleveland, site(), [], NOW).stockHref).toBeNull();
  });
});

describe('a location page\'s map and phone', () => {
  const capalaba = location({
    id: 11,
    name: 'Capalaba',
    slug: 'capalaba',
    address: { street: '323 Old Cleveland Road', city: 'Capalaba', state: 'QLD', postcode: '4157', lat: -27.5254, long: 153.1998, place_url: 'https://www.google.com/maps/search/?api=1&query=-27.5254,153.1998' },
    contact_detail: { phone: '07 3410 8002', opening_hours: [] },
  });

  it('embeds the place URL\'s query at the configured zoom, 10 by default', () => {
    const view = locationPageView(capalaba, site(), siteData({ locations: [capalaba] }), NOW);
    expect(view.mapEmbedSrc).toBe('https://maps.google.com/maps?q=-27.5254%2C153.1998&z=10&output=embed');
    expect(view.directionsHref).toBe('https://www.google.com/maps/search/?api=1&query=-27.5254,153.1998');
    const zoomed = locationPageView(capalaba, site({ locations: { mapZoom: 14 } }), siteData({ locations: [capalaba] }), NOW);
    expect(new URL(zoomed.mapEmbedSrc!).searchParams.get('z')).toBe('14');
  });

  it('falls back to the coordinates, then the address, when there is no place URL', () => {
    const noPlace = location({ ...capalaba, address: { ...capalaba.address, place_url: null } });
    expect(locationPageView(noPlace, site(), siteData({ locations: [noPlace] }), NOW).mapEmbedSrc).toContain('q=-27.5254%2C153.1998');
    const addressOnly = location({ ...capalaba, address: { street: '323 Old Cleveland Road', city: 'Capalaba', state: 'QLD', postcode: '4157' } });
    expect(locationPageView(addressOnly, site(), siteData({ locations: [addressOnly] }), NOW).mapEmbedSrc).toContain('q=323+Old+Cleveland+Road%2C+Capalaba%2C+QLD+4157');
  });

  it('masks the number where the site masks phone numbers, and shows it where it does not', () => {
    const masked = locationCardView(capalaba, site(), [], NOW).call!;
    expect(masked.masked).toMatch(/^07 34\*+$/);
    expect(masked.tel).toBe('tel:0734108002');
    const shown = locationCardView(capalaba, site({ vehicle: { showPhoneImmediately: true } }), [], NOW).call!;
    expect(shown.masked).toBeNull();
    expect(shown.text).toBe('07 3410 8002');
  });
});

import { describe, expect, it } from 'vitest';
import type { ImageIndex } from '../../../src/views/images.ts';
import { csv, csvField, feedVehicles, GOOGLE_COLUMNS, googleRow, inventoryFeedFiles, inventoryFeeds, META_COLUMNS, metaDrivetrain, metaRow } from '../../../src/views/inventory-feeds.ts';
import { llmsTxt } from '../../../src/views/llms-txt.ts';
import { catalogueFollows } from '../../../src/search/query.ts';
import { location, offer, site, siteData, vehicle } from './fixtures.ts';

const VIN = 'JTNK4RBE803123456';
const chermside = location({ address: { street: '12 Main Street', city: 'Chermside', state: 'QLD', postcode: '4032', lat: -27.38, long: 153.03 }, contact_detail: { phone: '07 3000 0000' } });
const photo = (name: string) => ({ image: `feed/${name}.jpg`, isVideo: false });
const rendition = (name: string) => ({ gallery: { width: 1200, height: 800, jpeg: `/images/${name}-gallery.jpg`, webp: `/images/${name}-gallery.webp` } });
const images: ImageIndex = { 'feed/a.jpg': rendition('a'), 'feed/b.jpg': rendition('b'), 'feed/c.jpg': rendition('c') };

describe('feedVehicles: the vehicles the feeds list', () => {
  it('lists in-stock cars with a VIN and a shown price, once per VIN, and nothing else', () => {
    const listed = vehicle(1, { vin: VIN });
    const others = [
      vehicle(2, { vin: VIN.replace('6', '7'), status: 'sold' }),
      vehicle(3, { vin: VIN.replace('6', '8'), status: 'coming_soon' }),
      vehicle(4, { vin: null }),
      vehicle(5, { vin: 'SHORT123' }),
      vehicle(6, { vin: VIN.replace('6', '9'), price: 0 }),
      vehicle(7, { vin: VIN.replace('6', '5'), item_type: 'motorcycle' }),
      vehicle(8, { vin: VIN.toLowerCase() }),
    ];
    expect(feedVehicles(site(), [...others, listed]).map((v) => v.id)).toEqual([1]);
  });

  it('after each update of a chain, lists what a catalogue seen afresh lists', () => {
    const s = site();
    const vin = (i: number) => `JTNK4RBE8031${String(10000 + i).slice(-5)}`;
    let list = Array.from({ length: 40 }, (_, i) => vehicle(i + 1, { vin: vin(i), status: i % 7 === 0 ? 'sold' : 'in_stock' }));
    // Vehicles 30 and 31 share a VIN: the lower id is listed, and a change to either is worked out afresh.
    list[30] = { ...list[30]!, vin: list[29]!.vin };
    const ids = (vehicles: readonly { id: number }[]) => vehicles.map((v) => v.id);
    feedVehicles(s, list);
    const steps: Array<(v: (typeof list)[number], i: number) => (typeof list)[number]> = [
      // A price change, a sale and a sold vehicle back in stock.
      (v, i) => (i === 3 ? { ...v, price: v.price - 500 } : i === 4 ? { ...v, status: 'sold' } : i === 7 ? { ...v, status: 'in_stock' } : v),
      // The lower of the two sharing a VIN is sold: the other takes its row.
      (v, i) => (i === 29 ? { ...v, status: 'sold' } : v),
      // A VIN corrected, and a price no longer shown.
      (v, i) => (i === 10 ? { ...v, vin: vin(90) } : i === 11 ? { ...v, price: 0 } : v),
    ];
    for (const step of steps) {
      const next = list.map(step);
      catalogueFollows(next, list);
      expect(ids(feedVehicles(s, next))).toEqual(ids(feedVehicles(s, next.map((v) => ({ ...v })))));
      list = next;
    }
    expect(ids(feedVehicles(s, list))).toContain(31);
    expect(ids(feedVehicles(s, list))).not.toContain(12);
  });
});

describe("googleRow: Google's vehicle listings attributes", () => {
  it('gives the required attributes from what the vehicle page shows, and the dealership from its location', () => {
    const v = vehicle(1, { vin: VIN, stocknum: 'NUU001', km: 36437, colour: 'Grey', interior_colour: 'Black cloth', badge: 'ST', images: [photo('a'), photo('b'), photo('a'), photo('c')] as never, created_at: '2026-10-26T09:00:00+10:00' });
    const row = googleRow(v, site(), siteData({ locations: [chermside] }), images);
    expect(row).toEqual({
      store_code: '11',
      id: 'NUU001',
      vin: VIN,
      year: '2024',
      make: 'Toyota',
      model: 'Corolla',
      trim: 'ST',
      exterior_color: 'Grey',
      interior_color: 'Black cloth',
      mileage: '36437 km',
      condition: 'used',
      certified_pre_owned: 'no',
      price: '25990 AUD',
      vehicle_msrp: '',
      dealership_name: 'Chermside',
      dealership_address: '12 Main Street, Chermside, QLD 4032, AU',
      link: 'https://www.test.example/cars/vehicle-1/',
      image_link: 'https://www.test.example/images/a-gallery.jpg',
      additional_image_link: 'https://www.test.example/images/b-gallery.jpg,https://www.test.example/images/c-gallery.jpg',
      date_in_stock: '2026-10-26',
    });
  });

  it('prices an offer at the offer price, and gives a new vehicle the struck-through price as its RRP', () => {
    const row = googleRow(vehicle(1, { vin: VIN, car_type: 'new', price: 30990, offer_price: 28990 }), site(), siteData({ locations: [chermside] }), {});
    expect(row).toMatchObject({ condition: 'new', price: '28990 AUD', vehicle_msrp: '30990 AUD', image_link: '' });
  });
});

describe("metaRow: Meta's automotive catalogue fields", () => {
  it('puts the normal price in price and the offer in sale_price, so the price paid is the one on the page', () => {
    const row = metaRow(vehicle(1, { vin: VIN, price: 7040, offer_price: 5540, drive: '4x4', simple_body: 'Ute', certified: true }), site(), siteData({ locations: [chermside] }), images);
    expect(row).toMatchObject({ price: '7040 AUD', sale_price: '5540 AUD', body_style: 'TRUCK', drivetrain: '4X4', state_of_vehicle: 'CPO', 'mileage.unit': 'KM', availability: 'AVAILABLE' });
    expect(JSON.parse(row.address)).toEqual({ addr1: '12 Main Street', city: 'Chermside', region: 'QLD', postal_code: '4032', country: 'AU' });
    expect([row.latitude, row.longitude, row.dealer_phone]).toEqual(['-27.38', '153.03', '07 3000 0000']);
  });

  it('maps drive types to its drivetrains', () => {
    expect(['AWD', 'FWD', 'RWD', '4WD', 'Front Wheel Drive', null].map(metaDrivetrain)).toEqual(['AWD', 'FWD', 'RWD', '4X4', 'FWD', 'OTHER']);
  });
});

describe('CSV (RFC 4180)', () => {
  it('quotes a field with a comma, a quote or a line break, doubling quotes, and ends lines with CRLF', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('Wheels 17" Alloy')).toBe('"Wheels 17"" Alloy"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csv(['a', 'b'] as const, [{ a: '1', b: 'x,y' }])).toBe('a,b\r\n1,"x,y"\r\n');
  });

  it('writes both feeds with their columns and one row per listed vehicle', () => {
    const feeds = inventoryFeeds(site(), siteData({ locations: [chermside], vehicles: [vehicle(1, { vin: VIN }), vehicle(2, { status: 'sold', vin: VIN.replace('6', '1') })] }), {});
    expect(feeds.map((f) => [f.path, f.rows])).toEqual([
      ['/feeds/google-vehicle-listings.csv', 1],
      ['/feeds/meta-vehicles.csv', 1],
    ]);
    expect(feeds[0]!.content.split('\r\n')[0]).toBe(GOOGLE_COLUMNS.join(','));
    expect(feeds[1]!.content.split('\r\n')[0]).toBe(META_COLUMNS.join(','));
    expect(feeds[0]!.content.split('\r\n')).toHaveLength(3);
  });

  it('publishes files whose bytes are the feeds in UTF-8, with text beyond ASCII and quoted fields', () => {
    const data = siteData({
      locations: [chermside],
      vehicles: [vehicle(1, { vin: VIN, badge: 'Série "R", Crème' }), vehicle(2, { vin: VIN.replace('6', '1'), colour: 'Blanc — Nacré' })],
    });
    const text = inventoryFeeds(site(), data, {});
    const files = inventoryFeedFiles(site(), data, {});
    expect(files.map((f) => f.path)).toEqual(text.map((f) => f.path));
    for (const [i, file] of files.entries()) expect(Buffer.concat(file.parts).equals(Buffer.from(text[i]!.content, 'utf8')), file.path).toBe(true);
    expect(text[0]!.content).toContain('Crème');
  });

  it('after each update of a chain, publishes the bytes of the feeds, joining again only the blocks of ids that changed', () => {
    const s = site();
    const vin = (i: number) => `JTNK4RBE8031${String(10000 + i).slice(-5)}`;
    // Ids across four blocks of 256, the first and last blocks partly filled.
    let list = Array.from({ length: 60 }, (_, i) => vehicle(200 + i * 13, { vin: vin(i) }));
    // A row is kept while the site, the locations and the vehicle's images are the same objects.
    let [locations, noImages]: [typeof chermside[], ImageIndex] = [[chermside], {}];
    const sameBytes = (vehicles: typeof list) => {
      const files = inventoryFeedFiles(s, siteData({ locations, vehicles }), noImages);
      const text = inventoryFeeds(s, siteData({ locations, vehicles: vehicles.map((v) => ({ ...v })) }), noImages);
      for (const [i, file] of files.entries()) expect(Buffer.concat(file.parts).equals(Buffer.from(text[i]!.content, 'utf8')), file.path).toBe(true);
      return files;
    };
    let before = sameBytes(list);
    expect(before[0]!.parts).toHaveLength(1 + 4);
    const steps: Array<{ change: (v: (typeof list)[number], i: number) => (typeof list)[number]; joined: number }> = [
      // A price change in the second block.
      { change: (v, i) => (i === 30 ? { ...v, price: v.price - 500 } : v), joined: 1 },
      // A sale in the first block and one in the last: both leave their block.
      { change: (v, i) => (i === 0 || i === 59 ? { ...v, status: 'sold' } : v), joined: 2 },
      // Back in stock and in its block again.
      { change: (v, i) => (i === 0 ? { ...v, status: 'in_stock' } : v), joined: 1 },
    ];
    for (const { change, joined } of steps) {
      const next = list.map(change);
      catalogueFollows(next, list);
      const after = sameBytes(next);
      for (const [i, file] of after.entries()) expect(file.parts.filter((part) => !before[i]!.parts.includes(part))).toHaveLength(joined);
      [list, before] = [next, after];
    }
    // The location renamed with a price change: every row names it anew, not only the changed vehicle's.
    locations = [{ ...chermside, name: 'Chermside Toyota & Service' }];
    const next = list.map((v, i) => (i === 30 ? { ...v, price: v.price - 100 } : v));
    catalogueFollows(next, list);
    const renamed = sameBytes(next);
    expect(renamed.every((file, i) => file.parts.slice(1).every((part) => !before[i]!.parts.includes(part)))).toBe(true);
  });
});

describe('llms.txt', () => {
  const data = siteData({
    locations: [chermside],
    offers: [offer({})],
    vehicles: [vehicle(1), vehicle(2, { make: 'Mazda', make_slug: 'mazda' }), vehicle(3, { make: 'Mazda', make_slug: 'mazda' }), vehicle(4, { status: 'sold', make: 'Kia', make_slug: 'kia' })],
  });

  it('describes the dealer, how to search its stock, its locations, offers and feeds, with absolute links', () => {
    const text = llmsTxt(site({ description: 'Used cars in [Brisbane]' }), data);
    expect(text).toMatch(/^# Test Motors\n\n> Used cars in Brisbane\n/);
    expect(text).toContain('- [All stock](https://www.test.example/search/new-used-and-demo-cars/)');
    // Makes in stock, most stocked first; none that is only sold.
    expect(text.indexOf('[Mazda](https://www.test.example/search/mazda/)')).toBeLessThan(text.indexOf('[Toyota](https://www.test.example/search/toyota/)'));
    expect(text).not.toContain('Kia');
    expect(text).toContain('`range[price]=5000:30000`');
    expect(text).toContain('- [Current offers](https://www.test.example/special-offers/)');
    expect(text).toContain('- [Google vehicle listings feed](https://www.test.example/feeds/google-vehicle-listings.csv)');
    expect(text).toContain('12 Main Street, Chermside, QLD 4032');
  });

  it('after each update of a chain, is what a catalogue seen afresh gives', () => {
    const s = site();
    const makes = [['Toyota', 'toyota'], ['Mazda', 'mazda'], ['Kia', 'kia'], ['Ford', 'ford']] as const;
    let list = Array.from({ length: 30 }, (_, i) => vehicle(i + 1, { make: makes[i % 4]![0], make_slug: makes[i % 4]![1], car_type: i % 5 === 0 ? 'new' : 'used' }));
    const text = (vehicles: typeof list) => llmsTxt(s, { ...data, vehicles });
    text(list);
    const steps: Array<(v: (typeof list)[number], i: number) => (typeof list)[number]> = [
      // A price change and a sale.
      (v, i) => (i === 1 ? { ...v, price: v.price - 500 } : i === 2 ? { ...v, status: 'sold' } : v),
      // Every Ford sold but one, then that one: the make leaves the list.
      (v) => (v.make_slug === 'ford' && v.id !== 4 ? { ...v, status: 'sold' } : v),
      (v) => (v.id === 4 ? { ...v, status: 'sold' } : v),
      // A Ford back in stock, and the only new Kia turned used.
      (v) => (v.id === 8 ? { ...v, status: 'in_stock' } : v.id === 11 ? { ...v, car_type: 'used' } : v),
      // A vehicle becomes a Lotus, a make of its own.
      (v) => (v.id === 5 ? { ...v, make: 'Lotus', make_slug: 'lotus' } : v),
      // The first Kia in stock named otherwise, so the make takes that name; then two makes named alike.
      (v) => (v.id === 7 ? { ...v, make: 'KIA' } : v),
      (v) => (v.id === 6 ? { ...v, make: 'Toyota', make_slug: 'toyota-2' } : v),
    ];
    for (const step of steps) {
      const next = list.map(step);
      catalogueFollows(next, list);
      expect(text(next)).toBe(text(next.map((v) => ({ ...v }))));
      list = next;
    }
    expect(text(list)).toContain('[Lotus]');
    expect(text(list)).toContain('[Ford]');
    expect(text(list)).toContain('[KIA]');
  });

  it("gives the locations' phone numbers only where the site shows them at once", () => {
    expect(llmsTxt(site(), data)).not.toContain('07 3000 0000');
    expect(llmsTxt(site({ vehicle: { showPhoneImmediately: true } }), data)).toContain('phone 07 3000 0000');
  });
});

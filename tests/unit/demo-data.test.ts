import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSiteFeed, splitSizes } from '../../src/data/demo/generate.ts';
import { writeImagePool } from '../../src/data/demo/images.ts';
import { recordsJson } from '../../src/data/feed-files.ts';
import { validateRecords } from '../../src/data/quarantine.ts';
import { LocationSchema } from '../../src/schemas/location.ts';
import { ReviewSchema } from '../../src/schemas/review.ts';
import { VehicleSchema, type Vehicle } from '../../src/schemas/vehicle.ts';

const AS_OF = '2026-11-22';
const DAY_S = 86_400;
const asOfSeconds = Date.parse(`${AS_OF}T00:00:00Z`) / 1000;

function feedBytes(slug: string, vehicles: number, seed: number) {
  const { feed } = generateSiteFeed(slug, vehicles, seed, AS_OF);
  return ['vehicles', 'locations', 'reviews', 'dealerships'].map((k) => recordsJson(feed[k as 'vehicles'])).join('');
}

function vehiclesOf(slug: string, count: number): Vehicle[] {
  const { feed } = generateSiteFeed(slug, count, 20251122, AS_OF);
  const { valid, quarantined } = validateRecords(VehicleSchema, feed.vehicles, 'vehicles');
  expect(quarantined).toEqual([]);
  return valid;
}

describe('demo data generator', () => {
  it('gives the same bytes for the same seed and reference day', () => {
    expect(feedBytes('bayside-mg', 300, 7)).toBe(feedBytes('bayside-mg', 300, 7));
  });

  it('gives different data for a different seed', () => {
    expect(feedBytes('bayside-mg', 50, 7)).not.toBe(feedBytes('bayside-mg', 50, 8));
  });

  it('makes a larger size a superset of a smaller one', () => {
    const small = generateSiteFeed('summit-motor-group', 100, 1, AS_OF).feed.vehicles;
    const large = generateSiteFeed('summit-motor-group', 400, 1, AS_OF).feed.vehicles;
    expect(large.slice(0, 100)).toEqual(small);
  });

  it('splits a total across the demo sites in proportion to their default sizes', () => {
    const sizes = splitSizes(10_000, ['bayside-mg', 'northside-used', 'summit-motor-group']);
    expect(Object.values(sizes).reduce((a, b) => a + b, 0)).toBe(10_000);
    expect(sizes['summit-motor-group']).toBeGreaterThan(sizes['bayside-mg']!);
  });

  it('produces records that all pass their schemas, for every demo site, at benchmark sizes', () => {
    for (const [slug, size] of [['bayside-mg', 1500], ['summit-motor-group', 8000], ['northside-used', 1500]] as const) {
      const { feed } = generateSiteFeed(slug, size, 20251122, AS_OF);
      expect(validateRecords(VehicleSchema, feed.vehicles, 'vehicles').quarantined).toEqual([]);
      expect(validateRecords(LocationSchema, feed.locations, 'locations').quarantined).toEqual([]);
      expect(validateRecords(ReviewSchema, feed.reviews, 'reviews').quarantined).toEqual([]);
    }
  });

  it('writes placeholder photos with the same bytes every time, and skips existing ones', async () => {
    const [a, b] = [await mkdtemp(path.join(tmpdir(), 'pool-')), await mkdtemp(path.join(tmpdir(), 'pool-'))];
    try {
      const request = { photos: [['SUV', 'Red']] as Array<['SUV', 'Red']>, spins: [] };
      expect(await writeImagePool(a, request)).toBe(4);
      expect(await writeImagePool(b, request)).toBe(4);
      expect(await writeImagePool(a, request)).toBe(0);
      const files = (await readdir(path.join(a, 'images'))).filter((f) => f.endsWith('.jpg')).sort();
      expect(files).toEqual(['suv-red-front.jpg', 'suv-red-interior.jpg', 'suv-red-rear.jpg', 'suv-red-side.jpg']);
      for (const file of files) {
        expect(await readFile(path.join(a, 'images', file))).toEqual(await readFile(path.join(b, 'images', file)));
      }
    } finally {
      await Promise.all([rm(a, { recursive: true }), rm(b, { recursive: true })]);
    }
  });
});

describe('demo stock exercises every branch of the spec', () => {
  const bayside = vehiclesOf('bayside-mg', 300);
  const summit = vehiclesOf('summit-motor-group', 2000);
  const northside = vehiclesOf('northside-used', 250);
  const all = [...bayside, ...summit, ...northside];
  const some = (list: Vehicle[], predicate: (v: Vehicle) => boolean) => list.filter(predicate).length;

  it('has new, demo and used vehicles, and the used dealer is mostly used', () => {
    for (const type of ['new', 'demo', 'used']) expect(some(bayside, (v) => v.car_type === type)).toBeGreaterThan(0);
    expect(some(northside, (v) => v.car_type === 'used') / northside.length).toBeGreaterThan(0.9);
    // A few new ones on the used dealer give its used-only filter something to remove.
    expect(some(northside, (v) => v.car_type !== 'used')).toBeGreaterThan(0);
  });

  it('has every status, sales inside and outside the 3-day window, and runs of consecutive sold vehicles', () => {
    for (const status of ['in_stock', 'coming_soon', 'sold', 'on_hold']) expect(some(all, (v) => v.status === status)).toBeGreaterThan(0);
    const soldAgo = (v: Vehicle) => (asOfSeconds - (v.sold_date_timestamp ?? 0)) / DAY_S;
    expect(some(all, (v) => v.status === 'sold' && soldAgo(v) <= 3)).toBeGreaterThan(0);
    expect(some(all, (v) => v.status === 'sold' && soldAgo(v) > 3)).toBeGreaterThan(0);
    const runs = bayside.filter((v, i) => i > 0 && v.status === 'sold' && bayside[i - 1]!.status === 'sold');
    expect(runs.length).toBeGreaterThan(0);
  });

  it('has reserved, certified, tagged and recently created vehicles', () => {
    expect(some(all, (v) => v.reserved === true)).toBeGreaterThan(0);
    expect(some(summit, (v) => v.certified === true && v.car_type === 'used')).toBeGreaterThan(0);
    expect(some(all, (v) => v.tag === 'runout sale')).toBeGreaterThan(0);
    expect(some(all, (v) => v.tag === 'Test Drive Only')).toBeGreaterThan(0);
    expect(some(all, (v) => !!v.tag && !['runout sale', 'Test Drive Only'].includes(v.tag))).toBeGreaterThan(0);
    const createdAgo = (v: Vehicle) => (Date.parse(`${AS_OF}T00:00:00Z`) - Date.parse(v.created_at!)) / 86_400_000;
    expect(some(all, (v) => createdAgo(v) < 8)).toBeGreaterThan(0);
    expect(some(all, (v) => createdAgo(v) > 8)).toBeGreaterThan(0);
  });

  it('has electric, hybrid, preorder, zero-price, offer and was-price prices', () => {
    expect(some(all, (v) => v.fuel === 'Electric')).toBeGreaterThan(0);
    expect(some(all, (v) => v.fuel === 'Hybrid' || v.fuel === 'Plug-in Hybrid')).toBeGreaterThan(0);
    expect(some(all, (v) => v.preorder === true && v.price === 0)).toBeGreaterThan(0);
    expect(some(all, (v) => v.preorder !== true && v.price === 0)).toBeGreaterThan(0);
    expect(some(all, (v) => (v.offer_price ?? 0) > 0 && v.offer_price! < v.price)).toBeGreaterThan(0);
    expect(some(all, (v) => (v.before_price ?? 0) > v.price)).toBeGreaterThan(0);
  });

  it('has registration expiry in the past and the future', () => {
    const now = Date.parse(`${AS_OF}T00:00:00Z`);
    expect(some(all, (v) => !!v.rego_expiry && Date.parse(v.rego_expiry) < now)).toBeGreaterThan(0);
    expect(some(all, (v) => !!v.rego_expiry && Date.parse(v.rego_expiry) > now)).toBeGreaterThan(0);
  });

  it('has empty, short, long, HTML and script-injection dealer comments', () => {
    expect(some(all, (v) => !v.dealercomments)).toBeGreaterThan(0);
    expect(some(all, (v) => !!v.dealercomments && v.dealercomments.length <= 400 && !v.dealercomments.includes('<'))).toBeGreaterThan(0);
    expect(some(all, (v) => (v.dealercomments ?? '').length > 400)).toBeGreaterThan(0);
    expect(some(all, (v) => (v.dealercomments ?? '').includes('<ul>'))).toBeGreaterThan(0);
    expect(some(all, (v) => (v.dealercomments ?? '').includes('<script>'))).toBeGreaterThan(0);
  });

  it('has finance lender data per provider kind, including ineligible cases', () => {
    for (const [list, key] of [[bayside, 'mgfinance'], [summit, 'carloans'], [northside, 'quickfin']] as const) {
      expect(some(list, (v) => !!v.finance_lenders?.[key])).toBeGreaterThan(0);
      expect(some(list, (v) => !v.finance_lenders)).toBeGreaterThan(0);
      expect(some(list, (v) => v.finance_lenders?.[key]?.comparisonRate === null)).toBeGreaterThan(0);
    }
    expect(some(bayside, (v) => !!v.finance_lenders?.mgfinance && v.finance_lenders.mgfinance.paymentMonth === null)).toBeGreaterThan(0);
    expect(some(summit, (v) => v.year <= 2026 - 12 && !!v.finance_lenders?.carloans)).toBeGreaterThan(0);
  });

  it('has market data above and below the state average, and national-only market data', () => {
    const withState = all.filter((v) => v.autograb_data?.state_average_market_price);
    expect(some(withState, (v) => v.autograb_data!.state_average_market_price! - v.price >= 499)).toBeGreaterThan(0);
    expect(some(withState, (v) => v.autograb_data!.state_average_market_price! - v.price < 499)).toBeGreaterThan(0);
    expect(some(all, (v) => !!v.autograb_data && !v.autograb_data.state_average_market_price)).toBeGreaterThan(0);
  });

  it('has caravans, motorcycles and trucks on the group site', () => {
    for (const type of ['caravan', 'motorcycle', 'truck']) expect(some(summit, (v) => v.item_type === type)).toBeGreaterThan(0);
    expect(some(summit, (v) => v.item_type === 'caravan' && !!v.caravan_specs)).toBeGreaterThan(0);
  });

  it('has vehicles away from the primary location', () => {
    const { feed } = generateSiteFeed('bayside-mg', 300, 20251122, AS_OF);
    const primaryCity = (feed.locations.find((l) => l.primary)!.address as { city: string }).city;
    expect(some(bayside, (v) => v.city !== primaryCity)).toBeGreaterThan(0);
  });

  it('has vehicles with 3 or fewer images, videos, and 36-frame spin sets with hotspots', () => {
    expect(some(all, (v) => (v.images?.length ?? 0) <= 3)).toBeGreaterThan(0);
    expect(some(all, (v) => (v.images?.length ?? 0) > 3)).toBeGreaterThan(0);
    expect(some(all, (v) => !!v.video_url && !!v.images?.some((i) => i.isVideo))).toBeGreaterThan(0);
    const spins = all.filter((v) => v.spin_images);
    expect(spins.length).toBeGreaterThan(0);
    for (const v of spins) {
      expect(v.spin_images).toHaveLength(36);
      expect(v.hotspots?.exteriorHotspotPositions?.length).toBeGreaterThan(0);
    }
  });

  it('gives locations regular hours, a by-appointment day, missing hours, special hours, and reviews of every rating with replies', () => {
    const { feed } = generateSiteFeed('summit-motor-group', 10, 20251122, AS_OF);
    const { valid: locations } = validateRecords(LocationSchema, feed.locations, 'locations');
    expect(locations.length).toBeGreaterThanOrEqual(50);
    expect(new Set(locations.map((l) => l.address?.state)).size).toBeGreaterThan(3);
    const hours = locations.map((l) => l.contact_detail?.opening_hours ?? []);
    expect(hours.some((h) => h.length === 0)).toBe(true);
    expect(hours.some((h) => h.some((d) => d.note === 'By appointment only'))).toBe(true);
    expect(hours.some((h) => h.find((d) => d.weekday === 6)?.close === '12:00')).toBe(true);
    expect(locations.every((l) => (l.special_hours?.length ?? 0) > 0)).toBe(true);
    const ratings = new Set(feed.reviews.map((r) => r.rating));
    expect([...ratings].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(feed.reviews.some((r) => r.reply_text)).toBe(true);
  });
});


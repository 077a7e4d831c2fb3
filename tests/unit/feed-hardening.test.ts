import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMMENTS_MAX, nameSlug, normaliseVehicles } from '../../src/data/normalise.ts';
import { pullSite } from '../../src/data/pull.ts';
import { parseSiteConfig } from '../../src/data/site-config.ts';
import { checkedSnapshot, readSnapshot } from '../../src/data/snapshot-files.ts';
import { slugify } from '../../src/lib/text.ts';
import type { Snapshot } from '../../src/schemas/snapshot.ts';
import { VehicleSchema } from '../../src/schemas/vehicle.ts';
import { feedVehicle } from '../support/test-site.ts';

// One hostile or broken record in a dealer's feed must never take the site down, and never reach the
// pages in a form that harms shoppers: each case below is one record in a file feed.

const NOW = new Date('2026-11-22T00:00:00Z');
const site = () => parseSiteConfig('name: Test Motors\ntemplate: classic\nurl: https://www.test.example\n', 'sites/test-motors.yaml');

const vehicle = feedVehicle;

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'feed-hardening-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function pull(vehicles: unknown[]) {
  const dir = path.join(root, 'data', 'feed', 'test-motors');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'vehicles.json'), JSON.stringify(vehicles));
  for (const name of ['locations', 'reviews', 'dealerships']) await writeFile(path.join(dir, `${name}.json`), '[]');
  const report = await pullSite(site(), { root, now: NOW });
  // What the build reads: it validates the snapshot and refuses a damaged one.
  const snapshot = (await readSnapshot('test-motors', root))!;
  return { report, snapshot };
}

describe('names in any script', () => {
  it('publishes an Arabic model and a Japanese make with valid slugs, and every other vehicle too', async () => {
    const { report, snapshot } = await pull([vehicle(1), vehicle(2, { model: 'كورولا' }), vehicle(3, { make: '日産', model: 'サニー' }), vehicle(4, { make: 'Лада', model: 'Нива' })]);
    expect(report.counts).toMatchObject({ pulled: 4, quarantined: 0, published: 4 });
    const byId = new Map(snapshot.vehicles.map((v) => [Number(v.id), v]));
    expect(byId.get(2)).toMatchObject({ make_slug: 'toyota', model_slug: 'kwrwl', slug: '2024-toyota-kwrwl-ascent-2' });
    expect(byId.get(3)).toMatchObject({ make_slug: 'ri-chan', model_slug: 'sani' });
    expect(byId.get(4)).toMatchObject({ make_slug: 'lada', model_slug: 'niva' });
    // Latin names keep the slugs they always had.
    expect(byId.get(1)).toMatchObject({ make_slug: 'toyota', model_slug: 'corolla', slug: '2024-toyota-corolla-ascent-1' });
  });

  it('keeps the plain slug of a Latin name with punctuation from elsewhere in Unicode', () => {
    for (const name of ['Straße – Edition', 'Škoda', 'Citroën C5 Aircross™', "Land Cruiser 70’s"]) expect(nameSlug(name, 'model'), name).toBe(slugify(name));
    expect(nameSlug('Škoda', 'make')).toBe('skoda');
  });

  it('falls back to a stable code for a name its script cannot be transliterated from, shared by the same model', async () => {
    // Tifinagh: letters, but none the transliteration tables know.
    const { snapshot } = await pull([vehicle(1, { model: 'ⴰⵣⵓⵍ' }), vehicle(2, { model: 'ⴰⵣⵓⵍ' })]);
    const [a, b] = snapshot.vehicles;
    expect(a!.model_slug).toMatch(/^model-[0-9a-f]{8}$/);
    expect(b!.model_slug).toBe(a!.model_slug);
    expect(a!.slug).toBe('2024-toyota-ascent-1');
  });

  it('replaces a feed slug that is not a slug, reports it, and still publishes the vehicle', async () => {
    const { report, snapshot } = await pull([vehicle(1, { slug: 'Corolla für 2024!' }), vehicle(2, { slug: 'fine-slug-2' })]);
    expect(snapshot.vehicles.map((v) => v.slug)).toEqual(['2024-toyota-corolla-ascent-1', 'fine-slug-2']);
    expect(report.adjusted).toEqual([
      { source: 'vehicles', id: '1', path: 'slug', reason: '"Corolla für 2024!" is not a URL slug (lowercase letters, digits and hyphens); published as "2024-toyota-corolla-ascent-1"' },
    ]);
  });

  it('finds what the build would refuse in a snapshot, with its path', () => {
    const broken = { meta: { site: 'test-motors', pulledAt: NOW.toISOString(), source: 'test', counts: { pulled: 0, quarantined: 0, duplicates: 0, filtered: 0, published: 0, available: 0 } }, vehicles: [], locations: [], reviews: [], dealerships: [], offers: [], models: [], removed: [{ id: 1, slug: 'a-car-1', make_slug: 'toyota', model_slug: '', removedAt: NOW.toISOString() }] } as Snapshot;
    expect(checkedSnapshot(broken).problem).toMatch(/^removed\.0\.model_slug: Expected a slug/);
    expect(checkedSnapshot({ ...broken, removed: [] }).problem).toBeNull();
  });

  it("takes the vehicles equal to the last snapshot's checked ones as they are, and checks the others", async () => {
    const { snapshot: last } = await pull([vehicle(1), vehicle(2), vehicle(3)]);
    const [one, two, three] = last.vehicles.map((v) => structuredClone(v));
    const repriced = { ...two!, price: two!.price + 500 };
    const next = checkedSnapshot({ ...last, vehicles: [one!, repriced, three!] }, last.vehicles);
    expect(next.problem).toBeNull();
    // The unchanged vehicles are the last snapshot's own objects; the changed one was checked anew.
    expect(next.snapshot!.vehicles[0]).toBe(last.vehicles[0]);
    expect(next.snapshot!.vehicles[2]).toBe(last.vehicles[2]);
    expect(next.snapshot!.vehicles[1]).not.toBe(repriced);
    expect(next.snapshot!.vehicles[1]).toEqual(repriced);
    // A problem in a vehicle checked anew is named by its place in the whole snapshot.
    const broken = checkedSnapshot({ ...last, vehicles: [one!, three!, { ...repriced, slug: 'Not A Slug' }] }, last.vehicles);
    expect(broken.problem).toMatch(/^vehicles\.2\.slug: /);
  });

  it('checks every vehicle against a last snapshot that was never checked', async () => {
    const { snapshot: last } = await pull([vehicle(1), vehicle(2)]);
    const bad = { ...last.vehicles[1]!, make_slug: 'Not A Slug' };
    // A list that did not come from a check: its vehicles count for nothing, even when equal.
    const unchecked = [structuredClone(last.vehicles[0]!), structuredClone(bad)];
    const result = checkedSnapshot({ ...last, vehicles: [structuredClone(last.vehicles[0]!), structuredClone(bad)] }, unchecked);
    expect(result.problem).toMatch(/^vehicles\.1\.make_slug: /);
    expect(checkedSnapshot({ ...last, vehicles: [structuredClone(last.vehicles[0]!)] }, unchecked).snapshot!.vehicles[0]).not.toBe(unchecked[0]);
  });
});

describe('limits and plausibility', () => {
  it('clips a 1 MB dealer comment at a word and reports the clip, publishing the vehicle', async () => {
    const comment = 'Great car. '.repeat(100_000);
    const { report, snapshot } = await pull([vehicle(1, { dealercomments: comment })]);
    const published = snapshot.vehicles[0]!.dealercomments!;
    expect(published.length).toBeLessThanOrEqual(COMMENTS_MAX + 1);
    expect(published.endsWith('car.…')).toBe(true);
    expect(report.adjusted).toEqual([
      { source: 'vehicles', id: '1', path: 'dealercomments', reason: `clipped from 1,100,000 to ${published.length.toLocaleString('en-AU')} characters (at most 10,000 are published)` },
    ]);
  });

  it('quarantines a trillion-dollar price with what was received, and publishes the rest', async () => {
    const { report, snapshot } = await pull([vehicle(1, { price: 1_000_000_000_000 }), vehicle(2)]);
    expect(snapshot.vehicles.map((v) => v.id)).toEqual([2]);
    expect(report.quarantined).toEqual([expect.objectContaining({ id: '1', path: 'price' })]);
    expect(report.quarantined[0]!.reason).toContain('at most $20,000,000');
    expect(report.quarantined[0]!.reason).toContain('received number 1000000000000');
  });

  it('strips bidirectional override characters from the names shown in titles, headings and JSON-LD', async () => {
    const { snapshot } = await pull([vehicle(1, { badge: 'Ascent \u202e0099$\u202c', model: 'Cor\u2066olla', colour: '\u202eRed' })]);
    const v = snapshot.vehicles[0]!;
    expect(v.display_name).toBe('2024 Toyota Corolla Ascent 0099$');
    expect(v.colour).toBe('Red');
    expect(JSON.stringify(v)).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });

  it('quarantines a make or model that cannot be a name, so it makes no landing page or sitemap entry', async () => {
    const { report, snapshot } = await pull([
      vehicle(1, { make: '<script>alert(1)</script>' }),
      vehicle(2, { make: 'Toyota', model: '{{constructor.constructor("alert(1)")()}}' }),
      vehicle(3, { make: 'Buy cheap watches at our store, visit now and save on every order you place today!!' }),
      vehicle(4),
    ]);
    expect(snapshot.vehicles.map((v) => v.id)).toEqual([4]);
    expect(report.quarantined.map((q) => [q.id, q.path])).toEqual([
      ['1', 'make'],
      ['2', 'model'],
      ['3', 'make'],
    ]);
    expect(report.quarantined[0]!.reason).toMatch(/^Not a make or model name: it holds markup/);
    expect(report.quarantined[2]!.reason).toMatch(/^Longer than 40 characters/);
  });

  it('accepts the names real makes and models have', () => {
    for (const [make, model] of [['Mercedes-Benz', 'GLC 300 4MATIC'], ['Mazda', 'CX-5'], ['Volkswagen', 'ID.4'], ['Toyota', 'Land Cruiser 70\'s (LC79)'], ['Ssangyong', 'Rexton + Sport'], ['Hyundai', 'i30 N'], ['Audi', 'e-tron GT'], ['Citroën', 'C5 Aircross']]) {
      expect(VehicleSchema.safeParse(vehicle(1, { make, model })).success, `${make} ${model}`).toBe(true);
    }
  });
});

describe('reports', () => {
  it('names both records of a duplicate-id tie by position and slug', () => {
    const records = [vehicle(7, { slug: 'first-listing-7', price: 1000 }), vehicle(8), vehicle(7, { slug: 'second-listing-7', price: 2000 })].map((r) => VehicleSchema.parse(r));
    const result = normaliseVehicles(records, site(), NOW, [0, 1, 2]);
    expect(result.vehicles.find((v) => v.id === 7)!.price).toBe(2000);
    expect(result.duplicates).toEqual([
      {
        source: 'vehicles',
        id: '7',
        path: 'id',
        reason:
          'duplicate id: kept record #2 (slug second-listing-7, updated 2026-11-01T00:00:00Z), dropped record #0 (slug first-listing-7, updated 2026-11-01T00:00:00Z); the same update time, so the later one in the feed wins',
      },
    ]);
  });

  it('counts feed positions past records the schema quarantined', async () => {
    const { report } = await pull([vehicle(7, { slug: 'first-7' }), { id: 9 }, vehicle(7, { slug: 'second-7' })]);
    expect(report.duplicates[0]!.reason).toContain('kept record #2 (slug second-7');
    expect(report.duplicates[0]!.reason).toContain('dropped record #0 (slug first-7');
  });

  it('reports an unknown status as unknown, with the value received', async () => {
    const { report } = await pull([vehicle(1, { status: 'teleported' }), vehicle(2, { status: 'sold', sold_date_timestamp: NOW.getTime() / 1000 - 30 * 86_400 }), vehicle(3)]);
    expect(report.filtered).toEqual([
      { id: 1, reason: 'unknown status "teleported" (the site lists in_stock, coming_soon, sold vehicles)' },
      { id: 2, reason: 'status sold, sold more than 3 days before the pull' },
    ]);
  });

  it('says what was received when a field has the wrong type', async () => {
    const { report } = await pull([vehicle(1, { price: '12,990' }), vehicle(2, { km: 'lots' }), vehicle(3, { year: '2020x' }), vehicle(4, { images: 'photo.jpg' }), vehicle(5)]);
    const reasons = Object.fromEntries(report.quarantined.map((q) => [q.path, q.reason]));
    expect(reasons.price).toBe('Expected an amount in dollars (a number); received string "12,990"');
    expect(reasons.km).toBe('Invalid input: expected number; received string "lots"');
    expect(reasons.year).toMatch(/; received string "2020x"$/);
    expect(reasons.images).toBe('Invalid input: expected array; received string "photo.jpg"');
  });
});

import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual, promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateSiteFeed } from '../../src/data/demo/generate.ts';
import { normaliseVehicles } from '../../src/data/normalise.ts';
import { StockDropError, pullSite, pullSiteSnapshot } from '../../src/data/pull.ts';
import { parseSiteConfig } from '../../src/data/site-config.ts';
import { appendSnapshotChanges, pullReportPath, readSnapshot, snapshotAsWritten, snapshotPath } from '../../src/data/snapshot-files.ts';
import { sanitize } from '../../src/render/html.ts';
import type { Vehicle } from '../../src/schemas/vehicle.ts';
import { VehicleSchema } from '../../src/schemas/vehicle.ts';
import { startPlatformServer, type PlatformServer } from '../fixtures/platform-server.ts';
import { feedVehicle } from '../support/test-site.ts';

const NOW = new Date('2026-11-22T00:00:00Z');
const SITE_YAML = 'name: Test Motors\ntemplate: classic\nurl: https://www.test.example\n';
const site = (extra = '') => parseSiteConfig(`${SITE_YAML}${extra}`, 'sites/test-motors.yaml');

/** A valid, available vehicle with its slug; override fields per test. */
function vehicle(id: number, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return feedVehicle(id, { slug: `2024-toyota-corolla-ascent-${id}`, ...fields });
}

const parsed = (records: Array<Record<string, unknown>>): Vehicle[] => records.map((r) => VehicleSchema.parse(r));

let root: string;

async function writeFeed(vehicles: unknown[] | string, slug = 'test-motors'): Promise<void> {
  const dir = path.join(root, 'data', 'feed', slug);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'vehicles.json'), typeof vehicles === 'string' ? vehicles : JSON.stringify(vehicles));
  for (const name of ['locations', 'reviews', 'dealerships']) await writeFile(path.join(dir, `${name}.json`), '[]');
}

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'pull-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('normalisation', () => {
  it('derives slugs, make/model slugs, simple fields, make_model and the display name', () => {
    const { vehicles } = normaliseVehicles(
      parsed([vehicle(1, { slug: null, make: 'Škoda', model: 'Octavia RS', badge: 'Wagon Ünique', body: 'Station Wagon', fuel: 'Plug-in Hybrid', trans: '6 Speed Manual', series: 'sport' })]),
      site(),
      NOW,
    );
    expect(vehicles[0]).toMatchObject({
      slug: '2024-skoda-octavia-rs-wagon-unique-1',
      make_slug: 'skoda',
      model_slug: 'octavia-rs',
      simple_body: 'Wagon',
      simple_fuel: 'Hybrid',
      simple_transmission: 'Manual',
      make_model: 'Škoda Octavia RS',
      display_name: '2024 Škoda Octavia RS Wagon Ünique',
    });
  });

  it('adds the series to the display name where the site shows it', () => {
    const { vehicles } = normaliseVehicles(parsed([vehicle(1, { series: 'sport' })]), site('features:\n  seriesDisplay: true\n'), NOW);
    expect(vehicles[0]!.display_name).toBe('2024 Toyota Corolla Ascent sport');
  });

  it('keeps the most recently updated record of a duplicate id and reports the other', () => {
    const records = parsed([vehicle(7, { price: 1000, updated_at: '2026-11-20T00:00:00Z' }), vehicle(7, { price: 2000, updated_at: '2026-11-10T00:00:00Z' })]);
    for (const order of [records, [...records].reverse()]) {
      const result = normaliseVehicles(order, site(), NOW);
      expect(result.vehicles.map((v) => v.price)).toEqual([1000]);
      expect(result.duplicates).toEqual([expect.objectContaining({ id: '7', path: 'id' })]);
    }
  });

  it('resolves duplicate slugs the same way whatever the feed order: the lowest id keeps the slug', () => {
    const records = parsed([vehicle(20, { slug: 'same-car' }), vehicle(10, { slug: 'same-car' }), vehicle(30, { slug: 'same-car' })]);
    const forward = normaliseVehicles(records, site(), NOW);
    const backward = normaliseVehicles([...records].reverse(), site(), NOW);
    expect(forward.vehicles.map((v) => [v.id, v.slug])).toEqual([
      [10, 'same-car'],
      [20, 'same-car-20'],
      [30, 'same-car-30'],
    ]);
    expect(backward.vehicles).toEqual(forward.vehicles);
    expect(forward.duplicates.filter((d) => d.path === 'slug')).toHaveLength(2);
  });

  it('applies the stock visibility rule: sold within the include-sold days, and hidden vehicles', () => {
    const nowSeconds = NOW.getTime() / 1000;
    const records = parsed([
      vehicle(1),
      vehicle(2, { status: 'coming_soon' }),
      vehicle(3, { status: 'sold', sold_date_timestamp: nowSeconds - 3 * 86_400 }),
      vehicle(4, { status: 'sold', sold_date_timestamp: nowSeconds - 3 * 86_400 - 1 }),
      vehicle(5, { show_on_dealer_website: false }),
      vehicle(6, { status: 'on_hold' }),
    ]);
    const result = normaliseVehicles(records, site(), NOW);
    expect(result.vehicles.map((v) => v.id)).toEqual([1, 2, 3]);
    expect(result.filtered.map((f) => f.id)).toEqual([4, 5, 6]);
    expect(normaliseVehicles(records, site('stock:\n  includeSoldDays: 5\n'), NOW).vehicles.map((v) => v.id)).toEqual([1, 2, 3, 4]);
  });

  it('applies each per-site stock filter', () => {
    const records = parsed([
      vehicle(1),
      vehicle(2, { car_type: 'new' }),
      vehicle(3, { status: 'coming_soon' }),
      vehicle(4, { stocknum: 'HOLD-1' }),
      vehicle(5, { make: 'Ferrari' }),
      vehicle(6, { km: 300_001 }),
      vehicle(7, { item_type: 'caravan' }),
    ]);
    const ids = (extra: string) => normaliseVehicles(records, site(extra), NOW).vehicles.map((v) => v.id);
    expect(ids('')).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(ids('stock:\n  usedOnly: true\n')).toEqual([1, 3, 4, 5, 6, 7]);
    expect(ids('stock:\n  inStockOnly: true\n')).toEqual([1, 2, 4, 5, 6, 7]);
    expect(ids('stock:\n  excludeStockNumbers: [HOLD-1]\n')).toEqual([1, 2, 3, 5, 6, 7]);
    expect(ids('stock:\n  excludeMakes: [ferrari]\n')).toEqual([1, 2, 3, 4, 6, 7]);
    expect(ids('stock:\n  maxKm: 300000\n')).toEqual([1, 2, 3, 4, 5, 7]);
    expect(ids('stock:\n  itemTypes: [car]\n')).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('pull: validation and quarantine', () => {
  it('quarantines bad records with id, field path, reason and source, and publishes the rest', async () => {
    await writeFeed([
      vehicle(1),
      vehicle(2, { price: -5 }),
      vehicle(3, { price: 'NaN' }),
      vehicle(4, { year: 'last year' }),
      vehicle(5, { make: undefined }),
      vehicle(6, { created_at: '2025-02-30T10:00:00Z' }),
      vehicle(7),
    ]);
    const report = await pullSite(site(), { root, now: NOW });
    expect(report.counts).toMatchObject({ pulled: 7, quarantined: 5, published: 2 });
    const byId = Object.fromEntries(report.quarantined.map((q) => [q.id, q]));
    expect(byId['2']).toMatchObject({ source: 'vehicles', path: 'price' });
    expect(byId['3']).toMatchObject({ path: 'price' });
    expect(byId['4']).toMatchObject({ path: 'year' });
    expect(byId['5']).toMatchObject({ path: 'make' });
    expect(byId['6']).toMatchObject({ path: 'created_at' });
    const snapshot = await readSnapshot('test-motors', root);
    expect(snapshot!.vehicles.map((v) => v.id)).toEqual([1, 7]);
    const written = JSON.parse(await readFile(pullReportPath('test-motors', root), 'utf8'));
    expect(written.quarantined).toHaveLength(5);
  });

  it('reads a four-digit year sent as text as a number, as the platform sometimes sends it', () => {
    expect(VehicleSchema.parse(vehicle(1, { year: '2024' })).year).toBe(2024);
  });

  it('rejects NaN and Infinity prices handed over in memory', () => {
    expect(VehicleSchema.safeParse(vehicle(1, { price: Number.NaN })).success).toBe(false);
    expect(VehicleSchema.safeParse(vehicle(1, { price: Number.POSITIVE_INFINITY })).success).toBe(false);
  });

  it('stores text as given and sanitises it only when rendering', async () => {
    const comment = 'Great car <script>alert(1)</script><img src=x onerror="alert(2)"> <a href="javascript:alert(3)">call</a> <b>now</b>';
    await writeFeed([vehicle(1, { dealercomments: comment, model: 'Corolla 汽车' })]);
    await pullSite(site(), { root, now: NOW });
    const stored = (await readSnapshot('test-motors', root))!.vehicles[0]!;
    expect(stored.dealercomments).toBe(comment);
    expect(stored.model).toBe('Corolla 汽车');
    const safe = sanitize(stored.dealercomments);
    expect(safe).not.toMatch(/script|onerror|javascript:|<img/);
    expect(safe).toContain('<b>now</b>');
  });

  it('stops with a clear message on a corrupt feed file, leaving the last snapshot', async () => {
    await writeFeed([vehicle(1), vehicle(2)]);
    await pullSite(site(), { root, now: NOW });
    const before = await readFile(snapshotPath('test-motors', root), 'utf8');
    await writeFeed('[{"id": 1, "make": "Toy');
    await expect(pullSite(site(), { root, now: NOW })).rejects.toThrow(/test-motors: data\/feed\/test-motors\/vehicles\.json is not valid JSON/);
    expect(await readFile(snapshotPath('test-motors', root), 'utf8')).toBe(before);
  });
});

describe('pull: the stock-drop guard', () => {
  const demo = generateSiteFeed('bayside-mg', 300, 1, '2026-11-22').feed.vehicles;

  it('refuses an 80% drop in available vehicles, keeps the last good snapshot, and accepts it with force', async () => {
    await writeFeed(demo);
    const first = await pullSite(site(), { root, now: NOW });
    const before = await readFile(snapshotPath('test-motors', root), 'utf8');

    await writeFeed(demo.slice(0, 60));
    const error = await pullSite(site(), { root, now: NOW }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StockDropError);
    expect((error as Error).message).toContain(`against ${first.counts.available} in the last good snapshot`);
    expect((error as Error).message).toContain('below the 50% limit');
    expect((error as Error).message).toContain('npm run pull -- --site test-motors --force');
    expect(await readFile(snapshotPath('test-motors', root), 'utf8')).toBe(before);
    const refused = JSON.parse(await readFile(pullReportPath('test-motors', root), 'utf8'));
    expect(refused.published).toBe(false);

    const forced = await pullSite(site(), { root, now: NOW, force: true });
    expect(forced.published).toBe(true);
    expect((await readSnapshot('test-motors', root))!.vehicles.length).toBe(forced.counts.published);
  });

  it('accepts a drop that stays within the configured fraction', async () => {
    await writeFeed(demo);
    await pullSite(site(), { root, now: NOW });
    await writeFeed(demo.slice(0, 240));
    await expect(pullSite(site(), { root, now: NOW })).resolves.toMatchObject({ published: true });
    await writeFeed(demo.slice(0, 100));
    await expect(pullSite(site('stockDropGuard: 0.3\n'), { root, now: NOW })).resolves.toMatchObject({ published: true });
  });

  it('refuses a feed of 0 vehicles, with or without an earlier snapshot', async () => {
    await writeFeed([]);
    await expect(pullSite(site(), { root, now: NOW })).rejects.toThrow(/no available vehicles/);
    await writeFeed(demo);
    await pullSite(site(), { root, now: NOW });
    await writeFeed([]);
    await expect(pullSite(site(), { root, now: NOW })).rejects.toThrow(StockDropError);
    expect((await readSnapshot('test-motors', root))!.vehicles.length).toBeGreaterThan(0);
  });
});

describe('pull: a snapshot checked by the code that wrote it', () => {
  const demo = generateSiteFeed('bayside-mg', 120, 1, '2026-11-22').feed.vehicles;
  // The stamp as the snapshot file documents it: a digest of the code version and of every byte after the first line.
  const restamp = (text: string, codeVersion: string) => {
    const body = text.slice(text.indexOf('\n') + 1);
    const stamp = createHash('sha256').update(codeVersion).update('\0').update(body).digest('base64url');
    return text.replace(/"checked":"[^"]*"/, `"checked":${JSON.stringify(stamp)}`);
  };

  it('is read as the schema would read it, without checking it again under that code version alone', async () => {
    await writeFeed(demo);
    const report = await pullSite(site(), { root, now: NOW, codeVersion: 'v1' });
    const stamped = (await readSnapshot('test-motors', root, { codeVersion: 'v1' }))!;
    const checked = (await readSnapshot('test-motors', root))!;
    expect(stamped.vehicles.length).toBeGreaterThan(100);
    expect(stamped.vehicles).toHaveLength(report.counts.published);
    expect(JSON.stringify(stamped)).toBe(JSON.stringify(checked));

    // A price no schema allows, stamped as code version v1 checked it: v1 takes its word, any other version checks.
    const file = snapshotPath('test-motors', root);
    const text = await readFile(file, 'utf8');
    expect(text).toMatch(/^\{"generation":"[^"]+","checked":"[^"]+",\n/);
    const damaged = text.replace(/"price":\d+/, '"price":"call us"');
    await writeFile(file, restamp(damaged, 'v1'));
    expect((await readSnapshot('test-motors', root, { codeVersion: 'v1' }))!.vehicles.some((v) => (v.price as unknown) === 'call us')).toBe(true);
    await expect(readSnapshot('test-motors', root, { codeVersion: 'v2' })).rejects.toThrow(/test-motors\.json is damaged \(vehicles\.\d+\.price/);
    await expect(readSnapshot('test-motors', root)).rejects.toThrow(/is damaged/);

    // The same damage under the stamp v1 wrote: the stamp no longer matches, so v1 checks it too.
    await writeFile(file, damaged);
    await expect(readSnapshot('test-motors', root, { codeVersion: 'v1' })).rejects.toThrow(/is damaged \(vehicles\.\d+\.price/);
  });

  it('stamps a snapshot written in several parts with the digest of all of them', async () => {
    await writeFeed(generateSiteFeed('bayside-mg', 2_400, 1, '2026-11-22').feed.vehicles);
    const report = await pullSite(site(), { root, now: NOW, codeVersion: 'v1' });
    // A part holds 1,000 vehicles.
    expect(report.counts.published).toBeGreaterThan(2_000);
    const text = await readFile(snapshotPath('test-motors', root), 'utf8');
    expect(text).toMatch(/^\{"generation":"[^"]+","checked":"[\w-]{43}",\n/);
    expect(restamp(text, 'v1')).toBe(text);
    expect((await readSnapshot('test-motors', root, { codeVersion: 'v1' }))!.vehicles).toHaveLength(report.counts.published);
  });

  it('checks a stamped snapshot again once an update has logged a change to it', async () => {
    await writeFeed(demo);
    await pullSite(site(), { root, now: NOW, codeVersion: 'v1' });
    const before = (await readSnapshot('test-motors', root, { codeVersion: 'v1' }))!;
    const [first, ...others] = before.vehicles;
    const broken = { ...first!, price: 'call us' } as unknown as typeof first & {};
    await appendSnapshotChanges(before, { ...before, vehicles: [broken, ...others] }, new Set([Number(first!.id)]), root);
    await expect(readSnapshot('test-motors', root, { codeVersion: 'v1' })).rejects.toThrow(/is damaged \(vehicles\.0\.price/);
  });

  it('is given back as read from its file, field for field, while the file holds just what was written', async () => {
    await writeFeed(demo);
    // A second pull follows a snapshot, taking its unchanged vehicles as they were checked.
    await pullSite(site(), { root, now: NOW, codeVersion: 'v1' });
    const { snapshot } = await pullSiteSnapshot(site(), { root, now: new Date(NOW.getTime() + 86_400_000), codeVersion: 'v1' });
    const written = await snapshotAsWritten(snapshot, root);
    expect(written).not.toBeNull();
    // Strictly equal: no field the file would not hold, none with another type or order.
    const read = (await readSnapshot('test-motors', root, { codeVersion: 'v1' }))!;
    expect(isDeepStrictEqual(written, read)).toBe(true);
    expect(JSON.stringify(written)).toBe(JSON.stringify(read));

    // A change logged against the file since: read the file instead.
    const [first, ...others] = read.vehicles;
    await appendSnapshotChanges(read, { ...read, vehicles: [{ ...first!, price: first!.price + 100 }, ...others] }, new Set([Number(first!.id)]), root);
    expect(await snapshotAsWritten(snapshot, root)).toBeNull();
    // The file replaced by another pull: read it instead.
    const next = await pullSiteSnapshot(site(), { root, now: new Date(NOW.getTime() + 2 * 86_400_000), codeVersion: 'v1' });
    expect(await snapshotAsWritten(next.snapshot, root)).not.toBeNull();
    await pullSite(site(), { root, now: new Date(NOW.getTime() + 3 * 86_400_000), codeVersion: 'v1' });
    expect(await snapshotAsWritten(next.snapshot, root)).toBeNull();
    // Written without a stamp (no code version): read, and checked, from the file.
    const unstamped = await pullSiteSnapshot(site(), { root, now: new Date(NOW.getTime() + 4 * 86_400_000) });
    expect(await snapshotAsWritten(unstamped.snapshot, root)).toBeNull();
  });

  it('is written without a stamp when no code version is named, and checked when read', async () => {
    await writeFeed(demo);
    await pullSite(site(), { root, now: NOW });
    const text = await readFile(snapshotPath('test-motors', root), 'utf8');
    expect(text).toMatch(/^\{"generation":"[^"]+",\n/);
    await writeFile(snapshotPath('test-motors', root), text.replace(/"price":\d+/, '"price":"call us"'));
    await expect(readSnapshot('test-motors', root, { codeVersion: 'v1' })).rejects.toThrow(/is damaged/);
  });
});

describe('pull from the http source', () => {
  let server: PlatformServer;
  const env = { TEST_API_TOKEN: 'test-token-123456' };
  const httpSite = () =>
    site(`source:\n  kind: http\n  baseUrl: ${server.url}\n  tokenEnv: TEST_API_TOKEN\n  timeoutMs: 2000\n  retries: 1\n  pageSize: 100\n`);

  beforeEach(async () => {
    server = await startPlatformServer({ token: env.TEST_API_TOKEN, feed: { vehicles: generateSiteFeed('bayside-mg', 250, 3, '2026-11-22').feed.vehicles } });
  });
  afterEach(async () => {
    await server.close();
  });

  it('pulls every page into a snapshot, then reuses unchanged pages on the next pull', async () => {
    const report = await pullSite(httpSite(), { root, now: NOW, env });
    expect(report.counts.pulled).toBe(250);
    expect(report.published).toBe(true);
    await pullSite(httpSite(), { root, now: NOW, env });
    expect(server.requests.filter((r) => r.status === 304).length).toBeGreaterThan(0);
  });

  it('keeps the last good snapshot when the source fails: 401, 500 after retries, timeout', async () => {
    await pullSite(httpSite(), { root, now: NOW, env });
    const before = await readFile(snapshotPath('test-motors', root), 'utf8');
    await expect(pullSite(httpSite(), { root, now: NOW, env: { TEST_API_TOKEN: 'wrong-token-000000' } })).rejects.toThrow(/401.*TEST_API_TOKEN/);
    server.fault('/vehicles', { kind: 'status', status: 500 });
    await expect(pullSite(httpSite(), { root, now: NOW, env })).rejects.toThrow(/test-motors: GET .*\/vehicles.*500/);
    expect(await readFile(snapshotPath('test-motors', root), 'utf8')).toBe(before);
  });

  it('refuses a 50 MB response under the default limit and keeps the last snapshot', async () => {
    await pullSite(httpSite(), { root, now: NOW, env });
    const before = await readFile(snapshotPath('test-motors', root), 'utf8');
    server.fault('/offers', { kind: 'huge', bytes: 50 * 1024 * 1024 });
    await expect(pullSite(httpSite(), { root, now: NOW, env })).rejects.toThrow(/over the 32(\.0)? MB limit/);
    expect(await readFile(snapshotPath('test-motors', root), 'utf8')).toBe(before);
  });
});

describe('npm run pull', () => {
  it('names the known sites when given an unknown slug, and exits non-zero', async () => {
    const run = promisify(execFile)(process.execPath, ['scripts/pull.ts', '--site', 'bayside-gm'], { cwd: process.cwd() });
    const error = (await run.catch((e: unknown) => e)) as { code: number; stderr: string };
    expect(error.code).toBe(1);
    expect(error.stderr).toContain('Unknown site "bayside-gm". Did you mean "bayside-mg"?');
  });
});

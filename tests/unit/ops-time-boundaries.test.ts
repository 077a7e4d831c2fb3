import { createHash } from 'node:crypto';
import { readFile, readdir, realpath, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { loadAllSiteConfigs, findSite } from '../../src/data/site-config.ts';
import { buildRouteManifest, vehicleFacets } from '../../src/data/route-manifest.ts';
import { loadSiteContent, siteData } from '../../src/data/site-data.ts';
import { readSnapshot } from '../../src/data/snapshot-files.ts';
import { buildSites } from '../../src/generator/build.ts';
import { outputFile } from '../../src/generator/output-paths.ts';
import { offerPath } from '../../src/lib/urls.ts';
import { matchesFilter, type SearchFilter } from '../../src/search/query.ts';
import { BoundaryClock, MAX_TIMER_MS } from '../../src/ops/boundary-clock.ts';
import { SiteQueue } from '../../src/ops/site-queue.ts';
import { createSiteRunner } from '../../src/ops/site-runner.ts';
import { OpsStore } from '../../src/ops/store.ts';
import { differencesFromFullBuild } from '../support/site-compare.ts';
import { TEST_SITE, testSiteRoot } from '../support/test-site.ts';

// One small dealer, built in full, then moved through time by an injected clock: the ops server's
// boundary clock must notice an offer's expiry, a sold vehicle's include-sold cutoff and the end of a
// vehicle's New Arrival days, and the run it asks for must change exactly the pages those touch.
const slug = TEST_SITE;
const MINUTE = 60_000;
const DAY_S = 86_400;
// The test's hour is fixed: 11 am on a Wednesday in Brisbane, with the demo feed's dates relative to that
// day. So no opening or closing time of the demo locations, and no date of the feed, falls in it whatever
// day the test runs on; the pages left alone then read as a full build of the same moment.
const FEED_DAY = '2026-11-18';
const started = Date.parse(`${FEED_DAY}T11:00:00+10:00`);
// The offer runs out 20 minutes after the test starts; the sold vehicle's 3 days end 5 minutes later, and a
// new arrival's days 5 minutes after that.
const OFFER_EXPIRY = new Date(started + 20 * MINUTE);
const SOLD_CUTOFF_S = Math.floor((started + 25 * MINUTE) / 1000);
const NEW_ARRIVAL_END = new Date(started + 30 * MINUTE + 1);
const OFFER_ID = 'reserve-online';

let root: string;
let store: OpsStore;
let queue: SiteQueue;
let clock: BoundaryClock;
let soldId: number;
let soldSlug: string;
let arrivalId: number;
let arrivalSlug: string;
let clockNow = new Date(started);
const timers: Array<{ fn: () => void; ms: number; cleared: boolean }> = [];
const log: string[] = [];

async function files(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = `${prefix}${entry.name}`;
    if (entry.isDirectory()) out.push(...(await files(path.join(dir, entry.name), `${rel}/`)));
    else out.push(rel);
  }
  return out;
}

/** Every HTML page of the live release, path -> sha256. */
async function pageHashes(): Promise<Map<string, string>> {
  const live = await realpath(path.join(root, 'out', slug));
  const pages = (await files(live)).filter((f) => f.endsWith('.html'));
  return new Map(await Promise.all(pages.map(async (f) => [f, createHash('sha256').update(await readFile(path.join(live, f))).digest('hex')] as [string, string])));
}

async function page(file: string): Promise<string> {
  return readFile(path.join(await realpath(path.join(root, 'out', slug)), file), 'utf8');
}

function changed(before: Map<string, string>, after: Map<string, string>): { changed: string[]; removed: string[]; added: string[] } {
  return {
    changed: [...after].filter(([f, h]) => before.has(f) && before.get(f) !== h).map(([f]) => f).sort(),
    removed: [...before.keys()].filter((f) => !after.has(f)).sort(),
    added: [...after.keys()].filter((f) => !before.has(f)).sort(),
  };
}

/** The one armed timer: fires it after moving the clock to `to`. */
async function advanceTo(to: Date): Promise<void> {
  clockNow = to;
  const armed = timers.filter((t) => !t.cleared);
  expect(armed).toHaveLength(1);
  armed[0]!.cleared = true;
  armed[0]!.fn();
  await new Promise((resolve) => setTimeout(resolve, 10));
  await queue.whenIdle();
  // The clock re-arms after the run's finish; let its refresh settle.
  await new Promise((resolve) => setTimeout(resolve, 50));
}

const live = async () => {
  const site = findSite(loadAllSiteConfigs('sites', root), slug);
  const data = siteData((await readSnapshot(slug, root))!, loadSiteContent(slug, root));
  return { site, data, routes: buildRouteManifest(site, data) };
};

beforeAll(async () => {
  root = await testSiteRoot('time-boundaries', 30, { asOf: FEED_DAY });
  // The offer ends soon; no other offer starts or ends in the test's hour.
  const offersFile = path.join(root, 'content', slug, 'offers.yaml');
  const offers = parse(await readFile(offersFile, 'utf8')) as Array<Record<string, unknown>>;
  const offer = offers.find((o) => o.id === OFFER_ID)!;
  offer.start = '2026-01-01T00:00:00+10:00';
  offer.expiry = OFFER_EXPIRY.toISOString();
  await writeFile(offersFile, stringify(offers));
  // One vehicle sold 3 days before its cutoff; every other sold vehicle long enough ago to be gone already.
  const feedFile = path.join(root, 'data', 'feed', slug, 'vehicles.json');
  const feed = JSON.parse(await readFile(feedFile, 'utf8')) as Array<Record<string, unknown>>;
  for (const v of feed) if (v.sold_date_timestamp) v.sold_date_timestamp = Math.floor(started / 1000) - 30 * DAY_S;
  const sold = feed.find((v) => v.status === 'in_stock' && v.show_on_dealer_website !== false)!;
  Object.assign(sold, { status: 'sold', sold: true, sold_date_timestamp: SOLD_CUTOFF_S - 3 * DAY_S });
  soldId = Number(sold.id);
  // One vehicle, with no badge ranking above New Arrival, whose new-arrival days end in the test's hour;
  // every other vehicle's end well away from it.
  const newArrivalMs = findSite(loadAllSiteConfigs('sites', root), slug).vehicle.newArrivalDays * DAY_S * 1000;
  const arrival = feed.find((v) => v !== sold && v.status === 'in_stock' && v.show_on_dealer_website !== false && !v.reserved && !v.tag && !v.certified && !/electric|hybrid/i.test(`${v.fuel} ${v.simple_fuel}`))!;
  for (const v of feed) {
    const ends = Date.parse(String(v.created_at)) + newArrivalMs;
    if (Math.abs(ends - started) < DAY_S * 1000) v.created_at = new Date(Date.parse(String(v.created_at)) - 2 * DAY_S * 1000).toISOString();
  }
  arrival.created_at = new Date(NEW_ARRIVAL_END.getTime() - 1 - newArrivalMs).toISOString();
  arrivalId = Number(arrival.id);
  await writeFile(feedFile, JSON.stringify(feed));

  await buildSites({ root, site: slug, interactive: false, now: new Date(started) });
  const snapshot = (await readSnapshot(slug, root))!;
  soldSlug = snapshot.vehicles.find((v) => Number(v.id) === soldId)!.slug;
  arrivalSlug = snapshot.vehicles.find((v) => Number(v.id) === arrivalId)!.slug;
  store = new OpsStore(path.join(root, 'data', 'ops', 'ops.sqlite'));
  const runner = createSiteRunner({ store, root, appRoot: process.cwd(), log: (l) => log.push(l), now: () => clockNow });
  queue = new SiteQueue(runner, { coalesceMs: 0 });
  clock = new BoundaryClock({
    sites: loadAllSiteConfigs('sites', root),
    root,
    queue,
    now: () => clockNow,
    log: (l) => log.push(l),
    timers: {
      setTimeout: (fn, ms) => {
        const timer = { fn, ms, cleared: false };
        timers.push(timer);
        return timer;
      },
      clearTimeout: (t) => void ((t as { cleared: boolean }).cleared = true),
    },
  });
  await clock.start();
}, 240_000);

afterAll(async () => {
  clock?.close();
  queue?.close();
  store?.close();
  await rm(root, { recursive: true, force: true });
});

describe('time-aware republishing', () => {
  it("arms one timer for the site's next boundary, the offer's expiry, never longer than setTimeout can wait", async () => {
    const pulledAt = Date.parse((await readSnapshot(slug, root))!.meta.pulledAt);
    clockNow = new Date(pulledAt);
    await clock.refresh(slug);
    expect(clock.next(slug)).toEqual({ at: new Date(OFFER_EXPIRY.getTime() + 1), causes: [{ kind: 'offer-expiry', offerId: OFFER_ID }] });
    const armed = timers.filter((t) => !t.cleared);
    expect(armed).toHaveLength(1);
    expect(armed[0]!.ms).toBe(OFFER_EXPIRY.getTime() + 1 - pulledAt);

    // A boundary further off than setTimeout's limit is waited for in steps: an early firing re-arms.
    clockNow = new Date(OFFER_EXPIRY.getTime() - 40 * DAY_S * 1000);
    await clock.refresh(slug);
    const far = timers.filter((t) => !t.cleared);
    expect(far).toHaveLength(1);
    expect(far[0]!.ms).toBe(MAX_TIMER_MS);
    far[0]!.cleared = true;
    clockNow = new Date(clockNow.getTime() + MAX_TIMER_MS);
    far[0]!.fn();
    const again = timers.filter((t) => !t.cleared);
    expect(again).toHaveLength(1);
    expect(again[0]!.ms).toBe(OFFER_EXPIRY.getTime() + 1 - clockNow.getTime());
    // Fired early, it asked for no run.
    expect(queue.status(slug).state).toBe('idle');
    clockNow = new Date(pulledAt);
  });

  it('takes the site a run just published from the run, not from disk', async () => {
    const snapshot = (await readSnapshot(slug, root))!;
    // Only in memory: an offer ending 10 minutes earlier than the one on disk.
    const sooner = new Date(OFFER_EXPIRY.getTime() - 10 * MINUTE);
    const published = { ...snapshot, offers: snapshot.offers.map((o) => (String(o.id) === OFFER_ID ? { ...o, expiry: sooner.toISOString() } : o)) };
    queue.emit('finish', slug, { status: 'published', kind: 'incremental', pages: 0, durationMs: 0 }, { snapshot: published, content: loadSiteContent(slug, root) });
    await new Promise((resolve) => setImmediate(resolve));
    expect(clock.next(slug)).toEqual({ at: new Date(sooner.getTime() + 1), causes: [{ kind: 'offer-expiry', offerId: OFFER_ID }] });
    // Without one (a full build, a failed run), the site is read from disk again.
    await clock.refresh(slug);
    expect(clock.next(slug)).toEqual({ at: new Date(OFFER_EXPIRY.getTime() + 1), causes: [{ kind: 'offer-expiry', offerId: OFFER_ID }] });
  });

  it("removes an expired offer from every page that listed it, and changes no other page", async () => {
    const { routes } = await live();
    const listing = routes.filter((r) => r.deps.offers?.includes(OFFER_ID)).map((r) => outputFile('', r.path, r.kind).replace(/^\//, ''));
    // An offer card links to the offer's page: that link is how a page lists it.
    const offerHref = `href="${offerPath((await live()).data.offers.find((o) => String(o.id) === OFFER_ID)!)}"`;
    const before = await pageHashes();
    expect(await page('special-offers/index.html')).toContain(offerHref);
    expect(await page('index.html')).toContain(offerHref);

    await advanceTo(new Date(OFFER_EXPIRY.getTime() + 1));

    const build = store.lastBuild(slug)!;
    expect(build).toMatchObject({ status: 'published', kind: 'incremental', trigger: `clock: offer ${OFFER_ID} expired` });
    const diff = changed(before, await pageHashes());
    expect(diff.removed).toEqual([]);
    expect(diff.added).toEqual([]);
    // Only pages depending on the offer, and of those the list and the home page at least.
    expect(diff.changed.length).toBeGreaterThan(0);
    for (const file of diff.changed) expect(listing, file).toContain(file);
    expect(diff.changed).toEqual(expect.arrayContaining(['index.html', 'special-offers/index.html']));
    console.info(`offer expiry: ${diff.changed.length} of ${before.size} pages changed (${diff.changed.join(', ')})`);
    expect(await page('special-offers/index.html')).not.toContain(offerHref);
    expect(await page('index.html')).not.toContain(offerHref);
    // No page but the offer's own still links to it.
    const live2 = await realpath(path.join(root, 'out', slug));
    for (const file of [...(await pageHashes()).keys()].filter((f) => !f.startsWith('offers/'))) {
      expect(await readFile(path.join(live2, file), 'utf8'), file).not.toContain(offerHref);
    }
    // The clock has moved on to the sold vehicle.
    expect(clock.next(slug)).toEqual({ at: new Date(SOLD_CUTOFF_S * 1000 + 1), causes: [{ kind: 'sold-cutoff', vehicleId: soldId }] });
  }, 120_000);

  it("drops a sold vehicle when its include-sold days run out: its pages go, the pages listing it lose it, nothing else changes", async () => {
    const { routes, data } = await live();
    const vehicle = data.vehicles.find((v) => Number(v.id) === soldId)!;
    const facets = new Set(vehicleFacets(vehicle));
    const href = `/cars/${soldSlug}/`;
    const before = await pageHashes();
    const listedIt = new Set<string>();
    const live1 = await realpath(path.join(root, 'out', slug));
    for (const file of before.keys()) if ((await readFile(path.join(live1, file), 'utf8')).includes(href)) listedIt.add(file);
    expect(listedIt.has(`cars/${soldSlug}/index.html`)).toBe(true);
    expect(listedIt.size).toBeGreaterThan(1);
    // Pages whose figures count the vehicle may change too: stock counts, its make, body or location, and
    // search pages whose counts and statistics take in every vehicle they match, or that count the other
    // values of one of their refinements (the make list of a make's page).
    const widerMatch = (filter: SearchFilter) => Object.keys(filter).some((key) => matchesFilter(vehicle, { ...filter, [key]: undefined }));
    const counting = new Set(routes.filter((r) => r.deps.stockCounts || r.deps.facets?.some((f) => facets.has(f)) || (r.kind === 'search' && (matchesFilter(vehicle, r.filter) || widerMatch(r.filter)))).map((r) => outputFile('', r.path, r.kind).replace(/^\//, '')));
    // The other makes' and locations' pages show the site's stock figures, but none that the vehicle is in:
    // they are not even rendered again (each page rendered is a new file in place of the old one).
    const untouched = routes
      .filter((r) => (r.kind === 'brand' && r.makeSlug !== vehicle.make_slug) || (r.kind === 'location' && r.locationId !== Number(vehicle.location_id) && !r.deps.facets?.some((f) => facets.has(f))))
      .map((r) => outputFile('', r.path, r.kind).replace(/^\//, ''));
    expect(untouched.length, 'other makes or locations have pages').toBeGreaterThan(0);
    const fileIds = async () => Promise.all(untouched.map(async (f) => `${f} ${(await stat(path.join(await realpath(path.join(root, 'out', slug)), f))).ino}`));
    const idsBefore = await fileIds();

    await advanceTo(new Date(SOLD_CUTOFF_S * 1000 + 1));

    expect(store.lastBuild(slug)).toMatchObject({ status: 'published', kind: 'incremental', trigger: `clock: sold vehicle ${soldId} past its include-sold days` });
    expect((await readSnapshot(slug, root))!.vehicles.some((v) => Number(v.id) === soldId)).toBe(false);
    const after = await pageHashes();
    const diff = changed(before, after);
    expect(diff.added).toEqual([]);
    expect(diff.removed).toContain(`cars/${soldSlug}/index.html`);
    for (const file of diff.removed) expect(file.startsWith(`cars/${soldSlug}/`), file).toBe(true);
    for (const file of diff.changed) expect(listedIt.has(file) || counting.has(file), file).toBe(true);
    console.info(`sold cutoff: ${diff.changed.length} of ${before.size} pages changed, ${diff.removed.length} removed; ${listedIt.size} linked the vehicle before`);
    // Every page that listed it and is still there was rendered again, and none links it now.
    const live2 = await realpath(path.join(root, 'out', slug));
    for (const file of after.keys()) expect(await readFile(path.join(live2, file), 'utf8'), file).not.toContain(href);
    for (const file of listedIt) if (after.has(file)) expect(diff.changed, file).toContain(file);
    // The home page's stock figures counted it while it was recently sold, so they change too.
    expect(diff.changed).toContain('index.html');
    expect(await readFile(path.join(live2, '_redirects'), 'utf8')).toContain(`/cars/${soldSlug}/`);
    expect(await fileIds()).toEqual(idsBefore);
    expect(await differencesFromFullBuild(root, slug)).toEqual([]);
    // The clock has moved on to the new arrival.
    expect(clock.next(slug)).toEqual({ at: NEW_ARRIVAL_END, causes: [{ kind: 'new-arrival-end', vehicleId: arrivalId }] });
  }, 120_000);

  it("takes a vehicle's New Arrival badge off when its days run out: only pages showing it change", async () => {
    const href = `/cars/${arrivalSlug}/`;
    const before = await pageHashes();
    const badges = async (file: string) => (await page(file)).split('New Arrival').length - 1;
    const showedIt = new Map<string, number>();
    for (const file of before.keys()) if ((await page(file)).includes(href)) showedIt.set(file, await badges(file));
    expect(showedIt.size).toBeGreaterThan(1);

    await advanceTo(NEW_ARRIVAL_END);

    expect(store.lastBuild(slug)).toMatchObject({ status: 'published', kind: 'incremental', trigger: `clock: vehicle ${arrivalId} no longer a new arrival` });
    const diff = changed(before, await pageHashes());
    expect(diff.added).toEqual([]);
    expect(diff.removed).toEqual([]);
    for (const file of diff.changed) expect(showedIt.has(file), file).toBe(true);
    console.info(`new arrival's end: ${diff.changed.length} of ${before.size} pages changed; ${showedIt.size} showed the vehicle`);
    // The stock search lists it on its pages, each of which now names New Arrival less often (in the card
    // and in the island's props).
    const lists = diff.changed.filter((file) => file.startsWith('search/') || file.startsWith('used-car/'));
    expect(lists.length).toBeGreaterThan(0);
    for (const file of lists) expect(await badges(file), file).toBeLessThan(showedIt.get(file)!);
    expect(await differencesFromFullBuild(root, slug)).toEqual([]);
    // Nothing left in this test's hour: no timer due before the next offer start weeks away.
    const next = clock.next(slug);
    expect(next === null || next.at.getTime() > NEW_ARRIVAL_END.getTime() + 60 * MINUTE).toBe(true);
  }, 120_000);
});

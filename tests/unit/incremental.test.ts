import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, realpath, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSiteFeed } from '../../src/data/demo/generate.ts';
import { readSnapshot, snapshotPath } from '../../src/data/snapshot-files.ts';
import { buildSites, buildStatePath, routeFingerprintsPath, type RouteFingerprintsFile } from '../../src/generator/build.ts';
import { replacedFilesDir } from '../../src/generator/publish.ts';
import { differencesFromFullBuild } from '../support/site-compare.ts';
import { TEST_SITE, testSiteRoot } from '../support/test-site.ts';
import { createSiteRunner } from '../../src/ops/site-runner.ts';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { applyEvents, loadLiveSite, updateLiveSite } from '../../src/generator/incremental.ts';
import { compileApp, loadAppEntry } from '../../src/generator/compile.ts';
import { listPublicFiles } from '../../src/generator/public-files.ts';
import { searchLandings } from '../../src/search/landings.ts';
import type { SettledSearch } from '../../src/render/search-page-answers.ts';
import type { RenderLocals } from '../../src/views/render-locals.ts';
import { SIMILAR_SECTION_START } from '../../src/render/similar-section.ts';
import { matchesFilter } from '../../src/search/query.ts';
import { OpsStore } from '../../src/ops/store.ts';
import type { WebhookEvent } from '../../src/schemas/webhook.ts';

// A small dealer built in full, then changed by events through the runner the
// ops server uses. After each batch, the site on disk must equal a full build
// of the resulting snapshot, file for file.
const slug = TEST_SITE;
let root: string;
let store: OpsStore;
let runner: ReturnType<typeof createSiteRunner>;
const log: string[] = [];

let seq = 0;
// Events happen within the last hour: a pull judges a sale's age against the real clock (sold vehicles stay
// listed for a few days), so a fixed date would make this test fail once that many days had passed.
const EVENTS_FROM = Date.now() - 3_600_000;
function journal(type: WebhookEvent['type'], id: number, record?: Record<string, unknown>): string {
  // Each change happens a second after the one before, as the platform would stamp them.
  const occurredAt = new Date(EVENTS_FROM + ++seq * 1000).toISOString();
  const event: WebhookEvent = { id: `evt-${seq}`, type, occurred_at: occurredAt, data: { id, ...(record ? { record } : {}) } };
  expect(store.journal(slug, event)).toEqual({ status: 'stored' });
  return event.id;
}

const run = (plan: Partial<{ events: boolean; content: boolean; full: boolean }>) =>
  runner(slug, { events: false, content: false, full: false, triggers: ['test'], ...plan }, () => {});

/** An in-stock vehicle priced between the others that some landing page lists beyond its first page, where its price does not show. */
async function vehicleListedBeyondFirstPage() {
  const live = await loadLiveSite(findSite(loadAllSiteConfigs('sites', root), slug), root);
  const prices = live.snapshot.vehicles.filter((x) => x.status === 'in_stock').map((x) => x.price);
  const beyondFirstPage = (x: (typeof live.snapshot.vehicles)[number]) =>
    live.routes.some((r) => r.kind === 'search' && matchesFilter(x, r.filter) && !(r.deps.vehicles ?? []).includes(Number(x.id)));
  const v = live.snapshot.vehicles.find((x) => x.status === 'in_stock' && beyondFirstPage(x) && x.price > Math.min(...prices) + 3000 && x.price < Math.max(...prices) - 3000)!;
  expect(v, 'an in-stock vehicle listed beyond a first page, priced between the others').toBeTruthy();
  return { live, v, prices };
}

/**
 * A runner just started (it knows no page of its own) applies a dollar off a vehicle some landing page lists
 * beyond its first page; the site must then equal a full build. Returns how many search pages it kept.
 */
async function keptOnFirstChangeAfterLoading(): Promise<number> {
  const { v } = await vehicleListedBeyondFirstPage();
  const fresh = createSiteRunner({ store, root, appRoot: process.cwd() });
  journal('vehicle.updated', Number(v.id), { ...v, price: v.price - 1 });
  const outcome = await fresh(slug, { events: true, content: false, full: false, triggers: ['test'] }, () => {});
  expect(outcome.status, outcome.message).toBe('published');
  expect(await differencesFromFullBuild(root, slug)).toEqual([]);
  return (outcome.report as { searchPagesKept: number }).searchPagesKept;
}

/** Every file under `dir` with its size and when it was last written. */
async function filesWithTimes(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const { size, mtimeMs } = await stat(file);
    out.push(`${path.relative(dir, file)} ${size} ${mtimeMs}`);
  }
  return out.sort();
}

beforeAll(async () => {
  root = await testSiteRoot('incremental', 60);
  await buildSites({ root, site: slug, interactive: false });
  store = new OpsStore(path.join(root, 'data', 'ops', 'ops.sqlite'));
  runner = createSiteRunner({ store, root, appRoot: process.cwd(), log: (l) => log.push(l) });
}, 240_000);

afterAll(async () => {
  store?.close();
  await rm(root, { recursive: true, force: true });
});

describe('incremental updates', () => {
  it('applies a price change, a sale, a deletion, a new vehicle, a fetched update and a bad record, and equals a full build', async () => {
    const snapshot = (await readSnapshot(slug, root))!;
    const available = snapshot.vehicles.filter((v) => v.status === 'in_stock' && v.price > 2000);
    const [priced, sold, deleted, fetched] = available;
    const feed = JSON.parse(await readFile(path.join(root, 'data', 'feed', slug, 'vehicles.json'), 'utf8')) as Array<Record<string, unknown>>;
    const raw = (id: number) => feed.find((v) => v.id === id)!;
    const newcomer = generateSiteFeed(slug, 70, 20251122, '2026-11-22').feed.vehicles[65]!;

    // The platform's feed now has the fetched vehicle at a new price: an id-only event reads it from there.
    raw(Number(fetched!.id)).price = 12345;
    await writeFile(path.join(root, 'data', 'feed', slug, 'vehicles.json'), JSON.stringify(feed));

    const ids = [
      // Without a weekly subscription price, so the page shows the purchase price and the drop beside it.
      journal('vehicle.updated', Number(priced!.id), { ...raw(Number(priced!.id)), price: priced!.price - 1000, subscription_price: null }),
      journal('vehicle.sold', Number(sold!.id)),
      journal('vehicle.deleted', Number(deleted!.id)),
      journal('vehicle.created', Number(newcomer.id), newcomer),
      journal('vehicle.updated', Number(fetched!.id)),
      journal('vehicle.updated', Number(priced!.id) + 100_000, { ...raw(Number(priced!.id)), id: Number(priced!.id) + 100_000, price: -5 }),
    ];
    const outcome = await run({ events: true });
    expect(outcome.status, outcome.message).toBe('published');
    expect(outcome.kind).toBe('incremental');

    expect(ids.slice(0, 5).map((id) => store.event(slug, id)!.status)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied']);
    expect(store.event(slug, ids[5]!)).toMatchObject({ status: 'failed' });
    expect(store.event(slug, ids[5]!)!.error).toMatch(/quarantined: price/);

    const after = (await readSnapshot(slug, root))!;
    const byId = (id: unknown) => after.vehicles.find((v) => v.id === Number(id));
    expect(byId(priced!.id)!.price).toBe(priced!.price - 1000);
    // The price history gains the change, stamped with the event's time, and the page says so.
    expect(byId(priced!.id)!.price_history.at(-1)).toEqual({ at: store.event(slug, ids[0]!)!.event.occurred_at, from: priced!.price, to: priced!.price - 1000 });
    expect(byId(fetched!.id)!.price_history.at(-1)).toMatchObject({ from: fetched!.price, to: 12345 });
    expect(byId(sold!.id)!.status).toBe('sold');
    expect(byId(deleted!.id)).toBeUndefined();
    expect(byId(newcomer.id)).toBeTruthy();
    expect(byId(fetched!.id)!.price).toBe(12345);

    const live = await realpath(path.join(root, 'out', slug));
    expect(existsSync(path.join(live, 'cars', deleted!.slug, 'index.html'))).toBe(false);
    expect(await readFile(path.join(live, '_redirects'), 'utf8')).toContain(`/cars/${deleted!.slug}/* /search/`);
    expect(await readFile(path.join(live, 'cars', sold!.slug, 'index.html'), 'utf8')).toContain('SOLD');
    expect(await readFile(path.join(live, 'cars', priced!.slug, 'index.html'), 'utf8')).toContain('Price dropped $1,000 on ');

    expect(await differencesFromFullBuild(root, slug)).toEqual([]);
  }, 240_000);

  it('re-renders only what a single price change touches, not the whole site', async () => {
    const snapshot = (await readSnapshot(slug, root))!;
    const v = snapshot.vehicles.find((x) => x.status === 'in_stock' && x.price > 5000)!;
    journal('vehicle.updated', Number(v.id), { ...v, price: v.price + 500 });
    const outcome = await run({ events: true });
    expect(outcome.status, outcome.message).toBe('published');
    const report = outcome.report as { rendered: number };
    expect(report.rendered).toBeGreaterThan(0);
    expect(report.rendered).toBeLessThan(60);
    expect(await differencesFromFullBuild(root, slug)).toEqual([]);
    // The files it replaced were held until the new ones were all in place, then let go.
    const held = replacedFilesDir(await realpath(path.join(root, 'out', slug)));
    expect(existsSync(held)).toBe(true);
    expect(await readdir(held)).toEqual([]);
  }, 240_000);

  it("brings other pages' similar vehicles up to date in place, and renders a page whose section is not as published", async () => {
    const live = await loadLiveSite(findSite(loadAllSiteConfigs('sites', root), slug), root);
    const releaseDir = await realpath(path.join(root, 'out', slug));
    // An in-stock vehicle shown among the similar vehicles of at least two other vehicle pages.
    const listing = (id: number) => live.routes.filter((r) => r.kind === 'vehicle' && r.vehicleId !== id && r.similar?.includes(id));
    const v = live.snapshot.vehicles.find((x) => x.status === 'in_stock' && x.price > 5000 && listing(Number(x.id)).length >= 2)!;
    expect(v, 'a vehicle listed as similar on two pages').toBeTruthy();
    const [tampered, kept] = listing(Number(v.id)).map((r) => path.join(releaseDir, r.path, 'index.html'));
    // One page no longer holds its section as published: splicing it must give way to rendering it.
    const page = await readFile(tampered!, 'utf8');
    expect(page).toContain(SIMILAR_SECTION_START);
    await writeFile(tampered!, page.replace(SIMILAR_SECTION_START, '<section aria-labelledby="elsewhere"'));
    const price = v.price + 777;
    journal('vehicle.updated', Number(v.id), { ...v, price });

    const outcome = await run({ events: true });
    expect(outcome.status, outcome.message).toBe('published');
    const report = outcome.report as { rendered: number; patched: number };
    expect(report.patched).toBeGreaterThan(0);
    expect(outcome.message).toContain(`${report.patched} brought up to date in place`);
    const shown = `$${price.toLocaleString('en-AU')}`;
    for (const file of [kept!, tampered!]) expect(await readFile(file, 'utf8')).toContain(shown);
    expect(await differencesFromFullBuild(root, slug)).toEqual([]);
  }, 240_000);

  it('leaves a search page as it was when its searches answer the same, and renders it when they do not', async () => {
    const { v, prices } = await vehicleListedBeyondFirstPage();
    const change = async (price: number) => {
      journal('vehicle.updated', Number(v.id), { ...v, price });
      const outcome = await run({ events: true });
      expect(outcome.status, outcome.message).toBe('published');
      expect(await differencesFromFullBuild(root, slug)).toEqual([]);
      return outcome.report as { rendered: number; searchPagesKept: number };
    };
    // The first change renders its search pages, whose searches the running site then keeps.
    await change(v.price - 1);
    // A second change of a dollar shows on the pages listing it beyond their first page: their price range
    // and every count stay as they were.
    expect((await change(v.price - 2)).searchPagesKept).toBeGreaterThan(0);
    // The cheapest vehicle on the site now: the price range of every page listing it moves, so they are rendered.
    expect((await change(Math.min(...prices) - 500)).searchPagesKept).toBe(0);
  }, 240_000);

  it('keeps the newest price when an older change arrives after it, and equals a full build', async () => {
    const snapshot = (await readSnapshot(slug, root))!;
    const v = snapshot.vehicles.find((x) => x.status === 'in_stock' && x.price > 5000 && x.price < 90_000)!;
    const newest = journal('vehicle.updated', Number(v.id), { ...v, price: 91_111 });
    const occurredBefore = new Date(Date.parse(store.event(slug, newest)!.event.occurred_at) - 3_600_000).toISOString();
    const late: WebhookEvent = { id: 'evt-late', type: 'vehicle.updated', occurred_at: occurredBefore, data: { id: Number(v.id), record: { ...v, price: 92_222 } } };
    expect(store.journal(slug, late)).toEqual({ status: 'superseded', newer: newest });

    const outcome = await run({ events: true });
    expect(outcome.status, outcome.message).toBe('published');
    expect((await readSnapshot(slug, root))!.vehicles.find((x) => x.id === v.id)!.price).toBe(91_111);
    const page = await readFile(path.join(await realpath(path.join(root, 'out', slug)), 'cars', v.slug, 'index.html'), 'utf8');
    expect(page).toContain('91,111');
    expect(page).not.toContain('92,222');
    expect(store.event(slug, 'evt-late')!.status).toBe('superseded');
    expect(await differencesFromFullBuild(root, slug)).toEqual([]);
  }, 240_000);

  it('writes nothing for events that change nothing: an unlisted sale or deletion, a quarantined record, a record as it was', async () => {
    const live = await realpath(path.join(root, 'out', slug));
    const files = [path.join(live, 'sitemap.xml'), snapshotPath(slug, root), buildStatePath(slug, root)];
    const before = await Promise.all(files.map(async (f) => ({ bytes: await readFile(f, 'utf8'), mtimeMs: (await stat(f)).mtimeMs })));
    const v = (await readSnapshot(slug, root))!.vehicles.find((x) => x.status === 'in_stock')!;
    const ids = [
      journal('vehicle.sold', 999_991),
      journal('vehicle.deleted', 999_992),
      journal('vehicle.updated', 999_993, { ...v, id: 999_993, price: -5 }),
      journal('vehicle.updated', Number(v.id), { ...v }),
    ];
    const outcome = await run({ events: true });
    expect(outcome.status, outcome.message).toBe('published');
    expect(outcome.message).toContain('nothing on the site changed');
    expect(ids.map((id) => store.event(slug, id)!.status)).toEqual(['applied', 'applied', 'failed', 'applied']);
    const after = await Promise.all(files.map(async (f) => ({ bytes: await readFile(f, 'utf8'), mtimeMs: (await stat(f)).mtimeMs })));
    for (const [i, file] of files.entries()) {
      expect(after[i]!.mtimeMs, `${path.basename(file)} was not rewritten`).toBe(before[i]!.mtimeMs);
      expect(after[i]!.bytes === before[i]!.bytes, `${path.basename(file)} is unchanged`).toBe(true);
    }
    expect(await differencesFromFullBuild(root, slug)).toEqual([]);
  }, 240_000);

  it('re-renders what a content change touches (a page and the promo cards) and equals a full build', async () => {
    const page = path.join(root, 'content', slug, 'pages', 'careers.md');
    await writeFile(page, (await readFile(page, 'utf8')).replace(/\n$/, '\n\nWe are hiring a detailer.\n'));
    // A fresh runner, as `npm run rebuild` starts: it must find the change against the last build, not its own memory.
    const cli = createSiteRunner({ store, root, appRoot: process.cwd() });
    const outcome = await cli(slug, { events: false, content: true, full: false, triggers: ['test'] }, () => {});
    expect(outcome.status, outcome.message).toBe('published');
    expect(outcome.kind, outcome.message).toBe('content');
    expect((outcome.report as { rendered: number }).rendered).toBeGreaterThan(0);
    expect((outcome.report as { rendered: number }).rendered).toBeLessThan(10);
    expect(await readFile(path.join(await realpath(path.join(root, 'out', slug)), 'careers', 'index.html'), 'utf8')).toContain('We are hiring a detailer.');
    expect(await differencesFromFullBuild(root, slug)).toEqual([]);
  }, 240_000);

  it('builds in full, and says why, after a failed build', async () => {
    store.finishBuild(store.startBuild(slug, 'incremental', 'test'), { status: 'failed', message: 'simulated' });
    const v = (await readSnapshot(slug, root))!.vehicles[0]!;
    journal('vehicle.updated', Number(v.id), { ...v, km: (v.km ?? 0) + 10 });
    const outcome = await run({ events: true });
    expect(outcome.kind).toBe('full');
    expect(log.some((l) => l.includes('full build because its last build failed'))).toBe(true);
    expect(await differencesFromFullBuild(root, slug)).toEqual([]);
  }, 240_000);
  it("keeps a search page on a site's first change after loading, by the searches the last build noted", async () => {
    // The build before this test (a full one) noted every search page's searches. A runner just started knows
    // no page of its own, yet a change that answers a page's searches the same leaves that page as it is.
    expect(await keptOnFirstChangeAfterLoading()).toBeGreaterThan(0);
  }, 240_000);
  it("judges a loaded site's first change by the answers digests the last build noted, not by asking again", async () => {
    expect((await run({ full: true })).status).toBe('published');
    const file = routeFingerprintsPath(slug, root);
    const recorded = JSON.parse(await readFile(file, 'utf8')) as RouteFingerprintsFile;
    expect(Object.keys(recorded.searchDigests ?? {}).sort(), 'a digest for every noted search page').toEqual(Object.keys(recorded.searchRequests ?? {}).sort());
    // Digests no answers have: every page the change asks again is then taken to answer otherwise.
    for (const page of Object.keys(recorded.searchDigests!)) recorded.searchDigests![page] = 'no-answers-digest';
    await writeFile(file, JSON.stringify(recorded));
    expect(await keptOnFirstChangeAfterLoading()).toBe(0);
  }, 240_000);

  it('readies a loaded site before its first change without touching it; the change then equals a full build', async () => {
    const release = await realpath(path.join(root, 'out', slug));
    const untouched = async () => ({ release: await filesWithTimes(release), data: await filesWithTimes(path.join(root, 'data', 'snapshots')) });
    const before = await untouched();
    const lines: string[] = [];
    const fresh = createSiteRunner({ store, root, appRoot: process.cwd(), log: (l) => lines.push(l) });
    expect(await fresh.prepare(slug)).toBe(true);
    expect(lines).toEqual([expect.stringMatching(/^.+: loaded for updates in \d+ ms \(a made-up update of [1-9]\d* page\(s\) ran as a preview to warm up\)$/)]);
    // The made-up changes went nowhere: not into the live release, the snapshot, the build state or the journal.
    expect(await untouched()).toEqual(before);
    expect(await realpath(path.join(root, 'out', slug))).toBe(release);
    expect(store.event(slug, 'warm-up-price')).toBeNull();
    // The site it holds is the one its first change starts from, and that change renders as a full build would.
    const snapshot = (await readSnapshot(slug, root))!;
    const [priced, sold] = snapshot.vehicles.filter((v) => v.status === 'in_stock' && v.price > 5000).slice(-2);
    journal('vehicle.updated', Number(priced!.id), { ...priced, price: priced!.price - 250 });
    journal('vehicle.sold', Number(sold!.id));
    const outcome = await fresh(slug, { events: true, content: false, full: false, triggers: ['test'] }, () => {});
    expect(outcome.kind).toBe('incremental');
    expect(outcome.status, outcome.message).toBe('published');
    expect(await differencesFromFullBuild(root, slug)).toEqual([]);
    // A site it cannot load is left to its first run, which says what is wrong.
    expect(await fresh.prepare('no-such-dealer')).toBe(false);
    expect(lines.at(-1)).toMatch(/^no-such-dealer: not loaded ahead of its first update \(.+\); that update loads it\.$/);
  }, 240_000);

  it('keeps out of a preview a search page whose searches answer as before: the live page beneath stands', async () => {
    // Built in full: every search page's searches are noted with the digest of their answers.
    expect((await run({ full: true })).status).toBe('published');
    const { live, v } = await vehicleListedBeyondFirstPage();
    const entry = await loadAppEntry((await compileApp(process.cwd())).dir);
    const now = new Date();
    const applied = await applyEvents(live, [{ eventId: 'preview-price', event: { id: 'preview-price', type: 'vehicle.updated', occurred_at: now.toISOString(), data: { id: Number(v.id), record: { ...v, price: v.price - 1 } } } }], { now });
    const scratch = await mkdtemp(path.join(os.tmpdir(), 'preview-answers-'));
    const preview = async (folder: string, searchPageAnswers?: typeof entry.searchPageAnswers) =>
      (await updateLiveSite({ ...live, releaseDir: path.join(scratch, folder) }, { snapshot: applied.snapshot, touched: applied.touched }, entry.render, { root, preview: true, searchPageAnswers })).result;
    try {
      const asked = await preview('asked', entry.searchPageAnswers);
      const rendered = await preview('rendered');
      expect(asked.searchPagesKept).toBeGreaterThan(0);
      expect(rendered.searchPagesKept).toBe(0);
      // The kept pages are just what the preview that asked wrote less of.
      expect(asked.files.every((f) => rendered.files.includes(f))).toBe(true);
      expect(rendered.files.length - asked.files.length).toBe(asked.searchPagesKept);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }, 240_000);

  it('renders a search page again from what its island settled on, to the same bytes as a render afresh', async () => {
    const live = await loadLiveSite(findSite(loadAllSiteConfigs('sites', root), slug), root);
    const entry = await loadAppEntry((await compileApp(process.cwd())).dir);
    const route = live.routes.find((r) => r.kind === 'search' && r.filter.make !== undefined)!;
    const render = async (searchSettled?: SettledSearch) => {
      const locals: RenderLocals = {
        site: live.site, data: live.data, route, images: live.state.images, publicFiles: listPublicFiles(process.cwd()),
        asOf: live.snapshot.meta.pulledAt, landings: searchLandings(live.routes, live.data), ...(searchSettled ? { searchSettled } : {}),
      };
      const page = await entry.render(new Request(`${live.site.url}${route.path}`), locals);
      return { html: page.body.toString('utf8'), left: locals.searchAnswers! };
    };
    const afresh = await render();
    const settled = afresh.left.settled!;
    expect(settled, 'what the island settled on').toBeTruthy();
    const again = await render(settled);
    expect(again.html === afresh.html, 'the same bytes').toBe(true);
    expect(again.left.digest).toBe(afresh.left.digest);
    // The page is made from what it is handed: a mark put in it shows on the page...
    const marked = await render({ ...settled, requestParams: [{ marked: 'settled-mark-1' }] });
    expect(marked.html).toContain('settled-mark-1');
    // ...unless it was settled for other props, when the island is worked out afresh.
    const stale = await render({ ...settled, props: 'other', requestParams: [{ marked: 'settled-mark-2' }] });
    expect(stale.html === afresh.html, 'rendered afresh').toBe(true);
  }, 240_000);
  it('renders a search page on a loaded site from what the build noted its island settled on', async () => {
    // A build notes, for every search page, what its island settled on (and no page is updated since).
    expect((await run({ full: true })).status).toBe('published');
    const file = routeFingerprintsPath(slug, root);
    const recorded = JSON.parse(await readFile(file, 'utf8')) as RouteFingerprintsFile;
    const searchPages = Object.keys(recorded.searchRequests ?? {});
    expect(searchPages.length).toBeGreaterThan(0);
    expect(Object.keys(recorded.searchSettled ?? {}).sort()).toEqual(searchPages.sort());
    // A mark put in what the build noted shows on the pages a runner just started renders from it.
    for (const settled of Object.values(recorded.searchSettled!)) settled.requestParams = [{ marked: 'noted-settled-mark' }];
    await writeFile(file, JSON.stringify(recorded));
    const { live, v, prices } = await vehicleListedBeyondFirstPage();
    const releaseDir = await realpath(path.join(root, 'out', slug));
    const listing = live.routes.filter((r) => r.kind === 'search' && matchesFilter(v, r.filter)).map((r) => path.join(releaseDir, r.path, 'index.html'));
    const before = await Promise.all(listing.map((file) => readFile(file, 'utf8')));
    const fresh = createSiteRunner({ store, root, appRoot: process.cwd() });
    // Cheaper than every vehicle on the site: pages listing it move (those whose answers stay are kept).
    journal('vehicle.updated', Number(v.id), { ...v, price: Math.min(...prices) - 700 });
    const outcome = await fresh(slug, { events: true, content: false, full: false, triggers: ['test'] }, () => {});
    expect(outcome.status, outcome.message).toBe('published');
    const after = await Promise.all(listing.map((file) => readFile(file, 'utf8')));
    const rendered = listing.filter((_, i) => after[i] !== before[i]);
    expect(rendered.length).toBeGreaterThan(0);
    for (const file of rendered) expect(after[listing.indexOf(file)], file).toContain('noted-settled-mark');
    // Those pages are updated since the build, so what it noted of their searches no longer describes them;
    // what their island settled on still holds, and a runner started after that update renders them from it.
    const restarted = createSiteRunner({ store, root, appRoot: process.cwd() });
    journal('vehicle.updated', Number(v.id), { ...v, price: Math.min(...prices) - 1400 });
    const second = await restarted(slug, { events: true, content: false, full: false, triggers: ['test'] }, () => {});
    expect(second.status, second.message).toBe('published');
    const later = await Promise.all(listing.map((file) => readFile(file, 'utf8')));
    const renderedAgain = rendered.filter((file) => later[listing.indexOf(file)] !== after[listing.indexOf(file)]);
    expect(renderedAgain.length, 'pages the first update rendered, rendered again').toBeGreaterThan(0);
    for (const file of renderedAgain) expect(later[listing.indexOf(file)], file).toContain('noted-settled-mark');
    // What the mark left is put right by a build asked for in full, which never starts from noted states.
    expect((await buildSites({ root, site: slug, interactive: false, full: true })).sites[0]!.status).toBe('published');
    expect(await differencesFromFullBuild(root, slug)).toEqual([]);
  }, 240_000);
});

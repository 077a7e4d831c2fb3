import { existsSync } from 'node:fs';
import { readdir, readFile, realpath, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSnapshot } from '../../src/data/snapshot-files.ts';
import { buildSites, routeFingerprintsPath, staleRoutesPath, type RouteFingerprintsFile, type SiteBuildReport } from '../../src/generator/build.ts';
import { createSiteRunner } from '../../src/ops/site-runner.ts';
import { OpsStore } from '../../src/ops/store.ts';
import { differencesFromFullBuild } from '../support/site-compare.ts';
import { TEST_SITE, demoSiteRoot, testSiteRoot } from '../support/test-site.ts';

// A small dealer regenerated as the nightly job does: each build pulls, works out what every page is
// rendered from, and renders only the pages whose inputs changed since the live release, linking the rest
// from it. After each build the site on disk must equal a full build of its snapshot, file for file.
const slug = TEST_SITE;
const DAY_MS = 86_400_000;
let root: string;
// 3 am in Brisbane, a few days ago: the hour the nightly job runs, when every location is closed.
const first = new Date(Date.now() - 3 * DAY_MS);
first.setUTCHours(17, 0, 0, 0);

const nightly = async (now?: Date): Promise<SiteBuildReport> => (await buildSites({ root, site: slug, interactive: false, ...(now ? { now } : {}) })).sites[0]!;
const feedFile = () => path.join(root, 'data', 'feed', slug, 'vehicles.json');
const readFeed = async () => JSON.parse(await readFile(feedFile(), 'utf8')) as Array<Record<string, unknown>>;
const livePage = async (pagePath: string) => readFile(path.join(await realpath(path.join(root, 'out', slug)), pagePath, 'index.html'), 'utf8');

beforeAll(async () => {
  root = await testSiteRoot('nightly', 60);
  const report = await nightly(first);
  expect(report.rendered).toBe(report.pages);
  expect(report.fullRenderReason).toBe('no live release');
}, 240_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the nightly build', () => {
  it('renders nothing when the pull brings nothing new, and equals a full build', async () => {
    const live = await realpath(path.join(root, 'out', slug));
    const report = await nightly(first);
    expect(report.status).toBe('published');
    expect(report.rendered).toBe(0);
    expect(report.carried).toBe(report.pages);
    expect(report.pages).toBeGreaterThan(200);
    // It made the live release file for file: that release stays live, and no other is left beside it.
    expect(report.unchanged).toBe(true);
    expect(await realpath(path.join(root, 'out', slug))).toBe(live);
    expect((await readdir(path.dirname(live))).filter((name) => !name.endsWith('.complete'))).toHaveLength(1);
    expect(await differencesFromFullBuild(root, slug)).toEqual([]);
  }, 240_000);

  it('publishes a new release when a file of the live one is not what the build makes, though every page carries over', async () => {
    // A byte of a host file changed, then a file the build does not make beside the pages.
    const changes: Array<(live: string) => Promise<void>> = [
      async (live) => writeFile(path.join(live, 'robots.txt'), (await readFile(path.join(live, 'robots.txt'), 'utf8')).replace('User-agent', 'User-Agent')),
      async (live) => writeFile(path.join(live, 'cars', 'notes.txt'), 'left by hand'),
    ];
    for (const change of changes) {
      const live = await realpath(path.join(root, 'out', slug));
      await change(live);
      const report = await nightly(first);
      expect(report.status).toBe('published');
      expect(report.rendered).toBe(0);
      expect(report.carried).toBe(report.pages);
      expect(report.unchanged).toBeUndefined();
      expect(await realpath(path.join(root, 'out', slug))).not.toBe(live);
      expect(await differencesFromFullBuild(root, slug)).toEqual([]);
    }
    expect((await nightly(first)).unchanged).toBe(true);
  }, 240_000);

  it('renders a page the live release lacks instead of failing the build', async () => {
    const snapshot = (await readSnapshot(slug, root))!;
    const vehicle = snapshot.vehicles[0]!;
    await rm(path.join(await realpath(path.join(root, 'out', slug)), 'cars', vehicle.slug, 'index.html'));
    const report = await nightly(first);
    expect(report.status).toBe('published');
    expect(report.rendered).toBe(1);
    expect(await livePage(`cars/${vehicle.slug}`)).toContain(vehicle.display_name);
  }, 240_000);

  it('renders again the next day only the pages whose dates turned over, and equals a full build', async () => {
    const snapshot = (await readSnapshot(slug, root))!;
    const vehicles = snapshot.vehicles.length;
    // A page removed by hand, most likely one the build would carry over: rendered after the pages it planned.
    const printPage = path.join(await realpath(path.join(root, 'out', slug)), 'cars', snapshot.vehicles[1]!.slug, 'print', 'index.html');
    await rm(printPage);
    const report = await nightly(new Date(first.getTime() + DAY_MS));
    expect(existsSync(path.join(await realpath(path.join(root, 'out', slug)), 'cars', snapshot.vehicles[1]!.slug, 'print', 'index.html'))).toBe(true);
    // The pages that judge dates (location hours for the new day, offers, the search pages' cards) when
    // what they show turned over; the vehicle pages only of vehicles whose badge or dates did.
    expect(report.rendered).toBeLessThan(report.pages / 2);
    expect(report.pagesByKind.vehicle?.pages ?? 0).toBeLessThan(vehicles / 4);
    expect(await differencesFromFullBuild(root, slug)).toEqual([]);
  }, 240_000);

  it('renders the pages of vehicles whose records changed, and the pages listing them', async () => {
    const snapshot = (await readSnapshot(slug, root))!;
    const [repriced, dropped] = snapshot.vehicles.filter((v) => v.status === 'in_stock' && v.price > 5000);
    const feed = await readFeed();
    feed.find((v) => v.id === repriced!.id)!.price = repriced!.price - 750;
    await writeFile(feedFile(), JSON.stringify(feed.filter((v) => v.id !== dropped!.id)));

    const report = await nightly(new Date(first.getTime() + DAY_MS + 600_000));
    expect(report.rendered).toBeGreaterThan(0);
    // Pages listing the repriced vehicle among their similar vehicles have just that section replaced.
    expect(report.patched).toBeGreaterThan(0);
    expect(report.rendered).toBeLessThan(report.pages / 2);
    expect(report.pagesByKind.vehicle?.pages).toBeLessThan(snapshot.vehicles.length / 2);
    expect(await livePage(`cars/${repriced!.slug}`)).toContain('Price dropped $750');
    expect(await differencesFromFullBuild(root, slug)).toEqual([]);
  }, 240_000);

  it('carries over the search pages whose searches answer as before, and equals a full build', async () => {
    const snapshot = (await readSnapshot(slug, root))!;
    const prices = snapshot.vehicles.filter((v) => v.status === 'in_stock').map((v) => v.price);
    // Priced between the others, so no page's price range moves with it.
    const repriced = snapshot.vehicles.find((v) => v.status === 'in_stock' && v.price > Math.min(...prices) + 3000 && v.price < Math.max(...prices) - 3000)!;
    const feed = await readFeed();
    feed.find((v) => v.id === repriced.id)!.price = repriced.price - 1;
    await writeFile(feedFile(), JSON.stringify(feed));
    const searchPages = JSON.parse(await readFile(routeFingerprintsPath(slug, root), 'utf8')) as RouteFingerprintsFile;
    const searchCount = Object.keys(searchPages.searchRequests ?? {}).length;
    expect(searchCount, 'the last build noted its search pages\' searches').toBeGreaterThan(10);

    const report = await nightly(new Date(first.getTime() + DAY_MS + 1_200_000));
    // The pages showing the vehicle on their first page are rendered; the rest answer as before.
    expect(report.pagesByKind.search?.pages ?? 0).toBeGreaterThan(0);
    expect(report.pagesByKind.search?.pages ?? 0).toBeLessThan(searchCount);
    expect(await differencesFromFullBuild(root, slug)).toEqual([]);
  }, 240_000);

  it('renders again the pages an update rewrote since, even when the pull brings back what they showed before', async () => {
    const store = new OpsStore(path.join(root, 'data', 'ops', 'ops.sqlite'));
    try {
      const runner = createSiteRunner({ store, root, appRoot: process.cwd(), log: () => {} });
      const feed = await readFeed();
      const snapshot = (await readSnapshot(slug, root))!;
      const vehicle = snapshot.vehicles.find((v) => v.status === 'in_stock' && v.colour)!;
      const record = feed.find((v) => v.id === vehicle.id)!;
      // A webhook changes the colour; the platform's feed, which the nightly pull reads, still has the old one.
      expect(store.journal(slug, { id: 'evt-colour', type: 'vehicle.updated', occurred_at: new Date().toISOString(), data: { id: Number(vehicle.id), record: { ...record, colour: 'Nightly Test Pink' } } })).toEqual({ status: 'stored' });
      const outcome = await runner(slug, { events: true, content: false, full: false, triggers: ['test'] }, () => {});
      expect(outcome.status, outcome.message).toBe('published');
      expect(await livePage(`cars/${vehicle.slug}`)).toContain('Nightly Test Pink');
      expect(await readFile(staleRoutesPath(slug, root), 'utf8')).toContain(`/cars/${vehicle.slug}/\n`);

      const report = await nightly();
      // Without the update's list of pages it rewrote, these pages' fingerprints match the previous build's
      // and the page with the webhook's colour would stay.
      expect(report.rendered).toBeGreaterThan(0);
      expect(await livePage(`cars/${vehicle.slug}`)).not.toContain('Nightly Test Pink');
      expect(await readFile(staleRoutesPath(slug, root), 'utf8')).toBe('');
      expect(await differencesFromFullBuild(root, slug)).toEqual([]);
    } finally {
      store.close();
    }
  }, 240_000);

  it('renders search pages again from what their island settled on in the live release, only when the same code rendered it', async () => {
    const file = routeFingerprintsPath(slug, root);
    const searchPages = Object.keys((JSON.parse(await readFile(file, 'utf8')) as RouteFingerprintsFile).searchRequests ?? {});
    const pagesNow = () => Promise.all(searchPages.map((page) => livePage(page.slice(1))));
    // A mark put in what the last build noted shows on each search page the next build renders from it.
    const nightlyWithMark = async (mark: string, codeVersion: (recorded: RouteFingerprintsFile) => string | undefined) => {
      const recorded = JSON.parse(await readFile(file, 'utf8')) as RouteFingerprintsFile;
      expect(Object.keys(recorded.searchSettled ?? {}).length).toBeGreaterThan(10);
      for (const settled of Object.values(recorded.searchSettled!)) settled.requestParams = [{ marked: mark }];
      await writeFile(file, JSON.stringify({ ...recorded, codeVersion: codeVersion(recorded) }));
      const feed = await readFeed();
      const prices = feed.filter((v) => v.status === 'in_stock').map((v) => Number(v.price));
      // Priced between the others, so no page's price range (part of its island's props) moves with it.
      const repriced = feed.find((v) => v.status === 'in_stock' && Number(v.price) > Math.min(...prices) + 3000 && Number(v.price) < Math.max(...prices) - 3000)!;
      repriced.price = Number(repriced.price) - 1;
      await writeFile(feedFile(), JSON.stringify(feed));
      const before = await pagesNow();
      const report = await nightly();
      const after = await pagesNow();
      const rendered = after.filter((page, i) => page !== before[i]);
      expect(rendered.length).toBeGreaterThan(0);
      expect(report.pagesByKind.search?.pages).toBeGreaterThanOrEqual(rendered.length);
      return rendered.filter((page) => page.includes(mark)).length / rendered.length;
    };
    expect(await nightlyWithMark('nightly-settled-mark', (recorded) => recorded.codeVersion)).toBe(1);
    // Noted by other code (or by a build that did not say which), it is not used.
    expect(await nightlyWithMark('other-code-mark', () => 'another-code-version')).toBe(0);
    expect(await nightlyWithMark('unknown-code-mark', () => undefined)).toBe(0);
    // What the marks left is put right by a full build, which never starts from noted states.
    expect((await buildSites({ root, site: slug, interactive: false, full: true })).sites[0]!.status).toBe('published');
    expect(await differencesFromFullBuild(root, slug)).toEqual([]);
  }, 240_000);

  it('keeps the site search index while the pages it reads carry over, and indexes them again when one changes', async () => {
    const indexEntry = async () => (await stat(path.join(await realpath(path.join(root, 'out', slug)), 'pagefind', 'pagefind-entry.json'))).ino;
    const before = await indexEntry();
    // A price change renders vehicle and search pages; the content pages the site search reads carry over.
    const feed = await readFeed();
    const repriced = feed.find((v) => v.status === 'in_stock' && typeof v.price === 'number' && v.price > 5000)!;
    repriced.price = (repriced.price as number) - 250;
    await writeFile(feedFile(), JSON.stringify(feed));
    const repricedReport = await nightly();
    expect(repricedReport.rendered).toBeGreaterThan(0);
    expect(await indexEntry()).toBe(before);
    expect(await differencesFromFullBuild(root, slug)).toEqual([]);

    // A content page's text changes: the index is made again.
    const page = path.join(root, 'content', slug, 'pages', 'about-us.md');
    await writeFile(page, `${await readFile(page, 'utf8')}\nWe are open late on Thursdays.\n`);
    await nightly();
    expect(await indexEntry()).not.toBe(before);
    expect(await differencesFromFullBuild(root, slug)).toEqual([]);
  }, 240_000);

  it('renders everything when the recorded fingerprints are not those of the live release', async () => {
    const file = JSON.parse(await readFile(routeFingerprintsPath(slug, root), 'utf8')) as RouteFingerprintsFile;
    await writeFile(routeFingerprintsPath(slug, root), JSON.stringify({ ...file, release: 'another-release' }));
    const report = await nightly();
    expect(report.rendered).toBe(report.pages);
    expect(report.fullRenderReason).toBe('the live release has no fingerprints');
    const full = (await buildSites({ root, site: slug, interactive: false, full: true })).sites[0]!;
    expect(full.rendered).toBe(full.pages);
    expect(full.fullRenderReason).toBe('a full build was asked for');
  }, 240_000);
});

// A brand dealer with brand overview and model pages, whose views list cars: such a page is rendered again
// when a car it shows or counts changes, and carried over when the change is to a car it does not show.
describe('the nightly build of a dealer with brand and model pages', () => {
  const brandSlug = 'bayside-mg';
  let brandRoot: string;
  const build = async (at: Date) => (await buildSites({ root: brandRoot, site: brandSlug, interactive: false, now: at })).sites[0]!;
  const brandFeedFile = () => path.join(brandRoot, 'data', 'feed', brandSlug, 'vehicles.json');
  const readBrandFeed = async () => JSON.parse(await readFile(brandFeedFile(), 'utf8')) as Array<Record<string, unknown>>;
  // The cars linked from the brand pages (/{make}/overview/), by slug.
  const carsOnBrandPages = async () => {
    const live = await realpath(path.join(brandRoot, 'out', brandSlug));
    const pages = (await readdir(live)).map((folder) => path.join(live, folder, 'overview', 'index.html')).filter((file) => existsSync(file));
    expect(pages.length).toBeGreaterThan(1);
    const html = (await Promise.all(pages.map((file) => readFile(file, 'utf8')))).join('');
    return new Set([...html.matchAll(/href="\/cars\/([^/"]+)\/"/g)].map((m) => m[1]!));
  };
  const reprice = async (slugOf: (slug: string) => boolean) => {
    const snapshot = (await readSnapshot(brandSlug, brandRoot))!;
    const vehicle = snapshot.vehicles.find((v) => v.status === 'in_stock' && v.price > 5000 && slugOf(v.slug))!;
    const feed = await readBrandFeed();
    const record = feed.find((v) => v.id === vehicle.id)!;
    record.price = Number(record.price) - 1;
    await writeFile(brandFeedFile(), JSON.stringify(feed));
    return vehicle;
  };

  beforeAll(async () => {
    brandRoot = await demoSiteRoot('nightly-brand', brandSlug, 120, (config) => config.replace('features:\n', 'features:\n  brandPages: true\n'));
    const report = await build(first);
    expect(report.pagesByKind.brand?.pages).toBeGreaterThan(1);
    expect(report.pagesByKind.model?.pages).toBeGreaterThan(3);
  }, 240_000);

  afterAll(async () => {
    await rm(brandRoot, { recursive: true, force: true });
  });

  it('carries the brand and home pages over when a car they do not show changes, and renders the brand page when one it shows does', async () => {
    const shown = await carsOnBrandPages();
    expect(shown.size).toBeGreaterThan(2);

    await reprice((slug) => !shown.has(slug));
    // At the same build time, so that nothing which reads the clock moves.
    const notShown = await build(first);
    expect(notShown.rendered).toBeGreaterThan(0);
    for (const kind of ['brand', 'home', 'location', 'locations', 'not-found', 'offer', 'offers'] as const) expect(notShown.pagesByKind[kind], kind).toBeUndefined();
    expect(await differencesFromFullBuild(brandRoot, brandSlug)).toEqual([]);

    const vehicle = await reprice((slug) => shown.has(slug));
    const onBrandPage = await build(first);
    expect(onBrandPage.pagesByKind.brand?.pages).toBe(1);
    expect(onBrandPage.pagesByKind.home).toBeUndefined();
    expect(await carsOnBrandPages()).toContain(vehicle.slug);
    expect(await differencesFromFullBuild(brandRoot, brandSlug)).toEqual([]);
  }, 240_000);

  it('renders the pages counting the stock again when a car is sold, and equals a full build', async () => {
    const snapshot = (await readSnapshot(brandSlug, brandRoot))!;
    // A car of the make with the most stock, whose brand page stays.
    const stock = snapshot.vehicles.filter((v) => v.status === 'in_stock');
    const makes = Map.groupBy(stock, (v) => v.make_slug);
    const sold = [...makes.values()].sort((a, b) => b.length - a.length)[0]![0]!;
    await writeFile(brandFeedFile(), JSON.stringify((await readBrandFeed()).filter((v) => v.id !== sold.id)));
    const report = await build(first);
    expect(report.pagesByKind.home?.pages).toBe(1);
    expect(report.pagesByKind.brand?.pages).toBe(1);
    expect(await differencesFromFullBuild(brandRoot, brandSlug)).toEqual([]);
  }, 240_000);
});

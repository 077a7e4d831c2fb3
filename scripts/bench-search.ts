// The stock search's budgets, measured:
//   npm run bench:search            (uses the built demo sites in out/ for the page measurement)
// For 1,000, 5,000 and 10,000 vehicles of one site: the index's size gzipped, and the engine's time per
// refinement in Chromium over a fixed set of refinements, each answered as InstantSearch asks (its
// helper builds the queries: the main one and one per refined facet). Then the JavaScript a search page
// loads before any interaction, gzipped. `npm run bench` runs the same section after its build.
import { BUDGETS } from '../src/audit/budgets.ts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium } from '@playwright/test';
import sirv from 'sirv';
import { generateSiteFeed } from '../src/data/demo/generate.ts';
import { normaliseVehicles } from '../src/data/normalise.ts';
import { findSite, loadAllSiteConfigs } from '../src/data/site-config.ts';
import { DealershipSchema } from '../src/schemas/dealership.ts';
import { LocationSchema } from '../src/schemas/location.ts';
import { VehicleSchema } from '../src/schemas/vehicle.ts';
import { encodeIndex } from '../src/search/index-codec.ts';
import { listingNames, listingRecord } from '../src/views/search-records.ts';
import { parseCliArgs, runCli } from './cli.ts';

const project = path.resolve(import.meta.dirname, '..');
const SITE = 'summit-motor-group';
/** Times each refinement of the fixed set is answered (after one unmeasured round). */
const ROUNDS = 15;
const SEARCH_BUDGETS = {
  indexGzipKbAt5000: BUDGETS.search.indexGzipKbAt5000,
  medianMsAt10000: BUDGETS.search.refinementMedianMsAt10000,
  p95MsAt10000: BUDGETS.search.refinementP95MsAt10000,
  pageJsGzipKb: BUDGETS.search.jsGzipKb,
} as const;

export interface SearchBudgetResult {
  sizes: Array<{ vehicles: number; records: number; indexBytes: number; indexGzipBytes: number; engineBuildMs: number; medianMs: number; p95Ms: number; samples: number }>;
  page: { path: string; scripts: number; jsGzipBytes: number; indexFetchedBeforeLoad: boolean } | null;
}

/** The listing records of one demo site of `vehicles` vehicles, made as a pull would. */
function siteRecords(vehicles: number) {
  const site = findSite(loadAllSiteConfigs(path.join(project, 'sites')), SITE);
  const { feed } = generateSiteFeed(SITE, vehicles, 20251122, '2026-11-22');
  const normalised = normaliseVehicles(feed.vehicles.map((v) => VehicleSchema.parse(v)), site, new Date('2026-11-22T00:00:00Z')).vehicles;
  const names = listingNames({ locations: feed.locations.map((l) => LocationSchema.parse(l)), dealerships: feed.dealerships.map((d) => DealershipSchema.parse(d)) });
  return normalised.sort((a, b) => a.id - b.id).map((v) => listingRecord(v, names, site, new Date('2026-11-22T00:00:00Z')));
}

/** The engine, the codec and InstantSearch's helper, bundled for the page. */
async function benchBundle(): Promise<string> {
  const entry = `
    import algoliasearchHelper from 'algoliasearch-helper';
    import { embeddedSearchClient } from ${JSON.stringify(path.join(project, 'src/search/client.ts'))};
    import { decodeIndex } from ${JSON.stringify(path.join(project, 'src/search/index-codec.ts'))};
    import { listingEngineConfig, sortIndexName } from ${JSON.stringify(path.join(project, 'src/search/listing.ts'))};
    window.searchBench = { algoliasearchHelper, embeddedSearchClient, decodeIndex, listingEngineConfig, sortIndexName };
  `;
  const result = await build({ stdin: { contents: entry, resolveDir: project, loader: 'ts' }, bundle: true, format: 'iife', minify: true, write: false, platform: 'browser', logLevel: 'error' });
  return result.outputFiles[0]!.text;
}

/** Runs in the page: builds the engine, then answers each refinement of the fixed set ROUNDS times. */
async function measureInPage({ rounds, indexJson }: { rounds: number; indexJson: string }): Promise<{ buildMs: number; samples: number[] }> {
  type Bench = {
    algoliasearchHelper: ((client: unknown, index: string, params: object) => { setQueryParameter(k: string, v: unknown): unknown; search(): void; on(e: string, f: (x: unknown) => void): void; state: unknown; setState(s: object): void; getClient(): unknown }) & {
      SearchParameters: new (p: object) => unknown;
    };
    embeddedSearchClient: (load: () => Promise<unknown[]>, config: unknown) => { search(q: unknown): Promise<unknown> };
    decodeIndex: (e: unknown) => unknown[];
    listingEngineConfig: (base: string) => unknown;
    sortIndexName: (base: string, sort: string) => string;
  };
  const bench = (window as unknown as { searchBench: Bench }).searchBench;
  const records = bench.decodeIndex(JSON.parse(indexJson));
  const base = 'vehicles';
  const counts = (attribute: string) => {
    const tally = new Map<string, number>();
    for (const r of records as Array<Record<string, unknown>>) {
      const v = r[attribute];
      for (const value of Array.isArray(v) ? v : v === null || v === undefined ? [] : [v]) tally.set(String(value), (tally.get(String(value)) ?? 0) + 1);
    }
    return [...tally].sort((a, b) => b[1] - a[1]).map(([value]) => value);
  };
  const [make] = counts('make');
  const model = counts('model').find((m) => (records as Array<Record<string, unknown>>).some((r) => r.make === make && r.model === m))!;
  const [body] = counts('body');
  const [feature] = counts('filtered_features');
  const facets = ['car_type', 'make', 'model', 'badge', 'body', 'fuel', 'transmission', 'drive', 'colour', 'seats', 'year', 'location_name', 'dealership_name', 'state', 'certified', 'tag', 'filtered_features'];
  const shared = { disjunctiveFacets: facets, facets: ['price'], hitsPerPage: 21, maxValuesPerFacet: 500 };
  // The fixed set: what a shopper does on the search page, each as the full state InstantSearch sends.
  const refinements: Array<{ index?: string; query?: string; page?: number; refine?: Record<string, string[]>; numeric?: Record<string, Record<string, number[]>> }> = [
    {},
    { refine: { make: [make!] } },
    { refine: { make: [make!], model: [model] } },
    { refine: { make: [make!], model: [model], body: [body!] } },
    { refine: { car_type: ['used'] } },
    { refine: { car_type: ['used'] }, numeric: { price: { '>=': [10000], '<=': [40000] } } },
    { numeric: { price: { '<=': [30000] } }, index: bench.sortIndexName(base, 'lowestPrice') },
    { query: make!.toLowerCase() },
    { query: `${model.toLowerCase().slice(0, 4)}` },
    { query: 'automatc' },
    { refine: { filtered_features: [feature!] } },
    { page: 2 },
    { index: bench.sortIndexName(base, 'latest') },
  ];
  let buildStarted = 0;
  let buildMs = 0;
  const client = bench.embeddedSearchClient(async () => {
    buildStarted = performance.now();
    return records;
  }, bench.listingEngineConfig(base));
  const timed = { search: async (queries: unknown) => client.search(queries) };
  const samples: number[] = [];
  const run = async (round: number) => {
    for (const r of refinements) {
      const state = new bench.algoliasearchHelper.SearchParameters({
        ...shared,
        index: r.index ?? base,
        query: r.query ?? '',
        page: r.page ?? 0,
        disjunctiveFacetsRefinements: r.refine ?? {},
        numericRefinements: r.numeric ?? {},
      });
      const helper = bench.algoliasearchHelper(timed, base, {});
      helper.setState(state as object);
      const done = new Promise<void>((resolve, reject) => {
        helper.on('result', () => resolve());
        helper.on('error', (e) => reject(e));
      });
      const started = performance.now();
      helper.search();
      await done;
      const elapsed = performance.now() - started;
      if (buildMs === 0 && buildStarted > 0) buildMs = elapsed;
      if (round > 0) samples.push(elapsed);
    }
  };
  for (let round = 0; round <= rounds; round++) await run(round);
  return { buildMs, samples };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

/** Serves a built site on loopback and loads one search page, counting the JavaScript it fetches before any interaction. */
async function pageJavaScript(browser: Awaited<ReturnType<typeof chromium.launch>>, siteDir: string): Promise<SearchBudgetResult['page']> {
  const serve = sirv(realpathSync(siteDir), { dev: true, dotfiles: false });
  const server: Server = createServer((req, res) =>
    serve(req, res, () => {
      res.statusCode = 404;
      res.end();
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const page = await browser.newPage();
  const scripts = new Map<string, number>();
  let indexBeforeLoad = false;
  let loaded = false;
  page.on('response', async (response) => {
    const url = response.url();
    if (url.includes('/_search/index.json') && !loaded) indexBeforeLoad = true;
    if (response.request().resourceType() === 'script' || url.endsWith('.js')) scripts.set(url, gzipSync(await response.body()).length);
  });
  const pagePath = '/search/new-used-and-demo-cars/';
  await page.goto(`http://127.0.0.1:${port}${pagePath}`, { waitUntil: 'load' });
  loaded = true;
  await page.waitForSelector('[data-stock-search="ready"]', { timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  await page.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return { path: pagePath, scripts: scripts.size, jsGzipBytes: [...scripts.values()].reduce((a, b) => a + b, 0), indexFetchedBeforeLoad: indexBeforeLoad };
}

export async function searchBudgets(options: { sizes?: number[]; siteDir?: string } = {}): Promise<SearchBudgetResult> {
  const sizes = options.sizes ?? [1000, 5000, 10000];
  const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: ['--no-sandbox', '--disable-gpu'] });
  const result: SearchBudgetResult = { sizes: [], page: null };
  try {
    const bundle = await benchBundle();
    for (const vehicles of sizes) {
      const records = siteRecords(vehicles);
      const json = JSON.stringify(encodeIndex(records));
      const page = await browser.newPage();
      await page.setContent('<!doctype html><title>search bench</title>');
      await page.addScriptTag({ content: bundle });
      const { buildMs, samples } = await page.evaluate(measureInPage, { rounds: ROUNDS, indexJson: json });
      await page.close();
      samples.sort((a, b) => a - b);
      const row = {
        vehicles,
        records: records.length,
        indexBytes: Buffer.byteLength(json),
        indexGzipBytes: gzipSync(json).length,
        engineBuildMs: Math.round(buildMs),
        medianMs: Math.round(percentile(samples, 50) * 100) / 100,
        p95Ms: Math.round(percentile(samples, 95) * 100) / 100,
        samples: samples.length,
      };
      result.sizes.push(row);
      console.log(
        `  search, ${vehicles} vehicles (${row.records} listed): index ${(row.indexGzipBytes / 1024).toFixed(1)} KB gzip (${(row.indexBytes / 1024).toFixed(0)} KB raw); ` +
          `engine built in ${row.engineBuildMs} ms; per refinement in Chromium median ${row.medianMs} ms, p95 ${row.p95Ms} ms over ${row.samples}`,
      );
    }
    if (options.siteDir && existsSync(options.siteDir)) {
      const page = (result.page = await pageJavaScript(browser, options.siteDir))!;
      console.log(`  search page ${page.path}: ${page.scripts} scripts, ${(page.jsGzipBytes / 1024).toFixed(1)} KB gzip before interaction; index fetched before load: ${page.indexFetchedBeforeLoad ? 'yes' : 'no'}`);
    }
  } finally {
    await browser.close();
  }
  return result;
}

if (import.meta.main) {
  await runCli(async () => {
    const args = parseCliArgs({ site: { type: 'string' } });
    const siteDir = path.join(project, 'out', args.site ?? SITE);
    console.log(`Search budgets (targets: index for 5,000 <= ${SEARCH_BUDGETS.indexGzipKbAt5000} KB gzip; refinement at 10,000 median <= ${SEARCH_BUDGETS.medianMsAt10000} ms, p95 <= ${SEARCH_BUDGETS.p95MsAt10000} ms; search page JS <= ${SEARCH_BUDGETS.pageJsGzipKb} KB gzip)`);
    const result = await searchBudgets({ siteDir });
    console.log(JSON.stringify(result));
  });
}

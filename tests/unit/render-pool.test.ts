import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRouteManifest, type Route } from '../../src/data/route-manifest.ts';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { loadSiteContent, siteData, type SiteData } from '../../src/data/site-data.ts';
import { readSnapshot } from '../../src/data/snapshot-files.ts';
import { buildSites, buildStatePath, type BuildState } from '../../src/generator/build.ts';
import { compileApp } from '../../src/generator/compile.ts';
import { listPublicFiles } from '../../src/generator/public-files.ts';
import { renderRoutes, workerHeapMb, type RenderTask } from '../../src/generator/render-pool.ts';
import type { SiteConfig } from '../../src/schemas/site-config.ts';
import { searchLandings } from '../../src/search/landings.ts';
import { TEST_SITE, testSiteRoot } from '../support/test-site.ts';

describe("a render worker's heap", () => {
  it('stays at its floor for the largest site at 10,000 vehicles and grows with a larger snapshot', () => {
    // Summit's snapshot is 28 MB at 10,000 vehicles and 275 MB at 100,000, where 512 MB ran out. A worker
    // holds about 1.7 MB for each MB of it, and needs room beside that for the pages it renders.
    expect(workerHeapMb(28e6)).toBe(512);
    expect(workerHeapMb(275e6)).toBeGreaterThanOrEqual(1024);
    expect(workerHeapMb(300e6)).toBeGreaterThan(workerHeapMb(275e6));
  });
});

// One small site rendered twice, once on the calling thread and once on workers: the same pages, byte
// for byte, and the same account of them.
let root: string;
let site: SiteConfig;
let data: SiteData;
let routes: Route[];
let task: (releaseDir: string) => RenderTask;
const publicFiles = listPublicFiles(process.cwd());

beforeAll(async () => {
  root = await testSiteRoot('render-pool', 30);
  await buildSites({ root, site: TEST_SITE, interactive: false });
  site = findSite(loadAllSiteConfigs('sites', root), TEST_SITE);
  data = siteData((await readSnapshot(TEST_SITE, root))!, loadSiteContent(TEST_SITE, root));
  routes = buildRouteManifest(site, data);
  const { images } = JSON.parse(await readFile(buildStatePath(TEST_SITE, root), 'utf8')) as BuildState;
  const appDir = (await compileApp(process.cwd())).dir;
  const landings = searchLandings(routes, data);
  task = (releaseDir) => ({ appDir, appRoot: process.cwd(), root, site: TEST_SITE, releaseDir, asOf: data.snapshot.pulledAt, images, landings });
}, 240_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function filesUnder(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      files.set(path.relative(dir, file), await readFile(file));
    }
  }
  return files;
}

describe('rendering routes', () => {
  it('writes the same pages and reports the same on the calling thread as on workers', async () => {
    const hereDir = path.join(root, 'rendered-here');
    const workersDir = path.join(root, 'rendered-on-workers');
    const here = await renderRoutes(task(hereDir), routes, () => {}, { here: { site, data, publicFiles }, hereBelow: Infinity });
    const onWorkers = await renderRoutes(task(workersDir), routes, () => {}, { workers: 2, here: { site, data, publicFiles }, hereBelow: 0 });
    expect(here.workers).toBe(0);
    expect(onWorkers.workers).toBeGreaterThan(0);
    expect(here.pages).toBe(routes.length);
    const [a, b] = [await filesUnder(hereDir), await filesUnder(workersDir)];
    expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
    expect([...a].filter(([file, bytes]) => !bytes.equals(b.get(file)!)).map(([file]) => file)).toEqual([]);
    const { workers: _a, ...hereReport } = here;
    const { workers: _b, ...workersReport } = onWorkers;
    expect(hereReport).toEqual(workersReport);
  }, 240_000);

  it('names the page that failed, on the calling thread and on a worker', async () => {
    const missing: Route = { ...routes.find((r) => r.kind === 'vehicle')!, path: '/cars/no-such-car/', vehicleId: -1 } as Route;
    for (const hereBelow of [Infinity, 0]) {
      await expect(renderRoutes(task(path.join(root, `failing-${hereBelow}`)), [missing], () => {}, { workers: 1, here: { site, data, publicFiles }, hereBelow })).rejects.toThrow(
        /rendering \/cars\/no-such-car\/ \(vehicle\) failed/,
      );
    }
  }, 240_000);
});

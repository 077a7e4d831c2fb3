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
import { RenderPool, renderRoutes, workerHeapMb, type RenderTask } from '../../src/generator/render-pool.ts';
import type { SiteConfig } from '../../src/schemas/site-config.ts';
import { searchLandings } from '../../src/search/landings.ts';
import { addDemoSite, TEST_SITE, testSiteRoot } from '../support/test-site.ts';

describe("a render worker's heap", () => {
  it('stays at its floor for the largest site at 10,000 vehicles and grows with a larger snapshot', () => {
    // Summit's snapshot is 28 MB at 10,000 vehicles and 275 MB at 100,000, where 512 MB ran out. A worker
    // holds about 1.7 MB for each MB of it, and needs room beside that for the pages it renders.
    expect(workerHeapMb(28e6)).toBe(512);
    expect(workerHeapMb(275e6)).toBeGreaterThanOrEqual(1024);
    expect(workerHeapMb(300e6)).toBeGreaterThan(workerHeapMb(275e6));
  });
});

// Small sites rendered on the calling thread and on workers: the same pages, byte for byte, and the same
// account of them.
let root: string;
const publicFiles = listPublicFiles(process.cwd());

/** A built site of the test root, as a render needs it. */
interface SiteToRender {
  site: SiteConfig;
  data: SiteData;
  routes: Route[];
  task: (releaseDir: string) => RenderTask;
}

let first: SiteToRender;
// Another dealer (its own makes, models, pages and content), to render after the first on the same workers.
let second: SiteToRender;
const SECOND_SITE = 'bayside-mg';

async function siteToRender(slug: string, appDir: string): Promise<SiteToRender> {
  await buildSites({ root, site: slug, interactive: false });
  const site = findSite(loadAllSiteConfigs('sites', root), slug);
  const data = siteData((await readSnapshot(slug, root))!, loadSiteContent(slug, root));
  const routes = buildRouteManifest(site, data);
  const { images } = JSON.parse(await readFile(buildStatePath(slug, root), 'utf8')) as BuildState;
  const landings = searchLandings(routes, data);
  return { site, data, routes, task: (releaseDir) => ({ appDir, appRoot: process.cwd(), root, site: slug, releaseDir, asOf: data.snapshot.pulledAt, images, landings }) };
}

beforeAll(async () => {
  root = await testSiteRoot('render-pool', 30);
  await addDemoSite(root, SECOND_SITE, SECOND_SITE, 30);
  const appDir = (await compileApp(process.cwd())).dir;
  first = await siteToRender(TEST_SITE, appDir);
  second = await siteToRender(SECOND_SITE, appDir);
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

/**
 * Renders `target` on the calling thread and then on workers (the pool's, when given) into folders named
 * after `label`, and expects the same files, byte for byte, and the same account of them.
 */
async function expectSameOnWorkers(target: SiteToRender, label: string, pool?: RenderPool): Promise<number> {
  const { site, data, routes, task } = target;
  const hereDir = path.join(root, `${label}-here`);
  const workersDir = path.join(root, `${label}-on-workers`);
  const here = await renderRoutes(task(hereDir), routes, () => {}, { here: { site, data, publicFiles }, hereBelow: Infinity });
  const onWorkers = await renderRoutes(task(workersDir), routes, () => {}, { workers: 2, here: { site, data, publicFiles }, hereBelow: 0, ...(pool ? { pool } : {}) });
  expect(here.workers).toBe(0);
  expect(onWorkers.workers).toBeGreaterThan(0);
  expect(here.pages).toBe(routes.length);
  const [a, b] = [await filesUnder(hereDir), await filesUnder(workersDir)];
  expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
  expect([...a].filter(([file, bytes]) => !bytes.equals(b.get(file)!)).map(([file]) => file)).toEqual([]);
  const { workers: _a, ...hereReport } = here;
  const { workers: _b, ...workersReport } = onWorkers;
  expect(hereReport).toEqual(workersReport);
  return onWorkers.workers;
}

/** A vehicle route of `target` whose vehicle does not exist: rendering it fails. */
function missingVehicle(target: SiteToRender): Route {
  return { ...target.routes.find((r) => r.kind === 'vehicle')!, path: '/cars/no-such-car/', vehicleId: -1 } as Route;
}

describe('rendering routes', () => {
  it('writes the same pages and reports the same on the calling thread as on workers', async () => {
    await expectSameOnWorkers(first, 'rendered');
  }, 240_000);

  it('names the page that failed, on the calling thread and on a worker', async () => {
    const { site, data, task } = first;
    for (const hereBelow of [Infinity, 0]) {
      await expect(renderRoutes(task(path.join(root, `failing-${hereBelow}`)), [missingVehicle(first)], () => {}, { workers: 1, here: { site, data, publicFiles }, hereBelow })).rejects.toThrow(
        /rendering \/cars\/no-such-car\/ \(vehicle\) failed/,
      );
    }
  }, 240_000);
});

describe('a pool of render workers', () => {
  it('renders one dealer after another on the same workers, each as the calling thread renders it', async () => {
    const pool = new RenderPool();
    try {
      const used = [await expectSameOnWorkers(first, 'pooled-first', pool), await expectSameOnWorkers(second, 'pooled-second', pool)];
      expect(pool.started).toBe(Math.max(...used));
    } finally {
      await pool.close();
    }
  }, 240_000);

  it('stops the workers a site failed on, and renders the next site on new ones', async () => {
    const pool = new RenderPool();
    try {
      const { site, data, task } = first;
      await expect(renderRoutes(task(path.join(root, 'pool-failing')), [missingVehicle(first)], () => {}, { workers: 1, pool, here: { site, data, publicFiles }, hereBelow: 0 })).rejects.toThrow(
        /rendering \/cars\/no-such-car\/ \(vehicle\) failed/,
      );
      expect(pool.started).toBe(1);
      const used = await expectSameOnWorkers(second, 'after-failure', pool);
      expect(pool.started).toBe(1 + used);
    } finally {
      await pool.close();
    }
  }, 240_000);
});

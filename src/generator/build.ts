import { cp, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildRouteManifest } from '../data/route-manifest.ts';
import { pullSite, summaryLine } from '../data/pull.ts';
import { findSite, loadAllSiteConfigs } from '../data/site-config.ts';
import { loadSiteContent, siteData, type SiteData } from '../data/site-data.ts';
import { readSnapshot } from '../data/snapshot-files.ts';
import { ensureDemoFeeds } from '../data/demo/write.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import { DIST, compileApp, loadRenderer, type RenderFn } from './compile.ts';
import { createRelease, discardRelease, publishRelease } from './publish.ts';

export interface BuildOptions {
  /** Build one site; default all. */
  site?: string;
  /** Render from the current snapshots instead of pulling first. */
  skipPull?: boolean;
  /** Pull even when the stock-drop guard objects. */
  force?: boolean;
  root?: string;
  log?: (line: string) => void;
}

export interface SiteBuildResult {
  site: string;
  pages: number;
  seconds: number;
}

/**
 * Builds every site (or one): one compile, then for each site load its data,
 * render every route in-process, and publish the release atomically. A site
 * that fails leaves its previous release live and the run exits non-zero.
 */
export async function buildSites(options: BuildOptions = {}): Promise<SiteBuildResult[]> {
  const root = options.root ?? process.cwd();
  const log = options.log ?? (() => {});
  const all = loadAllSiteConfigs('sites', root);
  const sites = options.site ? [findSite(all, options.site)] : all;

  await ensureDemoFeeds(sites, root, log);

  let started = performance.now();
  await compileApp(root);
  log(`Compiled the app once for ${sites.length} site(s) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const render = await loadRenderer(root);

  const results: SiteBuildResult[] = [];
  const failures: string[] = [];
  for (const site of sites) {
    started = performance.now();
    try {
      if (!options.skipPull) log(summaryLine(await pullSite(site, { root, ...(options.force ? { force: true } : {}) }), root));
      const pages = await buildSite(site, await loadData(site, root), render, root);
      const seconds = (performance.now() - started) / 1000;
      results.push({ site: site.slug, pages, seconds });
      log(`${site.slug}: ${pages} pages in ${seconds.toFixed(1)} s -> out/${site.slug}/`);
    } catch (error) {
      failures.push(`${site.slug}: ${(error as Error).message}`);
      log(`${site.slug}: FAILED, the previous output stays live. ${(error as Error).message}`);
    }
  }
  if (failures.length > 0) throw new Error(`${failures.length} site(s) failed:\n${failures.join('\n')}`);
  return results;
}

async function loadData(site: SiteConfig, root: string): Promise<SiteData> {
  const snapshot = await readSnapshot(site.slug, root);
  if (!snapshot) throw new Error(`there is no snapshot to render from. Run \`npm run pull -- --site ${site.slug}\` or build without --skip-pull.`);
  return siteData(snapshot, loadSiteContent(site.slug, root));
}

async function buildSite(site: SiteConfig, data: SiteData, render: RenderFn, root: string): Promise<number> {
  const routes = buildRouteManifest(site, data);
  const builtAt = new Date().toISOString();
  const release = await createRelease(site.slug, root);
  try {
    for (const route of routes) {
      const response = await render(new Request(`${site.url}${route.path}`), { site, data, route, images: {}, builtAt });
      const body = await response.text();
      const expected = route.kind === 'not-found' ? 404 : 200;
      if (response.status !== expected) throw new Error(`rendering ${route.path} answered HTTP ${response.status}`);
      const file = route.kind === 'not-found' ? path.join(release, '404.html') : path.join(release, route.path, 'index.html');
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    }
    await cp(path.resolve(root, DIST, 'client'), release, { recursive: true });
    await publishRelease(site.slug, release, root);
    return routes.length;
  } catch (error) {
    await discardRelease(release);
    throw error;
  }
}

import type { RenderLocals } from './render-context.ts';
import { findSite, loadAllSiteConfigs } from './site-config.ts';
import { loadSiteData } from './site-data.ts';
import { fileSource } from './sources/file.ts';

/** Locals for the dev server: the named site (or the first one) with its data from the file source. */
export async function loadDevLocals(slug: string | undefined): Promise<RenderLocals> {
  const sites = loadAllSiteConfigs('sites');
  const site = slug ? findSite(sites, slug) : sites[0]!;
  const data = await loadSiteData(site, fileSource(site));
  console.log(`Dev server showing ${site.slug} (${data.vehicles.length} vehicles). Pick another with --site <slug>.`);
  return { site, data, builtAt: new Date().toISOString() };
}

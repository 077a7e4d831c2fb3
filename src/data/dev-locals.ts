import type { RenderLocals } from './render-context.ts';
import { collectSnapshot } from './pull.ts';
import { findSite, loadAllSiteConfigs } from './site-config.ts';
import { loadSiteContent, siteData } from './site-data.ts';
import { readSnapshot } from './snapshot-files.ts';
import { sourceFor } from './sources/for-site.ts';

/** Locals for the dev server: the named site (or the first one), from its snapshot or else straight from its source. */
export async function loadDevLocals(slug: string | undefined): Promise<RenderLocals> {
  const sites = loadAllSiteConfigs('sites');
  const site = slug ? findSite(sites, slug) : sites[0]!;
  const now = new Date();
  const snapshot = (await readSnapshot(site.slug)) ?? (await collectSnapshot(site, sourceFor(site), now)).snapshot;
  const data = siteData(snapshot, loadSiteContent(site.slug));
  console.log(`Dev server showing ${site.slug} (${data.vehicles.length} vehicles). Pick another with --site <slug>.`);
  return { site, data, builtAt: now.toISOString() };
}

import { collectSnapshot } from '../data/pull.ts';
import { buildRouteManifest, routesByPath, type Route } from '../data/route-manifest.ts';
import { findSite, loadAllSiteConfigs } from '../data/site-config.ts';
import { loadSiteContent, siteData } from '../data/site-data.ts';
import { readSnapshot } from '../data/snapshot-files.ts';
import { sourceFor } from '../data/sources/for-site.ts';
import { searchLandings } from '../search/landings.ts';
import { FEED_ROOT } from '../data/feed-files.ts';
import { contentImageJobs } from '../views/content-images.ts';
import { IMAGE_SIZES, type ImageIndex } from '../views/images.ts';
import type { RenderLocals } from '../views/render-locals.ts';
import { drawDemoContentImages } from './content-images.ts';
import { listPublicFiles } from './public-files.ts';

/** URL prefix under which the dev server serves feed images unprocessed. */
export const DEV_IMAGE_PREFIX = '/_dev-images/';

export interface DevSite {
  locals: Omit<RenderLocals, 'route'>;
  routes: Map<string, Route>;
}

/** The dev server's site: the named one (or the first), from its snapshot or else straight from its source. */
export async function loadDevSite(slug: string | undefined): Promise<DevSite> {
  const sites = loadAllSiteConfigs('sites');
  const site = slug ? findSite(sites, slug) : sites[0]!;
  const now = new Date();
  const snapshot = (await readSnapshot(site.slug)) ?? (await collectSnapshot(site, sourceFor(site), now)).snapshot;
  const data = siteData(snapshot, loadSiteContent(site.slug));
  const manifest = buildRouteManifest(site, data);
  const routes = routesByPath(manifest);
  await drawDemoContentImages(site, data, FEED_ROOT);
  console.log(`Dev server showing ${site.slug} (${data.vehicles.length} vehicles, ${routes.size} pages). Pick another with --site <slug>.`);
  return { locals: { site, data, images: devImages(data), publicFiles: listPublicFiles(), asOf: snapshot.meta.pulledAt, landings: searchLandings(manifest, data) }, routes };
}

/** Every image at every size points at the unprocessed source: dev favours start-up time over bytes. */
function devImages(data: RenderLocals['data']): ImageIndex {
  const index: ImageIndex = {};
  const add = (source: string | null | undefined) => {
    if (!source || index[source]) return;
    const url = /^https?:/.test(source) ? source : `${DEV_IMAGE_PREFIX}${source}`;
    index[source] = Object.fromEntries(Object.entries(IMAGE_SIZES).map(([size, { width, height }]) => [size, { width, height, jpeg: url, webp: url }]));
  };
  for (const v of data.vehicles) {
    for (const image of v.images ?? []) add(image.image);
    for (const frame of v.spin_images ?? []) add(frame);
  }
  // Slides, banners and offer pictures (drawn into the feed folder for the demo dealers).
  for (const job of contentImageJobs(data)) add(job.source);
  for (const colour of data.content.ev?.colours ?? []) add(colour.image_url);
  for (const trim of data.content.ev?.interiors ?? []) add(trim.image_url);
  return index;
}

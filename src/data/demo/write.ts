import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../../schemas/site-config.ts';
import { loadAllSiteConfigs, findSite } from '../site-config.ts';
import { FEED_ROOT, feedDirOf, recordsJson, writeFileAtomic } from '../feed-files.ts';
import { collectSnapshot } from '../pull.ts';
import { loadSiteContent } from '../site-data.ts';
import { fileSource } from '../sources/file.ts';
import { DEFAULT_SEED, DEFAULT_SIZES, generateSiteFeed, splitSizes } from './generate.ts';
import { evDrawings } from './ev-images.ts';
import { SPIN_FRAMES, writeImagePool } from './images.ts';
import { withDealershipPhoto, writeDealershipPhotos } from './dealership-photos.ts';
import type { Body, Colour } from './catalog.ts';

export interface DemoDataOptions {
  /** One site only; default: every site whose source is `file`. */
  site?: string;
  /** Vehicles for the one site, or the total split across all demo sites. */
  vehicles?: number;
  seed?: number;
  /** Reference day (YYYY-MM-DD) that dates are relative to; default today in Brisbane. */
  asOf?: string;
  root?: string;
  log?: (line: string) => void;
}

/** Today's date in Brisbane as YYYY-MM-DD. */
export function todayInBrisbane(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Brisbane', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Summary of one generated site, as printed. */
export interface DemoSiteSummary {
  site: string;
  vehicles: number;
  locations: number;
  reviews: number;
  offers: number;
  models: number;
  schemaFailures: number;
}

/**
 * Generates and writes the demo feeds (and the shared placeholder image pool),
 * then reads them back through the `file` source and validates every record.
 * A generated record that fails its schema is a bug in the generator: it fails the run.
 */
export async function writeDemoFeeds(options: DemoDataOptions = {}): Promise<DemoSiteSummary[]> {
  const root = options.root ?? process.cwd();
  const log = options.log ?? (() => {});
  const seed = options.seed ?? DEFAULT_SEED;
  const asOf = options.asOf ?? todayInBrisbane();
  if (options.vehicles !== undefined && !(Number.isInteger(options.vehicles) && options.vehicles >= 0)) {
    throw new Error(`--vehicles must be a whole number of vehicles, got ${options.vehicles}.`);
  }
  if (!Number.isInteger(seed)) throw new Error(`--seed must be a whole number, got ${options.seed}.`);
  const all = loadAllSiteConfigs('sites', root);
  const sites = options.site ? [findSite(all, options.site)] : all.filter((s) => s.source.kind === 'file');
  const sizes = options.site
    ? { [options.site]: options.vehicles ?? DEFAULT_SIZES[options.site] ?? 250 }
    : options.vehicles !== undefined
      ? splitSizes(options.vehicles, sites.map((s) => s.slug))
      : Object.fromEntries(sites.map((s) => [s.slug, DEFAULT_SIZES[s.slug] ?? 250]));

  const started = performance.now();
  const photos = new Map<string, [Body, Colour]>();
  const spins = new Map<string, [Body, Colour]>();
  const videos = new Map<string, [Body, Colour]>();
  const drawings = new Map<string, () => string>();
  for (const site of sites) {
    const { feed, pool } = generateSiteFeed(site.slug, sizes[site.slug]!, seed, asOf);
    // Locations show a photo of the showroom, not of a car.
    feed.locations = feed.locations.map(withDealershipPhoto);
    await writeDealershipPhotos(path.resolve(root, FEED_ROOT), feed.locations.map((l) => ({ name: String(l.name), slug: String(l.slug) })));
    const dir = feedDirOf(site, root);
    for (const name of ['vehicles', 'locations', 'reviews', 'dealerships'] as const) {
      await writeFileAtomic(path.join(dir, `${name}.json`), recordsJson(feed[name]));
    }
    await writeFileAtomic(path.join(dir, 'meta.json'), `${JSON.stringify(feed.meta, null, 2)}\n`);
    for (const p of pool.photos) photos.set(p.join('|'), p);
    for (const s of pool.spins) spins.set(s.join('|'), s);
    for (const v of pool.videos ?? []) videos.set(v.join('|'), v);
    // The electric microsite's cars and cabins, drawn from the site's content file.
    const ev = loadSiteContent(site.slug, root).ev;
    for (const d of ev ? evDrawings(ev) : []) drawings.set(d.file, d.svg);
  }
  const written = await writeImagePool(path.resolve(root, FEED_ROOT), {
    photos: [...photos.values()],
    spins: [...spins.values()],
    videos: [...videos.values()],
    drawings: [...drawings].map(([file, svg]) => ({ file, svg })),
  });
  log(
    `Image pool: ${photos.size * 4 + spins.size * SPIN_FRAMES} placeholder photos, ${drawings.size} electric microsite images and ${videos.size} walk-round videos ` +
      `(${written} new files) in ${FEED_ROOT}/images and ${FEED_ROOT}/videos`,
  );

  const summaries: DemoSiteSummary[] = [];
  for (const site of sites) {
    // Read the feed back the way a pull does, so a record the generator got wrong shows up here.
    const { snapshot, report } = await collectSnapshot(site, fileSource(site, root), new Date(`${asOf}T00:00:00Z`));
    const pages = loadSiteContent(site.slug, root).pages.length;
    const summary: DemoSiteSummary = {
      site: site.slug,
      vehicles: report.counts.pulled,
      locations: snapshot.locations.length,
      reviews: snapshot.reviews.length,
      offers: snapshot.offers.length,
      models: snapshot.models.length,
      schemaFailures: report.quarantined.length,
    };
    summaries.push(summary);
    log(
      `${site.slug}: ${summary.vehicles} vehicles (${report.counts.published} published after stock filters), ` +
        `${summary.locations} locations, ${summary.reviews} reviews, ${summary.offers} offers, ${summary.models} models, ` +
        `${pages} content pages; ${summary.schemaFailures} schema failures`,
    );
    for (const q of report.quarantined.slice(0, 10)) log(`  ${q.source} ${q.id} ${q.path}: ${q.reason}`);
  }
  log(`Generated in ${((performance.now() - started) / 1000).toFixed(1)} s (seed ${seed}, as of ${asOf}).`);
  const failures = summaries.reduce((n, s) => n + s.schemaFailures, 0);
  if (failures > 0) throw new Error(`${failures} generated records failed their schema: the generator needs fixing.`);
  return summaries;
}


/** Generates the demo feed of each file-sourced site that has none yet (a fresh clone). */
export async function ensureDemoFeeds(sites: SiteConfig[], root = process.cwd(), log: (line: string) => void = () => {}): Promise<void> {
  for (const site of sites) {
    if (site.source.kind !== 'file' || existsSync(path.join(feedDirOf(site, root), 'vehicles.json'))) continue;
    log(`${site.slug}: no demo feed yet, generating it`);
    await writeDemoFeeds({ site: site.slug, root, log });
  }
}

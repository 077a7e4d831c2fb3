import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DealershipSchema } from '../schemas/dealership.ts';
import { LocationSchema } from '../schemas/location.ts';
import { ModelSchema } from '../schemas/model.ts';
import { OfferSchema } from '../schemas/offer.ts';
import { ReviewSchema } from '../schemas/review.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import { NormalisedVehicleSchema, type PullCounts, type Snapshot } from '../schemas/snapshot.ts';
import { VehicleSchema } from '../schemas/vehicle.ts';
import { isAvailable } from '../rules/availability.ts';
import { priceChange, pulledChangeTime } from '../rules/price-history.ts';
import { writeFileAtomic } from './feed-files.ts';
import { carryPriceHistory, normaliseVehicles, offersForSite } from './normalise.ts';
import { validateRecords, type QuarantinedRecord } from './quarantine.ts';
import { vehiclesById } from './route-manifest.ts';
import { checkedSnapshot, pullReportPath, readSnapshot, sourceCachePath, writeSnapshot } from './snapshot-files.ts';
import { sourceFor } from './sources/for-site.ts';
import type { CachedResponse } from './sources/http.ts';
import type { Source } from './sources/source.ts';

/** What a pull found, written beside the snapshot as <slug>.pull-report.json. */
export interface PullReport {
  site: string;
  source: string;
  pulledAt: string;
  counts: PullCounts;
  /** The snapshot was written (false when the guard refused it). */
  published: boolean;
  timings: { fetchMs: number; validateMs: number; normaliseMs: number; writeMs: number };
  quarantined: QuarantinedRecord[];
  duplicates: QuarantinedRecord[];
  filtered: Array<{ id: number; reason: string }>;
  /** Published records with a field changed to be publishable (a clipped comment, a replaced slug), with why. */
  adjusted: QuarantinedRecord[];
}

/** The pull refused to replace the snapshot because available stock fell too far. */
export class StockDropError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StockDropError';
  }
}

/**
 * Validates and normalises what a source returned into a snapshot, without
 * writing anything. Every record is checked on its own: a bad record is
 * quarantined with its id, field path and reason while the rest goes on.
 * Price histories continue from `previous` (the last good snapshot): a listed
 * price that differs from it is a change, stamped with the record's
 * `updated_at` when that falls since the previous pull, else with `now`.
 */
export async function collectSnapshot(site: SiteConfig, source: Source, now: Date, previous: Snapshot | null = null): Promise<{ snapshot: Snapshot; report: PullReport }> {
  let t = performance.now();
  const raw = await source.pull();
  const fetchMs = performance.now() - t;

  t = performance.now();
  const vehicles = validateRecords(VehicleSchema, raw.vehicles, 'vehicles');
  const locations = validateRecords(LocationSchema, raw.locations, 'locations');
  const reviews = validateRecords(ReviewSchema, raw.reviews, 'reviews');
  const dealerships = validateRecords(DealershipSchema, raw.dealerships, 'dealerships');
  const offers = validateRecords(OfferSchema, raw.offers, 'offers');
  const models = validateRecords(ModelSchema, raw.models, 'models');
  const validateMs = performance.now() - t;

  t = performance.now();
  const normalised = normaliseVehicles(vehicles.valid, site, now, vehicles.positions);
  const before = new Map((previous?.vehicles ?? []).map((v) => [Number(v.id), v]));
  normalised.vehicles = carryPriceHistory(normalised.vehicles, before, (vehicle, last) => {
    const change = priceChange(last, vehicle, pulledChangeTime(vehicle.updated_at, previous?.meta.pulledAt, now));
    return change ? [change] : [];
  });
  const countsFor = (published: Snapshot['vehicles'], unpublishable: number): PullCounts => ({
    pulled: raw.vehicles.length,
    quarantined: raw.vehicles.length - vehicles.valid.length + unpublishable,
    duplicates: normalised.duplicates.filter((d) => d.path === 'id').length,
    filtered: normalised.filtered.length,
    published: published.length,
    available: published.filter(isAvailable).length,
  });
  const pulledAt = now.toISOString();
  let snapshot: Snapshot = {
    meta: { site: site.slug, pulledAt, source: source.describe, counts: countsFor(normalised.vehicles, 0) },
    vehicles: normalised.vehicles,
    locations: locations.valid,
    reviews: reviews.valid,
    dealerships: dealerships.valid,
    offers: offersForSite(offers.valid, site),
    models: models.valid,
    removed: [],
  };
  // The build's own check (SnapshotSchema, as readSnapshot applies it), so a pull never writes a snapshot
  // the build refuses; the snapshot goes on as its output, as the build would read it. Every part was
  // validated on its own above, so only a vehicle normalising failed to make publishable can fail it: those
  // are found one by one and quarantined, and the rest is checked again.
  let checked = checkedSnapshot(snapshot, previous?.vehicles);
  if (checked.problem !== null) {
    const publishable = validateRecords(NormalisedVehicleSchema, snapshot.vehicles, 'vehicles');
    for (const q of publishable.quarantined) vehicles.quarantined.push({ ...q, reason: `cannot be published: ${q.reason}` });
    snapshot.meta.counts = countsFor(publishable.valid, snapshot.vehicles.length - publishable.valid.length);
    snapshot.vehicles = publishable.valid;
    checked = checkedSnapshot(snapshot, previous?.vehicles);
    if (checked.problem !== null) throw new Error(`${site.slug}: the pulled data does not make a snapshot the build can read (${checked.problem}); the last good snapshot is kept.`);
  }
  snapshot = checked.snapshot;
  const normaliseMs = performance.now() - t;
  const { counts } = snapshot.meta;
  const report: PullReport = {
    site: site.slug,
    source: source.describe,
    pulledAt,
    counts,
    published: false,
    timings: { fetchMs: round(fetchMs), validateMs: round(validateMs), normaliseMs: round(normaliseMs), writeMs: 0 },
    quarantined: [vehicles, locations, reviews, dealerships, offers, models].flatMap((r) => r.quarantined),
    duplicates: normalised.duplicates,
    filtered: normalised.filtered,
    adjusted: normalised.adjusted,
  };
  return { snapshot, report };
}

/**
 * The stock-drop guard: refuses a snapshot whose available vehicles fall below
 * `site.stockDropGuard` (default half) of the last good snapshot's, or that has
 * none at all, because that is far likelier an outage than a sell-off.
 */
export function checkStockDrop(site: SiteConfig, next: PullCounts, last: Snapshot['meta'] | null): string | null {
  const force = `If the dealer really has this little stock, run \`npm run pull -- --site ${site.slug} --force\`.`;
  if (next.available === 0) {
    return `${site.slug}: the source returned no available vehicles (${next.pulled} records, ${next.quarantined} invalid, ${next.filtered} filtered). The last good snapshot was kept. ${force}`;
  }
  if (!last || last.counts.available === 0) return null;
  const ratio = next.available / last.counts.available;
  if (ratio >= site.stockDropGuard) return null;
  return (
    `${site.slug}: stock-drop guard: ${next.available} available vehicles now against ${last.counts.available} in the last good snapshot ` +
    `(pulled ${last.pulledAt}), ${Math.round(ratio * 100)}%, below the ${Math.round(site.stockDropGuard * 100)}% limit. ` +
    `The last good snapshot was kept. ${force}`
  );
}

export interface PullOptions {
  root?: string;
  now?: Date;
  /** Publish even when the stock-drop guard objects. */
  force?: boolean;
  /** Use this source instead of the one the site config chooses (tests). */
  source?: Source;
  env?: Record<string, string | undefined>;
  /**
   * The running code's version: the last snapshot is read, and the new one written, as that version
   * checked them (see `writeSnapshot`), so a build reading it next need not check it again.
   */
  codeVersion?: string;
}

/** Pulls one site into its snapshot, guarded; the pull report is written either way. */
export async function pullSite(site: SiteConfig, options: PullOptions = {}): Promise<PullReport> {
  return (await pullSiteSnapshot(site, options)).report;
}

/** {@link pullSite}, giving also the snapshot it wrote (see `snapshotAsWritten` for reading it back). */
export async function pullSiteSnapshot(site: SiteConfig, options: PullOptions = {}): Promise<{ report: PullReport; snapshot: Snapshot }> {
  const root = options.root ?? process.cwd();
  const cache = new Map<string, CachedResponse>(readCache(sourceCachePath(site.slug, root)));
  const source = options.source ?? sourceFor(site, { root, cache, ...(options.env ? { env: options.env } : {}) });
  const checkedBy = options.codeVersion !== undefined ? { codeVersion: options.codeVersion } : {};
  const last = await readSnapshot(site.slug, root, checkedBy).catch(() => null);
  const { snapshot, report } = await collectSnapshot(site, source, options.now ?? new Date(), last);
  const objection = checkStockDrop(site, report.counts, last?.meta ?? null);
  if (objection && !options.force) {
    await writeFileAtomic(pullReportPath(site.slug, root), `${JSON.stringify(report, null, 2)}\n`);
    throw new StockDropError(objection);
  }
  // Carried from the last snapshot, which the build read, and from vehicles just checked.
  snapshot.removed = carryRemoved(last, snapshot, options.now ?? new Date());
  const t = performance.now();
  await writeSnapshot(snapshot, root, checkedBy);
  report.published = true;
  report.timings.writeMs = round(performance.now() - t);
  await writeFileAtomic(pullReportPath(site.slug, root), `${JSON.stringify(report, null, 2)}\n`);
  if (cache.size > 0) await writeFileAtomic(sourceCachePath(site.slug, root), JSON.stringify([...cache]));
  return { report, snapshot };
}

/** Days a vehicle that left the site keeps its redirect. */
const REMOVED_KEEP_DAYS = 90;

/**
 * Vehicles that left the site since the last snapshot, plus the earlier ones
 * still within 90 days and not back: their old pages redirect to search.
 */
export function carryRemoved(last: Snapshot | null, next: Snapshot, now: Date): Snapshot['removed'] {
  // The catalogue's map by id is kept per catalogue, and an update's plan asks for this one's too.
  const present = vehiclesById(next.vehicles);
  const cutoff = removedCutoff(now);
  const gone = (last?.vehicles ?? [])
    .filter((v) => !present.has(Number(v.id)))
    .map((v) => ({ id: Number(v.id), slug: v.slug, make_slug: v.make_slug, model_slug: v.model_slug, removedAt: now.toISOString() }));
  const earlier = (last?.removed ?? []).filter((r) => !present.has(r.id) && Date.parse(r.removedAt) >= cutoff && !gone.some((g) => g.id === r.id));
  return [...earlier, ...gone].sort((a, b) => a.id - b.id);
}

/**
 * {@link carryRemoved} for a snapshot that holds the same vehicle ids as `last` (an update that edited
 * vehicles in place): no vehicle left, so it is `last`'s list without those past their days, and without
 * any id `present`, the lookup of `last`'s vehicles by id, holds. `last`'s own list when nothing went.
 */
export function removedAfterEdits(last: Snapshot, present: { has(id: number): boolean }, now: Date): Snapshot['removed'] {
  const cutoff = removedCutoff(now);
  const kept = last.removed.filter((r) => !present.has(r.id) && Date.parse(r.removedAt) >= cutoff);
  return kept.length === last.removed.length ? last.removed : kept;
}

function removedCutoff(now: Date): number {
  return now.getTime() - REMOVED_KEEP_DAYS * 86_400_000;
}

function readCache(file: string): Array<[string, CachedResponse]> {
  if (!existsSync(file)) return [];
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Array<[string, CachedResponse]>;
  } catch {
    // A damaged cache only costs full downloads.
    return [];
  }
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}

/** One line per site for the command line. */
export function summaryLine(report: PullReport, root = process.cwd()): string {
  const c = report.counts;
  const total = Object.values(report.timings).reduce((a, b) => a + b, 0);
  return (
    `${report.site}: pulled ${c.pulled}, quarantined ${c.quarantined}, duplicates ${c.duplicates}, filtered ${c.filtered}, ` +
    `published ${c.published} (${c.available} available) in ${(total / 1000).toFixed(1)} s` +
    (report.published ? ` -> ${path.relative(root, path.resolve(root, 'data/snapshots', `${report.site}.json`))}` : ' (not published)')
  );
}

import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, realpath, rmdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { FEED_ROOT, writeFileAtomic } from '../data/feed-files.ts';
import { carryPriceHistory, normaliseChanged, normaliseVehicles } from '../data/normalise.ts';
import { carryRemoved, removedAfterEdits } from '../data/pull.ts';
import { buildRouteManifest, manifestParts, otherRoutes, regroupedBetween, updateRouteManifest, VEHICLE_KINDS, vehicleFacets, vehiclesById, type ManifestParts, type Route } from '../data/route-manifest.ts';
import { contentFingerprints, loadSiteContent, siteData, type SiteData } from '../data/site-data.ts';
import { appendSnapshotChanges, readSnapshot } from '../data/snapshot-files.ts';
import type { Source } from '../data/sources/source.ts';
import { isAvailable } from '../rules/availability.ts';
import { priceChange } from '../rules/price-history.ts';
import { visibleStock } from '../rules/visibility.ts';
import { passedBoundaries, type TimeBoundary, type TimeBoundaryInput } from '../rules/time-boundaries.ts';
import { DealershipSchema } from '../schemas/dealership.ts';
import { LocationSchema } from '../schemas/location.ts';
import { ModelSchema } from '../schemas/model.ts';
import { OfferSchema } from '../schemas/offer.ts';
import { ReviewSchema } from '../schemas/review.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { PriceChange } from '../schemas/price-history.ts';
import type { NormalisedVehicle, Snapshot } from '../schemas/snapshot.ts';
import { VehicleSchema, type Vehicle } from '../schemas/vehicle.ts';
import type { WebhookEvent } from '../schemas/webhook.ts';
import { searchLandings } from '../search/landings.ts';
import type { SearchLanding } from '../search/routing.ts';
import { catalogueChange, catalogueFollows, matchesFilter, namesOf, sameNames, type SearchFilter, type VehicleLookup } from '../search/query.ts';
import type { ImageIndex } from '../views/images.ts';
import { brandPageSteady, brandStock } from '../views/brands.ts';
import { isAtLocation, locationStockKey } from '../views/locations.ts';
import { siteMenus } from '../views/navigation.ts';
import type { RenderLocals } from '../views/render-locals.ts';
import type { RouteOf } from '../views/common.ts';
import { searchRefinements } from '../views/search.ts';
import type { RenderFn, SearchPageAnswersFn, SimilarSectionFn } from './compile.ts';
import { cspHash, headersFile, inlineTextsOf, redirectsFile, sitemapChanges, sitemapParts, type SitemapWritten } from './host-files.ts';
import { answersDigest, type AnsweredSearches, type SearchPageRender, type SettledSearch } from '../render/search-page-answers.ts';
import { WritesInFlight } from '../lib/writes-in-flight.ts';
import { ReplacedFiles } from './replaced-files.ts';
import { SimilarPatcher } from './similar-patcher.ts';
import { machineReadableFiles } from './machine-files.ts';
import { imageJobs, processImages } from './images.ts';
import { drawDemoContentImages } from './content-images.ts';
import { contentImageJobs } from '../views/content-images.ts';
import { publishVideos, removeUnusedVideos, videoSources, withVideos } from './videos.ts';
import { OUT, replacedFilesDir } from './publish.ts';
import { outputFile } from './output-paths.ts';
import { listPublicFiles } from './public-files.ts';
import { buildStatePath, noteStaleRoutes, releaseSearchNotes, sitemapEntries, type BuildState, type NotedSearch } from './build.ts';
import { searchFiles, writeSearchFiles } from './search-files.ts';
import { hostedRecords, syncHostedIndex } from './algolia-sync.ts';
import { indexedTextFingerprint, indexesPages, isSiteSearchPage, writeSiteSearch } from './site-search.ts';

/**
 * Incremental updates: apply a batch of changes to a site's snapshot, work out
 * from the route manifest which pages they touch, render only those through the
 * compiled app, and replace exactly those files in the live release, each with
 * a write-then-rename so a reader never sees part of a file.
 *
 * Order matters for crash safety: pages are written first, the snapshot last (its
 * changes appended to its log, flushed to disk), and the caller marks the events
 * applied only after that. A crash at any point
 * leaves the events pending; replaying them reaches the same pages.
 */

/** A published site held in memory between updates. */
export interface LiveSite {
  site: SiteConfig;
  snapshot: Snapshot;
  data: SiteData;
  routes: Route[];
  state: BuildState;
  releaseDir: string;
  /**
   * The searches each search page's island asked for when this process last rendered it, and a digest of
   * their answers: a page whose searches answer the same after a change is not rendered again. With them,
   * what the island settled on, from which the page renders again without working it out afresh. Empty
   * for a site just loaded, whose pages were rendered elsewhere.
   */
  searchAnswers: Map<string, SearchPageRender>;
  /**
   * What the last build noted of the search pages no update has rendered since (see `releaseSearchNotes`):
   * their searches, which asked over the live data the first time a change lists one of those pages tell
   * whether the page on disk would still be rendered the same.
   */
  notedSearches: ReadonlyMap<string, NotedSearch>;
  /**
   * What the last build noted each search page's island settled on, the pages updated since included: a page
   * this process has not rendered yet renders from it while the island's props are the same. An update runs
   * on the code that built its release (the site runner builds in full otherwise), so it still holds.
   */
  settledSearches: ReadonlyMap<string, SettledSearch>;
  /** The sitemap files this process last wrote; unknown for a site just loaded, which writes them all. */
  sitemap?: SitemapWritten;
}

/**
 * Starts the thread updates bring similar-vehicles sections up to date on, for a process about to take
 * updates: it loads its modules while the process waits for the first one, not in it.
 */
export function startPatchThread(): void {
  similarPatcher.start();
}

export async function loadLiveSite(site: SiteConfig, root: string): Promise<LiveSite> {
  const snapshot = await readSnapshot(site.slug, root);
  if (!snapshot) throw new Error(`${site.slug} has no snapshot yet: it needs a full build.`);
  const statePath = buildStatePath(site.slug, root);
  if (!existsSync(statePath)) throw new Error(`${site.slug} has no build state yet: it needs a full build.`);
  const state = JSON.parse(await readFile(statePath, 'utf8')) as BuildState;
  const data = siteData(snapshot, loadSiteContent(site.slug, root));
  const routes = buildRouteManifest(site, data);
  const releaseDir = await realpath(path.resolve(root, OUT, site.slug));
  const notes = await releaseSearchNotes(site.slug, root, path.basename(releaseDir));
  return { site, snapshot, data, routes, state, releaseDir, searchAnswers: new Map(), notedSearches: notes.noted, settledSearches: notes.settled };
}

// ---------------------------------------------------------------- applying events

export interface EventInput {
  eventId: string;
  event: WebhookEvent;
}

export interface AppliedBatch {
  snapshot: Snapshot;
  applied: string[];
  /** Events that could not be applied (a record failing validation is quarantined here), with why. */
  failed: Array<{ eventId: string; error: string }>;
  /** Vehicles the batch changed, by id. */
  touched: Set<number>;
  /** Whether the batch left the snapshot as it was (then `snapshot` is the one passed in). */
  unchanged: boolean;
}

const LIST_SCHEMAS = { offer: OfferSchema, location: LocationSchema, review: ReviewSchema, model: ModelSchema } as const;
const LIST_KEYS = { offer: 'offers', location: 'locations', review: 'reviews', model: 'models' } as const;

/**
 * Applies events in order to a copy of the snapshot. Vehicle records are
 * validated like a pull's; a bad one fails its event (quarantined with the
 * reason) and the rest of the batch goes on. Events carrying only an id have
 * the record fetched through the site's source. A batch that changes nothing
 * (a sale or deletion of a vehicle the site does not list, a quarantined record,
 * a record as it already was) returns the snapshot passed in, marked unchanged.
 * Each event that changes a vehicle's listed price adds that change, stamped
 * with the event's time, to the vehicle's price history.
 */
export async function applyEvents(
  live: Pick<LiveSite, 'site' | 'snapshot'>,
  events: EventInput[],
  options: { fetchVehicle?: (id: number) => Promise<unknown | null>; source?: Source; now: Date },
): Promise<AppliedBatch> {
  const { site, snapshot } = live;
  // The catalogue by id (kept per catalogue: the last update worked it out for this one already), and the
  // batch's records over it: a record by id, or null for a vehicle deleted.
  const before = vehiclesById(snapshot.vehicles);
  const records = new Map<number, Vehicle | null>();
  const recordOf = (id: number): Vehicle | undefined => (records.has(id) ? (records.get(id) ?? undefined) : before.get(id));
  const lists = { offers: [...snapshot.offers], locations: [...snapshot.locations], reviews: [...snapshot.reviews], models: [...snapshot.models], dealerships: [...snapshot.dealerships] };
  let refreshed: Awaited<ReturnType<Source['pull']>> | null = null;
  let listsTouched = false;
  const applied: string[] = [];
  const failed: AppliedBatch['failed'] = [];
  const touched = new Set<number>();
  // Price changes the batch's events made, per vehicle, in event order.
  const priceChanges = new Map<number, PriceChange[]>();

  for (const { eventId, event } of events) {
    try {
      const id = Number(event.data.id);
      const [entity] = event.type.split('.') as [string, string];
      if (entity === 'vehicle') {
        touched.add(id);
        if (event.type === 'vehicle.deleted') {
          records.set(id, null);
          priceChanges.delete(id);
        } else if (event.type === 'vehicle.sold' && !event.data.record) {
          const current = recordOf(id);
          // A sale of a vehicle the site does not list changes nothing.
          if (current) records.set(id, { ...current, status: 'sold', sold: true, sold_date_timestamp: Math.floor(Date.parse(event.occurred_at) / 1000), updated_at: event.occurred_at });
        } else {
          const record = event.data.record ?? (await options.fetchVehicle?.(id)) ?? null;
          if (record === null) throw new Error(event.data.record ? 'no record' : `the event has no record and the source could not provide vehicle ${id}`);
          const parsed = VehicleSchema.safeParse(record);
          if (!parsed.success) {
            const issue = parsed.error.issues[0]!;
            throw new Error(`vehicle ${id} quarantined: ${issue.path.join('.') || '(record)'}: ${issue.message}`);
          }
          if (Number(parsed.data.id) !== id) throw new Error(`the record's id ${parsed.data.id} is not the event's ${id}`);
          const change = priceChange(recordOf(id), parsed.data, event.occurred_at);
          if (change) priceChanges.set(id, [...(priceChanges.get(id) ?? []), change]);
          records.set(id, parsed.data);
        }
      } else {
        listsTouched = true;
        const kind = entity as keyof typeof LIST_SCHEMAS;
        const key = LIST_KEYS[kind];
        if (event.data.record) {
          const parsed = LIST_SCHEMAS[kind].safeParse(event.data.record);
          if (!parsed.success) throw new Error(`${kind} ${event.data.id} quarantined: ${parsed.error.issues[0]!.path.join('.')}: ${parsed.error.issues[0]!.message}`);
          // Models are known by slug, the rest by id.
          const list = lists[key] as unknown as Array<Record<string, unknown>>;
          const keyOf = (r: Record<string, unknown>) => String(kind === 'model' ? r.slug : r.id);
          const at = list.findIndex((r) => keyOf(r) === String(event.data.id));
          if (at >= 0) list[at] = parsed.data as Record<string, unknown>;
          else list.push(parsed.data as Record<string, unknown>);
        } else {
          if (!options.source) throw new Error(`the event has no ${kind} record and no source to read it from`);
          refreshed ??= await options.source.pull();
          const valid = (refreshed[key] as unknown[]).map((r) => LIST_SCHEMAS[kind].safeParse(r)).filter((r) => r.success).map((r) => r.data);
          (lists as Record<string, unknown[]>)[key] = valid;
          if (kind === 'location') lists.dealerships = refreshed.dealerships.map((d) => DealershipSchema.safeParse(d)).filter((r) => r.success).map((r) => r.data);
        }
      }
      applied.push(eventId);
    } catch (error) {
      failed.push({ eventId, error: (error as Error).message });
    }
  }

  // Normalise as a pull does, judged at the snapshot's reference time, then carry the price histories on.
  // Vehicles the batch did not touch are normalised already: they come back as the same objects. A batch
  // that only edits vehicles the site lists normalises just those, when that gives the same catalogue.
  const pulledAt = new Date(snapshot.meta.pulledAt);
  const edited = [...touched].every((id) => before.has(id) && records.get(id) !== null);
  const changesOf = (vehicle: NormalisedVehicle) => priceChanges.get(Number(vehicle.id)) ?? [];
  const inPlace = edited ? normaliseChanged(snapshot.vehicles, before, [...touched].map((id) => recordOf(id)!), site, pulledAt) : null;
  // In place, the vehicles the batch did not touch are the snapshot's own, with no price change to carry:
  // only the touched ones get their histories.
  const normalised = inPlace
    ? inPlace.map((vehicle) => (touched.has(Number(vehicle.id)) ? carryPriceHistory([vehicle], before, changesOf)[0]! : vehicle))
    : carryPriceHistory(normaliseVehicles(allRecords(snapshot.vehicles, before, records), site, pulledAt, undefined, before).vehicles, before, changesOf);
  // Normalising is a function of the records, so when every touched vehicle comes out as it was, so does
  // the rest of the catalogue.
  const after = new Map<number, NormalisedVehicle>();
  for (const v of normalised) if (touched.has(Number(v.id))) after.set(Number(v.id), v);
  for (const id of touched) if (sameRecord(before.get(id), after.get(id))) touched.delete(id);
  // What the batch left as it was keeps its object: a vehicle not touched or sent back as it was (and whose
  // slug no other vehicle took), and a list equal to the snapshot's. So a running site knows by identity what did not change,
  // and what it worked out from those objects (search records, feed lines, fingerprints) still holds.
  const vehiclesAfter = normalised.map((v, i) => {
    // The snapshot's own vehicle in its own place: kept, whatever the rest says (most of the catalogue).
    if (v === snapshot.vehicles[i]) return v;
    const kept = before.get(Number(v.id));
    return kept && !touched.has(Number(v.id)) && kept.slug === v.slug ? kept : v;
  });
  const keptList = <T,>(list: T[], was: T[]): T[] => (!listsTouched || json(list) === json(was) ? was : list);
  const listsAfter = {
    offers: keptList(lists.offers, snapshot.offers),
    locations: keptList(lists.locations, snapshot.locations),
    reviews: keptList(lists.reviews, snapshot.reviews),
    models: keptList(lists.models, snapshot.models),
    dealerships: keptList(lists.dealerships, snapshot.dealerships),
  };
  const listsSame = (['offers', 'locations', 'reviews', 'models', 'dealerships'] as const).every((key) => listsAfter[key] === snapshot[key]);
  if (touched.size === 0 && listsSame && normalised.length === snapshot.vehicles.length) {
    return { snapshot, applied, failed, touched, unchanged: true };
  }
  const counts = { ...snapshot.meta.counts, published: vehiclesAfter.length, available: availableCount(vehiclesAfter, snapshot.vehicles) };
  const next: Snapshot = {
    meta: { ...snapshot.meta, counts, updatedAt: options.now.toISOString() },
    vehicles: vehiclesAfter,
    ...listsAfter,
    removed: [],
  };
  // Edited in place, the catalogue keeps its ids: of the vehicles removed before, only those past their days go.
  next.removed = inPlace ? removedAfterEdits(snapshot, before, options.now) : carryRemoved(snapshot, next, options.now);
  return { snapshot: next, applied, failed, touched, unchanged: false };
}

// How many vehicles of a catalogue are available, kept per catalogue for the one an update makes from it.
const availableCounts = new WeakMap<readonly NormalisedVehicle[], number>();

/**
 * How many of `vehicles` are available: from `previous`'s count, when known and the two differ only at some
 * positions, by those positions alone; otherwise by a pass over the catalogue.
 */
function availableCount(vehicles: readonly NormalisedVehicle[], previous: readonly NormalisedVehicle[]): number {
  let count = availableCounts.get(vehicles);
  if (count !== undefined) return count;
  const before = availableCounts.get(previous);
  if (before !== undefined && previous.length === vehicles.length) {
    count = before;
    for (let i = 0; i < vehicles.length; i++) {
      if (vehicles[i] === previous[i]) continue;
      count += Number(isAvailable(vehicles[i]!)) - Number(isAvailable(previous[i]!));
    }
  } else {
    count = vehicles.filter(isAvailable).length;
  }
  availableCounts.set(vehicles, count);
  return count;
}

/** The catalogue's records with a batch's over them (null: deleted), those of new ids last. */
function allRecords(vehicles: readonly NormalisedVehicle[], before: VehicleLookup, records: ReadonlyMap<number, Vehicle | null>): Vehicle[] {
  const all: Vehicle[] = [];
  for (const vehicle of vehicles) {
    const id = Number(vehicle.id);
    const record = records.has(id) ? records.get(id) : vehicle;
    if (record) all.push(record);
  }
  for (const [id, record] of records) if (record && !before.has(id)) all.push(record);
  return all;
}

// ---------------------------------------------------------------- time passing

/** What a site's pages depend on that changes with time alone (see `src/rules/time-boundaries.ts`). */
export function timeBoundaryInput(site: SiteConfig, snapshot: Snapshot, content: Pick<SiteData['content'], 'popup' | 'promoCards'>): TimeBoundaryInput {
  return { site, offers: snapshot.offers, vehicles: snapshot.vehicles, popup: content.popup, promoCards: content.promoCards };
}

export interface ClockAdvance {
  snapshot: Snapshot;
  /** Sold vehicles whose include-sold days ran out: they leave the snapshot, as a pull now would drop them. */
  touched: Set<number>;
  /**
   * Vehicles that stay, with their records as they were, whose pages show them otherwise now: a New Arrival
   * badge gone, a registration run out. The plan takes them as changed.
   */
  aged: Set<number>;
  /** What the passed boundaries change for the plan: `offer:<id>`, `popup`, `promoCards`. */
  contentChanges: Set<string>;
  /** The boundaries passed since the pages' reference time, earliest first. */
  passed: TimeBoundary[];
}

/**
 * Moves a site's reference time (the snapshot's `pulledAt`, which pages are rendered as of) on to
 * `now`, when a time boundary passed since it: sold vehicles past their include-sold days leave the
 * snapshot (kept under `removed` for redirects), the vehicles whose New Arrival badge or registration
 * ran out are named as aged, and the offers, popup and promo cards whose windows opened or closed are
 * named for the plan. Nothing passed: the snapshot is returned as it was, so
 * the update writes nothing. Pages not touched by a boundary are not rendered again, so their
 * "open now" and similar build-time text stays as of their own render; the page's script corrects it.
 */
export function advanceClock(site: SiteConfig, snapshot: Snapshot, content: Pick<SiteData['content'], 'popup' | 'promoCards'>, now: Date): ClockAdvance {
  const since = new Date(snapshot.meta.pulledAt);
  const passed = since.getTime() < now.getTime() ? passedBoundaries(timeBoundaryInput(site, snapshot, content), since, now) : [];
  const touched = new Set<number>();
  const aged = new Set<number>();
  const contentChanges = new Set<string>();
  if (passed.length === 0) return { snapshot, touched, aged, contentChanges, passed };
  for (const cause of passed.flatMap((b) => b.causes)) {
    if (cause.kind === 'sold-cutoff') touched.add(cause.vehicleId);
    else if (cause.kind === 'new-arrival-end' || cause.kind === 'rego-expiry') aged.add(cause.vehicleId);
    else if (cause.kind === 'offer-start' || cause.kind === 'offer-expiry') contentChanges.add(`offer:${cause.offerId}`);
    else if (cause.kind === 'popup-expiry') contentChanges.add('popup');
    else contentChanges.add('promoCards');
  }
  const vehicles = touched.size > 0 ? snapshot.vehicles.filter((v) => !touched.has(Number(v.id))) : snapshot.vehicles;
  const next: Snapshot = {
    ...snapshot,
    meta: { ...snapshot.meta, pulledAt: now.toISOString(), counts: { ...snapshot.meta.counts, published: vehicles.length, available: vehicles.filter(isAvailable).length } },
    vehicles,
  };
  next.removed = touched.size > 0 ? carryRemoved(snapshot, next, now) : snapshot.removed;
  for (const id of touched) aged.delete(id);
  return { snapshot: next, touched, aged, contentChanges, passed };
}

// ---------------------------------------------------------------- what to render

export interface UpdatePlanResult {
  render: Route[];
  /** Vehicle pages whose similar-vehicles section alone changed: that section is replaced in the published page. */
  patch: Route[];
  /**
   * Search pages that list a changed vehicle and nothing else of theirs changed: rendered only when their
   * island's searches answer differently than when they were last rendered.
   */
  recheck: Route[];
  /** Paths whose pages no longer exist. */
  remove: Route[];
  /** Why everything is rendered, when it is. */
  everything: string | null;
}

const json = (value: unknown) => JSON.stringify(value);

/**
 * The same record whatever order its keys are in: a snapshot record sent back as it was is parsed by the
 * feed schema, which lists the keys normalising added (make_model, simple_body, ...) in another place.
 */
function sameRecord(a: unknown, b: unknown): boolean {
  const sorted = (_key: string, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) : value;
  return JSON.stringify(a, sorted) === JSON.stringify(b, sorted);
}

// Fingerprints of a site's data, memoised: one update's "after" is the next update's "before".
const fingerprints = new WeakMap<SiteData, Map<string, string>>();
function memo(data: SiteData, key: string, compute: () => string): string {
  let known = fingerprints.get(data);
  if (!known) fingerprints.set(data, (known = new Map()));
  let value = known.get(key);
  if (value === undefined) known.set(key, (value = compute()));
  return value;
}

/** Header and footer menus as rendered: they appear on every page. */
function menuFingerprint(site: SiteConfig, data: SiteData): string {
  return memo(data, 'menus', () => menuFingerprintOf(site, data));
}

function menuFingerprintOf(site: SiteConfig, data: SiteData): string {
  const menus = siteMenus(site, data);
  return json([menus.header, menus.footer, data.content.copy]);
}

/** The locations some vehicle is at, as one string (see locationCardView's stock link). */
function stockedLocations(vehicles: readonly NormalisedVehicle[]): string {
  return json([...new Set(vehicles.map((v) => v.location?.slug ?? ''))].sort());
}

/** Whether two stock tallies ({@link stockTally}) give every facet the same count. */
function sameTally(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  for (const [facet, count] of a) if (b.get(facet) !== count) return false;
  return true;
}

// Each catalogue's visible stock by facet as of a time, kept for the next catalogue to start from.
const tallies = new WeakMap<readonly NormalisedVehicle[], { at: number; tally: Map<string, number> }>();

/**
 * How many vehicles of the visible stock (as of `asOf`) have each facet. A catalogue that follows another
 * (`catalogueFollows`) whose tally is known for the same time takes that tally and counts only the vehicles
 * that left or joined: whether a vehicle is visible depends on the vehicle and the time alone.
 */
export function stockTally(site: SiteConfig, vehicles: readonly NormalisedVehicle[], asOf: Date): Map<string, number> {
  const at = asOf.getTime();
  const known = tallies.get(vehicles);
  if (known?.at === at) return known.tally;
  const change = catalogueChange(vehicles);
  const before = change && tallies.get(change.previous);
  let tally: Map<string, number>;
  if (change && before?.at === at) {
    tally = new Map(before.tally);
    const count = (list: Iterable<NormalisedVehicle>, by: 1 | -1) => {
      for (const v of visibleStock([...list], asOf, site)) {
        for (const facet of vehicleFacets(v)) {
          const n = (tally.get(facet) ?? 0) + by;
          if (n === 0) tally.delete(facet);
          else tally.set(facet, n);
        }
      }
    };
    count(change.gone, -1);
    count(change.added, 1);
  } else {
    tally = new Map();
    for (const v of visibleStock(vehicles, asOf, site)) for (const facet of vehicleFacets(v)) tally.set(facet, (tally.get(facet) ?? 0) + 1);
  }
  tallies.set(vehicles, { at, tally });
  return tally;
}

// The landing table of a manifest, and its text to compare, worked out once: an update's "after" is the
// next update's "before".
const landingTables = new WeakMap<Route[], { data: SiteData; landings: SearchLanding[]; text: string }>();

/**
 * The landing table of `routes` over `data`. Given `from`, a manifest whose vehicles carry the same names
 * (and the same lists), its table is taken as it is when the two have the same search routes: the table
 * reads only those routes and those names.
 */
function landingsOf(routes: Route[], data: SiteData, from?: { routes: Route[]; data: SiteData }): { landings: SearchLanding[]; text: string } {
  let known = landingTables.get(routes);
  if (known?.data !== data) {
    const previous = from && landingTables.get(from.routes);
    if (previous && previous.data === from.data && sameSearchRoutes(from.routes, routes)) known = { ...previous, data };
    else {
      const landings = searchLandings(routes, data);
      known = { data, landings, text: json(landings) };
    }
    landingTables.set(routes, known);
  }
  return known;
}

function sameSearchRoutes(before: readonly Route[], after: readonly Route[]): boolean {
  const searches = (routes: readonly Route[]) => otherRoutes(routes).filter((route) => route.kind === 'search');
  const [a, b] = [searches(before), searches(after)];
  return (
    a.length === b.length &&
    a.every((route, i) => {
      const other = b[i]!;
      return route === other || (other.kind === 'search' && route.kind === 'search' && route.path === other.path && route.canonicalPath === other.canonicalPath && json(route.filter) === json(other.filter));
    })
  );
}

// Worked out once per catalogue: an update's "after" is the next update's "before".
const models = new WeakMap<readonly NormalisedVehicle[], Map<string, Set<string>>>();
/** Each make's models (`slug|name`). */
function modelsByMake(vehicles: readonly NormalisedVehicle[]): Map<string, Set<string>> {
  let known = models.get(vehicles);
  if (!known) {
    known = new Map();
    for (const v of vehicles) {
      const list = known.get(v.make_slug);
      if (list) list.add(`${v.model_slug}|${v.model}`);
      else known.set(v.make_slug, new Set([`${v.model_slug}|${v.model}`]));
    }
    models.set(vehicles, known);
  }
  return known;
}

/**
 * The routes a change touches: new routes; routes whose manifest entry changed
 * (their data or dependencies, e.g. a search page's first page or count, a
 * vehicle page's similar vehicles); routes showing a changed vehicle or, where a
 * route lists no vehicles, belonging to a changed vehicle's facets; stock-count
 * pages when counts moved; search pages when their navigation changed; and
 * everything when the menus did.
 */
export function planUpdate(
  before: { site: SiteConfig; data: SiteData; routes: Route[] },
  after: { data: SiteData; routes: Route[] },
  /** `aged`: vehicles of `vehicles` that count as changed though their records are as they were. */
  changed: { vehicles: Set<number>; content: Set<string>; aged?: ReadonlySet<number> },
  asOf: Date,
  /** The time the live pages were rendered for, when time moved on since (a clock run); else `asOf`. */
  beforeAsOf: Date = asOf,
): UpdatePlanResult {
  const { site } = before;
  const contentQuiet = changed.content.size === 0;
  // With no content change, a vehicle's group of routes that the derived manifest kept as the same array
  // shows no changed vehicle: one on a similar list would have made it derive the group again
  // (updateRouteManifest). Only the other routes, a few hundred besides the changed vehicles', are
  // compared, and their paths are the only ones that can have appeared or gone.
  const [beforeParts, afterParts] = [manifestParts(before.routes), manifestParts(after.routes)];
  // Where the update made groups again in place, those are the ones that differ: no pass over them all.
  const regrouped = contentQuiet ? regroupedBetween(beforeParts, afterParts) : null;
  const loose = (routes: Route[], parts: ManifestParts, other: ManifestParts): Route[] => {
    const out = [routes[0]!];
    if (regrouped) for (const id of regrouped) out.push(...parts.groups.get(id)!);
    else for (const [id, group] of parts.groups) if (!contentQuiet || other.groups.get(id) !== group) out.push(...group);
    out.push(...parts.rest);
    return out;
  };
  const [beforeLoose, afterLoose] = [loose(before.routes, beforeParts, afterParts), loose(after.routes, afterParts, beforeParts)];
  const afterPaths = new Set(afterLoose.map((r) => r.path));
  const remove = beforeLoose.filter((r) => !afterPaths.has(r.path));
  // Menus, landing links and each make's model list read the vehicles' names alone (car type, make, model,
  // body), besides content and the lists: an update that kept those leaves them as they were.
  const namesKept =
    after.data.content === before.data.content &&
    (['offers', 'locations', 'dealerships', 'models', 'reviews'] as const).every((key) => after.data[key] === before.data[key]) &&
    // Asked of every update's catalogues, so what the pages keep by names carries from one to the next.
    (namesOf(before.data.vehicles) === namesOf(after.data.vehicles) || sameNames(before.data.vehicles, after.data.vehicles));
  const menusMoved = !namesKept && menuFingerprint(site, before.data) !== menuFingerprint(site, after.data);
  if (changed.content.has('menus') || changed.content.has('copy') || menusMoved) {
    return { render: after.routes, patch: [], recheck: [], remove, everything: 'the menus or the site copy changed' };
  }
  const beforeByPath = new Map(beforeLoose.map((r) => [r.path, r]));
  const oldVehicles = vehiclesById(before.data.vehicles);
  const newVehicles = vehiclesById(after.data.vehicles);
  const changedIds = new Set([...changed.vehicles].filter((id) => changed.aged?.has(id) || json(oldVehicles.get(id)) !== json(newVehicles.get(id))));
  // The facets of the changed vehicles (both versions), leaving out those whose two versions `kept` finds alike.
  const facetsOf = (kept?: (was: NormalisedVehicle, now: NormalisedVehicle) => boolean): Set<string> => {
    const facets = new Set<string>();
    for (const id of changedIds) {
      const [was, now] = [oldVehicles.get(id), newVehicles.get(id)];
      if (kept && was && now && kept(was, now)) continue;
      for (const v of [was, now]) if (v) for (const f of vehicleFacets(v)) facets.add(f);
    }
    return facets;
  };
  const changedFacets = facetsOf();
  // A location's page reads a vehicle's place, stock standing and body alone (locationStockKey): it follows
  // the facets of the changed vehicles whose key moved, so a price change or a sale passes it by.
  const locationFacets = facetsOf((was, now) => locationStockKey(was, beforeAsOf, site) === locationStockKey(now, asOf, site));
  // A make's page shows the first few of each item type as cards and counts the rest: it follows the
  // facets of the changed vehicles it shows, or whose version moved it (brandPageSteady).
  const brandFacets = facetsOf(
    (was, now) => brandPageSteady(was, now) && !brandStock(site, before.data.vehicles, was.make_slug).sections.some((s) => s.vehicles.includes(was)),
  );
  // The stock figures home, location, brand and model pages show.
  const countsMoved = !sameTally(stockTally(site, before.data.vehicles, beforeAsOf), stockTally(site, after.data.vehicles, asOf));
  // Which pages showing stock figures the moved figures reach. A location's page counts the vehicles at it
  // alone (isAtLocation: by its slug or id), and a make's page its make's, which `brandFacets` follows. Of
  // the other vehicles, a make's grid of locations shows just whether each location has any
  // (locationCardView). So a sold vehicle leaving the site, which moves the figures, renders the other
  // makes' and locations' pages again only when it leaves a location without vehicles.
  let stockedLocationsMoved: boolean | undefined;
  let locationsById: Map<number, SiteData['locations'][number]> | undefined;
  const figuresReach = (route: Route): boolean => {
    if (route.kind === 'brand') return (stockedLocationsMoved ??= stockedLocations(before.data.vehicles) !== stockedLocations(after.data.vehicles));
    if (route.kind !== 'location') return true;
    locationsById ??= new Map([...before.data.locations, ...after.data.locations].map((l) => [Number(l.id), l]));
    const location = locationsById.get(route.locationId) ?? { id: route.locationId, slug: null };
    return changedVersions.some((v) => isAtLocation(v, location));
  };
  const navigation = (data: SiteData) => memo(data, 'navigation', () => json(searchRefinements(site, data.vehicles, {}, '')));
  const navigationMoved = !namesKept && navigation(before.data) !== navigation(after.data);
  // Pages of one make also list that make's models.
  const modelListMoved = (make: string) => {
    if (namesKept) return false;
    const [modelsBefore, modelsAfter] = [modelsByMake(before.data.vehicles), modelsByMake(after.data.vehicles)];
    return json([...(modelsBefore.get(make) ?? [])].sort()) !== json([...(modelsAfter.get(make) ?? [])].sort());
  };

  // A search page shows counts and statistics over every vehicle it matches, and the island's table of
  // landing pages: it changes with any vehicle it matched before or matches now, and with that table.
  // Each changed vehicle's two versions, and whether a refinement value of it moved (asked per search page).
  const changedPairs = [...changedIds].map((id) => {
    const [was, now] = [oldVehicles.get(id), newVehicles.get(id)];
    return { was, now, facetsMoved: was !== undefined && now !== undefined && json(vehicleFacets(was)) !== json(vehicleFacets(now)) };
  });
  const changedVersions = changedPairs.flatMap(({ was, now }) => [was, now].filter((v): v is NormalisedVehicle => v !== undefined));
  const landingsMoved = landingsOf(before.routes, before.data).text !== landingsOf(after.routes, after.data, namesKept ? before : undefined).text;

  // What the change does to a page's content lists (editorial pages, offers, locations, delivery table).
  const contentTouched = (deps: Route['deps']) =>
    deps.pages?.some((p) => changed.content.has(`page:${p}`)) ||
    deps.content?.some((c) => changed.content.has(c)) ||
    (deps.offers?.length && changed.content.has('offers')) ||
    // An offer's window opened or closed (time passed): the pages that show that offer.
    deps.offers?.some((id) => changed.content.has(`offer:${id}`)) ||
    (deps.locations?.length && changed.content.has('locations'));
  const changes = (route: Route, old: Route): boolean => {
    if (!sameRoute(old, route)) return true;
    const deps = route.deps;
    if (deps.vehicles?.some((id) => changedIds.has(id))) return true;
    const followed = route.kind === 'location' ? locationFacets : route.kind === 'brand' ? brandFacets : changedFacets;
    if (!deps.vehicles && deps.facets?.some((f) => followed.has(f))) return true;
    if (countsMoved && deps.stockCounts && figuresReach(route)) return true;
    if (route.kind === 'search' && (navigationMoved || landingsMoved || (route.filter.make !== undefined && modelListMoved(route.filter.make)))) return true;
    if (route.kind === 'search' && (changedVersions.some((v) => matchesFilter(v, route.filter)) || reachesWiderSearches(route.filter))) return true;
    // An electric model's page links to its stock when some vehicle is of that model.
    if (route.kind === 'ev-model' && changedVersions.some((v) => v.model_slug === route.baseId)) return true;
    return Boolean(contentTouched(deps));
  };

  const render: Route[] = [];
  const patch: Route[] = [];
  const recheck: Route[] = [];
  for (const route of afterLoose) {
    const old = beforeByPath.get(route.path);
    if (!old) render.push(route);
    // A vehicle's route kept as the same object (in a group derived again) shows no changed vehicle either.
    else if (old === route && contentQuiet && VEHICLE_KINDS.has(route.kind)) continue;
    else if (similarOnly(old, route)) patch.push(route);
    else if (route.kind === 'search' && listsOnly(old, route)) recheck.push(route);
    else if (changes(route, old)) render.push(route);
  }
  return { render, patch, recheck, remove, everything: null };

  /**
   * A search page whose route, links, landing table and content are as they were, and which lists a
   * changed vehicle (now or before): what changed on it can only be in its island's search answers.
   */
  function listsOnly(old: Route, route: RouteOf<'search'>): boolean {
    if (!sameRoute(old, route) || navigationMoved || landingsMoved || contentTouched(route.deps)) return false;
    if (route.filter.make !== undefined && modelListMoved(route.filter.make)) return false;
    return Boolean(route.deps.vehicles?.some((id) => changedIds.has(id))) || changedVersions.some((v) => matchesFilter(v, route.filter)) || reachesWiderSearches(route.filter);
  }

  /**
   * Whether a changed vehicle reaches the wider searches a search page's island also asks: for each of the
   * page's refinements, the search without it, whose answers count that refinement's other values (a
   * disjunctive facet: the make list of a make's page counts every make). A vehicle reaches one when it
   * joins or leaves it, or moves in it from one value to another.
   */
  function reachesWiderSearches(filter: SearchFilter): boolean {
    const keys = Object.keys(filter) as Array<keyof SearchFilter>;
    return changedPairs.some(({ was, now, facetsMoved }) =>
      keys.some((key) => {
        const wider = { ...filter, [key]: undefined };
        const [inBefore, inAfter] = [was !== undefined && matchesFilter(was, wider), now !== undefined && matchesFilter(now, wider)];
        return inBefore !== inAfter || (inBefore && facetsMoved);
      }),
    );
  }

  /**
   * A vehicle page whose own vehicle, location and content are as they were, and whose similar vehicles
   * changed (other ones, or one of them changed): only its similar-vehicles section differs. Both lists
   * must be non-empty, so the published page holds the section to replace.
   */
  function similarOnly(old: Route, route: Route): boolean {
    if (route.kind !== 'vehicle' || old.kind !== 'vehicle' || old.vehicleId !== route.vehicleId) return false;
    if (!sameList(old.deps.locations, route.deps.locations) || changedIds.has(route.vehicleId) || contentTouched(route.deps)) return false;
    if (!old.similar?.length || !route.similar?.length) return false;
    return !sameList(old.similar, route.similar) || route.similar.some((id) => changedIds.has(id));
  }
}

/**
 * Whether two manifest entries for one path are the same. Vehicle and search routes, the bulk of a
 * catalogue, differ only in the lists a change can move; comparing those is far cheaper than
 * serialising tens of thousands of entries.
 */
function sameList(a: readonly number[] | undefined, b: readonly number[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameRoute(a: Route, b: Route): boolean {
  if (a === b) return true;
  if (a.kind !== b.kind) return false;
  if (a.kind === 'vehicle' || a.kind === 'vehicle-print' || a.kind === 'vehicle-checkout' || a.kind === 'vehicle-trade-in') {
    const other = b as typeof a;
    return a.vehicleId === other.vehicleId && sameList(a.deps.vehicles, other.deps.vehicles) && sameList(a.deps.locations, other.deps.locations);
  }
  if (a.kind === 'search') {
    const other = b as typeof a;
    return a.deps.count === other.deps.count && sameList(a.deps.vehicles, other.deps.vehicles) && json(a.filter) === json(other.filter) && a.title === other.title && a.canonicalPath === other.canonicalPath;
  }
  return json(a) === json(b);
}

// ---------------------------------------------------------------- writing

/** The thread a running site's updates bring similar-vehicles sections up to date on. */
const similarPatcher = new SimilarPatcher();

/** Files left to finish writing while the update goes on ({@link WritesInFlight}). */
const WRITES_IN_FLIGHT = 16;

export interface UpdateResult {
  /** Nothing differed from the live site, so nothing was written. */
  unchanged: boolean;
  rendered: number;
  /** Vehicle pages whose similar-vehicles section was replaced in place (not counted in `rendered`). */
  patched: number;
  /** Search pages listing a changed vehicle whose searches answered as before, so they were left as they were. */
  searchPagesKept: number;
  removed: number;
  imageTransforms: { done: number; reused: number };
  everything: string | null;
  /** Milliseconds per phase. */
  timingsMs: { plan: number; images: number; render: number; hostFiles: number; snapshot: number };
  /**
   * What the update may have written or removed, relative to the release: page files, host files, and
   * folders (ending in `/`) that stand for every file under them. A deploy compares just these.
   */
  files: string[];
}

/**
 * Brings a live site to `next` (a snapshot and/or changed content): renders
 * the touched pages into the live release, removes pages that are gone,
 * refreshes the sitemap, redirects and headers, then writes the snapshot.
 * Returns the new live site. When `next` is the live snapshot itself and no
 * content changed, nothing is written at all.
 */
export async function updateLiveSite(
  live: LiveSite,
  next: {
    snapshot: Snapshot;
    content?: SiteData['content'];
    /** Vehicles whose records changed, came or went. */
    touched: Set<number>;
    contentChanges?: Set<string>;
    /** Vehicles whose records are as they were but whose pages changed with time ({@link ClockAdvance}'s `aged`). */
    aged?: Set<number>;
  },
  render: RenderFn,
  options: {
    root: string;
    /** The app's source folder, whose `public/` files every site serves (default: the working directory). */
    appRoot?: string;
    onProgress?: (done: number, total: number) => void;
    /** Called once every file of the site is replaced, before the snapshot is written. */
    onFilesReplaced?: () => void;
    /**
     * A preview: `live.releaseDir` is an empty folder laid over the live release, which gets just the files
     * the change writes. Nothing else is touched: no snapshot or build state, no hosted index, no site
     * search index, no photos removed.
     */
    preview?: boolean;
    /**
     * The compiled app's similar-vehicles section: with it, pages whose similar vehicles alone changed get
     * that section replaced in place; without it (and in a preview) they are rendered.
     */
    similarSection?: SimilarSectionFn;
    /**
     * The compiled app's answers to a search page's recorded searches: with it, search pages that list a
     * changed vehicle are rendered only when their answers changed (in a preview, a page kept is the live one
     * beneath); without it they are rendered.
     */
    searchPageAnswers?: SearchPageAnswersFn;
  },
): Promise<{ live: LiveSite; result: UpdateResult }> {
  const { site, releaseDir } = live;
  const root = options.root;
  const files = new Set<string>(['_redirects', '_headers', '_search/', 'pagefind/', 'images/', 'videos/']);
  const touchedFile = (file: string) => files.add(path.relative(releaseDir, file).split(path.sep).join('/'));
  const timings = { plan: 0, images: 0, render: 0, hostFiles: 0, snapshot: 0 };
  let t = performance.now();
  const lap = (key: keyof typeof timings) => {
    timings[key] += Math.round(performance.now() - t);
    t = performance.now();
  };

  if (next.snapshot === live.snapshot && !next.content && !next.contentChanges?.size) {
    options.onFilesReplaced?.();
    return { live, result: { unchanged: true, rendered: 0, patched: 0, searchPagesKept: 0, removed: 0, imageTransforms: { done: 0, reused: 0 }, everything: null, timingsMs: timings, files: [] } };
  }
  const data = siteData(next.snapshot, next.content ?? live.data.content);
  catalogueFollows(data.vehicles, live.data.vehicles);
  // Derived from the live manifest when only vehicles changed; built afresh otherwise.
  // An aged vehicle's pages and the lists showing it are gone through as a changed record's would be.
  const reconsidered = next.aged?.size ? new Set([...next.touched, ...next.aged]) : next.touched;
  const routes = updateRouteManifest(site, live, data, reconsidered) ?? buildRouteManifest(site, data);
  const asOf = new Date(next.snapshot.meta.pulledAt);
  const plan = planUpdate(live, { data, routes }, { vehicles: reconsidered, content: next.contentChanges ?? new Set(), aged: next.aged }, asOf, new Date(live.snapshot.meta.pulledAt));
  lap('plan');

  // Photos of new or changed vehicles go through the same cached pipeline.
  // The live index itself while nothing is added to it: what is kept per vehicle against the index
  // (cards, feed lines) then holds as a whole. Never changed in place: additions go to a copy.
  let images: ImageIndex = live.state.images;
  const changedVehicles = data.vehicles.filter((v) => next.touched.has(Number(v.id)));
  // Content images are checked when content or offers changed (a new offer or slide brings its image).
  const contentMoved = next.content !== undefined || data.offers !== live.data.offers;
  if (contentMoved && !site.images.cdn) await drawDemoContentImages(site, data, path.resolve(root, FEED_ROOT));
  const jobs = [...imageJobs({ vehicles: changedVehicles, locations: [] }, site), ...(contentMoved ? contentImageJobs(data, site) : [])].filter((job) =>
    job.sizes.some((size) => !images[job.source]?.[size]),
  );
  let imageTransforms = { done: 0, reused: 0 };
  if (jobs.length > 0) {
    const processed = await processImages(jobs, { feedRoot: path.resolve(root, FEED_ROOT), cacheDir: path.resolve(root, 'data', 'image-cache'), outDir: releaseDir });
    images = { ...images };
    for (const [source, sizes] of Object.entries(processed.index)) images[source] = { ...images[source], ...sizes };
    imageTransforms = processed.transforms;
  }
  const newVideos = videoSources(changedVehicles).filter((source) => !images[source]?.video);
  if (newVideos.length > 0 && !site.images.cdn) {
    const published = await publishVideos(newVideos, { feedRoot: path.resolve(root, FEED_ROOT), outDir: releaseDir });
    images = withVideos(images, published.index);
  }
  lap('images');

  const publicFiles = listPublicFiles(options.appRoot);
  const scriptHashes = new Set(live.state.scriptHashes);
  const styleHashes = new Set(live.state.styleHashes);
  let styleAttributes = live.state.styleAttributes;
  const { landings } = landingsOf(routes, data);
  const similarSection = options.preview ? undefined : options.similarSection;
  const toRender = similarSection ? [...plan.render] : [...plan.render, ...plan.patch];
  const toPatch = similarSection ? plan.patch : [];
  // Search pages listing a changed vehicle: asked their searches again, and rendered only when answered otherwise.
  const searchAnswers = new Map(live.searchAnswers);
  for (const route of plan.remove) searchAnswers.delete(route.path);
  const answersOf = options.searchPageAnswers;
  let searchPagesKept = 0;
  // The answers of a page rendered after all, which its render takes instead of asking again.
  const answered = new Map<string, AnsweredSearches>();
  for (const route of plan.recheck) {
    const known = answersOf && (live.searchAnswers.get(route.path) ?? (await notedAnswers(live, route.path, answersOf)));
    if (known) {
      const answers = await answersOf!({ site, data, images, asOf: next.snapshot.meta.pulledAt }, known.requests);
      const digest = answersDigest(answers);
      if (digest === known.digest) {
        searchAnswers.set(route.path, known);
        searchPagesKept++;
        continue;
      }
      answered.set(route.path, { requests: known.requests, answers, digest });
    }
    toRender.push(route);
  }
  let done = 0;
  const total = toRender.length + toPatch.length;
  options.onProgress?.(0, total);
  // Named before they are written: the next build renders these pages again rather than trusting the
  // fingerprints it recorded for them.
  if (!options.preview) await noteStaleRoutes(site.slug, [...toRender, ...toPatch, ...plan.remove].map((r) => r.path), root);
  const noteInline = (inline: ReturnType<typeof inlineTextsOf>) => {
    for (const text of inline.scripts) scriptHashes.add(cspHash(text));
    for (const text of inline.styles) styleHashes.add(cspHash(text));
    styleAttributes ||= inline.styleAttributes;
  };
  const indexedNow = new Map<string, string>();
  // Each page goes to disk while the next one renders; every write is done before the files count as replaced.
  const writes = new WritesInFlight(WRITES_IN_FLIGHT);
  // The files replaced are freed once every new one is in place (ReplacedFiles).
  const replacing = new ReplacedFiles(replacedFilesDir(releaseDir));
  let filesReplaced = false;
  let patched = 0;
  let state: BuildState;
  let sitemap: ReturnType<typeof sitemapChanges>;
  try {
    lap('render');
    // The sitemap, the feeds and the stock search's files are made from the data alone, not from the pages:
    // they go to disk while this thread renders (at 10,000 vehicles, megabytes of feeds every update).
    // The sitemap carries each vehicle's last change: the files whose URLs or lastmods moved are rewritten.
    sitemap = sitemapChanges(site, sitemapParts(site, sitemapEntries(routes, data, live.routes)), live.sitemap);
    for (const { file, content } of sitemap.write) {
      touchedFile(path.join(releaseDir, file));
      await writes.add(replacing.write(path.join(releaseDir, file), content));
    }
    for (const file of sitemap.remove) {
      if (!options.preview) await unlink(path.join(releaseDir, file)).catch(() => {});
      touchedFile(path.join(releaseDir, file));
    }
    // The feeds and llms.txt follow the stock in the same update as the pages (a sale leaves both at once).
    for (const { file, content } of machineReadableFiles(site, data, images)) {
      touchedFile(path.join(releaseDir, file));
      await writes.add(replacing.write(path.join(releaseDir, file), content));
    }
    const search = searchFiles(site, data, images, asOf);
    await writes.add(writeSearchFiles(releaseDir, search, replacing.write));
    lap('hostFiles');

    // Similar-vehicles sections are replaced in place on the patch thread while this one renders the
    // update's other pages. A page that does not hold its section as expected is rendered once both are done.
    const unpatched: Route[] = [];
    // Every page is handed to the thread before the first render, with the keeping folder made once.
    const patchFiles = toPatch.map((route) => outputFile(releaseDir, route.path, route.kind));
    const keepAt = await replacing.holdingPaths(patchFiles);
    const patchPage = async (route: Route, at: number) => {
      const file = patchFiles[at]!;
      const section = route.kind === 'vehicle' ? similarSection!({ site, data, images, asOf: next.snapshot.meta.pulledAt }, route.similar) : null;
      const inline = section === null ? null : await similarPatcher.patch(file, section, keepAt[at]!);
      if (!inline) {
        unpatched.push(route);
        return;
      }
      noteInline(inline);
      touchedFile(file);
      patched++;
      options.onProgress?.(++done, total);
    };
    const renderPage = async (route: Route) => {
      // A search page is handed what its island settled on last time (see SearchPage.astro).
      const settled = searchAnswers.get(route.path)?.settled ?? live.settledSearches.get(route.path);
      const asked = answered.get(route.path);
      const locals: RenderLocals = { site, data, route, images, publicFiles, asOf: next.snapshot.meta.pulledAt, landings, ...(settled ? { searchSettled: settled } : {}), ...(asked ? { searchAnswered: asked } : {}) };
      const page = await render(new Request(`${site.url}${route.path}`), locals);
      const expected = route.kind === 'not-found' ? 404 : 200;
      if (page.status !== expected) throw new Error(`rendering ${route.path} (${route.kind}) answered HTTP ${page.status}`);
      if (isSiteSearchPage(route)) indexedNow.set(route.path, indexedTextFingerprint(page.body.toString('utf8')));
      if (locals.searchAnswers) searchAnswers.set(route.path, locals.searchAnswers);
      noteInline(inlineTextsOf(page.body));
      const file = outputFile(releaseDir, route.path, route.kind);
      touchedFile(file);
      await writes.add(replacing.write(file, page.body));
      options.onProgress?.(++done, total);
    };
    // Every patch and render settles before a failure is thrown: none is still writing into the release then.
    const runs = await Promise.allSettled([
      ...toPatch.map(patchPage),
      (async () => {
        for (const route of toRender) await renderPage(route);
      })(),
    ]);
    for (const run of runs) if (run.status === 'rejected') throw run.reason;
    toRender.push(...unpatched);
    for (const route of unpatched) await renderPage(route);
    // A removed page's emptied folders go, so no page may still be on its way into one.
    if (plan.remove.length > 0) await writes.settled();
    for (const route of plan.remove) {
      const file = outputFile(releaseDir, route.path, route.kind);
      touchedFile(file);
      if (options.preview) continue;
      await unlink(file).catch(() => {});
      await removeEmptyDirs(path.dirname(file), releaseDir);
    }
    lap('render');

    // The site search is re-indexed only when the text it reads changed: a page's, or the set of pages.
    // Site search pages are never a vehicle's: the manifest's other routes hold them all.
    const searchPages = otherRoutes(routes).filter(isSiteSearchPage).map((r) => r.path);
    const indexMoved =
      !options.preview &&
      (!indexesPages(live.state.siteSearch, searchPages) || [...indexedNow].some(([pagePath, fingerprint]) => live.state.siteSearch![pagePath] !== fingerprint));
    state = { images, scriptHashes: [...scriptHashes].sort(), styleHashes: [...styleHashes].sort(), styleAttributes, content: contentFingerprints(data.content), siteSearch: live.state.siteSearch ?? {} };
    // Redirects and the image folder change only when pages appear or vanish, or photos change.
    const pagesMoved = plan.remove.length > 0 || routes.length !== live.routes.length || json(data.removed) !== json(live.data.removed);
    if (site.search.backend.kind === 'algolia' && !options.preview) await syncHostedIndex(site, hostedRecords(search.records, search.cards), { root, mode: 'update' });
    if (indexMoved) {
      // The site search reads the pages from disk.
      await writes.settled();
      state.siteSearch = (await writeSiteSearch(releaseDir, routes)).fingerprints;
    }
    if (pagesMoved || jobs.length > 0) {
      await replacing.write(path.join(releaseDir, '_redirects'), redirectsFile(site, { vehicles: data.vehicles, locations: data.locations, pages: routes.map((r) => r.path), removed: data.removed }));
      if (!options.preview) {
        await removeUnusedImages(releaseDir, data, images, site);
        await removeUnusedVideos(releaseDir, data.vehicles, images);
      }
    }
    if (json(state.scriptHashes) !== json(live.state.scriptHashes) || json(state.styleHashes) !== json(live.state.styleHashes) || styleAttributes !== live.state.styleAttributes) {
      await writes.add(replacing.write(path.join(releaseDir, '_headers'), headersFile(site, { scriptHashes: state.scriptHashes, styleHashes: state.styleHashes, styleAttributes })));
    }
    await writes.settled();
    filesReplaced = true;
  } finally {
    // A failed update leaves none of its writes running behind it, nor the files it replaced held.
    await writes.drained();
    if (!filesReplaced) await replacing.release();
  }
  lap('hostFiles');
  options.onFilesReplaced?.();

  const freed = replacing.release();
  if (!options.preview) {
    // Just what changed goes to disk, appended to the snapshot's change log; content alone leaves it as it was.
    if (next.snapshot !== live.snapshot) await appendSnapshotChanges(live.snapshot, next.snapshot, next.touched, root);
    await writeFileAtomic(buildStatePath(site.slug, root), JSON.stringify(state));
  }
  await freed;
  lap('snapshot');

  return {
    live: { site, snapshot: next.snapshot, data, routes, state, releaseDir, searchAnswers, notedSearches: live.notedSearches, settledSearches: live.settledSearches, sitemap: sitemap.written },
    result: { unchanged: false, rendered: toRender.length, patched, searchPagesKept, removed: plan.remove.length, imageTransforms, everything: plan.everything, timingsMs: timings, files: [...files].sort() },
  };
}

/**
 * A page's searches as the last build noted them, with a digest of the answers the page on disk was
 * rendered from: as the build noted it, or (from a build that noted none) of their answers over the live
 * data, which the page's are equal to (a change that answered them otherwise rendered the page again, and
 * it is then known by `searchAnswers`). Undefined for a page the build noted nothing for.
 */
async function notedAnswers(live: LiveSite, page: string, answersOf: SearchPageAnswersFn): Promise<SearchPageRender | undefined> {
  const noted = live.notedSearches.get(page);
  if (!noted) return undefined;
  if (noted.digest !== undefined) return { ...noted, digest: noted.digest };
  const answers = await answersOf({ site: live.site, data: live.data, images: live.state.images, asOf: live.snapshot.meta.pulledAt }, noted.requests);
  return { ...noted, digest: answersDigest(answers) };
}

async function removeEmptyDirs(dir: string, stopAt: string): Promise<void> {
  let current = dir;
  while (current.startsWith(stopAt) && current !== stopAt) {
    const entries = await readdir(current).catch(() => null);
    if (!entries || entries.length > 0) return;
    await rmdir(current).catch(() => {});
    current = path.dirname(current);
  }
}

/** Image files no page of the site uses any more are removed, as a full build would not link them. */
async function removeUnusedImages(releaseDir: string, data: SiteData, images: ImageIndex, site: SiteConfig): Promise<void> {
  if (site.images.cdn) return;
  const used = new Set<string>();
  for (const job of [...imageJobs(data, site), ...contentImageJobs(data, site)]) {
    for (const size of job.sizes) {
      const rendition = images[job.source]?.[size];
      if (rendition) for (const url of [rendition.jpeg, rendition.webp, rendition.avif]) if (url) used.add(path.basename(url));
    }
  }
  const dir = path.join(releaseDir, 'images');
  for (const file of await readdir(dir).catch(() => [] as string[])) if (!used.has(file)) await unlink(path.join(dir, file)).catch(() => {});
}

import { insertSorted, sortedIndex, withoutSorted } from '../lib/sorted.ts';
import { CAR_TYPES } from '../schemas/common.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { NormalisedVehicle } from '../schemas/snapshot.ts';
import type { SortOption } from '../schemas/search-state.ts';
import { collapseSoldRuns, collapsesSold, shownAfterCollapse, shownInResults } from '../rules/results.ts';
import { isAvailable } from '../rules/availability.ts';
import { similarModelKey, similarPriceBand, similarVehicles } from '../rules/similar.ts';

/** The refinements a search landing page stands for. All given fields must match. */
export interface SearchFilter {
  carTypes?: Array<'new' | 'demo' | 'used'>;
  /** Make slug, e.g. "mg". */
  make?: string;
  /** Model slug within the make, e.g. "zs-ev". */
  model?: string;
  /** Search body group, e.g. "SUV". */
  body?: string;
  /** Location slug. */
  location?: string;
  /** Dealership slug. */
  dealership?: string;
}

export interface SearchResult {
  hits: NormalisedVehicle[];
  /** Vehicles matching before paging (sold runs collapsed). */
  nbHits: number;
  page: number;
  nbPages: number;
}

export function matchesFilter(vehicle: NormalisedVehicle, filter: SearchFilter): boolean {
  return (
    (!filter.carTypes || filter.carTypes.includes(vehicle.car_type)) &&
    (!filter.make || vehicle.make_slug === filter.make) &&
    (!filter.model || vehicle.model_slug === filter.model) &&
    (!filter.body || vehicle.simple_body === filter.body) &&
    (!filter.location || vehicle.location?.slug === filter.location) &&
    (!filter.dealership || vehicle.dealership_slug === filter.dealership)
  );
}

/**
 * Relevance: vehicles with a price and a full gallery first, then the newest
 * listing, then the highest id. The platform's own rank is not specified; this
 * keeps sold vehicles in date order among the rest, where the sold-collapse
 * rule applies.
 */
function relevance(v: NormalisedVehicle): number {
  return (v.price > 0 ? 2 : 0) + ((v.images?.length ?? 0) > 3 ? 1 : 0);
}

const byNewest = (a: NormalisedVehicle, b: NormalisedVehicle) =>
  (b.created_at ?? '').localeCompare(a.created_at ?? '') || Number(b.id) - Number(a.id);

const COMPARATORS: Record<SortOption, (a: NormalisedVehicle, b: NormalisedVehicle) => number> = {
  mostRelevant: (a, b) => relevance(b) - relevance(a) || byNewest(a, b),
  latest: byNewest,
  highestPrice: (a, b) => b.price - a.price || byNewest(a, b),
  lowestPrice: (a, b) => a.price - b.price || byNewest(a, b),
};

type Catalogue = readonly NormalisedVehicle[];

/** Whether two vehicles (most often two versions of one) take the same place in relevance order. */
export function sameRelevance(a: NormalisedVehicle, b: NormalisedVehicle): boolean {
  return COMPARATORS.mostRelevant(a, b) === 0;
}

/**
 * What is worked out once per catalogue. Kept under a global symbol because the compiled renderer
 * bundles its own copy of this module: a running site's plan (this copy) and its pages (the renderer's)
 * then share one set, so an update learns that its catalogue follows the previous one, and sorts and
 * files it, once rather than once per copy. Both copies are built from the same source, as the route
 * manifest the renderer reads already requires.
 */
interface CatalogueMemo {
  /** Which catalogue each catalogue was made from by an update ({@link catalogueFollows}). */
  lineage: WeakMap<Catalogue, Catalogue>;
  /** What changed from the catalogue it follows ({@link catalogueChange}). */
  changes: WeakMap<Catalogue, CatalogueChange | null>;
  /**
   * The vehicles in each order, sorted once: every search of the catalogue filters that list, which keeps
   * its order (each order is total, ending in the id). A build's or an update's many landing pages then
   * cost a filter each, not a sort.
   */
  sorted: WeakMap<Catalogue, Map<SortOption, Catalogue>>;
  /** The vehicles by facet ({@link facetIndex}). */
  facets: WeakMap<Catalogue, Map<string, Catalogue>>;
  /** The vehicles by id ({@link vehiclesById}). */
  byId: WeakMap<Catalogue, VehicleLookup>;
  /** What each catalogue's vehicles are named ({@link namesOf}). */
  names: WeakMap<Catalogue, object>;
  /** The matches of filters that name more than one facet ({@link filterMatches}). */
  matches: WeakMap<Catalogue, Map<string, FilterMatches>>;
}

/** A filter's matches in relevance order, kept with the filter. */
interface FilterMatches {
  filter: SearchFilter;
  list: Catalogue;
}

const MEMO = Symbol.for('dealer-sites.catalogue-memo');
const memo = ((globalThis as Record<symbol, unknown>)[MEMO] ??= {
  lineage: new WeakMap(),
  changes: new WeakMap(),
  sorted: new WeakMap(),
  facets: new WeakMap(),
  byId: new WeakMap(),
  names: new WeakMap(),
  matches: new WeakMap(),
} satisfies CatalogueMemo) as CatalogueMemo;
// A memo made by an older copy of this module lacks the maps added since.
memo.byId ??= new WeakMap();
memo.names ??= new WeakMap();
memo.matches ??= new WeakMap();
const { lineage, changes, sorted: sortedCatalogues, facets: facetIndexes, byId: byIdMaps, names, matches: matchesByFilter } = memo;

/** A catalogue's vehicles by id: what is read of it by id, never walked. */
export interface VehicleLookup {
  get(id: number): NormalisedVehicle | undefined;
  has(id: number): boolean;
}

/**
 * A catalogue's vehicles by id, worked out once per catalogue (an update's "after" is the next one's
 * "before"). A catalogue in id order, as snapshots keep theirs, is looked up by binary search over
 * itself, so an update's catalogue costs no map of every vehicle; any other gets a map.
 */
export function vehiclesById(vehicles: Catalogue): VehicleLookup {
  let known = byIdMaps.get(vehicles);
  if (!known) byIdMaps.set(vehicles, (known = inIdOrder(vehicles) ? searchById(vehicles) : new Map(vehicles.map((v) => [Number(v.id), v]))));
  return known;
}

function searchById(vehicles: Catalogue): VehicleLookup {
  const find = (id: number): NormalisedVehicle | undefined => {
    let low = 0;
    let high = vehicles.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (Number(vehicles[middle]!.id) < id) low = middle + 1;
      else high = middle;
    }
    const found = vehicles[low];
    return found !== undefined && Number(found.id) === id ? found : undefined;
  };
  return { get: find, has: (id) => find(id) !== undefined };
}

// Whether each catalogue is in id order (each id above the one before), worked out once.
const idOrdered = new WeakMap<Catalogue, boolean>();

/** Whether a catalogue's vehicles are in id order, each id above the one before. */
export function inIdOrder(vehicles: Catalogue): boolean {
  let known = idOrdered.get(vehicles);
  if (known === undefined) {
    known = true;
    for (let i = 1; i < vehicles.length && known; i++) known = Number(vehicles[i - 1]!.id) < Number(vehicles[i]!.id);
    idOrdered.set(vehicles, known);
  }
  return known;
}

/**
 * Past this many vehicles new to a catalogue (or changed: a changed vehicle is a new object), sorting it
 * afresh is cheaper than placing each one in the previous catalogue's order.
 */
const MOST_PLACED = 256;

/**
 * Records that `next` was made from `previous` by an update: the vehicles it did not change are the same
 * objects. Its orders are then derived from the previous catalogue's, which costs a pass over the list
 * and a binary search per changed vehicle instead of a sort of the whole catalogue.
 */
export function catalogueFollows(next: readonly NormalisedVehicle[], previous: readonly NormalisedVehicle[]): void {
  if (next === previous) return;
  lineage.set(next, previous);
  changes.delete(next);
  // One step back is all an order is derived from: the catalogues before that are let go. The previous
  // catalogue's own change names the one before it, so it goes too, or every catalogue a running site
  // ever had would stay reachable from the current one (with all that is kept for each).
  lineage.delete(previous);
  changes.delete(previous);
}

/** The catalogue `vehicles` was made from by an update, while it is still held. */
export function previousCatalogue(vehicles: readonly NormalisedVehicle[]): readonly NormalisedVehicle[] | undefined {
  return lineage.get(vehicles);
}

/**
 * Whether `after` is `before` with some vehicles replaced in place by vehicles named alike: the same car
 * type, make, model and body, by name and by slug. Whatever reads only those (and in that order) is the same.
 */
export function sameNames(before: readonly NormalisedVehicle[], after: readonly NormalisedVehicle[]): boolean {
  if (before === after) return true;
  if (before.length !== after.length) return false;
  for (let i = 0; i < after.length; i++) {
    const a = before[i]!;
    const b = after[i]!;
    if (a === b) continue;
    if (a.car_type !== b.car_type || a.make !== b.make || a.make_slug !== b.make_slug || a.model !== b.model || a.model_slug !== b.model_slug || a.simple_body !== b.simple_body) return false;
  }
  return true;
}

/**
 * An object standing for what a catalogue's vehicles are named (see {@link sameNames}): a catalogue that
 * follows another named alike gets that one's object. What reads the names alone (menus, landing links)
 * is kept by it, so it carries across updates that did not ask for it, as long as each catalogue's is
 * asked for once (an update asks for it as it plans).
 */
export function namesOf(vehicles: Catalogue): object {
  let known = names.get(vehicles);
  if (!known) {
    const previous = lineage.get(vehicles);
    const before = previous && names.get(previous);
    known = before && sameNames(previous, vehicles) ? before : {};
    names.set(vehicles, known);
  }
  return known;
}

/** Two kinds of name and what each names: a make's name its slug; a model's name, as similar vehicles compare it, its make and model. */
const NAMINGS = {
  make: { name: (v: NormalisedVehicle) => v.make, named: (v: NormalisedVehicle) => v.make_slug },
  model: { name: (v: NormalisedVehicle) => similarModelKey(v), named: (v: NormalisedVehicle) => `${v.make_slug}/${v.model_slug}` },
};

// Per what a catalogue's vehicles are named (namesOf) and per kind of name: the names that are not one to
// one with what they name, and what each named thing is named.
const namings = new WeakMap<object, Map<keyof typeof NAMINGS, { ambiguous: ReadonlySet<string>; nameOf: ReadonlyMap<string, string> }>>();

/**
 * Whether names of a kind stand one to one, in the catalogue, for what they name (no name for two makes or
 * models, no make or model by two names): `plain` tells it of one vehicle's name, in the catalogue or not,
 * and `all` of every name in the catalogue. What is kept per catalogue and read by name can then be
 * carried across an update by the things named.
 */
export function oneToOneNames(vehicles: Catalogue, kind: keyof typeof NAMINGS): { plain: (v: NormalisedVehicle) => boolean; all: boolean } {
  const token = namesOf(vehicles);
  let byKind = namings.get(token);
  if (!byKind) namings.set(token, (byKind = new Map()));
  const { name, named } = NAMINGS[kind];
  let known = byKind.get(kind);
  if (!known) {
    const namedBy = new Map<string, string>();
    const nameOf = new Map<string, string>();
    const ambiguous = new Set<string>();
    for (const v of vehicles) {
      const [n, thing] = [name(v), named(v)];
      const [knownThing, knownName] = [namedBy.get(n), nameOf.get(thing)];
      if (knownThing !== undefined && knownThing !== thing) ambiguous.add(n);
      if (knownName !== undefined && knownName !== n) ambiguous.add(n).add(knownName);
      if (knownThing === undefined) namedBy.set(n, thing);
      if (knownName === undefined) nameOf.set(thing, n);
    }
    byKind.set(kind, (known = { ambiguous, nameOf }));
  }
  const { ambiguous, nameOf } = known;
  return { plain: (v) => !ambiguous.has(name(v)) && nameOf.get(named(v)) === name(v), all: ambiguous.size === 0 };
}

/** What an update changed from the catalogue it started from ({@link catalogueFollows}). */
export interface CatalogueChange {
  previous: readonly NormalisedVehicle[];
  /** Vehicles of `previous` no longer in the catalogue: gone, or replaced by a changed object. */
  gone: ReadonlySet<NormalisedVehicle>;
  /** Vehicles new to the catalogue: added, or the changed objects replacing others. */
  added: readonly NormalisedVehicle[];
}

/**
 * The vehicles that left and joined `vehicles` since the catalogue it follows, worked out once per
 * catalogue; null when it follows none. Whatever is kept per catalogue (sort orders, stock tallies) is
 * then brought to the new catalogue by those few vehicles.
 */
export function catalogueChange(vehicles: readonly NormalisedVehicle[]): CatalogueChange | null {
  let change = changes.get(vehicles);
  if (change === undefined) {
    const previous = lineage.get(vehicles);
    change = previous ? (changeInPlace(previous, vehicles) ?? changeByMembership(previous, vehicles)) : null;
    changes.set(vehicles, change);
  }
  return change;
}

function changeByMembership(previous: Catalogue, vehicles: Catalogue): CatalogueChange {
  const present = new Set(vehicles);
  const had = new Set(previous);
  return { previous, gone: new Set(previous.filter((v) => !present.has(v))), added: vehicles.filter((v) => !had.has(v)) };
}

/**
 * The change between two catalogues of the same length, read position by position: an update that
 * replaces a few vehicles keeps the others where they were. A catalogue holds each vehicle once, so a
 * vehicle at a position that did not change is in both; only the vehicles at positions that did can
 * have left or joined (or moved between those positions). Null when the lengths differ or too many
 * positions changed for this to be the shorter way.
 */
function changeInPlace(previous: Catalogue, vehicles: Catalogue): CatalogueChange | null {
  if (previous.length !== vehicles.length) return null;
  const moved: number[] = [];
  for (let i = 0; i < vehicles.length; i++) {
    if (vehicles[i] === previous[i]) continue;
    if (moved.length === MOST_PLACED) return null;
    moved.push(i);
  }
  const had = new Set(moved.map((i) => previous[i]!));
  const present = new Set(moved.map((i) => vehicles[i]!));
  return {
    previous,
    gone: new Set(moved.map((i) => previous[i]!).filter((v) => !present.has(v))),
    added: moved.map((i) => vehicles[i]!).filter((v) => !had.has(v)),
  };
}

/**
 * What an update did to the catalogue `vehicles` follows when it only replaced vehicles by others of the
 * same ids: that catalogue, and each replacement with the vehicle it replaced. Null when `vehicles` follows
 * none, or the update also added or removed vehicles.
 */
export function replacedInPlace(vehicles: Catalogue): { previous: Catalogue; replaced: Array<{ was: NormalisedVehicle; now: NormalisedVehicle }> } | null {
  const change = catalogueChange(vehicles);
  if (!change || change.added.length !== change.gone.size) return null;
  const gone = new Map([...change.gone].map((v) => [Number(v.id), v]));
  const replaced: Array<{ was: NormalisedVehicle; now: NormalisedVehicle }> = [];
  for (const now of change.added) {
    const was = gone.get(Number(now.id));
    if (!was) return null;
    replaced.push({ was, now });
  }
  return { previous: change.previous, replaced };
}

/**
 * `vehicles` in `compare`'s order, from `previous` (the same order over the catalogue it followed): the
 * vehicles gone or replaced are dropped, those new or replaced are placed by binary search. Each order is
 * total and vehicles are not changed in place, so this is the list a full sort gives. Null when too many
 * vehicles are new to place one at a time.
 */
function reorder(change: CatalogueChange, previous: readonly NormalisedVehicle[], compare: (a: NormalisedVehicle, b: NormalisedVehicle) => number): NormalisedVehicle[] | null {
  if (change.added.length > MOST_PLACED) return null;
  const sorted = change.gone.size > 0 ? withoutSorted(previous, change.gone, compare) : [...previous];
  for (const vehicle of change.added) insertSorted(sorted, vehicle, compare);
  return sorted;
}

function sortedCatalogue(vehicles: readonly NormalisedVehicle[], sortBy: SortOption): readonly NormalisedVehicle[] {
  let orders = sortedCatalogues.get(vehicles);
  if (!orders) sortedCatalogues.set(vehicles, (orders = new Map()));
  let sorted = orders.get(sortBy);
  if (!sorted) {
    const change = catalogueChange(vehicles);
    const previous = change && sortedCatalogues.get(change.previous)?.get(sortBy);
    sorted = (change && previous && reorder(change, previous, COMPARATORS[sortBy])) || [...vehicles].sort(COMPARATORS[sortBy]);
    orders.set(sortBy, sorted);
  }
  return sorted;
}

/** Facet keys a vehicle belongs to, one per filter field it has a value for ('make:toyota'). */
export function vehicleFacets(v: NormalisedVehicle): string[] {
  return [
    `car_type:${v.car_type}`,
    `make:${v.make_slug}`,
    `model:${v.make_slug}/${v.model_slug}`,
    `body:${v.simple_body}`,
    ...(v.location?.slug ? [`location:${v.location.slug}`] : []),
    ...(v.dealership_slug ? [`dealership:${v.dealership_slug}`] : []),
  ];
}

/** Facet keys a filter names; a filter of several car types names each. */
export function filterFacets(filter: SearchFilter): string[] {
  return [
    ...(filter.carTypes ?? []).map((t) => `car_type:${t}`),
    ...(filter.make && filter.model ? [`model:${filter.make}/${filter.model}`] : filter.make ? [`make:${filter.make}`] : []),
    ...(filter.body ? [`body:${filter.body}`] : []),
    ...(filter.location ? [`location:${filter.location}`] : []),
    ...(filter.dealership ? [`dealership:${filter.dealership}`] : []),
  ];
}

/**
 * The catalogue's vehicles filed by car type, make, model, body, location and dealership, each list in
 * relevance order. A catalogue that follows another takes that one's lists and redoes only the lists of
 * the vehicles that left or joined.
 */
function facetIndex(vehicles: readonly NormalisedVehicle[]): Map<string, readonly NormalisedVehicle[]> {
  let index = facetIndexes.get(vehicles);
  if (index) return index;
  const change = catalogueChange(vehicles);
  const before = change && change.added.length <= MOST_PLACED ? facetIndexes.get(change.previous) : undefined;
  if (change && before) {
    index = new Map(before);
    const touched = new Set([...change.gone, ...change.added].flatMap(vehicleFacets));
    for (const key of touched) {
      const list = withoutSorted(before.get(key) ?? [], new Set([...change.gone].filter((v) => vehicleFacets(v).includes(key))), COMPARATORS.mostRelevant);
      for (const v of change.added) if (vehicleFacets(v).includes(key)) insertSorted(list, v, COMPARATORS.mostRelevant);
      if (list.length > 0) index.set(key, list);
      else index.delete(key);
    }
  } else {
    const lists = new Map<string, NormalisedVehicle[]>();
    for (const v of sortedCatalogue(vehicles, 'mostRelevant')) {
      for (const key of vehicleFacets(v)) {
        const list = lists.get(key);
        if (list) list.push(v);
        else lists.set(key, [v]);
      }
    }
    index = lists;
  }
  facetIndexes.set(vehicles, index);
  return index;
}

/** Every facet key the catalogue's vehicles have ({@link vehicleFacets}), in no set order. */
export function facetKeys(vehicles: readonly NormalisedVehicle[]): string[] {
  return [...facetIndex(vehicles).keys()];
}

/**
 * The vehicles a filter matches, in relevance order (the whole catalogue's order, filtered). Taken from
 * the shortest facet list the filter names rather than a pass over the catalogue.
 */
export function matchingVehicles(vehicles: readonly NormalisedVehicle[], filter: SearchFilter): readonly NormalisedVehicle[] {
  // Every match carries each key the filter names, but one of several car types.
  const severalTypes = (filter.carTypes?.length ?? 0) > 1;
  const keys = filterFacets(severalTypes ? { ...filter, carTypes: undefined } : filter);
  if (keys.length === 0) {
    const ranked = sortedCatalogue(vehicles, 'mostRelevant');
    return filter.carTypes ? filterMatches(vehicles, filter, () => ranked.filter((v) => matchesFilter(v, filter))) : ranked;
  }
  const index = facetIndex(vehicles);
  // A filter that names one facet and nothing else matches exactly that facet's list.
  if (keys.length === 1 && !severalTypes) return index.get(keys[0]!) ?? [];
  return filterMatches(vehicles, filter, () => {
    let shortest: readonly NormalisedVehicle[] | undefined;
    for (const key of keys) {
      const list = index.get(key) ?? [];
      if (!shortest || list.length < shortest.length) shortest = list;
    }
    return shortest!.filter((v) => matchesFilter(v, filter));
  });
}

/**
 * The matches of a filter that names more than one facet, found by `find` once per catalogue: a build
 * reads a landing page's matches for its count, its title and its refinements, and an update for each
 * landing page that lists a changed vehicle. A catalogue that follows another takes that one's lists,
 * and redoes by binary search only those a vehicle that left or joined matches.
 */
function filterMatches(vehicles: Catalogue, filter: SearchFilter, find: () => Catalogue): Catalogue {
  let lists = matchesByFilter.get(vehicles);
  if (!lists) matchesByFilter.set(vehicles, (lists = carriedMatches(vehicles)));
  const key = filterKey(filter);
  let known = lists.get(key);
  if (!known) lists.set(key, (known = { filter, list: find() }));
  return known.list;
}

/**
 * Brings the previous catalogue's filter matches to `vehicles` whether or not anything asks for one now.
 * Like its orders, a catalogue's lists come from the catalogue just before it, so an update that asks for
 * none (a price change no landing page of several facets lists) would leave the next update to find every
 * list again over the whole catalogue. An update asks for this as it plans.
 */
export function carryFilterMatches(vehicles: Catalogue): void {
  if (!matchesByFilter.has(vehicles)) matchesByFilter.set(vehicles, carriedMatches(vehicles));
}

/** A filter as a text, equal for equal filters (car types in the order given). */
function filterKey(filter: SearchFilter): string {
  return JSON.stringify([filter.carTypes ?? null, filter.make ?? null, filter.model ?? null, filter.body ?? null, filter.location ?? null, filter.dealership ?? null]);
}

/** The previous catalogue's filter matches, brought to `vehicles` by the vehicles that left or joined it. */
function carriedMatches(vehicles: Catalogue): Map<string, FilterMatches> {
  const change = catalogueChange(vehicles);
  const before = change && change.added.length <= MOST_PLACED ? matchesByFilter.get(change.previous) : undefined;
  if (!change || !before) return new Map();
  const lists = new Map<string, FilterMatches>();
  for (const [key, { filter, list }] of before) {
    const gone = new Set([...change.gone].filter((v) => matchesFilter(v, filter)));
    const added = change.added.filter((v) => matchesFilter(v, filter));
    if (gone.size === 0 && added.length === 0) {
      lists.set(key, { filter, list });
      continue;
    }
    const next = withoutSorted(list, gone, COMPARATORS.mostRelevant);
    for (const v of added) insertSorted(next, v, COMPARATORS.mostRelevant);
    lists.set(key, { filter, list: next });
  }
  return lists;
}

/**
 * How many vehicles a filter matches, by car type. A filter of car types alone (or none) reads the facet
 * index's list lengths; any other filter counts its matches.
 */
export function matchesByCarType(vehicles: readonly NormalisedVehicle[], filter: SearchFilter): Record<string, number> {
  const counts: Record<string, number> = {};
  const { carTypes, ...rest } = filter;
  if (Object.values(rest).every((value) => value === undefined)) {
    const index = facetIndex(vehicles);
    for (const type of carTypes ?? CAR_TYPES) {
      const list = index.get(`car_type:${type}`);
      if (list) counts[type] = list.length;
    }
    return counts;
  }
  for (const vehicle of matchingVehicles(vehicles, filter)) counts[vehicle.car_type] = (counts[vehicle.car_type] ?? 0) + 1;
  return counts;
}

/** Sorted and filtered results, before sold runs collapse. */
function sortedMatches(vehicles: readonly NormalisedVehicle[], site: SiteConfig, filter: SearchFilter, sortBy: SortOption): readonly NormalisedVehicle[] {
  const matched = sortBy === 'mostRelevant' ? matchingVehicles(vehicles, filter) : sortedCatalogue(vehicles, sortBy).filter((v) => matchesFilter(v, filter));
  return sortBy === 'lowestPrice' && site.search.lowestPriceExcludesZero ? matched.filter((v) => v.price > 0) : matched;
}

/** Sorted, filtered and collapsed results, before paging. */
export function searchAll(vehicles: readonly NormalisedVehicle[], site: SiteConfig, filter: SearchFilter, sortBy: SortOption = 'mostRelevant'): NormalisedVehicle[] {
  return collapseSoldRuns(sortedMatches(vehicles, site, filter, sortBy), site);
}

/**
 * How many of `matched` remain once sold runs collapse ({@link collapseSoldRuns}), and those at positions
 * `from` to `to` (exclusive) among them: one pass, with no list of every result. A landing page needs its
 * count and its first page, and the all-stock page matches the whole catalogue.
 */
function collapsedSlice(matched: readonly NormalisedVehicle[], site: SiteConfig, from: number, to: number): { hits: NormalisedVehicle[]; count: number } {
  const shown = shownAfterCollapse(matched, site);
  const hits: NormalisedVehicle[] = [];
  let count = 0;
  for (const vehicle of matched) {
    if (!shown(vehicle)) continue;
    if (count >= from && count < to) hits.push(vehicle);
    count++;
  }
  return { hits, count };
}

/** One page of results (page numbers start at 1). */
export function searchVehicles(
  vehicles: readonly NormalisedVehicle[],
  site: SiteConfig,
  options: { filter?: SearchFilter; sortBy?: SortOption; page?: number } = {},
): SearchResult {
  const matched = sortedMatches(vehicles, site, options.filter ?? {}, options.sortBy ?? 'mostRelevant');
  const pageSize = site.search.pageSize;
  const asked = Math.max(1, options.page ?? 1);
  let { hits, count } = collapsedSlice(matched, site, (asked - 1) * pageSize, asked * pageSize);
  const nbPages = Math.max(1, Math.ceil(count / pageSize));
  // A page past the last shows the last.
  const page = Math.min(asked, nbPages);
  if (page !== asked) hits = collapsedSlice(matched, site, (page - 1) * pageSize, page * pageSize).hits;
  return { hits, nbHits: count, page, nbPages };
}

/**
 * A filter's first page of results (in relevance order) and its count, after vehicles changed availability
 * and nothing else it reads, worked out from the count before (`countBefore`, over the catalogue with each
 * change's `was`): a pass over the first page instead of over every match. Whether a result shows once
 * sold runs collapse depends on it and the result before it alone, so the count moves only at a changed
 * result and the one after it. Null when a change did more for this filter (joined or left it, or moved in
 * relevance order), or when the results gain their first available vehicle or lose their last: collapsing
 * then starts or stops for all of them. Equals {@link searchVehicles}' first page otherwise (a test holds it
 * to that).
 */
export function firstPageAfterAvailability(
  vehicles: readonly NormalisedVehicle[],
  site: SiteConfig,
  filter: SearchFilter,
  changes: ReadonlyArray<{ was: NormalisedVehicle | undefined; now: NormalisedVehicle | undefined }>,
  countBefore: number,
): { hits: NormalisedVehicle[]; nbHits: number } | null {
  const matched = matchingVehicles(vehicles, filter);
  // Each changed result's place, with the version the count before was taken over.
  const earlier = new Map<number, NormalisedVehicle>();
  for (const { was, now } of changes) {
    const [before, after] = [was !== undefined && matchesFilter(was, filter), now !== undefined && matchesFilter(now, filter)];
    if (!before && !after) continue;
    if (!before || !after || !sameRelevance(was!, now!)) return null;
    const at = sortedIndex(matched, now!, COMPARATORS.mostRelevant);
    if (matched[at] !== now) return null;
    earlier.set(at, was!);
  }
  const availableAt = (at: number, before: boolean) => isAvailable((before && earlier.get(at)) || matched[at]!);
  const anyAvailable = (before: boolean) => {
    for (let at = 0; at < matched.length; at++) if (availableAt(at, before)) return true;
    return false;
  };
  const collapse = collapsesSold(site, () => anyAvailable(false));
  if (collapse !== collapsesSold(site, () => anyAvailable(true))) return null;
  const shownAt = (at: number, before: boolean) => shownInResults(collapse, availableAt(at, before), at === 0 || availableAt(at - 1, before));
  const moved = new Set<number>();
  for (const at of earlier.keys()) for (const next of [at, at + 1]) if (next < matched.length) moved.add(next);
  let nbHits = countBefore;
  for (const at of moved) nbHits += Number(shownAt(at, false)) - Number(shownAt(at, true));
  const shown = shownAfterCollapse(matched, site);
  const hits: NormalisedVehicle[] = [];
  for (let at = 0; at < matched.length && hits.length < site.search.pageSize; at++) if (shown(matched[at]!)) hits.push(matched[at]!);
  return { hits, nbHits };
}

/** The spec's per-filter search limit for similar vehicles. */
const SIMILAR_QUERY_LIMIT = 10;

/**
 * Similar vehicles for every vehicle page, computed once per site at build
 * time in place of the platform's multi-query: one query each for the same
 * model, the same make and the same body, each in stock and in the price band,
 * limited to 10, then the similar-vehicles rule (same model first, de-duplicated,
 * at most 6).
 */
export function similarIndex(vehicles: readonly NormalisedVehicle[]): (vehicle: NormalisedVehicle) => NormalisedVehicle[] {
  // The facet index's model, make and body lists, in relevance order; only vehicles in stock are hits.
  const index = facetIndex(vehicles);
  const query = (key: string, vehicle: NormalisedVehicle) => {
    const band = similarPriceBand(vehicle.price);
    const hits: NormalisedVehicle[] = [];
    for (const candidate of index.get(key) ?? []) {
      if (candidate.status === 'in_stock' && candidate.id !== vehicle.id && candidate.price >= band.min && candidate.price <= band.max) hits.push(candidate);
      if (hits.length === SIMILAR_QUERY_LIMIT) break;
    }
    return hits;
  };
  return (vehicle) =>
    similarVehicles(vehicle, [
      ...query(`model:${vehicle.make_slug}/${vehicle.model_slug}`, vehicle),
      ...query(`make:${vehicle.make_slug}`, vehicle),
      ...query(`body:${vehicle.simple_body}`, vehicle),
    ]);
}

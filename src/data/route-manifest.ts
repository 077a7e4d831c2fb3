import { carTypeCarsLabel, makeModelLabel, stockOfTypesLabel } from '../lib/labels.ts';
import { slugify } from '../lib/text.ts';
import { ALL_STOCK_PATH, BLOG_REVIEWS_PATH, checkoutPath, COMPARE_PATH, offerPath, pagePath, searchPathForCarType, vehiclePath } from '../lib/urls.ts';
import { isAvailable } from '../rules/availability.ts';
import { similarModelKey, similarPriceBand } from '../rules/similar.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { NormalisedVehicle } from '../schemas/snapshot.ts';
import { carryFilterMatches, facetKeys, filterFacets, firstPageAfterAvailability, matchesFilter, matchingVehicles, oneToOneNames, sameRelevance, searchVehicles, similarIndex, vehicleFacets, vehiclesById, type SearchFilter, type VehicleLookup } from '../search/query.ts';
import type { SiteData } from './site-data.ts';

/**
 * What a route's output depends on. Every page also depends on the site
 * config and the menus and site copy (header and footer), so those are implied.
 * An incremental update re-renders the routes whose dependencies it touches.
 */
export interface RouteDependencies {
  /** Vehicles shown on the page (the vehicle itself, similar vehicles, the first page of results). */
  vehicles?: number[];
  /** Facet values whose membership decides the page's results, e.g. "make:mg", "car_type:used". */
  facets?: string[];
  /** The page shows stock counts (home, location and brand blocks). */
  stockCounts?: boolean;
  /** How many results the page counts (search landing pages). */
  count?: number;
  offers?: string[];
  locations?: number[];
  /** Content pages under content/<slug>/pages. */
  pages?: string[];
  /** Editorial content besides pages: popup, promo cards, models, EV variants, the delivery table. */
  content?: Array<'popup' | 'promoCards' | 'models' | 'ev' | 'offers' | 'delivery' | 'blog' | 'home'>;
}

/** Forms with a page of their own. */
export type FormKind = 'finance' | 'finance-enquiry' | 'service' | 'trade-in' | 'sell-my-car' | 'book-test-drive';

/** One URL of a site: its path, what the page is, the data it needs and what it depends on. */
export type Route = { path: string; deps: RouteDependencies } & (
  | { kind: 'home' }
  | { kind: 'vehicle' | 'vehicle-print' | 'vehicle-checkout' | 'vehicle-trade-in'; vehicleId: number; similar?: number[] }
  | { kind: 'search'; title: string; filter: SearchFilter; canonicalPath?: string }
  | { kind: 'locations' }
  | { kind: 'location'; locationId: number }
  | { kind: 'offers' }
  | { kind: 'offer'; offerId: string; canonicalPath: string }
  | { kind: 'brands' }
  | { kind: 'brand'; make: string; makeSlug: string }
  | { kind: 'models' }
  | { kind: 'model'; modelSlug: string }
  | { kind: 'ev-hub' }
  | { kind: 'ev-model'; baseId: string }
  | { kind: 'ev-compare' }
  | { kind: 'content-page'; pageSlug: string }
  | { kind: 'form'; form: FormKind; title: string; pageSlug?: string }
  | { kind: 'success' }
  | { kind: 'sign-in' }
  | { kind: 'watchlist' }
  | { kind: 'compare' }
  | { kind: 'garage' }
  | { kind: 'not-found' }
  | { kind: 'booking-page' }
  | { kind: 'blog' }
  | { kind: 'blog-article'; articleSlug: string }
);

export type RouteKind = Route['kind'];

// Facet keys: a change to a vehicle touches the pages of the facets it belongs to (src/search/query.ts).
export { vehicleFacets };

/** Vehicle pages of a site with the delivery calculator carry its table (one list shared by all). */
const DELIVERY_CONTENT: NonNullable<RouteDependencies['content']> = ['delivery'];

/** A vehicle's page and its sub-pages per the site's switches. */
function vehicleRoutes(site: SiteConfig, v: NormalisedVehicle, similar: readonly NormalisedVehicle[]): Route[] {
  const { features } = site;
  const id = Number(v.id);
  const similarIds = similar.map((s) => Number(s.id));
  const routes: Route[] = [
    { kind: 'vehicle', path: vehiclePath(v), vehicleId: id, similar: similarIds, deps: { vehicles: [id, ...similarIds], ...(v.location_id ? { locations: [Number(v.location_id)] } : {}), ...(features.deliveryCalculator ? { content: DELIVERY_CONTENT } : {}) } },
  ];
  const own = { vehicles: [id] };
  if (features.print !== 'off') routes.push({ kind: 'vehicle-print', path: vehiclePath(v, 'print'), vehicleId: id, deps: own });
  if (features.reserve || features.onlinePurchase) routes.push({ kind: 'vehicle-checkout', path: checkoutPath(v, site), vehicleId: id, deps: own });
  if (features.tradeIn) routes.push({ kind: 'vehicle-trade-in', path: vehiclePath(v, 'trade-in'), vehicleId: id, deps: own });
  return routes;
}

/** A search landing page with its first page of results and its count. */
function searchRoute(
  site: SiteConfig,
  vehicles: readonly NormalisedVehicle[],
  path: string,
  title: string,
  filter: SearchFilter,
  first: { hits: readonly NormalisedVehicle[]; nbHits: number } = searchVehicles(vehicles, site, { filter }),
): Route {
  return { kind: 'search', path, title, filter, deps: { vehicles: first.hits.map((h) => Number(h.id)), facets: filterFacets(filter), count: first.nbHits, content: ['promoCards'] } };
}

/** The kinds of a vehicle's own pages: its detail page and the sub-pages the site has. */
export const VEHICLE_KINDS: ReadonlySet<Route['kind']> = new Set<Route['kind']>(['vehicle', 'vehicle-print', 'vehicle-checkout', 'vehicle-trade-in']);

// Every facet a catalogue's vehicles have, worked out once per catalogue: an update's "after" is the next
// update's "before". The facet index's keys are those facets, and an update's index is derived from the
// one before it, so this costs a sort of the keys, not a pass over the vehicles.
const facetSets = new WeakMap<readonly NormalisedVehicle[], string>();
function facetSet(vehicles: readonly NormalisedVehicle[]): string {
  let known = facetSets.get(vehicles);
  if (known === undefined) facetSets.set(vehicles, (known = facetKeys(vehicles).sort().join('\n')));
  return known;
}

// A catalogue's vehicles by id, kept per catalogue with its other orders (src/search/query.ts).
export { vehiclesById };

/** A manifest's vehicle routes by vehicle id, and the routes after the home page that are not a vehicle's, in order. */
export interface ManifestParts {
  groups: ReadonlyMap<number, Route[]>;
  rest: Route[];
  /**
   * Where each vehicle's group starts in the manifest, when every group is one run of routes and the rest
   * follow them all: then an update that keeps every vehicle in its place replaces groups where they stand.
   */
  starts: ReadonlyMap<number, number> | null;
}

// Kept per manifest: a derived manifest records its parts as it is made, so the next update need not
// sort 35,000 routes into them again.
const partsOf = new WeakMap<readonly Route[], ManifestParts>();

/** A manifest's routes besides the home page and the vehicles' own (search, content, location pages...), in order. */
export function otherRoutes(routes: readonly Route[]): readonly Route[] {
  return manifestParts(routes).rest;
}

/**
 * A manifest's routes after the home page, as its vehicles' groups (in the manifest's order) and the rest.
 * A manifest derived by an update keeps each group it did not recompute as the same array.
 */
export function manifestParts(routes: readonly Route[]): ManifestParts {
  let parts = partsOf.get(routes);
  if (!parts) {
    const groups = new Map<number, Route[]>();
    const rest: Route[] = [];
    const starts = new Map<number, number>();
    let runs = true;
    for (let i = 1; i < routes.length; i++) {
      const route = routes[i]!;
      if (route.kind === 'vehicle' || route.kind === 'vehicle-print' || route.kind === 'vehicle-checkout' || route.kind === 'vehicle-trade-in') {
        const id = route.vehicleId;
        const group = groups.get(id);
        if (group) {
          runs &&= routes[i - 1] === group.at(-1);
          group.push(route);
        } else {
          runs &&= rest.length === 0;
          groups.set(id, [route]);
          starts.set(id, i);
        }
      } else {
        rest.push(route);
      }
    }
    parts = { groups, rest, starts: runs ? starts : null };
    partsOf.set(routes, parts);
  }
  return parts;
}

/**
 * The manifest after a change to some vehicles, derived from the manifest
 * before it instead of from scratch: only the touched vehicles' routes, the
 * routes of vehicles whose similar vehicles may have moved (those sharing a
 * model, make or body with a touched vehicle), and the search routes whose
 * filter matches a touched vehicle are recomputed. Returns null when the change
 * is structural (a facet value appears or vanishes, or anything besides the
 * vehicles changed); the caller then builds the manifest in full. The result
 * equals buildRouteManifest(site, after) (a test holds it to that).
 */
export function updateRouteManifest(
  site: SiteConfig,
  before: { data: SiteData; routes: Route[] },
  after: SiteData,
  touched: ReadonlySet<number>,
): Route[] | null {
  const { data } = before;
  const listsSame = (['offers', 'locations', 'dealerships', 'models'] as const).every((key) => after[key] === data[key] || JSON.stringify(after[key]) === JSON.stringify(data[key]));
  if (after.content !== data.content || !listsSame) return null;
  if (facetSet(data.vehicles) !== facetSet(after.vehicles)) return null;

  const oldById = vehiclesById(data.vehicles);
  const newById = vehiclesById(after.vehicles);
  const replaced = replacedPositions(data.vehicles, after.vehicles);
  // A new vehicle can take a slug from a higher id: that vehicle's pages move, so start from scratch. With
  // every vehicle kept in its place, only the replaced ones can have another slug.
  if (replaced) {
    for (const i of replaced) if (!touched.has(Number(after.vehicles[i]!.id)) && data.vehicles[i]!.slug !== after.vehicles[i]!.slug) return null;
  } else {
    for (const v of after.vehicles) if (!touched.has(Number(v.id)) && oldById.get(Number(v.id))?.slug !== v.slug) return null;
  }
  const versions = [...touched].flatMap((id) => [oldById.get(id), newById.get(id)].filter((v): v is NormalisedVehicle => v !== undefined));
  const changes = [...touched].map((id) => ({ id, was: oldById.get(id), now: newById.get(id) }));
  const parts = manifestParts(before.routes);
  const reach = similarReach(changes, (v) => similarOf(parts.groups.get(Number(v.id))), oneToOneNames(after.vehicles, 'model'));
  const affected = (v: NormalisedVehicle) => touched.has(Number(v.id)) || reach.reaches(v);
  const similar = similarIndex(after.vehicles);
  const regroup = (v: NormalisedVehicle) => vehicleRoutes(site, v, similar(v));
  // Where only the lists naming a changed vehicle can move, those vehicles are found by the lists instead of
  // by a pass over every vehicle sharing a make or a body with it.
  const candidates = () => (reach.listedOnly ? listing(parts.groups, newById, touched, reach.listed) : reachable(after.vehicles, newById, touched, reach.near));
  const inPlace = replaced && parts.starts && groupsInPlace(before.routes, parts, parts.starts, candidates(), affected, regroup);
  if (inPlace) carryListers(parts.groups, inPlace.groups, inPlace.regrouped);
  const placed = inPlace || groupsInOrder(before.routes[0]!, parts, after.vehicles, affected, regroup);
  const { routes, groups } = placed;

  // A search route's count and first page read where its matches stand in relevance order and whether each
  // is available; the sold ones' runs collapse by that alone. A change that keeps, for every changed vehicle
  // it matches before or after, the match, the place and the availability leaves the route as it was.
  const steadyFor = (filter: SearchFilter) =>
    changes.every(({ was, now }) => {
      if (!was || !now) return false;
      const matched = matchesFilter(now, filter);
      return matched === matchesFilter(was, filter) && (!matched || (sameRelevance(was, now) && isAvailable(was) === isAvailable(now)));
    });
  // The catalogue's relevance order and its filters' matches are asked for every update, searched again or
  // not: each catalogue's are derived from the one before it, which must then have them (else each is
  // worked out over the whole catalogue).
  matchingVehicles(after.vehicles, {});
  carryFilterMatches(after.vehicles);
  // The other routes follow the groups: replaced where they stand, or appended after them.
  const rest = parts.rest.slice();
  for (let i = 0; i < rest.length; i++) {
    const route = rest[i]!;
    if (route.kind === 'search' && versions.some((v) => matchesFilter(v, route.filter)) && !steadyFor(route.filter)) {
      // A sale, or a vehicle back on sale, moves the count by its neighbours alone (firstPageAfterAvailability).
      const first = route.deps.count === undefined ? null : firstPageAfterAvailability(after.vehicles, site, route.filter, changes, route.deps.count);
      const fresh = searchRoute(site, after.vehicles, route.canonicalPath ?? route.path, route.title, route.filter, first ?? undefined);
      const next = route.canonicalPath ? { ...fresh, path: route.path, canonicalPath: route.canonicalPath } : fresh;
      // A shared location and dealership page keeps both facets.
      if (next.kind === 'search' && route.deps.facets) next.deps.facets = route.deps.facets;
      rest[i] = next;
      if (placed.restAt !== null) routes[placed.restAt + i] = next;
    }
  }
  if (placed.restAt === null) for (const route of rest) routes.push(route);
  partsOf.set(routes, { groups, rest, starts: placed.starts });
  return routes;
}

/**
 * The positions at which `after` holds another vehicle object than `before`, when each holds a vehicle of
 * the same id (an update that replaced vehicles and kept every one in its place); null otherwise.
 */
function replacedPositions(before: readonly NormalisedVehicle[], after: readonly NormalisedVehicle[]): number[] | null {
  if (before.length !== after.length) return null;
  const at: number[] = [];
  for (let i = 0; i < after.length; i++) {
    if (after[i] === before[i]) continue;
    if (Number(after[i]!.id) !== Number(before[i]!.id)) return null;
    at.push(i);
  }
  return at;
}

/** The ids on a vehicle's similar list, from its group of routes (none without one). */
function similarOf(group: readonly Route[] | undefined): readonly number[] | undefined {
  return (group?.[0] as { similar?: number[] } | undefined)?.similar;
}

// For each vehicle id, the vehicles whose similar lists name it: read from a manifest's groups once, and
// carried to the groups an update makes from them in place (carryListers).
const listersByGroups = new WeakMap<ReadonlyMap<number, Route[]>, ReadonlyMap<number, readonly number[]>>();

function listersOf(groups: ReadonlyMap<number, Route[]>): ReadonlyMap<number, readonly number[]> {
  let known = listersByGroups.get(groups);
  if (!known) {
    const made = new Map<number, number[]>();
    for (const [id, group] of groups) {
      for (const listed of similarOf(group) ?? []) {
        const listers = made.get(listed);
        if (listers) listers.push(id);
        else made.set(listed, [id]);
      }
    }
    listersByGroups.set(groups, (known = made));
  }
  return known;
}

/**
 * The listers of `after`'s groups from those of `before`'s, when those are known: `regrouped` are the ids
 * whose groups were made again, the other groups being the same. The lists of `before` stay as they were.
 */
function carryListers(before: ReadonlyMap<number, Route[]>, after: ReadonlyMap<number, Route[]>, regrouped: readonly number[]): void {
  const known = listersByGroups.get(before);
  if (!known) return;
  const next = new Map(known);
  const copied = new Set<number>();
  const listersOfId = (listed: number) => {
    if (copied.has(listed)) return next.get(listed) as number[];
    copied.add(listed);
    const listers = [...(next.get(listed) ?? [])];
    next.set(listed, listers);
    return listers;
  };
  for (const id of regrouped) {
    for (const listed of similarOf(before.get(id)) ?? []) {
      const listers = listersOfId(listed);
      const at = listers.indexOf(id);
      if (at >= 0) listers.splice(at, 1);
    }
    for (const listed of similarOf(after.get(id)) ?? []) listersOfId(listed).push(id);
  }
  listersByGroups.set(after, next);
}

/** The changed vehicles and those whose similar lists name one of `listed`, each once. */
function listing(groups: ReadonlyMap<number, Route[]>, byId: VehicleLookup, touched: ReadonlySet<number>, listed: readonly number[]): Set<NormalisedVehicle> {
  const out = new Set<NormalisedVehicle>();
  const listers = listersOf(groups);
  for (const id of [...touched, ...listed.flatMap((l) => listers.get(l) ?? [])]) {
    const v = byId.get(id);
    if (v) out.add(v);
  }
  return out;
}

/**
 * The vehicles a change can reach (`affected`): the changed ones, and those sharing a make or a body with a
 * version of a changed one (`near`), each once. The similar lists of all others are out of its reach.
 */
function reachable(vehicles: readonly NormalisedVehicle[], byId: VehicleLookup, touched: ReadonlySet<number>, near: readonly NormalisedVehicle[]): Set<NormalisedVehicle> {
  const out = new Set<NormalisedVehicle>();
  for (const id of touched) {
    const v = byId.get(id);
    if (v) out.add(v);
  }
  const [makes, bodies] = [new Set(near.map((t) => t.make_slug)), new Set(near.map((t) => t.simple_body))];
  for (const make of makes) for (const v of matchingVehicles(vehicles, { make })) out.add(v);
  for (const body of bodies) for (const v of body ? matchingVehicles(vehicles, { body }) : vehicles.filter((v) => v.simple_body === body)) out.add(v);
  return out;
}

interface PlacedGroups {
  routes: Route[];
  groups: ReadonlyMap<number, Route[]>;
  /** Where the other routes start in `routes`; null when they are still to be appended. */
  restAt: number | null;
  /** Where each vehicle's group starts in `routes`. */
  starts: ReadonlyMap<number, number>;
}

/**
 * The vehicles' groups where they stood in the manifest before, with the groups of the `affected` among
 * `candidates` made again (`regrouped`, by id): for an update that kept every vehicle in its place. Null
 * when a group made again has another number of routes than before.
 */
function groupsInPlace(
  previous: readonly Route[],
  parts: ManifestParts,
  starts: ReadonlyMap<number, number>,
  candidates: Iterable<NormalisedVehicle>,
  affected: (v: NormalisedVehicle) => boolean,
  regroup: (v: NormalisedVehicle) => Route[],
): (PlacedGroups & { regrouped: number[] }) | null {
  const routes = previous.slice();
  const own = new Map<number, Route[]>();
  const regrouped: number[] = [];
  for (const v of candidates) {
    if (!affected(v)) continue;
    const id = Number(v.id);
    const [group, was, start] = [regroup(v), parts.groups.get(id), starts.get(id)];
    if (was === undefined || start === undefined || group.length !== was.length) return null;
    own.set(id, group);
    regrouped.push(id);
    for (let k = 0; k < group.length; k++) routes[start + k] = group[k]!;
  }
  return { routes, groups: regroupedOver(parts.groups, own), regrouped, restAt: routes.length - parts.rest.length, starts };
}

/** How many updates' groups are read through one another before they are put into one map again. */
const GROUP_LAYERS = 8;

/**
 * A manifest's vehicle groups made from another's by making some of them again in place (`own`): reads
 * fall through to the groups before, which stay as they are, so an update copies no map of 10,000 groups.
 * Every {@link GROUP_LAYERS} updates the groups are put into one map again, so a read never goes far.
 */
class RegroupedGroups implements ReadonlyMap<number, Route[]> {
  readonly base: ReadonlyMap<number, Route[]>;
  readonly own: ReadonlyMap<number, Route[]>;
  readonly depth: number;

  constructor(base: ReadonlyMap<number, Route[]>, own: ReadonlyMap<number, Route[]>, depth: number) {
    this.base = base;
    this.own = own;
    this.depth = depth;
  }

  get(id: number): Route[] | undefined {
    return this.own.get(id) ?? this.base.get(id);
  }

  has(id: number): boolean {
    return this.base.has(id);
  }

  get size(): number {
    return this.base.size;
  }

  *entries(): MapIterator<[number, Route[]]> {
    for (const [id, group] of this.base) yield [id, this.own.get(id) ?? group];
  }

  keys(): MapIterator<number> {
    return this.base.keys();
  }

  *values(): MapIterator<Route[]> {
    for (const [, group] of this.entries()) yield group;
  }

  [Symbol.iterator](): MapIterator<[number, Route[]]> {
    return this.entries();
  }

  forEach(each: (group: Route[], id: number, groups: ReadonlyMap<number, Route[]>) => void): void {
    for (const [id, group] of this.entries()) each(group, id, this);
  }
}

function regroupedOver(base: ReadonlyMap<number, Route[]>, own: ReadonlyMap<number, Route[]>): ReadonlyMap<number, Route[]> {
  const depth = base instanceof RegroupedGroups ? base.depth + 1 : 1;
  if (depth < GROUP_LAYERS) return new RegroupedGroups(base, own, depth);
  // Into one map: the first map copied whole, then each update's groups over it, oldest first.
  const layers = [own];
  let below = base;
  for (; below instanceof RegroupedGroups; below = below.base) layers.push(below.own);
  const groups = new Map(below);
  for (const layer of layers.reverse()) for (const [id, group] of layer) groups.set(id, group);
  return groups;
}

/**
 * The vehicles whose groups an update made again in place, from `before`'s parts to `after`'s, in the
 * manifest's order: every other group is the same array in both. Null when neither was derived from the
 * other that way (a manifest made afresh, or groups put into one map again); then compare group by group.
 */
export function regroupedBetween(before: ManifestParts, after: ManifestParts): number[] | null {
  const derived = after.groups instanceof RegroupedGroups && after.groups.base === before.groups ? after.groups : null;
  if (!derived || !after.starts) return null;
  const starts = after.starts;
  return [...derived.own.keys()].sort((a, b) => starts.get(a)! - starts.get(b)!);
}

/** The vehicles' groups in catalogue order after the home page, kept or made again. */
function groupsInOrder(home: Route, parts: ManifestParts, vehicles: readonly NormalisedVehicle[], affected: (v: NormalisedVehicle) => boolean, regroup: (v: NormalisedVehicle) => Route[]): PlacedGroups {
  const routes: Route[] = [home];
  const groups = new Map<number, Route[]>();
  const starts = new Map<number, number>();
  for (const v of vehicles) {
    const kept = affected(v) ? undefined : parts.groups.get(Number(v.id));
    const group = kept ?? regroup(v);
    groups.set(Number(v.id), group);
    starts.set(Number(v.id), routes.length);
    for (const route of group) routes.push(route);
  }
  return { routes, groups, restAt: null, starts };
}

/**
 * Whether a change to some vehicles can move an untouched vehicle's similar list. That list is the first
 * six of its model's, make's and body's in-stock vehicles within its price band, ten of each in relevance
 * order, same model first (similarIndex, similarVehicles). A change reaches it when:
 * - a changed vehicle is on the list: it stays or goes, and the page shows it as it is now;
 * - a changed vehicle is now a candidate (in stock, in the band, sharing the make or body), unless it
 *   was one just as much before, in the same place in every list: only its price moved, within the band.
 * A vehicle that stops being a candidate without being on the list moves nothing: every vehicle that
 * moves up into the ten of a query comes after it in that query, so after every vehicle on the list.
 * That holds while the same model means the same make and model, for the vehicle and for every version
 * of the changed ones (`oneToOneNames`); otherwise any candidate that leaves reaches it.
 *
 * So where no changed vehicle is in stock now (a sale) and every model name is plain, a change reaches
 * just the vehicles whose lists name a changed vehicle in stock before (`listedOnly`, `listed`).
 */
function similarReach(
  changes: ReadonlyArray<{ id: number; was: NormalisedVehicle | undefined; now: NormalisedVehicle | undefined }>,
  listedBefore: (v: NormalisedVehicle) => readonly number[] | undefined,
  names: { plain: (v: NormalisedVehicle) => boolean; all: boolean },
): { reaches: (v: NormalisedVehicle) => boolean; near: readonly NormalisedVehicle[]; listedOnly: boolean; listed: readonly number[] } {
  const { plain } = names;
  const moved = changes.filter((c) => c.was?.status === 'in_stock' || c.now?.status === 'in_stock');
  const plainChange = changes.every((c) => (!c.was || plain(c.was)) && (!c.now || plain(c.now)));
  const inPlace = (c: (typeof changes)[number]) =>
    c.was !== undefined &&
    c.now !== undefined &&
    c.was.status === 'in_stock' &&
    c.now.status === 'in_stock' &&
    c.was.make_slug === c.now.make_slug &&
    c.was.model_slug === c.now.model_slug &&
    c.was.simple_body === c.now.simple_body &&
    similarModelKey(c.was) === similarModelKey(c.now) &&
    sameRelevance(c.was, c.now);
  const steady = new Set(moved.filter(inPlace));
  const versions = moved.flatMap((c) => [c.was, c.now]).filter((t): t is NormalisedVehicle => t !== undefined);
  const reaches = (v: NormalisedVehicle) => {
    // A vehicle on the list, or a candidate for it, shares its make (as its model's and make's queries ask)
    // or its body: most vehicles share neither with any version of a changed one.
    if (!versions.some((t) => t.make_slug === v.make_slug || t.simple_body === v.simple_body)) return false;
    const band = similarPriceBand(v.price);
    const candidate = (t: NormalisedVehicle | undefined) =>
      t !== undefined && t.status === 'in_stock' && t.id !== v.id && t.price >= band.min && t.price <= band.max && (t.make_slug === v.make_slug || t.simple_body === v.simple_body);
    const listed = listedBefore(v);
    for (const c of moved) {
      if (listed === undefined || listed.includes(c.id)) return true;
      const joins = candidate(c.now);
      const leaves = candidate(c.was);
      if (joins && !(leaves && steady.has(c))) return true;
      if (leaves && !joins && !(plainChange && plain(v))) return true;
    }
    return false;
  };
  const listedOnly = names.all && plainChange && moved.every((c) => c.now?.status !== 'in_stock');
  return { reaches, near: versions, listedOnly, listed: moved.map((c) => c.id) };
}

/**
 * Every URL of a site with what it depends on. Paths are unique: where two
 * sources claim one path (a location and a dealership with the same slug, a
 * model whose page is the EV hub) the first in this order keeps it.
 */
export function buildRouteManifest(site: SiteConfig, data: SiteData): Route[] {
  const routes: Route[] = [];
  const taken = new Set<string>();
  const add = (route: Route) => {
    if (taken.has(route.path)) return;
    taken.add(route.path);
    routes.push(route);
  };
  const { features } = site;
  const vehicles = data.vehicles;

  // The home page shows the first three offers current at its render, which may be any of them once time passes.
  add({ kind: 'home', path: '/', deps: { stockCounts: true, offers: data.offers.map((o) => String(o.id)), locations: data.locations.map((l) => Number(l.id)), content: ['popup', 'home'] } });

  // Vehicle pages and their sub-pages.
  const similar = similarIndex(vehicles);
  for (const v of vehicles) for (const route of vehicleRoutes(site, v, similar(v))) add(route);

  // Search landing pages, each with its first page of results in the HTML.
  const search = (path: string, title: string, filter: SearchFilter) => add(searchRoute(site, vehicles, path, title, filter));
  const present = <T>(values: T[]) => [...new Set(values)].sort();
  const carTypes = site.search.carTypeOrder.filter((t) => vehicles.some((v) => v.car_type === t));
  search(ALL_STOCK_PATH, stockOfTypesLabel(carTypes), {});
  for (const t of carTypes) search(searchPathForCarType(t), carTypeCarsLabel(t), { carTypes: [t] });
  if (carTypes.includes('new') || carTypes.includes('demo')) search(pagePath('search', 'new-and-demo-cars'), 'New and Demo Cars', { carTypes: ['new', 'demo'] });
  const makes = new Map(vehicles.map((v) => [v.make_slug, v.make]));
  for (const [makeSlug, make] of [...makes].sort()) search(pagePath('search', makeSlug), `${make} Cars`, { make: makeSlug });
  const models = new Map(vehicles.map((v) => [`${v.make_slug}/${v.model_slug}`, v]));
  for (const [, v] of [...models].sort()) search(pagePath('search', v.make_slug, v.model_slug), makeModelLabel(v.make, v.model), { make: v.make_slug, model: v.model_slug });
  for (const body of present(vehicles.map((v) => v.simple_body))) search(pagePath('search', slugify(body)), `${body} Cars`, { body });
  // Locations and dealerships without vehicles get no landing page: it would only say there is nothing.
  for (const location of data.locations) {
    if (location.slug && vehicles.some((v) => v.location?.slug === location.slug)) search(pagePath('search', location.slug), `Stock at ${location.name}`, { location: location.slug });
  }
  for (const dealership of data.dealerships) {
    if (!dealership.slug || !vehicles.some((v) => v.dealership_slug === dealership.slug)) continue;
    const path = pagePath('search', dealership.slug);
    // A dealership named like one of the locations is that location: one page serves both.
    const shared = routes.find((r) => r.path === path && r.kind === 'search' && r.filter.location === dealership.slug);
    if (shared) shared.deps.facets = [...(shared.deps.facets ?? []), `dealership:${dealership.slug}`];
    else search(path, `Stock at ${dealership.name ?? dealership.slug}`, { dealership: dealership.slug });
  }

  // Sites whose breadcrumbs use /used-car/ shapes get those pages too, canonical to their /search/ twins.
  if (site.urls.breadcrumbBase === 'used-car') {
    const twin = (path: string, canonical: string) => {
      const original = routes.find((r) => r.path === canonical);
      if (original?.kind === 'search') add({ ...original, path, canonicalPath: canonical });
    };
    for (const t of carTypes) twin(pagePath('used-car', t), searchPathForCarType(t));
    // In the search pages' order, which does not follow the catalogue's: a vehicle leaving keeps it.
    for (const makeSlug of [...makes.keys()].sort()) twin(pagePath('used-car', makeSlug), pagePath('search', makeSlug));
    for (const [, v] of [...models].sort()) twin(pagePath('used-car', v.make_slug, v.model_slug), pagePath('search', v.make_slug, v.model_slug));
    for (const body of present(vehicles.map((v) => v.simple_body))) twin(pagePath('used-car', slugify(body)), pagePath('search', slugify(body)));
  }

  // Locations.
  add({ kind: 'locations', path: pagePath(site.urls.contact), deps: { locations: data.locations.map((l) => Number(l.id)) } });
  add({ kind: 'locations', path: pagePath('dealer-locator'), deps: { locations: data.locations.map((l) => Number(l.id)) } });
  for (const location of data.locations) {
    if (!location.slug) continue;
    add({ kind: 'location', path: pagePath(site.urls.locationBase, location.slug), locationId: Number(location.id), deps: { locations: [Number(location.id)], stockCounts: true, facets: [`location:${location.slug}`] } });
  }

  // Offers, under both URL shapes.
  add({ kind: 'offers', path: pagePath('special-offers'), deps: { offers: data.offers.map((o) => String(o.id)), content: ['offers'] } });
  for (const offer of data.offers) {
    const canonicalPath = offerPath(offer);
    const deps = { offers: [String(offer.id)] };
    add({ kind: 'offer', path: canonicalPath, offerId: String(offer.id), canonicalPath, deps });
    add({ kind: 'offer', path: pagePath('offers', String(offer.id)), offerId: String(offer.id), canonicalPath, deps });
  }

  // Brand pages (groups) and model pages (single-brand sites).
  if (features.brandPages) {
    add({ kind: 'brands', path: pagePath('brands'), deps: { stockCounts: true } });
    for (const [makeSlug, make] of [...makes].sort()) add({ kind: 'brand', path: pagePath(makeSlug, 'overview'), make, makeSlug, deps: { facets: [`make:${makeSlug}`], stockCounts: true } });
  }
  if (features.evMicrosite && data.content.ev) {
    add({ kind: 'ev-hub', path: pagePath('pages', 'mg-im'), deps: { content: ['ev'] } });
    add({ kind: 'ev-compare', path: pagePath('pages', 'mg-im', 'compare'), deps: { content: ['ev'] } });
    for (const baseId of present(data.content.ev.variants.map((v) => v.baseId))) add({ kind: 'ev-model', path: pagePath('models', baseId), baseId, deps: { content: ['ev'] } });
  }
  if (data.models.length > 0) {
    add({ kind: 'models', path: pagePath('models'), deps: { content: ['models'] } });
    for (const model of data.models) {
      const target = model.override_url ?? `/${model.slug}`;
      // Model slugs in the range and in stock differ ("mg-zs" and "zs"), so a model page depends on its make.
      const make = slugify(model.manufacturer_name ?? site.manufacturer ?? '');
      if (target.startsWith('/')) add({ kind: 'model', path: pagePath(target), modelSlug: model.slug, deps: { content: ['models'], facets: [`make:${make}`], stockCounts: true } });
    }
  }

  // Forms; a content page with the same slug supplies the text above the form.
  const pageSlugs = new Set(data.content.pages.map((p) => p.slug));
  const form = (form: FormKind, path: string, title: string) => {
    const slug = path.replace(/^\/|\/$/g, '');
    add({ kind: 'form', form, path: pagePath(path), title, ...(pageSlugs.has(slug) ? { pageSlug: slug, deps: { pages: [slug] } } : { deps: {} }) });
  };
  const internal = (link: string) => link.startsWith('/');
  if (internal(site.finance.pageLink)) form('finance', site.finance.pageLink, 'Finance');
  form('finance-enquiry', site.urls.financeEnquiry, 'Finance Enquiry');
  if (internal(site.urls.serviceBooking)) form('service', site.urls.serviceBooking, 'Book a Service');
  // The service page's booking iframe may show a page of this site: the service form, made to sit in a frame.
  const booking = site.forms.servicePage;
  if (booking.mode !== 'form' && booking.iframeUrl && internal(booking.iframeUrl)) add({ kind: 'booking-page', path: pagePath(booking.iframeUrl), deps: {} });
  if (features.tradeIn) form('trade-in', '/trade-in', 'Trade In Your Car');
  form('sell-my-car', site.urls.sellMyCar, 'Sell Your Car');
  form('book-test-drive', '/book-test-drive', 'Book a Test Drive');

  for (const page of data.content.pages) add({ kind: 'content-page', path: pagePath(page.slug), pageSlug: page.slug, deps: { pages: [page.slug] } });

  // Vehicle reviews, on sites with a blog.
  if (features.blog) {
    add({ kind: 'blog', path: BLOG_REVIEWS_PATH, deps: { content: ['blog'] } });
    for (const article of data.content.blog ?? []) add({ kind: 'blog-article', path: pagePath(BLOG_REVIEWS_PATH, article.slug), articleSlug: article.slug, deps: { content: ['blog'] } });
  }

  add({ kind: 'success', path: pagePath('success'), deps: {} });
  add({ kind: 'sign-in', path: pagePath('sign-in'), deps: {} });
  if (features.watchlist || features.favourites) add({ kind: 'watchlist', path: pagePath('watchlist'), deps: {} });
  if (features.favourites) add({ kind: 'compare', path: COMPARE_PATH, deps: {} });
  if (features.garage) add({ kind: 'garage', path: pagePath('my-garage'), deps: {} });
  // The 404 page lists the makes and body types most in stock.
  add({ kind: 'not-found', path: '/404/', deps: { stockCounts: true } });
  return routes;
}

/** Index of a manifest by path, for the dev server and incremental updates. */
export function routesByPath(routes: Route[]): Map<string, Route> {
  return new Map(routes.map((r) => [r.path, r]));
}

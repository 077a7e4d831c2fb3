/**
 * A fingerprint per route of exactly what its page is rendered from, so that a build can carry a page over
 * from the live release instead of rendering it again when nothing it shows has changed (the nightly build
 * whose pull brings little or nothing new).
 *
 * Every page shares the site-wide inputs: the code version, the site config, the editorial content, the
 * platform lists (offers, locations, dealerships, reviews, models), the public files, the non-vehicle
 * images, the resolved menus and the footer's year. On top of that:
 * - a vehicle's pages (detail, print, checkout, trade-in) take the digests of the vehicles they show (their
 *   own and the similar vehicles), in order; a detail page's fingerprint is in two parts, the page without
 *   its similar-vehicles section and the section, so a build can replace just the section when only it
 *   changed ({@link similarSectionOnly});
 * - a search page whose island's searches the last build noted takes a digest of their answers over the
 *   new data, the landing table, its links under "Browse stock" and its promo cards: all it shows beyond
 *   its route, so a change it does not show leaves it carried over;
 * - the home, location, brand, offer, model and not-found pages take the view their page is rendered
 *   from, worked out as of the build time, with each vehicle it shows standing as that vehicle's digest:
 *   an offer that expired, a location's hours for the new day, a count that moved or a shown car that
 *   changed re-render them, and a change to a car they neither count nor show leaves them carried over;
 * - other search pages and the remaining stock-count and facet pages take the digest of the whole
 *   catalogue, and the search landing table.
 *
 * A vehicle's digest is its record plus everything about it that depends on the build time: its search
 * card and listing record (the new-arrival badge, advertised repayments), the price-drop note and listing
 * day, registration expiry and finance example. A page that reads the build time anywhere else must be
 * named here; the nightly test (tests/unit/nightly.test.ts) holds carried pages to a full build.
 */
import { createHash } from 'node:crypto';
import { VEHICLE_KINDS, vehiclesById, type Route } from '../data/route-manifest.ts';
import type { SiteData } from '../data/site-data.ts';
import { promoCardInWindow } from '../rules/promo-insertion.ts';
import { regoExpiry } from '../rules/vehicle-actions.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { SearchLanding } from '../search/routing.ts';
import { brandPageView, brandsPageView } from '../views/brands.ts';
import { evModelView } from '../views/ev.ts';
import { homeView } from '../views/home.ts';
import { vehicleImageEntries, type ImageIndex } from '../views/images.ts';
import { locationGridView, locationPageView, orderedLocations } from '../views/locations.ts';
import { modelPageView } from '../views/models.ts';
import { siteMenus } from '../views/navigation.ts';
import { notFoundView } from '../views/not-found.ts';
import { offerCardView, offerPageView, offerPhase, unexpiredOffers } from '../views/offers.ts';
import { listingRecords, resultCardData } from '../views/search-records.ts';
import { vehiclePanels } from '../views/vehicle/extras.ts';
import { searchRefinements } from '../views/search.ts';
import { answersDigest, searchPageAnswers } from '../render/search-page-answers.ts';
import { vehicleFinance } from '../views/vehicle/finance.ts';
import { imageJobs } from './images.ts';
import { videoSources } from './videos.ts';

export interface FingerprintInput {
  site: SiteConfig;
  data: SiteData;
  routes: readonly Route[];
  images: ImageIndex;
  publicFiles: ReadonlySet<string>;
  /** The build time pages are rendered as of (the snapshot's pull time). */
  asOf: string;
  /** The compiled app's version: new code renders every page again. */
  codeVersion: string;
  landings: readonly SearchLanding[];
  /**
   * A digest of each search page's island searches answered over this data, by path, where the page's
   * searches are known ({@link searchAnswerDigests}): such a page takes it in place of the whole catalogue's.
   */
  searchDigests?: ReadonlyMap<string, string>;
}

/**
 * Kinds whose page shows nothing of the catalogue beyond its view ({@link routeFingerprints}'s `pageView`):
 * the page component works out that view from the site data and renders it with the site-wide inputs.
 */
const VIEW_KINDS = new Set<Route['kind']>(['home', 'locations', 'location', 'brands', 'brand', 'offers', 'offer', 'not-found', 'model', 'ev-model']);

/** Between a detail page's two parts: the page without its similar-vehicles section, and the section. */
const SECTION_MARK = '+';
/** The section part of a detail page that shows no similar vehicles. */
const NO_SECTION = 'none';

/**
 * Whether a vehicle's detail page, recorded with fingerprint `before`, differs now (`after`) only in its
 * similar-vehicles section, shown both then and now: the page can then be brought up to date by
 * replacing that section alone.
 */
export function similarSectionOnly(before: string | undefined, after: string | undefined): boolean {
  const [pageBefore, sectionBefore] = before?.split(SECTION_MARK) ?? [];
  const [pageAfter, sectionAfter] = after?.split(SECTION_MARK) ?? [];
  if (sectionBefore === undefined || sectionAfter === undefined || sectionBefore === NO_SECTION || sectionAfter === NO_SECTION) return false;
  return pageBefore === pageAfter && sectionBefore !== sectionAfter;
}

const digest = (...parts: string[]): string => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('base64url').slice(0, 22);
};
const json = (value: unknown): string => JSON.stringify(value) ?? 'null';

/** Each vehicle's digest: its record and everything shown about it that depends on the build time. */
function vehicleDigests(site: SiteConfig, data: SiteData, images: ImageIndex, now: Date): Map<number, string> {
  const listings = new Map(listingRecords(site, data, now).map((r) => [r.objectID, r]));
  const digests = new Map<number, string>();
  for (const v of data.vehicles) {
    const clock = {
      card: resultCardData(v, site, images, now),
      listing: listings.get(String(v.id)),
      priceHistory: vehiclePanels(v, site, data, now).priceHistory,
      rego: regoExpiry(v.rego_expiry, site, now),
      finance: vehicleFinance(v, site, now),
      images: vehicleImageEntries(v, images),
      spin: [...(v.spin_images ?? []), v.spin_interior_image].map((s) => (s ? images[s.trim()] : undefined)),
    };
    digests.set(Number(v.id), digest(json(v), json(clock)));
  }
  return digests;
}

/**
 * A digest of each search page's searches (as its island asked them when last rendered) answered over
 * `data` by the build's search client, as the page's render would be answered.
 */
export async function searchAnswerDigests(
  input: Pick<FingerprintInput, 'site' | 'data' | 'images' | 'asOf'>,
  requests: Readonly<Record<string, readonly unknown[]>>,
): Promise<Map<string, string>> {
  const digests = new Map<string, string>();
  for (const [path, asked] of Object.entries(requests)) digests.set(path, answersDigest(await searchPageAnswers(input, asked)));
  return digests;
}

/** The fingerprint of every route's page, by path. */
export function routeFingerprints(input: FingerprintInput): Map<string, string> {
  const { site, data, routes, images, publicFiles } = input;
  const now = new Date(input.asOf);
  // Worked out only when some page needs the vehicles' digests.
  let digests: Map<number, string> | undefined;
  const vehicleDigest = (id: number) => (digests ??= vehicleDigests(site, data, images, now)).get(id);

  // The vehicles' photos, spin frames and videos, as the image pipeline names them: each vehicle's digest
  // covers its own, the pages it is not on need none of them.
  const vehicleImages = new Set([...imageJobs({ vehicles: data.vehicles, locations: [] }).map((job) => job.source), ...videoSources(data.vehicles)]);
  const otherImages = Object.keys(images)
    .filter((source) => !vehicleImages.has(source))
    .sort()
    .map((source) => [source, images[source]]);
  const { vehicles: _vehicles, removed: _removed, snapshot: _meta, content, ...lists } = data;
  const global = digest(input.codeVersion, json(site), json(content), json(lists), json([...publicFiles].sort()), json(otherImages), json(siteMenus(site, data)), String(now.getFullYear()));

  // Worked out once, and only when a page of that kind exists.
  let catalogue: string | undefined;
  const catalogueDigest = () => (catalogue ??= digest(...data.vehicles.map((v) => vehicleDigest(Number(v.id))!), json(data.removed), json(input.landings)));
  let landingTable: string | undefined;
  // A view names a vehicle it shows (one of the catalogue's own objects) by its digest, which covers how its
  // card reads as of the build time.
  const byId = vehiclesById(data.vehicles);
  const vehicleByDigest = (_key: string, value: unknown) => {
    if (value === null || typeof value !== 'object' || !('id' in value)) return value;
    const id = Number(value.id);
    return byId.get(id) === value ? `vehicle ${vehicleDigest(id)}` : value;
  };
  const views = new Map<string, string>();
  const once = (key: string, view: () => unknown) => {
    let known = views.get(key);
    if (known === undefined) views.set(key, (known = JSON.stringify(view(), vehicleByDigest) ?? 'null'));
    return known;
  };
  const locationsById = new Map(data.locations.map((l) => [Number(l.id), l]));
  const offersById = new Map(data.offers.map((o) => [String(o.id), o]));
  const modelOf = new Map(data.models.map((m) => [m.slug, m]));
  const ev = data.content.ev;
  /** What a page shows beyond the site-wide inputs and its route, as its component works it out. */
  const pageView = (route: Route): string => {
    switch (route.kind) {
      case 'search':
        return once('promo', () => content.promoCards.map((card) => promoCardInWindow(card, now)));
      case 'home':
        return once('home', () => homeView(site, data, now, publicFiles, images));
      case 'locations':
        return once('locations', () => locationGridView(orderedLocations(data.locations), site, data.vehicles, now));
      case 'location': {
        const location = locationsById.get(route.locationId);
        return once(`location:${route.locationId}`, () => location && locationPageView(location, site, data, now));
      }
      case 'brands':
        return once('brands', () => brandsPageView(site, data, now, publicFiles));
      case 'brand':
        return once(`brand:${route.path}`, () => brandPageView(site, data, route, now));
      case 'offers':
        return once('offers', () => unexpiredOffers(data.offers, now, site).map((o) => [offerCardView(o, site, data, publicFiles, images), offerPhase(o, now, site.timeZone)]));
      case 'offer': {
        const offer = offersById.get(route.offerId);
        return once(`offer:${route.offerId}`, () => offer && offerPageView(offer, site, data, now, publicFiles, images));
      }
      case 'not-found':
        return once('not-found', () => notFoundView(site, data, now));
      case 'model':
        return once(`model:${route.modelSlug}`, () => modelOf.has(route.modelSlug) && modelPageView(site, data, route));
      case 'ev-model':
        return once(`ev-model:${route.baseId}`, () => ev && evModelView(ev, route, data.vehicles));
      default:
        return '';
    }
  };

  const fingerprints = new Map<string, string>();
  for (const route of routes) {
    if (route.kind === 'vehicle' && route.similar) {
      const page = digest(global, json({ ...route, similar: [], deps: { ...route.deps, vehicles: [route.vehicleId] } }), vehicleDigest(route.vehicleId) ?? 'absent');
      const section = route.similar.length === 0 ? NO_SECTION : digest(json(route.similar), ...route.similar.map((id) => vehicleDigest(id) ?? 'absent'));
      fingerprints.set(route.path, `${page}${SECTION_MARK}${section}`);
      continue;
    }
    const parts = [global, json(route)];
    const answers = route.kind === 'search' ? input.searchDigests?.get(route.path) : undefined;
    if (VEHICLE_KINDS.has(route.kind)) {
      for (const id of route.deps.vehicles ?? []) parts.push(vehicleDigest(id) ?? 'absent');
    } else if (route.kind === 'search' && answers !== undefined) {
      // What a search page shows beyond its route: its island's answers, the landing table, its links under
      // "Browse stock" and the promo cards in their windows.
      parts.push(answers, (landingTable ??= json(input.landings)), json(searchRefinements(site, data.vehicles, route.filter, route.path)), pageView(route));
    } else if (VIEW_KINDS.has(route.kind)) {
      parts.push(pageView(route));
    } else if (route.kind === 'search' || route.deps.stockCounts || route.deps.facets || route.deps.vehicles) {
      parts.push(catalogueDigest(), pageView(route));
    }
    fingerprints.set(route.path, digest(...parts));
  }
  return fingerprints;
}

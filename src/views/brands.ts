/** Brand pages of group sites: the brands list and a make's page. */
import { makeKind, MANUFACTURERS } from '../data/manufacturers.ts';
import type { SiteData } from '../data/site-data.ts';
import { MAKE_KIND_LABELS, MAKE_KINDS, type MakeKind } from '../lib/labels.ts';
import { pagePath } from '../lib/urls.ts';
import { markdownToHtml } from '../render/html.ts';
import { isAvailable } from '../rules/availability.ts';
import { visibleStock } from '../rules/visibility.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { NormalisedVehicle } from '../schemas/snapshot.ts';
import { sameRelevance, searchAll } from '../search/query.ts';
import { countBy, publicAsset, type RouteOf } from './common.ts';
import { locationGridView, orderedLocations, type LocationGridView } from './locations.ts';

export interface BrandTileView {
  name: string;
  slug: string;
  href: string;
  count: number;
  kind: MakeKind;
  logo: string | null;
}

/**
 * Makes in stock with their visible-stock counts and logos (null when the platform has none or the
 * file is not among `publicFiles`, the site paths under `public/`).
 */
export function brandTiles(site: SiteConfig, vehicles: readonly NormalisedVehicle[], now: Date, publicFiles: ReadonlySet<string>): BrandTileView[] {
  const names = new Map(vehicles.map((v) => [v.make_slug, v.make]));
  const counts = countBy(visibleStock(vehicles, now, site), (v) => v.make_slug);
  return [...names]
    .map(([slug, name]) => ({
      name,
      slug,
      href: pagePath(slug, 'overview'),
      count: counts.get(slug) ?? 0,
      kind: makeKind(name),
      logo: publicAsset(MANUFACTURERS.find((m) => m.slug === slug)?.logo?.url, publicFiles),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export interface BrandsPageView {
  groups: Array<{ kind: MakeKind; label: string; brands: BrandTileView[] }>;
  stats: Array<{ value: string; label: string }>;
  profileHtml: string | null;
}

export function brandsPageView(site: SiteConfig, data: SiteData, now: Date, publicFiles: ReadonlySet<string>): BrandsPageView {
  const tiles = brandTiles(site, data.vehicles, now, publicFiles);
  return {
    groups: MAKE_KINDS.map((kind) => ({ kind, label: MAKE_KIND_LABELS[kind], brands: tiles.filter((t) => t.kind === kind) })).filter((g) => g.brands.length > 0),
    stats: statsBanner(data),
    profileHtml: data.content.copy.groupProfile ? markdownToHtml(data.content.copy.groupProfile) : null,
  };
}

export interface BrandPageView {
  make: string;
  total: number;
  stockHref: string;
  sections: Array<{ itemType: string; label: string; vehicles: NormalisedVehicle[]; total: number }>;
  locations: LocationGridView;
}

/** Vehicles shown per item-type grid on a brand page; the rest are a click away in search. */
export const BRAND_GRID_SIZE = 6;

/** A make's page: its stock split by item type (cars, motorcycles, trucks, caravans) and the locations that sell it. */
export function brandPageView(site: SiteConfig, data: SiteData, route: RouteOf<'brand'>, now: Date): BrandPageView {
  const { all, sections } = brandStock(site, data.vehicles, route.makeSlug);
  const locations = orderedLocations(data.locations.filter((l) => l.manufacturers?.includes(route.makeSlug)));
  return { make: route.make, total: all.length, stockHref: pagePath('search', route.makeSlug), sections, locations: locationGridView(locations, site, data.vehicles, now) };
}

/** A make's vehicles as its page lists them (sold runs collapsed), and its sections: the first few of each item type as cards. */
export function brandStock(site: SiteConfig, vehicles: readonly NormalisedVehicle[], makeSlug: string): { all: NormalisedVehicle[]; sections: BrandPageView['sections'] } {
  const all = searchAll(vehicles, site, { make: makeSlug });
  const sections = MAKE_KINDS.map((itemType) => {
    const ofType = all.filter((v) => (v.item_type ?? 'car') === itemType);
    return { itemType, label: MAKE_KIND_LABELS[itemType], vehicles: ofType.slice(0, BRAND_GRID_SIZE), total: ofType.length };
  }).filter((s) => s.total > 0);
  return { all, sections };
}

/**
 * Whether two versions of a vehicle that its make's page does not show as a card leave that page as it
 * was (see {@link brandPageView}): the page counts each item type's vehicles, sold runs collapsed, and
 * links the locations with stock. So: the same make, item type, place in relevance order, availability and
 * location. Keep it in step with the view.
 */
export function brandPageSteady(was: NormalisedVehicle, now: NormalisedVehicle): boolean {
  return (
    was.make_slug === now.make_slug &&
    (was.item_type ?? 'car') === (now.item_type ?? 'car') &&
    sameRelevance(was, now) &&
    isAvailable(was) === isAvailable(now) &&
    was.location?.slug === now.location?.slug
  );
}

/** Group stats figures (the banner shows only on sites whose copy has them). */
export function statsBanner(data: SiteData): Array<{ value: string; label: string }> {
  return data.content.copy.stats ?? [];
}

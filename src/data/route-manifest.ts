import type { SiteConfig } from '../schemas/site-config.ts';
import type { SiteData } from './site-data.ts';
import { pagePath } from '../render/urls.ts';

/** What a route's output depends on; an incremental update re-renders the routes whose dependencies changed. */
export interface RouteDependencies {
  /** Re-render when any site-wide input changes (config, menus, copy). Every page depends on these. */
  siteWide: true;
  /** Content pages by slug. */
  pages?: string[];
  /** Vehicle ids. */
  vehicles?: number[];
  /** Offer ids. */
  offers?: string[];
  /** Location ids. */
  locations?: number[];
  /** Facet values, e.g. "make:MG", "car_type:used". */
  facets?: string[];
  /** Depends on aggregate stock figures (counts by type). */
  stockCounts?: boolean;
}

export interface Route {
  /** Public path with its trailing slash, e.g. "/about-us/". */
  path: string;
  /** Route type, for reports. */
  kind: 'home' | 'content-page';
  deps: RouteDependencies;
}

/** Every URL of a site with what it depends on. */
export function buildRouteManifest(_site: SiteConfig, data: SiteData): Route[] {
  return [
    { path: '/', kind: 'home', deps: { siteWide: true, stockCounts: true, offers: data.offers.slice(0, 3).map((o) => String(o.id)), locations: data.locations.slice(0, 6).map((l) => Number(l.id)) } },
    ...data.content.pages.map((page): Route => ({ path: pagePath(page.slug), kind: 'content-page', deps: { siteWide: true, pages: [page.slug] } })),
  ];
}

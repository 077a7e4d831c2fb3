/**
 * Every URL shape of a site, built in one place: page paths, the stock search of a car type,
 * vehicle, offer and location pages, and the few link forms templates need. Like all of
 * `src/lib/`, it imports nothing outside the folder but types, so the build and the islands build
 * URLs the same way.
 */
import type { SiteConfig } from '../schemas/site-config.ts';
import type { NormalisedVehicle } from '../schemas/snapshot.ts';
import { slugify } from './text.ts';

/** A site path with the trailing slash every page URL uses. */
export function pagePath(...segments: string[]): string {
  const joined = segments.map((s) => s.replace(/^\/+|\/+$/g, '')).filter(Boolean).join('/');
  return joined === '' ? '/' : `/${joined}/`;
}

/** Absolute public URL of a site path, e.g. canonical links. */
export function absoluteUrl(site: Pick<SiteConfig, 'url'>, path: string): string {
  return `${site.url}${path.startsWith('/') ? path : `/${path}`}`;
}

/** The search landing page of all stock. */
export const ALL_STOCK_PATH = pagePath('search', 'new-used-and-demo-cars');

/** The vehicle reviews list (sites with `features.blog`); each review is under it. */
export const BLOG_REVIEWS_PATH = pagePath('blog', 'vehicle-reviews');

/** Stock search for one car type: /search/new-cars/, /search/used-cars/, ... */
export function searchPathForCarType(carType: string): string {
  return pagePath('search', `${carType}-cars`);
}

/** Path of a vehicle's page (and its sub-pages). */
export function vehiclePath(vehicle: Pick<NormalisedVehicle, 'slug'>, sub?: string): string {
  return sub ? pagePath('cars', vehicle.slug, sub) : pagePath('cars', vehicle.slug);
}

/** Path of the checkout page (reserve or buy online) of a vehicle. */
export function checkoutPath(vehicle: Pick<NormalisedVehicle, 'slug'>, site: Pick<SiteConfig, 'urls'>): string {
  return vehiclePath(vehicle, site.urls.checkoutSegment);
}

/** Path of an offer under the manufacturer-qualified shape (the canonical one). */
export function offerPath(offer: { id: string | number; manufacturer?: string | null }): string {
  return offer.manufacturer ? pagePath('offers', slugify(offer.manufacturer), String(offer.id)) : pagePath('offers', String(offer.id));
}

/** Location detail page of a location slug, per the site's URL shape. */
export function locationPath(site: Pick<SiteConfig, 'urls'>, locationSlug: string): string {
  return pagePath(site.urls.locationBase, locationSlug);
}

/** Origins of the map embed a location page loads on request (the embed answers from the second). */
export const MAP_EMBED_ORIGINS = ['https://maps.google.com', 'https://www.google.com'] as const;

/**
 * The embeddable map of a place: the query of its place URL (`?api=1&query=...`), else its
 * coordinates, at `zoom` (10 by default).
 */
export function mapEmbedUrl(place: { placeUrl?: string | null; lat?: number | null; long?: number | null; address?: string }, zoom: number): string | null {
  let query: string | null = null;
  if (place.placeUrl) {
    try {
      query = new URL(place.placeUrl).searchParams.get('query');
    } catch {
      query = null;
    }
  }
  query ??= typeof place.lat === 'number' && typeof place.long === 'number' ? `${place.lat},${place.long}` : place.address?.trim() || null;
  if (!query) return null;
  return `${MAP_EMBED_ORIGINS[0]}/maps?${new URLSearchParams({ q: query, z: String(zoom), output: 'embed' })}`;
}

/** `tel:` link of a displayed phone number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * A URL as an HTML attribute may hold it: the characters the URL standard does not allow as they are
 * (brackets, spaces, pipes, braces, quotes, angle brackets, backslashes, carets, backticks) percent-encoded.
 * It names the same resource; the stock search's readable addresses (`?refinementList[body][0]=SUV`) stay
 * readable in the address bar and are written this way in links.
 * @example hrefSafe('/search/?range[price]=:30000') // '/search/?range%5Bprice%5D=:30000'
 */
export function hrefSafe(url: string): string {
  return url.replace(/[[\]{}|\\^`"<> ]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/**
 * Site paths get the trailing slash every page uses; anything else (external, mailto, with a query) is kept.
 * Either way the result is safe to write in an attribute ({@link hrefSafe}).
 */
export function internalHref(href: string): string {
  if (!href.startsWith('/') || href.startsWith('//') || /[?#]/.test(href)) return hrefSafe(href);
  return pagePath(href);
}

/** The shopper's saved cars (watchlist and favourites), the page a toast's View List opens. */
export const WATCHLIST_PATH = pagePath('watchlist');

/** The favourites side by side. */
export const COMPARE_PATH = pagePath('compare');

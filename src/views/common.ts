/**
 * Small pieces the page view models share: links, the route of one kind, meta descriptions, the
 * check that a site path is served from `public/`, and stock counts.
 */
import type { Route } from '../data/route-manifest.ts';
import { clipAtWord, META_DESCRIPTION_MAX } from '../lib/text.ts';
import type { Address } from '../schemas/address.ts';
import type { CarType } from '../schemas/common.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { NormalisedVehicle } from '../schemas/snapshot.ts';

/** The route of one kind, e.g. `RouteOf<'search'>`. */
export type RouteOf<K extends Route['kind']> = Extract<Route, { kind: K }>;

/** A link with an optional count, as refinement chips and tiles show them. */
export interface LinkView {
  label: string;
  href: string;
  count?: number;
  /** The link is the page being shown (rendered with aria-current). */
  current?: boolean;
}

/** A meta description: whitespace collapsed, held to `max` characters, cut at a word with '…'. */
export function metaDescription(text: string, max = META_DESCRIPTION_MAX): string {
  return clipAtWord(text.replace(/\s+/g, ' ').trim(), max);
}

/**
 * The URL of an image when it can be shown: http(s) URLs as given, site paths only when the file
 * is in `public/` (the demo content points at /content/... images that do not exist, and a
 * broken image is worse than none). Null otherwise. `publicFiles` holds the site paths of the
 * files under `public/`, as `Astro.locals.publicFiles` carries them.
 */
export function publicAsset(url: string | null | undefined, publicFiles: ReadonlySet<string>): string | null {
  if (!url) return null;
  if (/^https?:\/\//.test(url)) return url;
  if (!url.startsWith('/')) return null;
  return publicFiles.has(decodeURIComponent(url.split(/[?#]/)[0]!)) ? url : null;
}

/** Vehicle counts by a key, for refinement links and stock tiles. */
export function countBy(vehicles: readonly NormalisedVehicle[], key: (v: NormalisedVehicle) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const v of vehicles) counts.set(key(v), (counts.get(key(v)) ?? 0) + 1);
  return counts;
}

/** Car types the site has stock of, in the site's car-type order. */
export function presentCarTypes(site: SiteConfig, vehicles: readonly NormalisedVehicle[]): CarType[] {
  return site.search.carTypeOrder.filter((t) => vehicles.some((v) => v.car_type === t));
}

/** An address on one line, the parts it has: '12 Sandgate Road, Chermside, QLD 4032'; null when it has none. */
export function addressText(address: Address | null | undefined): string | null {
  if (!address) return null;
  const text = [address.street, address.city, [address.state, address.postcode].filter(Boolean).join(' ')].filter((part) => part && part.trim()).join(', ');
  return text || null;
}

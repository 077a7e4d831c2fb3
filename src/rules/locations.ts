/**
 * Location blocks (spec sections 2 and 9): card grid layout, swipe hint, distance from the
 * shopper, and the popular body types block.
 */
import type { SiteConfig } from '../schemas/site-config.ts';
import { visibleStock, type StockVisibilityFields } from './visibility.ts';
import { withThousands } from './formatting.ts';

/** Earth radius used in distance calculations, km. */
export const EARTH_RADIUS_KM = 6371;

/** Cards shown before the swipe hint appears. */
export const SWIPE_HINT_AFTER = 3;

/** Body types in the popular body types block. */
export const POPULAR_BODY_TYPES_LIMIT = 4;

/**
 * Layout of the location card grid by number of locations (the layout changes under 3, above 3
 * and at 6): `few` under 3, `three` at exactly 3, `several` at 4 and 5, `many` from 6.
 */
export type LocationGridLayout = 'few' | 'three' | 'several' | 'many';

/** The card grid layout for `count` locations: under 3 -> few, 3 -> three, 4 and 5 -> several, 6 and above -> many. */
export function locationGridLayout(count: number): LocationGridLayout {
  if (count < 3) return 'few';
  if (count === SWIPE_HINT_AFTER) return 'three';
  if (count < 6) return 'several';
  return 'many';
}

/** True when a row of `count` cards needs the swipe hint: more than 3 cards. */
export function showSwipeHint(count: number): boolean {
  return count > SWIPE_HINT_AFTER;
}

/** A point in decimal degrees. */
export interface GeoPoint {
  lat: number;
  long: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km by the haversine formula, earth radius 6371 km. */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLong = toRadians(b.long - a.long);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLong / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The part of a location the distance sort reads. */
export interface LocatedFields {
  address?: { lat?: number | null | undefined; long?: number | null | undefined } | null | undefined;
}

/** The point of a location, or `null` when its address lacks coordinates. */
export function locationPoint(location: LocatedFields): GeoPoint | null {
  const lat = location.address?.lat;
  const long = location.address?.long;
  return typeof lat === 'number' && typeof long === 'number' ? { lat, long } : null;
}

/**
 * Locations nearest first from `from`, each with its distance in km. Locations without
 * coordinates come last, in their original order, with `distanceKm: null`; equal distances keep
 * their original order.
 */
export function sortByDistance<T extends LocatedFields>(
  locations: readonly T[],
  from: GeoPoint,
): Array<{ location: T; distanceKm: number | null }> {
  return locations
    .map((location, index) => {
      const point = locationPoint(location);
      return { location, distanceKm: point ? distanceKm(from, point) : null, index };
    })
    .sort((a, b) => {
      if (a.distanceKm === null || b.distanceKm === null) {
        return a.distanceKm === b.distanceKm ? a.index - b.index : a.distanceKm === null ? 1 : -1;
      }
      return a.distanceKm - b.distanceKm || a.index - b.index;
    })
    .map(({ location, distanceKm: km }) => ({ location, distanceKm: km }));
}

/**
 * A distance as a card shows it, in whole kilometres: '12 km'; under half a kilometre, '< 1 km'
 * rather than '0 km'.
 */
export function formatDistance(km: number): string {
  const rounded = Math.round(km);
  return rounded < 1 ? '< 1 km' : `${withThousands(rounded)} km`;
}

/** A body type with the number of vehicles that have it. */
export interface BodyTypeCount {
  value: string;
  count: number;
}

/**
 * The popular body types block: the 4 `simple_body` values with the most vehicles among the
 * visible stock ({@link visibleStock}: available, or sold within `site.stock.includeSoldDays`,
 * and not hidden from the dealer website). Most vehicles first; ties broken alphabetically.
 * Vehicles without a body type are not counted.
 */
export function popularBodyTypes(
  vehicles: ReadonlyArray<StockVisibilityFields & { simple_body?: string | null | undefined }>,
  now: Date,
  site: { stock: Pick<SiteConfig['stock'], 'includeSoldDays'> },
): BodyTypeCount[] {
  const counts = new Map<string, number>();
  for (const vehicle of visibleStock(vehicles, now, site)) {
    const body = vehicle.simple_body?.trim();
    if (body) counts.set(body, (counts.get(body) ?? 0) + 1);
  }
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .slice(0, POPULAR_BODY_TYPES_LIMIT);
}

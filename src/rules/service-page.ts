/**
 * The service page (spec section 2, "Screens and blocks"; section 9): a service form, an embedded
 * booking iframe, or tabs chosen by the query key `tab` (a lowercased tab name; the first tab by default,
 * the address updated by replacing it), and a location picker where the site has several service locations.
 * Pure and browser-safe.
 */

/** The query key that names the open tab. */
export const SERVICE_TAB_QUERY_KEY = 'tab';

/** Height of the booking iframe inside a tab. */
export const SERVICE_TAB_IFRAME_HEIGHT = 750;

/** Size of the booking iframe when it is the whole page (no tabs), unless the site sets its own. */
export const BOOKING_IFRAME_SIZE = { width: 1000, height: 1100 } as const;

/** The value of `tab` that opens a tab: its name, lowercased. @example serviceTabKey('Book Online') === 'book online' */
export function serviceTabKey(name: string): string {
  return name.trim().toLowerCase();
}

// 'book online', 'book-online' and 'book+online' (a hand-typed or encoded space) name one tab.
const comparable = (value: string) => value.trim().toLowerCase().replace(/[\s+_-]+/g, ' ');

/**
 * The tab the address opens: the one whose key matches `tab` (case and word separators aside), otherwise
 * the first. `search` is a query string, with or without its '?'.
 */
export function serviceTabIndex(keys: readonly string[], search: string): number {
  const wanted = new URLSearchParams(search).get(SERVICE_TAB_QUERY_KEY);
  if (wanted === null) return 0;
  const index = keys.findIndex((key) => comparable(key) === comparable(wanted));
  return index === -1 ? 0 : index;
}

/** The query string with `tab` set to a tab's key, other parameters kept (for `history.replaceState`). */
export function serviceTabSearch(search: string, key: string): string {
  const params = new URLSearchParams(search);
  params.set(SERVICE_TAB_QUERY_KEY, key);
  return `?${params.toString()}`;
}

/** The kinds of location that take service bookings. */
export const SERVICE_LOCATION_TYPES: readonly string[] = ['service', 'service-and-parts'];

/** The locations that take service bookings, in the given order. */
export function serviceLocations<T extends { location_type?: string | null }>(locations: readonly T[]): T[] {
  return locations.filter((l) => SERVICE_LOCATION_TYPES.includes(l.location_type ?? ''));
}

/** The page offers a service location picker when more than one location takes service bookings. */
export function showsServiceLocationPicker(locations: ReadonlyArray<{ location_type?: string | null }>): boolean {
  return serviceLocations(locations).length > 1;
}

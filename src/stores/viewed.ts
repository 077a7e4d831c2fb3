/**
 * The vehicles this browser has viewed, most recent first (spec 3: id, stocknum, make, model, body,
 * simple_body), with what the recently viewed strip shows: the name, the page and a card picture. No price:
 * a price remembered from an earlier visit may no longer be the price.
 *
 * Read back entry by entry by hand rather than through `ViewedVehicleSchema` (src/schemas/shopper.ts) so
 * the vehicle page carries no schema library; a unit test holds `isViewedVehicle` to the schema.
 */
import { persistentAtom } from '@nanostores/persistent';

export interface ViewedVehicle {
  id: number;
  stocknum: string | null;
  make: string;
  model: string;
  body: string | null;
  simple_body: string | null;
  /** The vehicle's display name. */
  name: string;
  /** Its page, site-relative: /cars/{slug}/. */
  path: string;
  /** A 600x400 card picture, site-relative or on the image CDN. */
  image: string | null;
}

/** How many viewed vehicles are kept. */
export const VIEWED_LIMIT = 12;

const textOrNull = (value: unknown) => value === null || typeof value === 'string';
/** A path on this site: one slash, not `//` or `/\`, which browsers read as another host. */
const SITE_PATH = /^\/(?![/\\])/;

export function isViewedVehicle(value: unknown): value is ViewedVehicle {
  const v = value as Record<string, unknown> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    Number.isSafeInteger(v.id) &&
    (v.id as number) > 0 &&
    textOrNull(v.stocknum) &&
    typeof v.make === 'string' &&
    typeof v.model === 'string' &&
    textOrNull(v.body) &&
    textOrNull(v.simple_body) &&
    typeof v.name === 'string' &&
    typeof v.path === 'string' &&
    SITE_PATH.test(v.path) &&
    textOrNull(v.image)
  );
}

export const $viewed = persistentAtom<ViewedVehicle[]>('dealer-sites:viewed', [], {
  encode: JSON.stringify,
  decode(raw) {
    try {
      const list: unknown = JSON.parse(raw);
      return Array.isArray(list) ? list.filter(isViewedVehicle).slice(0, VIEWED_LIMIT) : [];
    } catch {
      return [];
    }
  },
});

/** Records a vehicle page view: the vehicle moves to the front, once, and the list keeps the last {@link VIEWED_LIMIT}. */
export function recordViewed(vehicle: ViewedVehicle): void {
  if (!isViewedVehicle(vehicle)) return;
  $viewed.set([vehicle, ...$viewed.get().filter((v) => v.id !== vehicle.id)].slice(0, VIEWED_LIMIT));
}

/** Forgets every viewed vehicle. */
export function clearViewed(): void {
  $viewed.set([]);
}

/**
 * The shopper's favourites, kept in this browser (spec 3: id, name, slug, make, model, primary image).
 * Read back entry by entry: anything in storage that is not a favourite is dropped. Checked by hand rather
 * than through a schema so the search island, which shows the toggle on every card, carries no schema
 * library.
 */
import { persistentAtom } from '@nanostores/persistent';
import { track } from '../lib/analytics.ts';
import { EVENT_FAVOURITE } from '../rules/analytics.ts';

export interface Favourite {
  id: number;
  name: string;
  slug: string;
  make: string;
  model: string;
  primary_image_url: string | null;
}

function isFavourite(value: unknown): value is Favourite {
  const f = value as Record<string, unknown> | null;
  return (
    typeof f === 'object' &&
    f !== null &&
    Number.isSafeInteger(f.id) &&
    typeof f.name === 'string' &&
    typeof f.slug === 'string' &&
    typeof f.make === 'string' &&
    typeof f.model === 'string' &&
    (f.primary_image_url === null || typeof f.primary_image_url === 'string')
  );
}

export const $favourites = persistentAtom<Favourite[]>('dealer-sites:favourites', [], {
  encode: JSON.stringify,
  decode(raw) {
    try {
      const list: unknown = JSON.parse(raw);
      return Array.isArray(list) ? list.filter(isFavourite) : [];
    } catch {
      return [];
    }
  },
});

/** Adds the vehicle to the favourites, or removes it when it is there; adding records the favourite event (39). */
export function toggleFavourite(favourite: Favourite): boolean {
  const list = $favourites.get();
  const present = list.some((f) => f.id === favourite.id);
  $favourites.set(present ? list.filter((f) => f.id !== favourite.id) : [...list, favourite]);
  if (!present) track(EVENT_FAVOURITE, { car_id: favourite.id, name: favourite.name });
  return !present;
}

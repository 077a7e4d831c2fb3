/**
 * The favourite toggle on a result card: saves the vehicle to this browser's favourites, or removes it.
 * It shows the saved state only once the island has taken over (storage is the browser's, so the page's
 * HTML always shows it unsaved, and taking over changes no markup but the pressed state).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $favourites, toggleFavourite, type Favourite } from '../../stores/favourites.ts';

export function FavouriteToggle({ favourite }: { favourite: Favourite }) {
  const list = useStore($favourites);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const saved = mounted && list.some((f) => f.id === favourite.id);
  return (
    <button
      type="button"
      className="absolute right-2 top-2 z-10 inline-flex h-11 w-11 items-center justify-center rounded-full bg-white text-brand shadow hover:bg-slate-100"
      aria-pressed={saved}
      aria-label={`Favourite: ${favourite.name}`}
      data-favourite={favourite.id}
      onClick={() => toggleFavourite(favourite)}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill={saved ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2">
        <path d="M12 21s-7.5-4.6-9.6-9.1C.9 8.6 3 5 6.6 5c2.1 0 3.6 1.2 4.4 2.6h2c.8-1.4 2.3-2.6 4.4-2.6C21 5 23.1 8.6 21.6 11.9 19.5 16.4 12 21 12 21z" />
      </svg>
    </button>
  );
}

/**
 * The watchlist page (/watchlist/): the cars saved to the watchlist and the favourites, from this browser's
 * lists, shown with their current cards from the site's card files. Removing a watchlist car goes through
 * the runtime API like the vehicle page's button (toast, or the error and the change undone).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $favourites, toggleFavourite } from '../../stores/favourites.ts';
import { $watchlist } from '../../stores/watchlist.ts';
import { SavedCarsView } from './SavedCarsView.tsx';
import { Toaster } from './Toaster.tsx';
import { useCards } from './use-cards.ts';
import { clickWatchlist } from './watchlist-click.ts';

export interface SavedCarsProps {
  watchlist: boolean;
  favourites: boolean;
  apiBaseUrl: string;
  listHref: string;
  compareHref: string;
  stockHref: string;
  /** The note the cards' weekly repayments refer to; null where the site shows none. */
  footnote: string | null;
}

export default function SavedCars(props: SavedCarsProps) {
  const favourites = useStore($favourites);
  const watchlist = useStore($watchlist);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  const watchIds = props.watchlist ? watchlist : [];
  const favouriteIds = props.favourites ? favourites.map((f) => f.id) : [];
  const ids = [...new Set([...watchIds, ...favouriteIds])];
  const { cards, ready, failed, retry } = useCards(ids, mounted);
  const state = !mounted ? 'loading' : failed ? 'error' : ready(ids) ? 'ready' : 'loading';
  const nameOf = (id: number) => cards.get(id)?.title ?? 'A car you saved';

  return (
    <>
      <SavedCarsView
        state={state}
        compareHref={props.compareHref}
        stockHref={props.stockHref}
        onRetry={retry}
        footnote={props.footnote}
        watchlist={props.watchlist ? watchIds.map((id) => ({ id, name: nameOf(id), card: cards.get(id) ?? null, onRemove: () => void clickWatchlist({ id, name: nameOf(id) }, props) })) : null}
        favourites={props.favourites ? favourites.map((f) => ({ id: f.id, name: f.name, card: cards.get(f.id) ?? null, onRemove: () => toggleFavourite(f) })) : null}
      />
      <Toaster />
    </>
  );
}

/**
 * The watchlist page (/watchlist/): the signed-in shopper's watchlist as the server keeps it (sites with a
 * watchlist), and the favourites from this browser's list (sites with favourites), shown with their current
 * cards from the site's card files. Removing a watchlist car goes through the runtime API like the vehicle
 * page's button (toast, or the error and the change undone); a shopper who is not signed in is asked to.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $favourites, toggleFavourite } from '../../stores/favourites.ts';
import { $session, loadSession, signOut } from '../../stores/session.ts';
import { showToast } from '../../stores/toast.ts';
import { $watchlistBusy, loadWatchedCars, type WatchedCar } from '../../stores/watchlist.ts';
import { SavedCarsView } from './SavedCarsView.tsx';
import { Toaster } from './Toaster.tsx';
import { useCards } from './use-cards.ts';
import { clickWatchlist } from './watchlist-click.ts';
import type { WatchlistSectionViewProps } from './WatchlistSectionView.tsx';

export interface SavedCarsProps {
  watchlist: boolean;
  favourites: boolean;
  apiBaseUrl: string;
  /** The site's slug, which every runtime API call names. */
  site: string;
  listHref: string;
  compareHref: string;
  stockHref: string;
  /** Where a shopper who is not signed in goes to see their watchlist. */
  signInHref: string;
  /** The note the cards' weekly repayments refer to; null where the site shows none. */
  footnote: string | null;
}

type Watched = { state: 'loading' } | { state: 'error' } | { state: 'ready'; cars: WatchedCar[] };

export default function SavedCars(props: SavedCarsProps) {
  const favourites = useStore($favourites);
  const session = useStore($session);
  const busy = useStore($watchlistBusy);
  const [mounted, setMounted] = useState(false);
  const [watched, setWatched] = useState<Watched>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [signingOut, setSigningOut] = useState(false);
  const context = { baseUrl: props.apiBaseUrl, site: props.site };

  useEffect(() => setMounted(true), []);

  const user = session.status === 'ready' ? session.user : null;
  useEffect(() => {
    if (!props.watchlist) return;
    let current = true;
    void loadSession(context).then(async (state) => {
      if (!current || state.status !== 'ready' || !state.user) return;
      setWatched({ state: 'loading' });
      const answer = await loadWatchedCars(context);
      if (current) setWatched(answer.ok ? { state: 'ready', cars: answer.data } : { state: 'error' });
    });
    return () => {
      current = false;
    };
  }, [props.watchlist, user?.id, attempt]);

  const watchedCars = watched.state === 'ready' ? watched.cars : [];
  const favouriteIds = props.favourites ? favourites.map((f) => f.id) : [];
  const ids = [...new Set([...watchedCars.filter((car) => car.href).map((car) => car.id), ...favouriteIds])];
  const { cards, ready, failed, retry } = useCards(ids, mounted);
  const state = !mounted ? 'loading' : failed ? 'error' : ready(favouriteIds) ? 'ready' : 'loading';

  const remove = async (car: WatchedCar) => {
    const outcome = await clickWatchlist({ id: car.id, name: cards.get(car.id)?.title ?? car.name }, { apiBaseUrl: props.apiBaseUrl, site: props.site, listHref: props.listHref });
    if (outcome === 'removed') setWatched((before) => (before.state === 'ready' ? { state: 'ready', cars: before.cars.filter((c) => c.id !== car.id) } : before));
  };

  const onSignOut = async () => {
    setSigningOut(true);
    const answer = await signOut(context);
    setSigningOut(false);
    if (answer.ok) {
      setWatched({ state: 'loading' });
      showToast({ title: 'Signed out', message: 'You have signed out. Your watchlist is kept for when you sign in again.', tone: 'info', durationMs: 5000 });
    } else {
      showToast({ title: 'You are still signed in', message: answer.message, tone: 'error', durationMs: null });
    }
  };

  const sectionState: WatchlistSectionViewProps['state'] =
    !mounted || session.status === 'loading' ? 'loading' : !user ? (session.error ? 'error' : 'signed-out') : watched.state === 'ready' ? (ready(ids) || failed ? 'ready' : 'loading') : watched.state;

  return (
    <>
      <SavedCarsView
        state={state}
        compareHref={props.compareHref}
        stockHref={props.stockHref}
        onRetry={retry}
        footnote={props.footnote}
        watchlist={
          props.watchlist
            ? {
                state: sectionState,
                phone: user?.phone ?? null,
                signInHref: props.signInHref,
                stockHref: props.stockHref,
                signingOut,
                onSignOut: () => void onSignOut(),
                // A session that could not be asked is asked again by loading the page again.
                onRetry: () => (session.status === 'ready' && session.error ? window.location.reload() : setAttempt((n) => n + 1)),
                cars: watchedCars.map((car) => ({
                  id: car.id,
                  name: car.name,
                  href: car.href,
                  sold: car.sold,
                  priceText: car.priceText,
                  card: cards.get(car.id) ?? null,
                  busy: busy.includes(car.id),
                  onRemove: () => void remove(car),
                })),
              }
            : null
        }
        favourites={props.favourites ? favourites.map((f) => ({ id: f.id, name: f.name, card: cards.get(f.id) ?? null, onRemove: () => toggleFavourite(f) })) : null}
      />
      <Toaster />
    </>
  );
}

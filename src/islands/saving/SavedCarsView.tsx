/**
 * The watchlist page's body: the signed-in shopper's watchlist (WatchlistSectionView) and the favourites
 * kept in this browser, each as its result card with a Remove button, a link to compare the favourites, and
 * an empty state for each list that leads back to the stock. Until every card has been read a list shows
 * one line, then the whole list at once. Pure view.
 */
import type { CardFileEntry } from '../../views/search-records.ts';
import { ResultCard } from '../search/ResultCard.tsx';
import { LoadErrorView } from './LoadErrorView.tsx';
import { WatchlistSectionView, type WatchlistSectionViewProps } from './WatchlistSectionView.tsx';

export interface SavedCar {
  id: number;
  /** The name saved with it, for a car the site no longer lists. */
  name: string;
  card: CardFileEntry | null;
  onRemove: () => void;
}

export interface SavedCarsViewProps {
  /** The favourites' cards. */
  state: 'loading' | 'error' | 'ready';
  /** Null on sites without a watchlist. */
  watchlist: WatchlistSectionViewProps | null;
  /** Null on sites without favourites. */
  favourites: SavedCar[] | null;
  compareHref: string;
  stockHref: string;
  /** Shown under the lists when a card shows a weekly repayment. */
  footnote?: string | null;
  onRetry?: () => void;
}

function CarGrid({ cars, label }: { cars: SavedCar[]; label: string }) {
  return (
    <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label={label}>
      {cars.map((car) => (
        <li key={car.id} className="flex flex-col gap-2" data-saved-car={car.id}>
          {car.card ? (
            <ResultCard card={car.card} />
          ) : (
            <article className="rounded-lg border border-slate-200 bg-slate-50 p-4">
              <h3 className="font-semibold">{car.name}</h3>
              <p className="mt-1 text-sm text-slate-700">This car is no longer listed.</p>
            </article>
          )}
          <button
            type="button"
            onClick={car.onRemove}
            className="inline-flex min-h-11 items-center justify-center rounded border border-slate-400 px-4 text-sm font-semibold hover:border-brand hover:bg-slate-50"
            aria-label={`Remove ${car.card?.title ?? car.name}`}
          >
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}

function ListBody({ cars, label, empty, stockHref }: { cars: SavedCar[]; label: string; empty: string; stockHref: string }) {
  if (cars.length > 0) return <CarGrid cars={cars} label={label} />;
  return (
    <p className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-5 text-slate-800">
      {empty}{' '}
      <a className="font-semibold text-brand underline" href={stockHref}>
        Browse our stock
      </a>
    </p>
  );
}

export function SavedCarsView({ state, watchlist, favourites, compareHref, stockHref, footnote, onRetry }: SavedCarsViewProps) {
  const weekly = [...(watchlist?.cars ?? []), ...(favourites ?? [])].some((car) => car.card?.weekly && !car.card.soldMessage);
  return (
    <div className="space-y-10">
      {watchlist && <WatchlistSectionView {...watchlist} />}
      {favourites && (
        <section aria-labelledby="favourites-heading" data-saved-list="favourites">
          <div className="flex flex-wrap items-center justify-between gap-4">
            <h2 id="favourites-heading" className="text-xl font-bold">
              Favourites
            </h2>
            {state === 'ready' && favourites.length > 1 && (
              <a href={compareHref} className="inline-flex min-h-11 items-center rounded bg-brand px-5 font-semibold text-on-brand">
                Compare favourites
              </a>
            )}
          </div>
          {state === 'loading' && (
            <p className="mt-4 text-slate-800" aria-busy="true">
              Loading your saved cars…
            </p>
          )}
          {state === 'error' && (
            <div className="mt-4">
              <LoadErrorView what="your saved cars" onRetry={onRetry} />
            </div>
          )}
          {state === 'ready' && <ListBody cars={favourites} label="Your favourite cars" empty="No favourites yet. Tap the heart on any car you like to keep it here." stockHref={stockHref} />}
        </section>
      )}
      {footnote && weekly && <p className="text-sm text-slate-700">{footnote}</p>}
    </div>
  );
}

/**
 * The watchlist page's body: the cars on the shopper's watchlist and their favourites, each as its result
 * card with a Remove button, a link to compare the favourites, and an empty state for each list that leads
 * back to the stock. Pure view.
 */
import type { CardFileEntry } from '../../views/search-records.ts';
import { ResultCard } from '../search/ResultCard.tsx';
import { Spinner } from './SavingBarView.tsx';

export interface SavedCar {
  id: number;
  /** The name saved with it, for a car the site no longer lists. */
  name: string;
  card: CardFileEntry | null;
  onRemove: () => void;
  /** A removal waiting for the server (watchlist). */
  busy?: boolean;
}

export interface SavedList {
  state: 'loading' | 'error' | 'ready';
  cars: SavedCar[];
}

export interface SavedCarsViewProps {
  /** Null on sites without a watchlist. */
  watchlist: SavedList | null;
  /** Null on sites without favourites. */
  favourites: (SavedList & { compareHref: string }) | null;
  stockHref: string;
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
            disabled={car.busy}
            aria-busy={car.busy}
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded border border-slate-400 px-4 text-sm font-semibold hover:border-brand hover:bg-slate-50 disabled:cursor-wait disabled:opacity-70"
            aria-label={`Remove ${car.card?.title ?? car.name}`}
          >
            {car.busy && <Spinner />}
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}

function ListBody({ list, label, empty, stockHref, onRetry }: { list: SavedList; label: string; empty: string; stockHref: string; onRetry?: (() => void) | undefined }) {
  if (list.state === 'loading') return <p className="mt-4 text-slate-800" aria-busy="true">Loading your saved cars…</p>;
  if (list.state === 'error') {
    return (
      <div role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-5 text-red-950">
        <p>We could not load your saved cars just now. Please check your connection and try again.</p>
        {onRetry && (
          <button type="button" onClick={onRetry} className="mt-3 inline-flex min-h-11 items-center rounded bg-slate-900 px-5 font-semibold text-white">
            Try again
          </button>
        )}
      </div>
    );
  }
  if (list.cars.length === 0) {
    return (
      <p className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-5 text-slate-800">
        {empty}{' '}
        <a className="font-semibold text-brand underline" href={stockHref}>
          Browse our stock
        </a>
      </p>
    );
  }
  return <CarGrid cars={list.cars} label={label} />;
}

export function SavedCarsView({ watchlist, favourites, stockHref, onRetry }: SavedCarsViewProps) {
  return (
    <div className="space-y-10">
      {watchlist && (
        <section aria-labelledby="watchlist-heading" data-saved-list="watchlist">
          <h2 id="watchlist-heading" className="text-xl font-bold">
            Watchlist
          </h2>
          <ListBody list={watchlist} label="Cars on your watchlist" empty="Your watchlist is empty. Save a car from its page to keep an eye on it here." stockHref={stockHref} onRetry={onRetry} />
        </section>
      )}
      {favourites && (
        <section aria-labelledby="favourites-heading" data-saved-list="favourites">
          <div className="flex flex-wrap items-center justify-between gap-4">
            <h2 id="favourites-heading" className="text-xl font-bold">
              Favourites
            </h2>
            {favourites.state === 'ready' && favourites.cars.length > 1 && (
              <a href={favourites.compareHref} className="inline-flex min-h-11 items-center rounded bg-brand px-5 font-semibold text-on-brand">
                Compare favourites
              </a>
            )}
          </div>
          <ListBody list={favourites} label="Your favourite cars" empty="No favourites yet. Tap the heart on any car you like to keep it here." stockHref={stockHref} onRetry={onRetry} />
        </section>
      )}
    </div>
  );
}

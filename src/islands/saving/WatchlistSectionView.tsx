/**
 * The watchlist part of the saved-cars page: the signed-in shopper's cars as the server keeps them (each
 * with its current card where the site still lists it, a Sold mark, and Remove), or a prompt to sign in.
 * Pure view.
 */
import type { CardFileEntry } from '../../views/search-records.ts';
import { ResultCard } from '../search/ResultCard.tsx';
import { LoadErrorView } from './LoadErrorView.tsx';

export interface WatchedCarView {
  id: number;
  name: string;
  href: string | null;
  sold: boolean;
  priceText: string | null;
  card: CardFileEntry | null;
  busy: boolean;
  onRemove: () => void;
}

export interface WatchlistSectionViewProps {
  state: 'loading' | 'signed-out' | 'error' | 'ready';
  cars: WatchedCarView[];
  /** The signed-in shopper's phone. */
  phone: string | null;
  signInHref: string;
  stockHref: string;
  signingOut: boolean;
  onSignOut: () => void;
  onRetry: () => void;
}

const button = 'inline-flex min-h-11 items-center justify-center rounded border border-slate-400 px-4 text-sm font-semibold hover:border-brand hover:bg-slate-50 disabled:opacity-60';

function WatchedCarItem({ car }: { car: WatchedCarView }) {
  return (
    <li className="flex flex-col gap-2" data-watched-car={car.id} data-sold={car.sold ? 'true' : undefined}>
      {car.sold && <p className="self-start rounded bg-slate-900 px-2 py-1 text-sm font-semibold text-white">Sold</p>}
      {car.card ? (
        <ResultCard card={car.card} />
      ) : (
        <article className="rounded-lg border border-slate-200 bg-slate-50 p-4">
          <h3 className="font-semibold">{car.href ? <a className="underline" href={car.href}>{car.name}</a> : car.name}</h3>
          {car.priceText && !car.sold && <p className="mt-1">{car.priceText}</p>}
          {(car.sold || !car.href) && <p className="mt-1 text-sm text-slate-700">{car.sold ? 'This car has been sold.' : 'This car is no longer listed.'}</p>}
        </article>
      )}
      <button type="button" onClick={car.onRemove} disabled={car.busy} aria-busy={car.busy} className={button} aria-label={`Remove ${car.card?.title ?? car.name} from your watchlist`}>
        {car.busy ? 'Removing…' : 'Remove'}
      </button>
    </li>
  );
}

export function WatchlistSectionView(props: WatchlistSectionViewProps) {
  const { state, cars } = props;
  return (
    <section aria-labelledby="watchlist-heading" data-saved-list="watchlist" data-state={state}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="watchlist-heading" className="text-xl font-bold">
          Watchlist
        </h2>
        {state !== 'signed-out' && state !== 'loading' && props.phone && (
          <p className="flex flex-wrap items-center gap-3 text-sm text-slate-800">
            <span>Signed in as {props.phone}</span>
            <button type="button" onClick={props.onSignOut} disabled={props.signingOut} className={button}>
              {props.signingOut ? 'Signing out…' : 'Sign out'}
            </button>
          </p>
        )}
      </div>
      {state === 'loading' && (
        <p className="mt-4 text-slate-800" aria-busy="true">
          Loading your watchlist…
        </p>
      )}
      {state === 'signed-out' && (
        <div className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-5 text-slate-800">
          <p>Your watchlist is kept with your mobile number, so it follows you to any device. Sign in to see the cars you are watching.</p>
          <a className="mt-3 inline-flex min-h-11 items-center rounded bg-brand px-5 font-semibold text-on-brand" href={props.signInHref}>
            Sign in to see your watchlist
          </a>
        </div>
      )}
      {state === 'error' && (
        <div className="mt-4">
          <LoadErrorView what="your watchlist" onRetry={props.onRetry} />
        </div>
      )}
      {state === 'ready' &&
        (cars.length > 0 ? (
          <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Cars on your watchlist">
            {cars.map((car) => (
              <WatchedCarItem key={car.id} car={car} />
            ))}
          </ul>
        ) : (
          <p className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-5 text-slate-800">
            Your watchlist is empty. Save a car from its page to keep an eye on it here.{' '}
            <a className="font-semibold text-brand underline" href={props.stockHref}>
              Browse our stock
            </a>
          </p>
        ))}
    </section>
  );
}

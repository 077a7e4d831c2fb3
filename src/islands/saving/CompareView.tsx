/**
 * The compare page's body: up to four chosen vehicles side by side (picture, name, price, weekly repayment
 * and key specifications), each with Remove; a chooser when more cars are saved than fit; an empty state
 * that leads back to the stock. On a narrow screen the table scrolls sideways with its row names held.
 * Pure view.
 */
import type { Favourite } from '../../stores/favourites.ts';
import { COMPARE_SPECS } from '../../views/compare.ts';
import type { CardFileEntry } from '../../views/search-records.ts';
import { Picture } from '../search/ResultCard.tsx';
import { LoadErrorView } from './LoadErrorView.tsx';

export interface CompareColumn {
  favourite: Favourite;
  /** Null when the site no longer lists the vehicle. */
  card: CardFileEntry | null;
  onRemove: () => void;
}

export interface CompareChooserOption {
  id: number;
  name: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}

export interface CompareViewProps {
  state: 'loading' | 'error' | 'empty' | 'ready';
  /** The stock search, where an empty list leads. */
  stockHref: string;
  columns: CompareColumn[];
  /** Shown when more cars are saved than compare at once. */
  chooser: { limit: number; options: CompareChooserOption[] } | null;
  /** The note the weekly repayments' asterisk refers to, where the site shows them. */
  footnote?: string | null;
  onRetry?: () => void;
}

const NOT_LISTED = '–';

/** The table's least width by number of cars (a class per count: the site's CSP allows no inline styles). */
// Two cars fit a 360 px phone; three and four scroll sideways there, the next car showing at the edge.
const TABLE_WIDTH = ['min-w-[14rem]', 'min-w-[14rem]', 'min-w-[20rem]', 'min-w-[28rem]', 'min-w-[36rem]'] as const;

function priceCell(card: CardFileEntry | null) {
  if (!card) return <span className="text-slate-700">No longer listed</span>;
  if (card.soldMessage) return <span className="font-bold text-red-700">{card.soldMessage}</span>;
  if (!card.price) return NOT_LISTED;
  return (
    <>
      <span className="text-lg font-bold">
        {card.price.text}
        {card.price.kind === 'subscription' && <span className="text-sm font-normal"> /wk</span>}
      </span>
      {card.price.wasPrice && (
        <span className="block text-sm text-slate-700">
          Was <s>{card.price.wasPrice.text}</s>
        </span>
      )}
    </>
  );
}

export function CompareView({ state, stockHref, columns, chooser, footnote, onRetry }: CompareViewProps) {
  if (state === 'loading') {
    return (
      <p className="rounded-lg border border-slate-200 bg-slate-50 p-5 text-slate-800" aria-busy="true">
        Loading your chosen cars…
      </p>
    );
  }
  if (state === 'empty') {
    return (
      <div className="rounded-lg border border-slate-200 bg-slate-50 p-6" data-compare-empty>
        <h2 className="text-xl font-bold">No cars to compare yet</h2>
        <p className="mt-2 text-slate-800">Tap the heart on any car you like, in our stock or on its page, and it appears here beside the others.</p>
        <p className="mt-4">
          <a href={stockHref} className="inline-flex min-h-11 items-center rounded bg-brand px-5 font-semibold text-on-brand">
            Browse our stock
          </a>
        </p>
      </div>
    );
  }
  if (state === 'error') {
    return <LoadErrorView what="your chosen cars" onRetry={onRetry} />;
  }

  // A row no chosen car has a value for is left out.
  const rows = COMPARE_SPECS.map((label, i) => ({ label, values: columns.map(({ card }) => card?.facts?.[i] ?? null) })).filter((row) => row.values.some((v) => v !== null));
  // Row names wrap between words (hyphenated where a word is long), never inside one.
  const rowHead = 'sticky left-0 z-10 w-24 bg-white py-3 pr-2 text-left align-top text-xs font-semibold text-slate-700 hyphens-auto [overflow-wrap:normal] sm:w-40 sm:text-sm';
  const cell = 'py-3 pr-3 align-top sm:pr-4';

  return (
    <div>
      {chooser && (
        <fieldset className="mb-6 rounded-lg border border-slate-200 p-4">
          <legend className="px-1 font-semibold">Choose up to {chooser.limit} cars to compare</legend>
          <ul className="mt-2 grid gap-1 sm:grid-cols-2">
            {chooser.options.map((option) => (
              <li key={option.id}>
                <label className="flex min-h-11 items-center gap-3">
                  <input type="checkbox" className="h-5 w-5 accent-brand" checked={option.checked} disabled={option.disabled} onChange={(event) => option.onChange(event.currentTarget.checked)} />
                  <span>{option.name}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {columns.length === 0 ? (
        <p className="text-slate-800">Choose a car above to compare it.</p>
      ) : (
      <div className="overflow-x-auto" role="region" aria-label="Cars compared" tabIndex={0}>
        <table className={`w-full table-fixed border-collapse ${TABLE_WIDTH[Math.min(columns.length, 4)]}`} data-compare-table data-columns={columns.length}>
          <caption className="sr-only">Your chosen cars side by side</caption>
          <thead>
            <tr className="border-b border-slate-200">
              <td className={rowHead} />
              {columns.map(({ favourite, card, onRemove }) => (
                <th key={favourite.id} scope="col" className={`${cell} text-left font-normal`} data-compare-column={favourite.id}>
                  <Picture picture={card?.picture ?? null} alt="" className="aspect-[3/2] w-full rounded object-cover" />
                  <a href={card?.href ?? `/cars/${encodeURIComponent(favourite.slug)}/`} className="mt-2 block font-semibold leading-snug underline-offset-2 hover:underline">
                    {card?.title ?? favourite.name}
                  </a>
                  <button
                    type="button"
                    onClick={onRemove}
                    className="mt-2 inline-flex min-h-11 items-center rounded border border-slate-400 px-3 text-sm font-semibold hover:border-brand hover:bg-slate-50"
                    aria-label={`Remove ${card?.title ?? favourite.name}`}
                  >
                    Remove
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="[&>tr]:border-b [&>tr]:border-slate-200">
            <tr>
              <th scope="row" className={rowHead}>
                Price
              </th>
              {columns.map(({ favourite, card }) => (
                <td key={favourite.id} className={cell}>
                  {priceCell(card)}
                </td>
              ))}
            </tr>
            <tr>
              <th scope="row" className={rowHead}>
                Weekly repayment
              </th>
              {columns.map(({ favourite, card }) => (
                <td key={favourite.id} className={cell}>
                  {!card?.soldMessage && card?.weekly ? card.weekly : NOT_LISTED}
                </td>
              ))}
            </tr>
            {rows.map(({ label, values }) => (
              <tr key={label}>
                <th scope="row" className={rowHead}>
                  {label}
                </th>
                {values.map((value, i) => (
                  <td key={columns[i]!.favourite.id} className={cell}>
                    {value ?? NOT_LISTED}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      )}
      {footnote && columns.length > 0 && <p className="mt-6 text-sm text-slate-700">{footnote}</p>}
    </div>
  );
}

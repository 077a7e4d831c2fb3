/**
 * The compare page (/compare/): the shopper's favourites side by side, up to four at once (the four saved
 * last, or the ones chosen when more are saved), with their cards and key specifications read from the
 * site's card files. Remove takes a car out of the favourites.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { COMPARE_LIMIT, comparedIds } from '../../rules/saving.ts';
import { $favourites, toggleFavourite, type Favourite } from '../../stores/favourites.ts';
import { CompareView } from './CompareView.tsx';
import { useCards } from './use-cards.ts';

export interface CompareProps {
  stockHref: string;
  /** The note the weekly repayments' asterisk refers to; null where the site shows no weekly figure. */
  footnote: string | null;
}

export default function Compare({ stockHref, footnote }: CompareProps) {
  const favourites = useStore($favourites);
  const [mounted, setMounted] = useState(false);
  const [chosen, setChosen] = useState<number[] | null>(null);
  useEffect(() => setMounted(true), []);
  const ids = favourites.map((f) => f.id);
  const { cards, ready, failed, retry } = useCards(ids, mounted);

  if (!mounted) return <CompareView state="loading" stockHref={stockHref} columns={[]} chooser={null} />;
  if (favourites.length === 0) return <CompareView state="empty" stockHref={stockHref} columns={[]} chooser={null} />;
  if (failed) return <CompareView state="error" stockHref={stockHref} columns={[]} chooser={null} onRetry={retry} />;

  const selected = comparedIds(ids, chosen);
  if (!ready(selected)) return <CompareView state="loading" stockHref={stockHref} columns={[]} chooser={null} />;
  const shown = favourites.filter((f) => selected.includes(f.id));
  const choose = (id: number, on: boolean) => setChosen(on ? [...selected, id] : selected.filter((s) => s !== id));

  return (
    <CompareView
      state="ready"
      stockHref={stockHref}
      footnote={footnote}
      columns={shown.map((favourite: Favourite) => ({ favourite, card: cards.get(favourite.id) ?? null, onRemove: () => toggleFavourite(favourite) }))}
      chooser={
        favourites.length > COMPARE_LIMIT
          ? {
              limit: COMPARE_LIMIT,
              options: favourites.map((f) => ({
                id: f.id,
                name: cards.get(f.id)?.title ?? f.name,
                checked: selected.includes(f.id),
                disabled: !selected.includes(f.id) && selected.length >= COMPARE_LIMIT,
                onChange: (on: boolean) => choose(f.id, on),
              })),
            }
          : null
      }
    />
  );
}

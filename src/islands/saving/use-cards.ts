/**
 * The cards of the vehicles a page lists, read from the site's card files (card-files.ts) once the page
 * has taken over: each id is read once (a vehicle no longer listed has no card and is not asked for again),
 * so removing a car or adding one from another tab reads only what is new.
 */
import { useEffect, useState } from 'react';
import type { CardFileEntry } from '../../views/search-records.ts';
import { loadCards } from './card-files.ts';

export interface SavedCards {
  cards: ReadonlyMap<number, CardFileEntry>;
  /** True once every id given has been read. */
  ready: (ids: readonly number[]) => boolean;
  failed: boolean;
  retry: () => void;
}

export function useCards(ids: readonly number[], enabled: boolean): SavedCards {
  const [cards, setCards] = useState<ReadonlyMap<number, CardFileEntry>>(new Map());
  const [tried, setTried] = useState<ReadonlySet<number>>(new Set());
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const missing = ids.filter((id) => !tried.has(id));
  const missingKey = missing.join(',');

  useEffect(() => {
    if (!enabled || missing.length === 0) return;
    let current = true;
    setFailed(false);
    loadCards(missing).then(
      (loaded) => {
        if (!current) return;
        setCards((before) => new Map([...before, ...loaded]));
        setTried((before) => new Set([...before, ...missing]));
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [enabled, missingKey, attempt]);

  return { cards, ready: (wanted) => wanted.every((id) => tried.has(id)), failed, retry: () => setAttempt((n) => n + 1) };
}

/**
 * The cards of chosen vehicles, for the pages that list saved cars (compare, watchlist). A static site has
 * no server to ask, so they read what the stock search publishes: `_search/index.json` names the current
 * file of each card group, and each `_search/cards/<group>.<hash>.json` holds the cards (with the compare
 * facts) of up to 32 neighbouring ids. Only the groups of the chosen vehicles are fetched; a vehicle no
 * longer listed has no card. Browser-safe.
 */
import { cardFilePath, cardGroup, SEARCH_INDEX_PATH, type SearchIndexFile } from '../../search/listing.ts';
import type { CardFileEntry } from '../../views/search-records.ts';

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** The cards of `ids` that the site still lists, by id. Rejects when the site's files cannot be read. */
export async function loadCards(ids: readonly number[], indexUrl: string = SEARCH_INDEX_PATH): Promise<Map<number, CardFileEntry>> {
  const found = new Map<number, CardFileEntry>();
  if (ids.length === 0) return found;
  const { cards } = await getJson<SearchIndexFile>(indexUrl);
  const groups = [...new Set(ids.map((id) => cardGroup(String(id))))].filter((group) => cards[group]);
  const files = await Promise.all(groups.map((group) => getJson<Record<string, CardFileEntry>>(new URL(cardFilePath(group, cards[group]!), new URL(indexUrl, window.location.href)).href)));
  for (const file of files) for (const id of ids) if (file[id]) found.set(id, file[id]);
  return found;
}

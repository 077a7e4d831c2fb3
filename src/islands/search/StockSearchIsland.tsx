/**
 * The stock search as a landing page hands it to the browser: its props, the first results included, go in
 * a JSON data block of the page, not in the island's own props. Astro writes an island's props in a form of
 * its own that wraps every value, escapes them into an attribute and hashes them with the island's markup;
 * for the search's results and facets that was most of the time a landing page took to write, and its
 * largest part. The props are plain data (a test holds them to a JSON round trip).
 */
import { useMemo } from 'react';
import { dataBlockText } from '../../lib/text.ts';
import StockSearch, { type StockSearchProps } from './StockSearch.tsx';

/** The id of the data block a landing page holds the island's props in. */
export const STOCK_SEARCH_PROPS_ID = 'stock-search-props';

// The props of the last few pages written, by page: the server's renders of the island (Astro may render
// a component more than once to learn which renderer it is for) take them from here. A browser reads the
// page's data block.
const written = new Map<string, StockSearchProps>();
const MOST_WRITTEN = 16;

/**
 * The text of the data block (id {@link STOCK_SEARCH_PROPS_ID}) holding the island's props on `page`, for the
 * page to write before `<StockSearchIsland client:idle page={page} />`.
 */
export function stockSearchPropsText(page: string, props: StockSearchProps): string {
  written.delete(page);
  if (written.size >= MOST_WRITTEN) written.delete(written.keys().next().value!);
  written.set(page, props);
  return dataBlockText(props);
}

function propsOfPage(page: string): StockSearchProps {
  const kept = written.get(page);
  if (kept) return kept;
  const block = typeof document === 'undefined' ? null : document.getElementById(STOCK_SEARCH_PROPS_ID);
  if (!block?.textContent) throw new Error(`the stock search on ${page} has no props: the page holds no #${STOCK_SEARCH_PROPS_ID} block`);
  return JSON.parse(block.textContent) as StockSearchProps;
}

export default function StockSearchIsland({ page }: { page: string }) {
  const props = useMemo(() => propsOfPage(page), [page]);
  return <StockSearch {...props} />;
}

/**
 * The stock search as a landing page hands it to the browser: its props, the first results included, go in
 * a JSON data block of the page, not in the island's own props. Astro writes an island's props in a form of
 * its own that wraps every value, escapes them into an attribute and hashes them with the island's markup;
 * for the search's results and facets that was most of the time a landing page took to write, and its
 * largest part. The props are plain data (a test holds them to a JSON round trip).
 */
import { useMemo } from 'react';
import { DataBlockProps } from '../data-block-props.ts';
import StockSearch, { type StockSearchProps } from './StockSearch.tsx';

/** The id of the data block a landing page holds the island's props in. */
export const STOCK_SEARCH_PROPS_ID = 'stock-search-props';

// The props of the last few pages written, by page.
const blocks = new DataBlockProps<StockSearchProps>(16);

/**
 * The text of the data block (id {@link STOCK_SEARCH_PROPS_ID}) holding the island's props on `page`, for the
 * page to write before `<StockSearchIsland client:idle page={page} />`.
 */
export function stockSearchPropsText(page: string, props: StockSearchProps): string {
  return blocks.text(page, props);
}

function propsOfPage(page: string): StockSearchProps {
  const props = blocks.read(page, STOCK_SEARCH_PROPS_ID);
  if (!props) throw new Error(`the stock search on ${page} has no props: the page holds no #${STOCK_SEARCH_PROPS_ID} block`);
  return props;
}

export default function StockSearchIsland({ page }: { page: string }) {
  const props = useMemo(() => propsOfPage(page), [page]);
  return <StockSearch {...props} />;
}

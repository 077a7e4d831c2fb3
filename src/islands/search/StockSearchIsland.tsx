/**
 * The stock search as a landing page hands it to the browser: its props, the first results included, as one
 * JSON text. Astro writes an island's props in a form of its own that wraps every value, which for the
 * search's results and facets is about twice their JSON and most of the time a page of them takes to
 * write; a text goes over as it is. The props are plain data (a test holds them to a JSON round trip).
 */
import { useMemo } from 'react';
import StockSearch, { type StockSearchProps } from './StockSearch.tsx';

// The props the last few texts were written from, so that the server's renders of the island (Astro may
// render a component more than once to learn which renderer it is for) do not parse back what the page has
// just written. A browser parses the text.
const written = new Map<string, StockSearchProps>();
const MOST_WRITTEN = 16;

/** The island's one prop, for a page to hand it: `<StockSearchIsland client:idle json={stockSearchJson(props)} />`. */
export function stockSearchJson(props: StockSearchProps): string {
  const json = JSON.stringify(props);
  if (written.size >= MOST_WRITTEN) written.clear();
  written.set(json, props);
  return json;
}

export default function StockSearchIsland({ json }: { json: string }) {
  const props = useMemo(() => written.get(json) ?? (JSON.parse(json) as StockSearchProps), [json]);
  return <StockSearch {...props} />;
}

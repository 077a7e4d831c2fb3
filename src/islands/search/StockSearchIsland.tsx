/**
 * The stock search as a landing page hands it to the browser: its props, the first results included, as one
 * JSON text. Astro writes an island's props in a form of its own that wraps every value, which for the
 * search's results and facets is about twice their JSON and most of the time a page of them takes to
 * write; a text goes over as it is. The props are plain data (a test holds them to a JSON round trip).
 */
import { useMemo } from 'react';
import StockSearch, { type StockSearchProps } from './StockSearch.tsx';

export default function StockSearchIsland({ json }: { json: string }) {
  const props = useMemo(() => JSON.parse(json) as StockSearchProps, [json]);
  return <StockSearch {...props} />;
}

/**
 * The searchClient the stock search island hands to React InstantSearch when the site uses the embedded
 * engine: the shape of the Algolia client's `search` (v5, which InstantSearch's helper also uses for facet-value
 * searches, as `type: 'facet'` requests), answered in the page by {@link createSearchEngine} over an index
 * loaded on first use. Browser-safe.
 */
import { createSearchEngine, type EngineConfig, type SearchEngine, type SearchParams, type SearchRecord } from './engine.ts';

/** One request as InstantSearch sends it: a query, or (`type: 'facet'`) a search for values of one facet. */
export type ClientRequest =
  | { indexName: string; params?: SearchParams; type?: 'default' }
  | { indexName: string; params?: SearchParams; type: 'facet'; facet: string };

/** The requests of a search call, which Algolia's v5 clients take as a list or as `{ requests }`. */
export function requestsOf(input: readonly ClientRequest[] | { requests: readonly ClientRequest[] }): readonly ClientRequest[] {
  return Array.isArray(input) ? (input as readonly ClientRequest[]) : (input as { requests: readonly ClientRequest[] }).requests;
}

export interface EmbeddedSearchClient {
  search(requests: readonly ClientRequest[] | { requests: readonly ClientRequest[] }): Promise<{ results: unknown[] }>;
  /** InstantSearch checks for this to know results may be cached; nothing to clear here. */
  clearCache(): Promise<void>;
  /** Loads the records and builds the engine now (when the page is idle), so the first search does not wait for it. */
  warm(): void;
}

/**
 * A searchClient over records loaded by `load` (once, on the first search: the index is fetched after
 * first paint, not with the page). A failed load is tried again on the next search.
 */
export function embeddedSearchClient<R extends SearchRecord>(
  load: () => Promise<readonly R[]>,
  config: EngineConfig<R>,
  /** Builds the engine over the loaded records, at once or in steps (the build's client starts from its previous engine; the browser's works in short tasks). */
  build: (records: readonly R[], config: EngineConfig<R>) => SearchEngine<R> | Promise<SearchEngine<R>> = createSearchEngine,
): EmbeddedSearchClient {
  let engine: Promise<SearchEngine<R>> | null = null;
  const ready = () =>
    (engine ??= load().then(
      (records) => build(records, config),
      (error: unknown) => {
        engine = null;
        throw error;
      },
    ));
  return {
    async search(input) {
      const requests = requestsOf(input);
      const searchEngine = await ready();
      return {
        results: requests.map((request) =>
          request.type === 'facet'
            ? searchEngine.searchForFacetValues({ indexName: request.indexName, params: { ...request.params, facetName: request.facet } as SearchParams & { facetName: string } })
            : searchEngine.search([{ indexName: request.indexName, params: request.params ?? {} }]).results[0]!,
        ),
      };
    },
    clearCache: async () => {},
    warm: () => void ready().catch(() => {}),
  };
}

/**
 * The island's searchClient: the embedded engine over the site's own index (default), or a hosted Algolia
 * index. Either way each hit comes back with its result card (`hit.card`): the hosted index holds the card
 * in the record, the embedded one fetches the card files of the hits it returns. Browser-safe.
 */
import { embeddedSearchClient, requestsOf, type ClientRequest } from '../../search/client.ts';
import { createSearchEngine, prepareSteps, type SearchResponse } from '../../search/engine.ts';
import { decodeIndexSteps, type EncodedIndex } from '../../search/index-codec.ts';
import { runStepsYielding } from '../../lib/steps.ts';
import { cardFilePath, cardGroup, listingEngineConfig, sortOfIndex, type ListingRecord, type SearchIndexFile } from '../../search/listing.ts';
import { conditionToFilter, sortConditions } from '../../rules/search-rules.ts';
import type { SiteConfig } from '../../schemas/site-config.ts';
import type { ResultCardData } from '../../views/search-records.ts';

/** What the island reads of a hit: its id, the status runs of sold vehicles collapse by, and its card. */
export type CardHit = Pick<ListingRecord, 'objectID' | 'status'> & { card?: ResultCardData };

export interface IslandSearchClient {
  search(requests: readonly ClientRequest[] | { requests: readonly ClientRequest[] }): Promise<{ results: unknown[] }>;
  clearCache?(): Promise<void>;
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** The embedded engine over `indexUrl`, loaded and built on first use (or earlier, by `preload`). */
export function embeddedClient(indexUrl: string, base: string): IslandSearchClient & { preload(): void } {
  let file: Promise<SearchIndexFile<EncodedIndex>> | null = null;
  const loadFile = () =>
    (file ??= getJson<SearchIndexFile<EncodedIndex>>(indexUrl).catch((error: unknown) => {
      file = null;
      throw error;
    }));
  const groups = new Map<string, Promise<Record<string, ResultCardData>>>();
  const cardsOf = async (group: string): Promise<Record<string, ResultCardData>> => {
    const { cards } = await loadFile();
    const hash = cards[group];
    if (!hash) return {};
    let loading = groups.get(group);
    if (!loading) {
      loading = getJson<Record<string, ResultCardData>>(new URL(cardFilePath(group, hash), new URL(indexUrl, window.location.href)).href);
      loading.catch(() => groups.delete(group));
      groups.set(group, loading);
    }
    return loading;
  };
  // The index is decoded and the engine worked out in short tasks: the page stays responsive to a shopper
  // while it loads (at idle, or at the first refinement).
  const engine = embeddedSearchClient(
    async () => runStepsYielding(decodeIndexSteps<ListingRecord>((await loadFile()).index)),
    listingEngineConfig(base),
    async (records, config) => createSearchEngine(records, config, await runStepsYielding(prepareSteps(records, config))),
  );
  return {
    preload: () => engine.warm(),
    async search(requests) {
      const { results } = await engine.search(requests);
      return { results: await Promise.all(results.map((result) => withCards(result as SearchResponse<ListingRecord>, cardsOf))) };
    },
    clearCache: async () => {},
  };
}

/** A response whose hits carry their cards (a facet search's answer passes through). */
async function withCards(result: SearchResponse<ListingRecord>, cardsOf: (group: string) => Promise<Record<string, ResultCardData>>): Promise<unknown> {
  if (!Array.isArray(result.hits) || result.hits.length === 0) return result;
  const needed = [...new Set(result.hits.map((hit) => cardGroup(hit.objectID)))];
  const loaded = new Map(await Promise.all(needed.map(async (group) => [group, await cardsOf(group)] as const)));
  return { ...result, hits: result.hits.map((hit) => ({ ...hit, card: loaded.get(cardGroup(hit.objectID))?.[hit.objectID] })) };
}

/**
 * A hosted Algolia index through the lite client (search only), loaded with the first search. `hosts`
 * replaces Algolia's own hosts (a stand-in server in tests).
 */
export function algoliaClient(appId: string, searchKey: string, hosts?: readonly string[]): IslandSearchClient {
  let client: Promise<IslandSearchClient> | null = null;
  const load = () =>
    (client ??= import('algoliasearch/lite').then(({ liteClient }) => {
      const options = hosts ? { hosts: hosts.map((url) => ({ url: new URL(url).host, protocol: new URL(url).protocol.replace(':', '') as 'http' | 'https', accept: 'readWrite' as const })) } : {};
      return liteClient(appId, searchKey, options) as unknown as IslandSearchClient;
    }));
  return { search: async (requests) => (await load()).search(requests) };
}

/**
 * `client` with each sort's own conditions (Lowest Price leaves out cars without a price on sites with
 * `search.lowestPriceExcludesZero`) added to every request to that sort's index. The conditions travel with
 * the index a request names, so the first search after the shopper picks a sort already carries them.
 */
export function withSortConditions(
  client: IslandSearchClient,
  base: string,
  site: { search: Pick<SiteConfig['search'], 'lowestPriceExcludesZero'> },
): IslandSearchClient {
  const withConditions = (request: ClientRequest): ClientRequest => {
    const filters = sortConditions(sortOfIndex(base, request.indexName), site).map(conditionToFilter);
    if (filters.length === 0) return request;
    const given = request.params?.numericFilters;
    const numericFilters = given === undefined ? filters : [...(typeof given === 'string' ? [given] : given), ...filters];
    return { ...request, params: { ...request.params, numericFilters } };
  };
  return {
    ...client,
    search: (input) => client.search(requestsOf(input).map(withConditions)),
  };
}

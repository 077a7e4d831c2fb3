/**
 * The listing record: what the stock search index holds for one vehicle, and how the search engine is set
 * up over it (facets, numeric attributes, searchable attributes, and one index per sort). Shared by the
 * build, which writes the records, the island, which searches them, and the hosted-index sync, which sends
 * them. Browser-safe.
 */
import type { SortOption } from '../schemas/search-state.ts';
import type { EngineConfig, IndexOrder, SearchRecord } from './engine.ts';

export interface ListingRecord extends SearchRecord {
  objectID: string;
  make: string;
  model: string;
  badge: string | null;
  body: string;
  fuel: string;
  transmission: string;
  drive: string | null;
  colour: string | null;
  /** Seat count as text, so it can be refined by value. */
  seats: string | null;
  car_type: string;
  status: string;
  location_name: string | null;
  dealership_name: string | null;
  state: string | null;
  year: number | null;
  km: number | null;
  certified: boolean | null;
  tag: string[];
  filtered_features: string[];
  stocknum: string | null;
  /** The price the sorts and the price range use (the offer price when there is one). */
  price: number;
  /** Listing time, seconds since 1970; the "latest" sort. */
  created: number;
  /** Relevance without a query: 2 for a price, 1 for a full gallery. */
  rank: number;
  /** The advertised weekly repayment in dollars, where the finance rules show one. */
  weekly: number | null;
  /** Its band, e.g. '$150 to $199 /wk'. */
  weekly_price_range: string | null;
}

/** Attributes shoppers refine by value. */
export const LISTING_FACETS = [
  'make',
  'model',
  'badge',
  'body',
  'fuel',
  'transmission',
  'drive',
  'colour',
  'seats',
  'car_type',
  'status',
  'location_name',
  'dealership_name',
  'state',
  'year',
  'certified',
  'tag',
  'filtered_features',
  'weekly_price_range',
] as const satisfies readonly (keyof ListingRecord)[];
export type ListingFacet = (typeof LISTING_FACETS)[number];

/** Attributes with ranges and facet statistics. */
export const LISTING_NUMERIC = ['price', 'km', 'year', 'created', 'rank', 'weekly'] as const satisfies readonly (keyof ListingRecord)[];

/** What free text searches, most important first. */
export const LISTING_SEARCHABLE = ['make', 'model', 'badge', 'body', 'colour', 'stocknum', 'tag'] as const satisfies readonly (keyof ListingRecord)[];

/** The name of the index a sort reads: the primary index for the default, a replica for the rest. */
export function sortIndexName(base: string, sort: SortOption): string {
  return sort === 'mostRelevant' ? base : `${base}_${sort}`;
}

/** The sort an index name stands for (the default for the primary index or a name not known). */
export function sortOfIndex(base: string, indexName: string): SortOption {
  const suffix = indexName.startsWith(`${base}_`) ? indexName.slice(base.length + 1) : '';
  return suffix === 'latest' || suffix === 'highestPrice' || suffix === 'lowestPrice' ? suffix : 'mostRelevant';
}

const newest = (a: ListingRecord, b: ListingRecord) => b.created - a.created || Number(b.objectID) - Number(a.objectID);

/** Each sort's order; ties always fall to the newest listing, so every order is total. */
export const LISTING_ORDERS: Record<SortOption, (a: ListingRecord, b: ListingRecord) => number> = {
  mostRelevant: (a, b) => b.rank - a.rank || newest(a, b),
  latest: newest,
  highestPrice: (a, b) => b.price - a.price || newest(a, b),
  lowestPrice: (a, b) => a.price - b.price || newest(a, b),
};

const engineConfigs = new Map<string, EngineConfig<ListingRecord>>();

/**
 * The embedded engine's configuration for a site's listing index named `base`: one object per name, so an
 * engine updated from a previous one (`engine-update.ts`) knows by identity that it has the same set-up.
 */
export function listingEngineConfig(base: string): EngineConfig<ListingRecord> {
  let config = engineConfigs.get(base);
  if (!config) {
    const indices: Record<string, IndexOrder<ListingRecord>> = {};
    for (const [sort, compare] of Object.entries(LISTING_ORDERS) as Array<[SortOption, (a: ListingRecord, b: ListingRecord) => number]>) {
      indices[sortIndexName(base, sort)] = { compare, beforeRelevance: sort !== 'mostRelevant' };
    }
    engineConfigs.set(base, (config = { facets: LISTING_FACETS, numeric: LISTING_NUMERIC, searchable: LISTING_SEARCHABLE, indices }));
  }
  return config;
}

/** The name the embedded index answers to. */
export const EMBEDDED_INDEX = 'vehicles';

/**
 * Result cards travel apart from the index, in small files of neighbouring vehicle ids: the index stays
 * small enough to load at once, and a page of results fetches only the cards it shows. A vehicle's file
 * depends only on its id, so a change to one vehicle rewrites one file.
 */
export const CARDS_PER_FILE = 32;

/** The group of card files a vehicle id belongs to. */
export function cardGroup(objectID: string): string {
  const id = Number(objectID);
  if (Number.isSafeInteger(id) && id >= 0) return String(Math.floor(id / CARDS_PER_FILE));
  let hash = 0x811c9dc5;
  for (let i = 0; i < objectID.length; i++) hash = Math.imul(hash ^ objectID.charCodeAt(i), 0x01000193) >>> 0;
  return `h${hash % 1024}`;
}

/** Where the site's search files live. */
export const SEARCH_INDEX_PATH = '/_search/index.json';
export const cardFilePath = (group: string, hash: string) => `/_search/cards/${group}.${hash}.json`;

/** `_search/index.json`: the listing records by column, and each card group's current file hash. */
export interface SearchIndexFile<Index = unknown> {
  index: Index;
  cards: Record<string, string>;
}

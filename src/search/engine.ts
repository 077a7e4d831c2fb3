/**
 * The embedded stock-search engine: answers the part of Algolia's search contract that React
 * InstantSearch uses, over a site's listing records held in the browser, so stock search needs no
 * hosted service. Browser-safe: no Node modules.
 *
 * Data layout, built once per index: a bitset (Uint32Array, one bit per record) for every facet value,
 * a Float64Array column per numeric attribute, and a vocabulary of the searchable words with the sorted
 * record ids holding each. A query intersects bitsets (AND of OR groups for facetFilters), scans the
 * numeric columns for numericFilters, matches query words against the vocabulary (prefix on the last
 * word, typos by word length, as Algolia's defaults), then ranks and pages.
 *
 * Semantics follow Algolia's documented behaviour for these parameters: `query`, `page` (0-based),
 * `hitsPerPage`, `facets`, `facetFilters` (strings and nested OR arrays, `-` negation), `numericFilters`
 * (`attr op value`, `attr:lo TO hi`, nested OR arrays), `maxValuesPerFacet`, and `searchForFacetValues`.
 * The index name picks the ranking: the primary index ranks text relevance first, then its own order;
 * a sort replica orders by its attribute first.
 */
import { runSteps, type Steps } from '../lib/steps.ts';

/** A value a record may hold in one attribute. */
export type RecordValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** One listing record. `objectID` is its id. */
export interface SearchRecord {
  objectID: string;
  [attribute: string]: RecordValue;
}

/** How records are ordered in one index (the primary index or a sort replica). */
export interface IndexOrder<R extends SearchRecord> {
  /** The index's own order, e.g. lowest price first. */
  compare: (a: R, b: R) => number;
  /**
   * Whether that order comes before text relevance (a sort replica: "lowest price" means lowest price,
   * whatever the query) or after it (the primary index: best text matches first).
   */
  beforeRelevance: boolean;
}

export interface EngineConfig<R extends SearchRecord> {
  /** Attributes that can be faceted and filtered by value. */
  facets: readonly string[];
  /** Numeric attributes: numericFilters and facets_stats. */
  numeric: readonly string[];
  /** Attributes the query searches, most important first. */
  searchable: readonly string[];
  /** Index name -> its order. Queries to any other name are refused. */
  indices: Record<string, IndexOrder<R>>;
}

/** A query's parameters, as InstantSearch sends them. */
export interface SearchParams {
  query?: string;
  page?: number;
  hitsPerPage?: number;
  facets?: string | readonly string[];
  facetFilters?: string | readonly (string | readonly string[])[];
  numericFilters?: string | readonly (string | readonly string[])[];
  maxValuesPerFacet?: number;
  [other: string]: unknown;
}

export interface SearchRequest {
  indexName: string;
  params?: SearchParams;
}

export interface FacetStats {
  min: number;
  max: number;
  avg: number;
  sum: number;
}

export interface SearchResponse<R extends SearchRecord> {
  hits: R[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  facets?: Record<string, Record<string, number>>;
  facets_stats?: Record<string, FacetStats>;
  exhaustiveFacetsCount: true;
  exhaustiveNbHits: true;
  query: string;
  params: string;
  index: string;
  processingTimeMS: number;
}

export interface FacetHit {
  value: string;
  highlighted: string;
  count: number;
}

/** Algolia's defaults. */
export const DEFAULT_HITS_PER_PAGE = 20;
export const DEFAULT_MAX_VALUES_PER_FACET = 100;
/** Shortest query word that may have one typo, and two (Algolia's minWordSizefor1Typo and ...for2Typos). */
export const MIN_WORD_FOR_ONE_TYPO = 4;
export const MIN_WORD_FOR_TWO_TYPOS = 8;
/** Most pages a query can reach (Algolia's paginationLimitedTo). */
export const PAGINATION_LIMIT = 1000;

/** Lower case, accents removed: how words and facet values are compared for text search. */
export function normaliseText(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** The words of a text, for search. */
export function words(text: string): string[] {
  return normaliseText(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** Typos a query word of this length may have. */
export function typosAllowed(word: string): number {
  return word.length >= MIN_WORD_FOR_TWO_TYPOS ? 2 : word.length >= MIN_WORD_FOR_ONE_TYPO ? 1 : 0;
}

/**
 * The last row of the optimal-string-alignment distance table between `a` and the first `columns`
 * characters of `b` (insertions, deletions, substitutions and transpositions of neighbours each count
 * one): entry j is the distance from `a` to b's first j characters. Null once every entry of a row
 * exceeds `limit`, since none can come back under it.
 */
function distanceRow(a: string, b: string, columns: number, limit: number): number[] | null {
  let before = new Array<number>(columns + 1).fill(0);
  let previous = Array.from({ length: columns + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(columns + 1);
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= columns; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return null;
    before = previous;
    previous = current;
  }
  return previous;
}

/** The distance between a and b (see {@link distanceRow}), or `limit + 1` once it is sure to exceed `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  return distanceRow(a, b, b.length, limit)?.[b.length] ?? limit + 1;
}

/**
 * The fewest edits that turn `query` into some prefix of `word` whose length is within `limit` of the
 * query's, or `limit + 1` when there are more: one table for all those prefixes at once.
 */
export function prefixDistance(query: string, word: string, limit: number): number {
  const columns = Math.min(word.length, query.length + limit);
  const row = distanceRow(query, word, columns, limit);
  if (!row) return limit + 1;
  let best = limit + 1;
  for (let j = Math.max(1, query.length - limit); j <= columns; j++) best = Math.min(best, row[j]!);
  return best;
}

/**
 * How a query word matches a record word: 0 or more typos, or null. The last word of a query also
 * matches as a prefix ("toyo" finds "toyota"), with typos counted over the prefix.
 */
export function wordMatch(queryWord: string, recordWord: string, isLast: boolean): number | null {
  const limit = typosAllowed(queryWord);
  if (recordWord === queryWord) return 0;
  if (isLast && recordWord.startsWith(queryWord)) return 0;
  if (limit === 0) return null;
  // Prefixes cover the whole word whenever its length is within the limit; longer words are too far.
  const d = isLast ? prefixDistance(queryWord, recordWord, limit) : editDistance(queryWord, recordWord, limit);
  return d <= limit ? d : null;
}

/** A value as facet filters and facet counts name it: strings as they are, numbers and booleans as text. */
export function facetValues(value: RecordValue): string[] {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return value.map(String);
  return [String(value)];
}

const NUMERIC_OPS = ['<=', '>=', '!=', '<', '>', '='] as const;
type NumericOp = (typeof NUMERIC_OPS)[number];

/** A numeric filter string: `price>=5000`, `year = 2020`, `km:0 TO 50000`. */
export function parseNumericFilter(filter: string): { attribute: string; test: (value: number) => boolean } {
  const range = /^\s*([^:<>=!\s]+)\s*:\s*(-?[\d.]+)\s+TO\s+(-?[\d.]+)\s*$/.exec(filter);
  if (range) {
    const [lo, hi] = [Number(range[2]), Number(range[3])];
    return { attribute: range[1]!, test: (v) => v >= lo && v <= hi };
  }
  const match = /^\s*([^:<>=!\s]+)\s*(<=|>=|!=|<|>|=)\s*(-?[\d.]+)\s*$/.exec(filter);
  if (!match) throw new SearchError(`numericFilters: cannot read "${filter}" (expected e.g. price>=5000 or price:5000 TO 30000)`);
  const bound = Number(match[3]);
  const op = match[2] as NumericOp;
  const tests: Record<NumericOp, (v: number) => boolean> = {
    '<=': (v) => v <= bound,
    '>=': (v) => v >= bound,
    '!=': (v) => v !== bound,
    '<': (v) => v < bound,
    '>': (v) => v > bound,
    '=': (v) => v === bound,
  };
  return { attribute: match[1]!, test: tests[op] };
}

/** A facet filter string: `make:Toyota`, `make:-Toyota` (negated). The value is everything after the first colon. */
export function parseFacetFilter(filter: string): { attribute: string; value: string; negated: boolean } {
  const colon = filter.indexOf(':');
  if (colon <= 0) throw new SearchError(`facetFilters: cannot read "${filter}" (expected attribute:value)`);
  const attribute = filter.slice(0, colon).trim();
  let value = filter.slice(colon + 1);
  let negated = false;
  if (value.startsWith('-')) {
    negated = true;
    value = value.slice(1);
  } else if (value.startsWith('\\-')) {
    value = value.slice(1);
  }
  return { attribute, value, negated };
}

/** A request the engine cannot answer: an unknown index or attribute, or a filter it cannot read. */
export class SearchError extends Error {
  readonly status = 400;
}

const asList = <T>(value: T | readonly T[] | undefined): readonly T[] => (value === undefined ? [] : Array.isArray(value) ? (value as readonly T[]) : [value as T]);

/** A fixed-size set of record numbers. */
export class Bitset {
  readonly words: Uint32Array;
  constructor(size: number, fill = false) {
    this.words = new Uint32Array((size + 31) >>> 5);
    if (fill) {
      this.words.fill(0xffffffff);
      const extra = this.words.length * 32 - size;
      if (extra > 0) this.words[this.words.length - 1] = 0xffffffff >>> extra;
    }
  }
  set(i: number): void {
    this.words[i >>> 5]! |= 1 << (i & 31);
  }
  has(i: number): boolean {
    return (this.words[i >>> 5]! & (1 << (i & 31))) !== 0;
  }
  clear(i: number): void {
    this.words[i >>> 5]! &= ~(1 << (i & 31));
  }
  isEmpty(): boolean {
    return this.words.every((word) => word === 0);
  }
  copy(): Bitset {
    const copy = new Bitset(0);
    (copy as { words: Uint32Array }).words = this.words.slice();
    return copy;
  }
  and(other: Bitset): this {
    for (let w = 0; w < this.words.length; w++) this.words[w]! &= other.words[w]!;
    return this;
  }
  or(other: Bitset): this {
    for (let w = 0; w < this.words.length; w++) this.words[w]! |= other.words[w]!;
    return this;
  }
  andNot(other: Bitset): this {
    for (let w = 0; w < this.words.length; w++) this.words[w]! &= ~other.words[w]!;
    return this;
  }
  /** Records in both, counted without building the intersection. */
  countAnd(other: Bitset): number {
    let n = 0;
    for (let w = 0; w < this.words.length; w++) n += popcount(this.words[w]! & other.words[w]!);
    return n;
  }
  *[Symbol.iterator](): Generator<number> {
    for (let w = 0; w < this.words.length; w++) {
      let word = this.words[w]!;
      while (word !== 0) {
        const bit = 31 - Math.clz32(word & -word);
        yield w * 32 + bit;
        word &= word - 1;
      }
    }
  }
}

/**
 * About what counting one hit's values costs, in words of a value's set intersected with the hits (measured
 * on a 10,000-vehicle site's listing records and its search pages' searches): a facet is counted hit by hit
 * when that costs less than intersecting every value's set with the hits.
 */
const SPARSE_TALLY_COST = 100;

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** How a record matched the query: total typos, the earliest searchable attribute matched, words matched exactly. */
interface TextMatch {
  typos: number;
  attribute: number;
  exact: number;
}

export interface SearchEngine<R extends SearchRecord> {
  search(requests: readonly SearchRequest[]): { results: SearchResponse<R>[] };
  searchForFacetValues(request: { indexName: string; params: SearchParams & { facetName: string; facetQuery?: string; maxFacetHits?: number } }): { facetHits: FacetHit[]; exhaustiveFacetsCount: true; processingTimeMS: number };
}

/** One index's order: the records sorted (ties by record number), each one's position in it, and its rank. */
export interface PreparedOrder<R extends SearchRecord> {
  order: IndexOrder<R>;
  sorted: Int32Array;
  position: Int32Array;
  /** Records the order cannot tell apart share one rank. */
  rank: Int32Array;
}

/**
 * What an engine holds over its records, worked out once; each search then reuses it. The build's engine
 * updates (`engine-update.ts`) derive one from another's.
 */
export interface Prepared<R extends SearchRecord> {
  records: readonly R[];
  config: EngineConfig<R>;
  facetSets: Map<string, Map<string, Bitset>>;
  /**
   * For each facet attribute no record holds more than one value of: its values, and each record's value
   * as a place among them (-1 for none). A facet is then counted with one step per hit. Values no record
   * holds any more may stay listed (an engine update only adds); a count of none is not reported.
   */
  valueIds: Map<string, ValueIds>;
  columns: Map<string, Float64Array>;
  /** Word -> for each record holding it, the earliest searchable attribute it appears in. */
  vocabulary: Map<string, Map<number, number>>;
  allWords: string[];
  orders: Map<string, PreparedOrder<R>>;
  /**
   * What searches with no text found, by their filters ({@link filtersKey}), the most recently asked last
   * and at most {@link FILTER_COUNTS_KEPT}. Filled as searches ask; an engine update carries each, counting
   * just its replaced records again.
   */
  counts: Map<string, FilterCounts<R>>;
}

/** A numeric attribute's statistics over a search's hits, as `facets_stats` gives them. */
export interface NumericStats {
  count: number;
  min: number;
  max: number;
  sum: number;
  /** Every value counted is a whole number, so the sum is exact in whatever order it was added up. */
  whole: boolean;
}

/**
 * What a search with no text finds under one set of filters (none: every record): how many records, and,
 * per attribute counted so far, how many of them hold each value, and a numeric attribute's statistics.
 * A search with the same filters then counts nothing again, and takes its page of hits by a walk of the
 * index's order that stops at the page's end: a landing page's search, and the count each refinement list
 * asks with its own refinement left out, repeat from one update's pages to the next.
 */
export interface FilterCounts<R extends SearchRecord> {
  hits: number;
  tallies: Map<string, ReadonlyMap<string, number>>;
  stats: Map<string, Readonly<NumericStats>>;
  /** Whether one record passes the filters, as the engine's filter sets decide it. */
  passes: (record: R) => boolean;
}

/** How many filter sets an engine keeps the counts of: a site's landing pages ask a few hundred. */
const FILTER_COUNTS_KEPT = 256;

/** The text a search's filters are known by among an engine's counts. */
function filtersKey(params: Pick<SearchParams, 'facetFilters' | 'numericFilters'>): string {
  return JSON.stringify([params.facetFilters ?? null, params.numericFilters ?? null]);
}

/**
 * Whether one record passes a search's filters, read from its own values as the engine's filter sets are
 * made: every group holds, a group by any of its alternatives; a negated value passes a record without it.
 */
function recordFilter<R extends SearchRecord>(params: Pick<SearchParams, 'facetFilters' | 'numericFilters'>): (record: R) => boolean {
  const facet = asList(params.facetFilters).map((group) => asList(group as string | readonly string[]).map(parseFacetFilter));
  const numeric = asList(params.numericFilters).map((group) => asList(group as string | readonly string[]).map(parseNumericFilter));
  return (record) =>
    facet.every((group) => group.some(({ attribute, value, negated }) => facetValues(record[attribute]).includes(value) !== negated)) &&
    numeric.every((group) =>
      group.some(({ attribute, test }) => {
        const value = numericValue(record[attribute]);
        return !Number.isNaN(value) && test(value);
      }),
    );
}

/** A single-valued facet attribute's values, and each record's value among them ({@link Prepared.valueIds}). */
export interface ValueIds {
  names: readonly string[];
  of: Int32Array;
}

const prepared = new WeakMap<SearchEngine<SearchRecord>, Prepared<SearchRecord>>();

/**
 * The values a record adds one to when an attribute is counted: each of its facet values once, or, for a
 * numeric attribute that is not a facet, its number (none where it has no number).
 */
export function countedValues<R extends SearchRecord>(record: R, attribute: string, config: EngineConfig<R>): string[] {
  if (config.facets.includes(attribute)) {
    const own = facetValues(record[attribute]);
    return own.length > 1 ? [...new Set(own)] : own;
  }
  const value = numericValue(record[attribute]);
  return Number.isNaN(value) ? [] : [String(value)];
}

/** A record's value as a numeric column holds it: NaN where there is no number. */
export const numericValue = (value: RecordValue): number =>
  typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : Number.NaN;

/** The record's searchable words, each with the earliest searchable attribute it appears in. */
export function recordWords<R extends SearchRecord>(record: R, config: EngineConfig<R>, wordsOf?: Map<string, string[]>): Map<string, number> {
  const found = new Map<string, number>();
  config.searchable.forEach((attribute, rank) => {
    for (const text of facetValues(record[attribute])) {
      let split = wordsOf?.get(text);
      if (!split) {
        split = words(text);
        wordsOf?.set(text, split);
      }
      for (const word of split) if (!found.has(word)) found.set(word, rank);
    }
  });
  return found;
}

/** An index's order over the records, from the records in that order. */
export function ranked<R extends SearchRecord>(records: readonly R[], order: IndexOrder<R>, sorted: Int32Array): PreparedOrder<R> {
  const position = new Int32Array(records.length);
  const rank = new Int32Array(records.length);
  sorted.forEach((record, at) => {
    position[record] = at;
    rank[record] = at > 0 && order.compare(records[sorted[at - 1]!]!, records[record]!) === 0 ? rank[sorted[at - 1]!]! : at;
  });
  return { order, sorted, position, rank };
}

function prepare<R extends SearchRecord>(records: readonly R[], config: EngineConfig<R>): Prepared<R> {
  return runSteps(prepareSteps(records, config));
}

/** How many records' words a step of {@link prepareSteps} indexes. */
const WORDS_STEP = 1000;

/**
 * What the engine holds over `records`, worked out in steps: a facet, the numeric columns, a thousand
 * records' words, an index's order. The browser runs them between the page's own tasks.
 */
export function* prepareSteps<R extends SearchRecord>(records: readonly R[], config: EngineConfig<R>): Steps<Prepared<R>> {
  const n = records.length;
  const facetSets = new Map<string, Map<string, Bitset>>();
  const valueIds = new Map<string, ValueIds>();
  for (const attribute of config.facets) {
    const values = new Map<string, Bitset>();
    // Each value's place among the attribute's values: the order its set is made in.
    const names: string[] = [];
    const placeOf = new Map<string, number>();
    const of = new Int32Array(n).fill(-1);
    let single = true;
    records.forEach((record, i) => {
      const own = facetValues(record[attribute]);
      if (own.length > 1) single = false;
      for (const value of own) {
        let set = values.get(value);
        if (!set) {
          values.set(value, (set = new Bitset(n)));
          placeOf.set(value, names.push(value) - 1);
        }
        set.set(i);
      }
      if (own.length === 1) of[i] = placeOf.get(own[0]!)!;
    });
    facetSets.set(attribute, values);
    if (single) {
      valueIds.set(attribute, { names, of });
    }
    yield;
  }
  const columns = new Map<string, Float64Array>();
  for (const attribute of config.numeric) {
    const column = new Float64Array(n);
    records.forEach((record, i) => (column[i] = numericValue(record[attribute])));
    columns.set(attribute, column);
  }
  yield;
  const vocabulary = new Map<string, Map<number, number>>();
  // Records repeat their texts (a make, a model, a body), so each distinct text is split into words once.
  const wordsOf = new Map<string, string[]>();
  for (let i = 0; i < n; i++) {
    for (const [word, rank] of recordWords(records[i]!, config, wordsOf)) {
      let postings = vocabulary.get(word);
      if (!postings) vocabulary.set(word, (postings = new Map()));
      postings.set(i, rank);
    }
    if ((i + 1) % WORDS_STEP === 0) yield;
  }
  yield;
  const orders = new Map<string, PreparedOrder<R>>();
  for (const [name, order] of Object.entries(config.indices)) {
    orders.set(name, ranked(records, order, Int32Array.from(records.keys()).sort((a, b) => order.compare(records[a]!, records[b]!) || a - b)));
    yield;
  }
  return { records, config, facetSets, valueIds, columns, vocabulary, allWords: [...vocabulary.keys()], orders, counts: new Map() };
}

/** What the engine holds over its records (for the build's engine updates, `engine-update.ts`). */
export function preparedOf<R extends SearchRecord>(engine: SearchEngine<R>): Prepared<R> | undefined {
  return prepared.get(engine as unknown as SearchEngine<SearchRecord>) as Prepared<R> | undefined;
}

/**
 * Builds the engine over the records, or over structures already worked out for exactly these records and
 * this configuration (`engine-update.ts` derives them from the previous engine's).
 */
export function createSearchEngine<R extends SearchRecord>(records: readonly R[], config: EngineConfig<R>, ready?: Prepared<R>): SearchEngine<R> {
  const { facetSets, valueIds, columns, vocabulary, allWords, orders, counts } = ready ?? prepare(records, config);
  const n = records.length;

  function orderOf(indexName: string) {
    const prepared = orders.get(indexName);
    if (!prepared) throw new SearchError(`no index named "${indexName}" (this site has ${Object.keys(config.indices).join(', ')})`);
    return prepared;
  }

  function facetSet(attribute: string, value: string): Bitset | null {
    const values = facetSets.get(attribute);
    if (!values) throw new SearchError(`"${attribute}" is not a facet of this index`);
    return values.get(value) ?? null;
  }

  /** Records passing every facet filter: AND of groups, OR within a group, negations removed. */
  function applyFacetFilters(filters: SearchParams['facetFilters'], into: Bitset): void {
    for (const group of asList(filters)) {
      const alternatives = asList(group as string | readonly string[]);
      const union = new Bitset(n);
      for (const filter of alternatives) {
        const { attribute, value, negated } = parseFacetFilter(filter);
        const set = facetSet(attribute, value);
        if (negated) {
          const complement = new Bitset(n, true);
          if (set) complement.andNot(set);
          union.or(complement);
        } else if (set) {
          union.or(set);
        }
      }
      into.and(union);
    }
  }

  function applyNumericFilters(filters: SearchParams['numericFilters'], into: Bitset): void {
    for (const group of asList(filters)) {
      const tests = asList(group as string | readonly string[]).map(parseNumericFilter);
      for (const { attribute } of tests) if (!columns.has(attribute)) throw new SearchError(`"${attribute}" is not a numeric attribute of this index`);
      for (const i of [...into]) {
        const pass = tests.some(({ attribute, test }) => {
          const value = columns.get(attribute)![i]!;
          return !Number.isNaN(value) && test(value);
        });
        if (!pass) into.words[i >>> 5]! &= ~(1 << (i & 31));
      }
    }
  }

  // InstantSearch sends one query several times over (once per refined facet) and again as the shopper
  // refines: what each typed word matches is kept for the most recent words.
  const wordMatches = new Map<string, Map<number, TextMatch>>();
  const WORD_CACHE = 64;

  /** Per record, the best way one query word matches it. */
  function matchWord(queryWord: string, isLast: boolean): Map<number, TextMatch> {
    const key = `${isLast ? 'prefix' : 'word'}:${queryWord}`;
    const cached = wordMatches.get(key);
    if (cached) return cached;
    const best = new Map<number, TextMatch>();
    for (const word of allWords) {
      const typos = wordMatch(queryWord, word, isLast);
      if (typos === null) continue;
      for (const [record, attribute] of vocabulary.get(word)!) {
        const seen = best.get(record);
        const candidate = { typos, attribute, exact: typos === 0 && word === queryWord ? 1 : 0 };
        if (!seen || candidate.typos < seen.typos || (candidate.typos === seen.typos && (candidate.attribute < seen.attribute || (candidate.attribute === seen.attribute && candidate.exact > seen.exact)))) {
          best.set(record, candidate);
        }
      }
    }
    if (wordMatches.size >= WORD_CACHE) wordMatches.delete(wordMatches.keys().next().value!);
    wordMatches.set(key, best);
    return best;
  }

  /** Records matching every query word, with how they matched; null when the query is empty. */
  function matchText(query: string): Map<number, TextMatch> | null {
    const queryWords = words(query);
    if (queryWords.length === 0) return null;
    let result: Map<number, TextMatch> | null = null;
    queryWords.forEach((queryWord, w) => {
      const best = matchWord(queryWord, w === queryWords.length - 1);
      if (result === null) {
        result = best;
      } else {
        const next = new Map<number, TextMatch>();
        for (const [record, match] of result) {
          const also = best.get(record);
          if (also) next.set(record, { typos: match.typos + also.typos, attribute: Math.min(match.attribute, also.attribute), exact: match.exact + also.exact });
        }
        result = next;
      }
    });
    return result;
  }

  // The hits as a set, made at most once per list of hits, for counting against values' sets.
  const hitSets = new WeakMap<Int32Array, Bitset>();
  const hitsAsSet = (ids: Int32Array): Bitset => {
    let set = hitSets.get(ids);
    if (!set) {
      set = new Bitset(n);
      for (let k = 0; k < ids.length; k++) set.set(ids[k]!);
      hitSets.set(ids, set);
    }
    return set;
  };

  /** How many of the hits hold each of an attribute's values, and a numeric attribute's statistics over them. */
  function countHits(attribute: string, ids: Int32Array): { tally: Map<string, number>; stats: NumericStats | undefined } {
    const values = facetSets.get(attribute);
    const column = columns.get(attribute);
    const tally = new Map<string, number>();
    const single = values && valueIds.get(attribute);
    if (single) {
      // One value per record: each hit adds one to its value's count.
      const counted = new Int32Array(single.names.length);
      const of = single.of;
      for (let k = 0; k < ids.length; k++) {
        const value = of[ids[k]!]!;
        if (value >= 0) counted[value]!++;
      }
      for (let value = 0; value < counted.length; value++) if (counted[value]! > 0) tally.set(single.names[value]!, counted[value]!);
    } else if (values && ids.length * SPARSE_TALLY_COST < values.size * ((n + 31) >>> 5)) {
      // Few hits against many values: each hit's own values are counted rather than every value's set
      // intersected with the hits (a record holds a value once, as in its set).
      for (const i of ids) {
        const own = facetValues(records[i]![attribute]);
        for (const value of own.length > 1 ? new Set(own) : own) tally.set(value, (tally.get(value) ?? 0) + 1);
      }
    } else if (values) {
      for (const [value, set] of values) {
        const count = hitsAsSet(ids).countAnd(set);
        if (count > 0) tally.set(value, count);
      }
    } else {
      // A numeric attribute asked for as a facet (a range widget does, for its statistics): counted by value.
      const byNumber = new Map<number, number>();
      for (const i of ids) if (!Number.isNaN(column![i]!)) byNumber.set(column![i]!, (byNumber.get(column![i]!) ?? 0) + 1);
      for (const [value, count] of byNumber) tally.set(String(value), count);
    }
    if (!column) return { tally, stats: undefined };
    const stats: NumericStats = { count: 0, min: Infinity, max: -Infinity, sum: 0, whole: true };
    for (let k = 0; k < ids.length; k++) {
      const value = column[ids[k]!]!;
      if (Number.isNaN(value)) continue;
      if (value < stats.min) stats.min = value;
      if (value > stats.max) stats.max = value;
      stats.sum += value;
      stats.count++;
      if (!Number.isInteger(value)) stats.whole = false;
    }
    return { tally, stats };
  }

  function searchOne(request: SearchRequest): SearchResponse<R> {
    const started = performance.now();
    const params = request.params ?? {};
    const { order, sorted, position, rank } = orderOf(request.indexName);
    const matching = new Bitset(n, true);
    applyFacetFilters(params.facetFilters, matching);
    applyNumericFilters(params.numericFilters, matching);
    const text = matchText(params.query ?? '');
    const hitsPerPage = Math.max(0, Math.floor(params.hitsPerPage ?? DEFAULT_HITS_PER_PAGE));
    const page = Math.max(0, Math.floor(params.page ?? 0));
    const requested = asList(params.facets as string | readonly string[]);
    const attributes = requested.includes('*') ? config.facets : requested;
    for (const attribute of attributes) if (!facetSets.has(attribute) && !columns.has(attribute)) throw new SearchError(`"${attribute}" is not a facet of this index`);

    // With no text, what the same filters found before is taken as it is, while it holds every count asked.
    const key = text === null ? filtersKey(params) : null;
    let known = key === null ? undefined : counts.get(key);
    if (known && key !== null) {
      counts.delete(key);
      counts.set(key, known);
    }
    const complete = known !== undefined && attributes.every((a) => known!.tallies.has(a) && (!columns.has(a) || known!.stats.has(a)));

    // Every hit, in the index's order (so only text relevance is left to sort by), unless the counts are
    // known: then only the page's hits are found. Always a typed list: the loops over it see one kind.
    let ids: Int32Array | null = null;
    let nbHits: number;
    if (complete) {
      nbHits = known!.hits;
    } else {
      ids = sorted;
      if (text !== null || asList(params.facetFilters).length > 0 || asList(params.numericFilters).length > 0) {
        const found = new Int32Array(sorted.length);
        let count = 0;
        for (let at = 0; at < sorted.length; at++) {
          const i = sorted[at]!;
          if (matching.has(i) && (!text || text.has(i))) found[count++] = i;
        }
        ids = found.subarray(0, count);
      }
      if (text) {
        const relevance = (a: number, b: number): number => {
          const x = text.get(a)!;
          const y = text.get(b)!;
          return x.typos - y.typos || x.attribute - y.attribute || y.exact - x.exact;
        };
        ids.sort(order.beforeRelevance ? (a, b) => rank[a]! - rank[b]! || relevance(a, b) || position[a]! - position[b]! : (a, b) => relevance(a, b) || position[a]! - position[b]!);
      }
      nbHits = ids.length;
      if (key !== null && !known) {
        known = { hits: nbHits, tallies: new Map(), stats: new Map(), passes: recordFilter(params) };
        counts.set(key, known);
        if (counts.size > FILTER_COUNTS_KEPT) counts.delete(counts.keys().next().value!);
      }
    }

    const reachable = Math.min(nbHits, PAGINATION_LIMIT * Math.max(1, hitsPerPage));
    const nbPages = hitsPerPage === 0 ? 0 : Math.ceil(reachable / hitsPerPage);
    const [first, last] = [page * hitsPerPage, Math.min(reachable, (page + 1) * hitsPerPage)];
    let hits: R[] = [];
    if (hitsPerPage > 0 && first < last) {
      if (ids) {
        hits = Array.from(ids.slice(first, last), (i) => records[i]!);
      } else {
        // The page's hits: the matches from `first` to `last` in the index's order, and no further.
        for (let at = 0, seen = 0; at < sorted.length && seen < last; at++) {
          const i = sorted[at]!;
          if (!matching.has(i)) continue;
          if (seen >= first) hits.push(records[i]!);
          seen++;
        }
      }
    }

    const response: SearchResponse<R> = {
      hits,
      nbHits,
      page,
      nbPages,
      hitsPerPage,
      exhaustiveFacetsCount: true,
      exhaustiveNbHits: true,
      query: params.query ?? '',
      params: new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString(),
      index: request.indexName,
      processingTimeMS: 0,
    };

    if (requested.length > 0) {
      const maxValues = params.maxValuesPerFacet ?? DEFAULT_MAX_VALUES_PER_FACET;
      response.facets = {};
      for (const attribute of attributes) {
        let tally = known?.tallies.get(attribute);
        let stats = known?.stats.get(attribute);
        if (!tally || (columns.has(attribute) && !stats)) {
          ({ tally, stats } = countHits(attribute, ids!));
          if (known) {
            known.tallies.set(attribute, tally);
            if (stats) known.stats.set(attribute, stats);
          }
        }
        const list = [...tally].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
        response.facets[attribute] = Object.fromEntries(list.slice(0, maxValues));
        if (stats && stats.count > 0) (response.facets_stats ??= {})[attribute] = { min: stats.min, max: stats.max, avg: stats.sum / stats.count, sum: stats.sum };
      }
    }
    response.processingTimeMS = Math.round(performance.now() - started);
    return response;
  }

  const engine: SearchEngine<R> = {
    search: (requests) => ({ results: requests.map(searchOne) }),
    searchForFacetValues({ indexName, params }) {
      const started = performance.now();
      const values = facetSets.get(params.facetName);
      if (!values) throw new SearchError(`"${params.facetName}" is not a facet of this index`);
      const { facets: _facets, facetName: _name, facetQuery: _query, maxFacetHits: _max, ...rest } = params;
      const within = searchOne({ indexName, params: { ...rest, hitsPerPage: 0, facets: [params.facetName], maxValuesPerFacet: Number.MAX_SAFE_INTEGER } });
      const wanted = words(params.facetQuery ?? '');
      const facetHits: FacetHit[] = [];
      for (const [value, count] of Object.entries(within.facets?.[params.facetName] ?? {})) {
        const valueWords = words(value);
        // Every word typed is the start of some word of the value.
        if (!wanted.every((w) => valueWords.some((v) => v.startsWith(w)))) continue;
        facetHits.push({ value, highlighted: highlight(value, wanted), count });
      }
      return { facetHits: facetHits.slice(0, params.maxFacetHits ?? 10), exhaustiveFacetsCount: true, processingTimeMS: Math.round(performance.now() - started) };
    },
  };
  prepared.set(engine as unknown as SearchEngine<SearchRecord>, { records, config, facetSets, valueIds, columns, vocabulary, allWords, orders, counts } as unknown as Prepared<SearchRecord>);
  return engine;
}

/** The value with the start of each word typed wrapped in <em>, HTML-escaped, as Algolia highlights facet hits. */
function highlight(value: string, wanted: readonly string[]): string {
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
  if (wanted.length === 0) return escape(value);
  let out = '';
  let rest = value;
  const pattern = /[\p{L}\p{N}]+/u;
  for (;;) {
    const match = pattern.exec(rest);
    if (!match) break;
    const word = match[0];
    const prefix = wanted.map((w) => (normaliseText(word).startsWith(w) ? w.length : 0)).reduce((a, b) => Math.max(a, b), 0);
    out += escape(rest.slice(0, match.index));
    out += prefix > 0 ? `<em>${escape(word.slice(0, prefix))}</em>${escape(word.slice(prefix))}` : escape(word);
    rest = rest.slice(match.index + word.length);
  }
  return out + escape(rest);
}

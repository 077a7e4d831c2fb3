import { describe, expect, it } from 'vitest';
import { generateSiteFeed } from '../../src/data/demo/generate.ts';
import { createSearchEngine, editDistance, parseFacetFilter, SearchError, wordMatch, type EngineConfig, type SearchParams, type SearchRecord } from '../../src/search/engine.ts';
import { referenceSearch } from '../support/search-reference.ts';
import { seededRandom } from '../support/seeded-random.ts';

// The embedded engine answers Algolia's search contract over a site's listing records. It is held equal
// to a plain record-by-record reference over generated queries, and its contract details are pinned below.

interface Listing extends SearchRecord {
  make: string;
  model: string;
  badge: string | null;
  body: string | null;
  colour: string | null;
  car_type: string;
  status: string;
  stocknum: string | null;
  tags: string[];
  price: number;
  km: number | null;
  year: number;
  seats: number | null;
}

const feed = generateSiteFeed('summit-motor-group', 600, 20251122, '2026-11-22').feed.vehicles as Array<Record<string, unknown>>;
const records: Listing[] = feed.map((v) => ({
  objectID: String(v.id),
  make: String(v.make),
  model: String(v.model),
  badge: (v.badge as string | null) ?? null,
  body: (v.body as string | null) ?? null,
  colour: (v.colour as string | null) ?? null,
  car_type: String(v.car_type),
  status: String(v.status),
  stocknum: (v.stocknum as string | null) ?? null,
  tags: [v.tag, v.certified ? 'certified' : null].filter((t): t is string => typeof t === 'string'),
  price: Number(v.price),
  km: typeof v.km === 'number' ? v.km : null,
  year: Number(v.year),
  seats: typeof v.seats === 'number' ? v.seats : null,
}));

const newest = (a: Listing, b: Listing) => b.year - a.year || Number(b.objectID) - Number(a.objectID);
const config: EngineConfig<Listing> = {
  facets: ['make', 'model', 'body', 'colour', 'car_type', 'status', 'tags', 'year', 'seats', 'price'],
  numeric: ['price', 'km', 'year', 'seats'],
  searchable: ['make', 'model', 'badge', 'body', 'colour', 'stocknum', 'tags'],
  indices: {
    stock: { compare: newest, beforeRelevance: false },
    stock_price_asc: { compare: (a, b) => a.price - b.price, beforeRelevance: true },
    stock_price_desc: { compare: (a, b) => b.price - a.price, beforeRelevance: true },
    stock_latest: { compare: newest, beforeRelevance: true },
  },
};
const engine = createSearchEngine(records, config);

const random = seededRandom;

function valuesOf(attribute: keyof Listing): string[] {
  return [...new Set(records.flatMap((r) => (Array.isArray(r[attribute]) ? (r[attribute] as string[]) : r[attribute] === null ? [] : [String(r[attribute])])))];
}

/** A word as a shopper might type it: whole, cut short, or with a slip of the finger. */
function typed(word: string, r: ReturnType<typeof random>): string {
  const w = word.toLowerCase();
  const roll = r.next();
  if (roll < 0.3 && w.length > 3) return w.slice(0, 2 + Math.floor(r.next() * (w.length - 2)));
  if (roll < 0.55 && w.length > 4) {
    const at = 1 + Math.floor(r.next() * (w.length - 2));
    return w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2);
  }
  if (roll < 0.7 && w.length > 5) return w.slice(0, 2) + 'x' + w.slice(3);
  return w;
}

function generatedQuery(seed: number): { indexName: string; params: SearchParams } {
  const r = random(seed);
  // A typed query narrows enough on its own: it comes with fewer refinements.
  const hasText = r.chance(0.5);
  const scale = hasText ? 0.4 : 1;
  const facetFilters: Array<string | string[]> = [];
  if (r.chance(0.35 * scale)) facetFilters.push(Array.from({ length: 1 + Math.floor(r.next() * 4) }, () => `make:${r.pick(valuesOf('make'))}`));
  if (r.chance(0.25 * scale)) facetFilters.push(`car_type:${r.pick(valuesOf('car_type'))}`);
  if (r.chance(0.2 * scale)) facetFilters.push([`body:${r.pick(valuesOf('body'))}`, `body:${r.pick(valuesOf('body'))}`]);
  if (r.chance(0.15 * scale)) facetFilters.push(`status:-${r.pick(valuesOf('status'))}`);
  if (r.chance(0.1 * scale)) facetFilters.push(`tags:${r.pick(valuesOf('tags'))}`);
  const numericFilters: Array<string | string[]> = [];
  if (r.chance(0.3 * scale)) {
    const lo = 5000 + Math.floor(r.next() * 40) * 500;
    numericFilters.push(`price>=${lo}`, `price<=${lo + 10_000 + Math.floor(r.next() * 100) * 1000}`);
  }
  if (r.chance(0.2 * scale)) numericFilters.push(`year:${2010 + Math.floor(r.next() * 8)} TO ${2018 + Math.floor(r.next() * 8)}`);
  if (r.chance(0.08 * scale)) numericFilters.push(['km<20000', 'seats>=7']);
  let query = '';
  if (hasText) {
    const record = r.pick(records);
    const source = [record.make, record.model, record.badge ?? record.make, record.colour ?? record.model, record.stocknum ?? record.make];
    query = Array.from({ length: 1 + Math.floor(r.next() * 2) }, () => typed(r.pick(source).split(/\s+/)[0]!, r)).join(' ');
  }
  return {
    indexName: r.pick(Object.keys(config.indices)),
    params: {
      query,
      page: r.chance(0.3) ? Math.floor(r.next() * 4) : 0,
      hitsPerPage: r.pick([21, 21, 0, 5]),
      facets: r.chance(0.5) ? ['*'] : ['make', 'model', 'price'],
      facetFilters,
      numericFilters,
      maxValuesPerFacet: 1000,
    },
  };
}

describe('the embedded search engine', () => {
  it('gives the same hits, order, counts, facets and stats as the plain reference over 400 generated queries', () => {
    let withHits = 0;
    let textWithHits = 0;
    for (let seed = 1; seed <= 400; seed++) {
      const { indexName, params } = generatedQuery(seed);
      const [result] = engine.search([{ indexName, params }]).results;
      const expected = referenceSearch(records, config, indexName, params);
      const label = `query ${seed}: ${indexName} ${JSON.stringify(params)}`;
      expect(result!.nbHits, label).toBe(expected.nbHits);
      expect(result!.nbPages, label).toBe(expected.nbPages);
      expect(result!.hits.map((h) => h.objectID), label).toEqual(expected.ids);
      expect(result!.facets, label).toEqual(expected.facets);
      for (const [attribute, stats] of Object.entries(expected.stats)) {
        const got = result!.facets_stats![attribute]!;
        expect([got.min, got.max], label).toEqual([stats.min, stats.max]);
        expect(got.sum, label).toBeCloseTo(stats.sum, 6);
      }
      if (expected.nbHits > 0) withHits++;
      if (params.query && expected.nbHits > 0) textWithHits++;
    }
    // The comparison means something only when queries find vehicles: at least half do, and many through text.
    console.log(`${withHits} of 400 generated queries find vehicles, ${textWithHits} of them through a typed query`);
    expect(withHits).toBeGreaterThan(200);
    expect(textWithHits).toBeGreaterThan(60);
  });

  it('answers InstantSearch\'s disjunctive queries: counts for a refined facet ignore that facet\'s own refinement', () => {
    const [makeA, makeB] = valuesOf('make');
    const { results } = engine.search([
      { indexName: 'stock', params: { facetFilters: [[`make:${makeA}`, `make:${makeB}`]], facets: ['make', 'body'], hitsPerPage: 21 } },
      { indexName: 'stock', params: { facets: ['make'], hitsPerPage: 0, page: 0 } },
    ]);
    const [main, disjunctive] = results;
    expect(main!.nbHits).toBe(records.filter((r) => r.make === makeA || r.make === makeB).length);
    expect(Object.keys(main!.facets!.make!).sort()).toEqual([makeA, makeB].sort());
    expect(disjunctive!.hits).toEqual([]);
    expect(Object.keys(disjunctive!.facets!.make!).length).toBe(valuesOf('make').length);
  });

  it('counts a value a record holds twice once, for a few hits and for many', () => {
    // Twice in one record's list. With many values (a few hundred tags), a facet of a handful of hits is
    // counted hit by hit, and one of every record by its values' sets.
    const doubled = records.map((r, i) => ({ ...r, tags: [...r.tags, `tag ${i % 300}`, ...(i % 3 === 0 ? ['twice', 'twice'] : [])] }));
    const twice = createSearchEngine(doubled, config);
    const holding = doubled.filter((r) => r.tags.includes('twice'));
    const { make, model } = holding[0]!;
    const { results } = twice.search([
      { indexName: 'stock', params: { facetFilters: [[`make:${make}`], [`model:${model}`]], facets: ['tags'], hitsPerPage: 0 } },
      { indexName: 'stock', params: { facets: ['tags'], hitsPerPage: 0, maxValuesPerFacet: 1000 } },
    ]);
    expect(results[0]!.nbHits).toBeLessThan(10);
    expect(results[0]!.facets!.tags!.twice).toBe(holding.filter((r) => r.make === make && r.model === model).length);
    expect(results[1]!.facets!.tags!.twice).toBe(holding.length);
  });

  it('orders by the replica first on a sort index, with no $0 left out unless filtered', () => {
    const { results } = engine.search([{ indexName: 'stock_price_asc', params: { numericFilters: ['price>0'], hitsPerPage: 50 } }]);
    const prices = results[0]!.hits.map((h) => h.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(Math.min(...prices)).toBeGreaterThan(0);
  });

  it('finds a make typed with a typo or cut short, and ranks the exact match first', () => {
    const make = records[0]!.make.toLowerCase();
    expect(engine.search([{ indexName: 'stock', params: { query: make.slice(0, 3) } }]).results[0]!.nbHits).toBeGreaterThan(0);
    if (make.length >= 4) {
      const slipped = make.slice(0, 1) + make[2] + make[1] + make.slice(3);
      const found = engine.search([{ indexName: 'stock', params: { query: `${slipped} zzzz` } }]).results[0]!;
      expect(found.nbHits).toBe(0);
      expect(engine.search([{ indexName: 'stock', params: { query: slipped } }]).results[0]!.hits[0]!.make.toLowerCase()).toBe(make);
    }
  });

  it('ranks text matches as Algolia does: fewer typos, then the earlier attribute, then exact words, then the index order', () => {
    const small: Listing[] = [
      { ...records[0]!, objectID: 'typo', make: 'Ford', model: 'Rangr', year: 2030 },
      { ...records[0]!, objectID: 'later-attribute-exact', make: 'Ford', model: 'Ranger', year: 2029 },
      { ...records[0]!, objectID: 'first-attribute-prefix', make: 'Rangers', model: 'Utility', year: 2020 },
      { ...records[0]!, objectID: 'first-attribute-exact', make: 'Ranger', model: 'Utility', year: 2010 },
    ];
    const ranked = createSearchEngine(small, config).search([{ indexName: 'stock', params: { query: 'ranger' } }]).results[0]!;
    expect(ranked.hits.map((h) => h.objectID)).toEqual(['first-attribute-exact', 'first-attribute-prefix', 'later-attribute-exact', 'typo']);
    // A sort replica puts its own order first.
    const newestFirst = createSearchEngine(small, config).search([{ indexName: 'stock_latest', params: { query: 'ranger' } }]).results[0]!;
    expect(newestFirst.hits.map((h) => h.objectID)).toEqual(['typo', 'later-attribute-exact', 'first-attribute-prefix', 'first-attribute-exact']);
  });

  it('searches facet values within the current refinements, highlighting what was typed', () => {
    const make = records[0]!.make;
    const { facetHits } = engine.searchForFacetValues({ indexName: 'stock', params: { facetName: 'make', facetQuery: make.slice(0, 2).toLowerCase() } });
    const hit = facetHits.find((h) => h.value === make)!;
    expect(hit.count).toBe(records.filter((r) => r.make === make).length);
    expect(hit.highlighted.startsWith(`<em>${make.slice(0, 2)}</em>`)).toBe(true);
    const none = engine.searchForFacetValues({ indexName: 'stock', params: { facetName: 'make', facetQuery: 'a', facetFilters: ['make:No Such Make'] } });
    expect(none.facetHits).toEqual([]);
  });

  it('refuses what it cannot answer with a 400 that says why', () => {
    expect(() => engine.search([{ indexName: 'nope', params: {} }])).toThrow(SearchError);
    expect(() => engine.search([{ indexName: 'stock', params: { facetFilters: ['vin:ABC'] } }])).toThrow(/"vin" is not a facet/);
    expect(() => engine.search([{ indexName: 'stock', params: { numericFilters: ['price~5'] } }])).toThrow(/cannot read "price~5"/);
  });
});

describe('search building blocks', () => {
  it('counts edits as Algolia counts typos, transpositions as one', () => {
    expect(editDistance('toyota', 'toyota', 2)).toBe(0);
    expect(editDistance('toytoa', 'toyota', 2)).toBe(1);
    expect(editDistance('tyota', 'toyota', 2)).toBe(1);
    expect(editDistance('mazda', 'honda', 1)).toBe(2);
  });

  it('allows no typo under 4 letters, one from 4, two from 8, and prefixes on the last word', () => {
    expect(wordMatch('kia', 'kai', false)).toBeNull();
    expect(wordMatch('mzda', 'mazda', false)).toBe(1);
    expect(wordMatch('landcruser', 'landcruiser', false)).toBe(1);
    expect(wordMatch('cor', 'corolla', true)).toBe(0);
    expect(wordMatch('cor', 'corolla', false)).toBeNull();
    expect(wordMatch('corl', 'corolla', true)).toBe(1);
  });

  it('reads negated and escaped facet filters', () => {
    expect(parseFacetFilter('make:-Toyota')).toEqual({ attribute: 'make', value: 'Toyota', negated: true });
    expect(parseFacetFilter('model:\\-1 Series')).toEqual({ attribute: 'model', value: '-1 Series', negated: false });
    expect(parseFacetFilter('badge:GT: Line')).toEqual({ attribute: 'badge', value: 'GT: Line', negated: false });
  });
});

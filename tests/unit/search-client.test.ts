import algoliasearchHelper from 'algoliasearch-helper';
import { describe, expect, it } from 'vitest';
import { generateSiteFeed } from '../../src/data/demo/generate.ts';
import { embeddedSearchClient } from '../../src/search/client.ts';
import type { EngineConfig, SearchRecord } from '../../src/search/engine.ts';

// The embedded client driven by algoliasearch-helper, the state machine React InstantSearch runs on: what
// it asks for (disjunctive facets sent as one query per refined facet, numeric refinements, facet-value
// searches as v5 'facet' requests) must come back as the helper reads it.

interface Listing extends SearchRecord {
  make: string;
  model: string;
  body: string;
  car_type: string;
  price: number;
  year: number;
}

const records: Listing[] = (generateSiteFeed('summit-motor-group', 400, 7, '2026-11-22').feed.vehicles as Array<Record<string, unknown>>).map((v) => ({
  objectID: String(v.id),
  make: String(v.make),
  model: String(v.model),
  body: String(v.body ?? 'Other'),
  car_type: String(v.car_type),
  price: Number(v.price),
  year: Number(v.year),
}));
const config: EngineConfig<Listing> = {
  facets: ['make', 'model', 'body', 'car_type', 'price', 'year'],
  numeric: ['price', 'year'],
  searchable: ['make', 'model', 'body'],
  indices: { stock: { compare: (a, b) => b.year - a.year, beforeRelevance: false } },
};

function helperOver(client: ReturnType<typeof embeddedSearchClient>) {
  return algoliasearchHelper(client as never, 'stock', { disjunctiveFacets: ['make', 'body'], facets: ['car_type'], hitsPerPage: 21 });
}

const count = (filter: (r: Listing) => boolean) => records.filter(filter).length;

describe('the embedded searchClient under InstantSearch\'s helper', () => {
  it('gives a refined disjunctive facet the counts it would have without its own refinement', async () => {
    let loads = 0;
    const client = embeddedSearchClient(async () => (loads++, records), config);
    const sent: number[] = [];
    const search = client.search.bind(client);
    client.search = (requests) => {
      sent.push(Array.isArray(requests) ? requests.length : (requests as { requests: unknown[] }).requests.length);
      return search(requests);
    };
    const helper = helperOver(client);
    const [makeA, makeB] = [...new Set(records.map((r) => r.make))];
    const body = records.find((r) => r.make === makeA)!.body;
    helper.addDisjunctiveFacetRefinement('make', makeA!).addDisjunctiveFacetRefinement('make', makeB!).addDisjunctiveFacetRefinement('body', body);
    helper.addNumericRefinement('price', '>=', 10_000).addNumericRefinement('price', '<=', 60_000);
    const results = await new Promise<algoliasearchHelper.SearchResults>((resolve, reject) => {
      helper.once('result', (event: { results: algoliasearchHelper.SearchResults }) => resolve(event.results));
      helper.once('error', (event: { error: Error }) => reject(event.error));
      helper.search();
    });

    const inPrice = (r: Listing) => r.price >= 10_000 && r.price <= 60_000;
    const isMake = (r: Listing) => r.make === makeA || r.make === makeB;
    expect(results.nbHits).toBe(count((r) => inPrice(r) && isMake(r) && r.body === body));
    // One query for the hits and one per refined disjunctive facet, in one request.
    expect(sent).toEqual([3]);
    const makes = (results.getFacetValues('make', {}) as Array<{ name: string }>).map((v) => v.name);
    expect(makes).toEqual(expect.arrayContaining([makeA, makeB]));
    expect(makes.length).toBeGreaterThan(2);
    // Make counts ignore the make refinement (that is what lets a shopper add a second make)...
    for (const { name, count: n } of results.getFacetValues('make', {}) as Array<{ name: string; count: number }>) {
      expect(n, name).toBe(count((r) => inPrice(r) && r.body === body && r.make === name));
    }
    // ...and body counts ignore the body refinement, but keep the makes.
    for (const { name, count: n } of results.getFacetValues('body', {}) as Array<{ name: string; count: number }>) {
      expect(n, name).toBe(count((r) => inPrice(r) && isMake(r) && r.body === name));
    }
    expect(results.hits.every((h) => inPrice(h as unknown as Listing))).toBe(true);
    expect(loads).toBe(1);
  });

  it('answers the helper\'s facet-value search, sent as a v5 facet request', async () => {
    const client = embeddedSearchClient(async () => records, config);
    const helper = helperOver(client);
    const make = records[0]!.make;
    const found = await helper.searchForFacetValues('make', make.slice(0, 3), 10);
    const hit = found.facetHits.find((h: { value: string }) => h.value === make)!;
    expect(hit.count).toBe(count((r) => r.make === make));
    expect(hit.highlighted).toContain('<em>');
  });

  it('loads the index once, and again on the next search after a failed load', async () => {
    let attempts = 0;
    const client = embeddedSearchClient(async () => {
      attempts++;
      if (attempts === 1) throw new Error('offline');
      return records;
    }, config);
    await expect(client.search([{ indexName: 'stock', params: {} }])).rejects.toThrow('offline');
    const { results } = await client.search({ requests: [{ indexName: 'stock', params: { hitsPerPage: 3 } }] });
    expect((results[0] as { nbHits: number }).nbHits).toBe(records.length);
    await client.search([{ indexName: 'stock', params: {} }]);
    expect(attempts).toBe(2);
  });
});

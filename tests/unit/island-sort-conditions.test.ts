import { describe, expect, it } from 'vitest';
import { withSortConditions, type IslandSearchClient } from '../../src/islands/search/search-client.ts';
import { requestsOf, type ClientRequest } from '../../src/search/client.ts';

/** A client that answers nothing and keeps every request it is sent. */
function recording(): IslandSearchClient & { sent: ClientRequest[][]; preload(): void } {
  const sent: ClientRequest[][] = [];
  return {
    sent,
    preload: () => {},
    search: async (input) => {
      sent.push([...requestsOf(input)]);
      return { results: [] };
    },
  };
}

const excluding = { search: { lowestPriceExcludesZero: true } };

describe('withSortConditions', () => {
  it('adds price > 0 to every request to the lowest-price index, keeping the numeric filters already there', async () => {
    const inner = recording();
    const client = withSortConditions(inner, 'vehicles', excluding);
    await client.search([
      { indexName: 'vehicles_lowestPrice', params: { hitsPerPage: 24 } },
      { indexName: 'vehicles_lowestPrice', params: { numericFilters: 'year>=2020' } },
      { indexName: 'vehicles_lowestPrice', params: { numericFilters: [['km<=50000'], 'year>=2020'] } },
      { indexName: 'vehicles_lowestPrice', type: 'facet', facet: 'make', params: { facetQuery: 'to' } },
    ]);
    expect(inner.sent[0]!.map((request) => request.params?.numericFilters)).toEqual([
      ['price > 0'],
      ['year>=2020', 'price > 0'],
      [['km<=50000'], 'year>=2020', 'price > 0'],
      ['price > 0'],
    ]);
    expect(inner.sent[0]![0]!.params?.hitsPerPage).toBe(24);
    expect(inner.sent[0]![3]).toMatchObject({ type: 'facet', facet: 'make', params: { facetQuery: 'to' } });
  });

  it('leaves the other sorts, and sites that list cars without a price, as they were', async () => {
    const inner = recording();
    const requests: ClientRequest[] = [
      { indexName: 'vehicles', params: { numericFilters: ['year>=2020'] } },
      { indexName: 'vehicles_latest' },
      { indexName: 'vehicles_highestPrice', params: {} },
    ];
    await withSortConditions(inner, 'vehicles', excluding).search({ requests });
    await withSortConditions(inner, 'vehicles', { search: { lowestPriceExcludesZero: false } }).search([{ indexName: 'vehicles_lowestPrice', params: {} }]);
    expect(inner.sent).toEqual([requests, [{ indexName: 'vehicles_lowestPrice', params: {} }]]);
  });

  it('keeps what the client offers beside search (the index preload)', () => {
    const inner = recording();
    expect(typeof (withSortConditions(inner, 'vehicles', excluding) as { preload?: unknown }).preload).toBe('function');
  });
});

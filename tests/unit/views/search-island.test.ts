import { describe, expect, it } from 'vitest';
import { serverSearchClient } from '../../../src/views/search-island.ts';
import { resultCardData } from '../../../src/views/search-records.ts';
import { EMBEDDED_INDEX } from '../../../src/search/listing.ts';
import { NOW, site, siteData, vehicle } from './fixtures.ts';

describe("the build's search client", () => {
  it("answers with each hit's id, status and card, and none of the rest of its listing record", async () => {
    const s = site();
    const cars = [vehicle(1, { make: 'Toyota', price: 30_000 }), vehicle(2, { make: 'Mazda', price: 20_000, status: 'sold' }), vehicle(3, { make: 'Toyota', price: 25_000 })];
    const data = siteData({ vehicles: cars });
    const client = serverSearchClient(s, data, {}, NOW);
    const { results } = await client.search([{ indexName: EMBEDDED_INDEX, params: { hitsPerPage: 10, facets: ['make'], query: '' } }]);
    const [result] = results as Array<{ hits: Array<Record<string, unknown>>; nbHits: number; facets: Record<string, Record<string, number>> }>;
    expect(result!.nbHits).toBe(3);
    expect(result!.facets.make).toEqual({ Toyota: 2, Mazda: 1 });
    for (const hit of result!.hits) {
      const car = cars.find((c) => String(c.id) === hit.objectID)!;
      expect(hit).toEqual({ objectID: String(car.id), status: car.status, card: resultCardData(car, s, {}, NOW) });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { createSearchEngine } from '../../src/search/engine.ts';
import { EMBEDDED_INDEX, listingEngineConfig } from '../../src/search/listing.ts';
import { brandTiles } from '../../src/views/brands.ts';
import { homeView } from '../../src/views/home.ts';
import { locationPageView } from '../../src/views/locations.ts';
import { listingNames, listingRecord } from '../../src/views/search-records.ts';
import { demoManifest, DEMO_NOW } from '../support/demo-manifest.ts';

// The search blocks on other pages (car types, makes and body types on the home page, a location's stock)
// count from the same vehicles the stock search index holds: a shopper who follows one finds as many
// vehicles as it promised.

describe.each(['bayside-mg', 'summit-motor-group', 'northside-used'])('search blocks of %s', (slug) => {
  const { site, data } = demoManifest(slug, 600);
  const names = listingNames(data);
  const engine = createSearchEngine(data.vehicles.map((v) => listingRecord(v, names, site, DEMO_NOW)), listingEngineConfig(EMBEDDED_INDEX));
  const facet = (attribute: string, facetFilters: string[][] = []) =>
    engine.search([{ indexName: EMBEDDED_INDEX, params: { facets: [attribute], facetFilters, hitsPerPage: 0, maxValuesPerFacet: 1000 } }]).results[0]!.facets![attribute] ?? {};
  const home = homeView(site, data, DEMO_NOW, new Set());

  it('counts car types, makes and body types on the home page as the search does', () => {
    const carTypes = facet('car_type');
    for (const tile of home.carTypes) expect(tile.count, tile.label).toBe(carTypes[tile.href.includes('new-cars') ? 'new' : tile.href.includes('demo-cars') ? 'demo' : 'used']);
    const makes = facet('make');
    for (const tile of home.popularMakes) expect(tile.count, tile.label).toBe(makes[tile.label]);
    const bodies = facet('body');
    for (const tile of home.popularBodies) expect(tile.count, tile.label).toBe(bodies[tile.label]);
  });

  it('counts each make\'s tile in the brand grids as the search for that make does', () => {
    const makes = facet('make');
    for (const tile of brandTiles(site, data.vehicles, DEMO_NOW, new Set())) expect(tile.count, tile.name).toBe(makes[tile.name]);
  });

  it('counts a location\'s stock as the search for that location does', () => {
    for (const location of data.locations.filter((l) => l.slug)) {
      const view = locationPageView(location, site, data, DEMO_NOW);
      const name = names.location({ location: { slug: location.slug } } as never)!;
      expect(view.stockCount, location.name).toBe(facet('location_name')[name] ?? 0);
    }
  });
});

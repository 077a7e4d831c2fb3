import { describe, expect, it } from 'vitest';
import { matchesFilter } from '../../src/search/query.ts';
import { searchLandings } from '../../src/search/landings.ts';
import { DEFAULT_SEARCH_PATH, searchStateFromUrl, searchUrl } from '../../src/search/routing.ts';
import { demoManifest } from '../support/demo-manifest.ts';

// The island writes a refined search on the landing page that stands for it. Those pages are the ones the
// route manifest prerenders, named in the index's display values.

describe.each(['bayside-mg', 'summit-motor-group', 'northside-used'])('search landings of %s', (slug) => {
  const { data, routes } = demoManifest(slug, slug === 'summit-motor-group' ? 800 : 200);
  const landings = searchLandings(routes, data);
  const searchRoutes = routes.filter((r) => r.kind === 'search' && !r.canonicalPath);

  it('has one landing per prerendered search page, each written on its own path', () => {
    expect(landings.map((l) => l.path).sort()).toEqual(searchRoutes.map((r) => r.path).sort());
    for (const landing of landings) {
      const state = { refinementList: landing.refinements };
      const url = searchUrl(state, landings);
      expect(url, landing.path).toBe(Object.keys(landing.refinements).length === 0 ? DEFAULT_SEARCH_PATH : landing.path);
      expect(searchStateFromUrl(url, landings).refinementList ?? {}, landing.path).toEqual(landing.refinements);
    }
  });

  it('names each landing\'s refinements by the values its vehicles hold, so the page and the island list the same cars', () => {
    for (const route of searchRoutes) {
      if (route.kind !== 'search') continue;
      const { refinements } = landings.find((l) => l.path === route.path)!;
      const listed = data.vehicles.filter((v) => matchesFilter(v, route.filter)).map((v) => v.id).sort();
      const refined = data.vehicles
        .filter((v) => (refinements.make ?? [v.make]).includes(v.make) && (refinements.model ?? [v.model]).includes(v.model) && (refinements.body ?? [v.simple_body]).includes(v.simple_body))
        .filter((v) => (refinements.car_type ?? [v.car_type]).includes(v.car_type))
        .filter((v) => !refinements.location_name || refinements.location_name.includes(v.location?.name ?? ''))
        .filter((v) => !refinements.dealership_name || data.dealerships.some((d) => d.slug === v.dealership_slug && refinements.dealership_name!.includes(d.name ?? d.slug ?? '')))
        .map((v) => v.id)
        .sort();
      expect(refined, route.path).toEqual(listed);
    }
  });
});

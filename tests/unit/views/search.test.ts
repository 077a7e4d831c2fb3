import { describe, expect, it } from 'vitest';
import { landingTitle, searchLandingView, searchRefinements } from '../../../src/views/search.ts';
import type { RouteOf } from '../../../src/views/common.ts';
import { demoManifest } from '../../support/demo-manifest.ts';
import { seededRandom } from '../../../src/views/seeded-random.ts';
import { catalogueFollows } from '../../../src/search/query.ts';
import { searchRoute, site, siteData, vehicle, vehicles } from './fixtures.ts';

describe('search landing pages', () => {
  it('gives a deterministic random source per seed, in [0, 1)', () => {
    const a = seededRandom('/search/used-cars/');
    const b = seededRandom('/search/used-cars/');
    const draws = Array.from({ length: 50 }, () => a());
    expect(Array.from({ length: 50 }, () => b())).toEqual(draws);
    expect(draws.every((n) => n >= 0 && n < 1)).toBe(true);
    expect(seededRandom('/search/new-cars/')()).not.toBe(draws[0]);
  });

  it('replaces a count above 1999 with the site override and keeps the head description within 160 characters', () => {
    const data = siteData({ vehicles: vehicles(2000) });
    const view = searchLandingView(site({ search: { stockCountOverride: 2500 } }), data, searchRoute('/search/new-used-and-demo-cars/'));
    expect(view.description.length).toBeLessThanOrEqual(160);
    expect(view.description).toContain('Browse 2,500 vehicles for sale at Test Motors');
    expect(searchLandingView(site(), data, searchRoute('/search/x/')).description).toContain('Browse 2,000 vehicles');
  });

  it('counts every vehicle the page stands for, as the search island does, and keeps counts off the links to other pages', () => {
    const list = [vehicle(1), vehicle(2, { status: 'sold' }), vehicle(3, { status: 'sold' }), vehicle(4, { car_type: 'new' })];
    expect(searchLandingView(site(), siteData({ vehicles: list }), searchRoute('/search/used-cars/', { carTypes: ['used'] })).description).toContain('Browse 3 vehicles');
    // A count on every link would make every landing page change whenever any other page's results do.
    const groups = searchRefinements(site(), list, { carTypes: ['used'] }, '/search/used-cars/');
    const used = groups[0]!.links.find((l) => l.href === '/search/used-cars/');
    expect(used).toMatchObject({ current: true });
    expect(groups.flatMap((g) => [...g.links, ...g.more]).every((l) => l.count === undefined)).toBe(true);
  });

  it('lists the models of the make a page stands for, and marks only the page itself as current', () => {
    const list = [vehicle(1), vehicle(2, { model: 'Camry', model_slug: 'camry' })];
    const make = list[0]!.make_slug;
    const groups = searchRefinements(site(), list, { make }, `/search/${make}/`);
    expect(groups.map((g) => g.title)).toContain(`${list[0]!.make} models`);
    expect(groups.flatMap((g) => g.links).filter((l) => l.current).map((l) => l.href)).toEqual([`/search/${make}/`]);
    expect(searchRefinements(site(), list, {}, '/search/new-used-and-demo-cars/').some((g) => g.title.endsWith(' models'))).toBe(false);
  });
});

describe('landing links after an update', () => {
  const links = (list: Parameters<typeof searchRefinements>[1]) => searchRefinements(site(), list, {}, '/search/x/').map((g) => [g.title, g.links.map((l) => l.href), g.more.map((l) => l.href)]);

  it('are the ones worked out afresh, whether the update kept every name or changed one', () => {
    const before = [vehicle(1), vehicle(2, { model: 'Camry', model_slug: 'camry' }), vehicle(3, { make: 'Mazda', make_slug: 'mazda', model: 'CX-5', model_slug: 'cx-5' })];
    links(before);
    // A price change and a sale keep every name: the links are those of the list before.
    const sold = before.map((v, i) => (i === 1 ? { ...v, price: v.price - 500, status: 'sold' as const } : v));
    catalogueFollows(sold, before);
    expect(links(sold)).toEqual(links(sold.map((v) => ({ ...v }))));
    // A vehicle now of another body and model: the links follow it.
    const renamed = sold.map((v, i) => (i === 2 ? { ...v, model: 'CX-9', model_slug: 'cx-9', simple_body: 'Wagon' } : v));
    catalogueFollows(renamed, sold);
    const fresh = links(renamed.map((v) => ({ ...v })));
    expect(links(renamed)).toEqual(fresh);
    expect(fresh).not.toEqual(links(sold));
    expect(JSON.stringify(fresh)).toContain('/search/wagon/');
  });
});

describe('search landing titles', () => {
  it.each(['bayside-mg', 'summit-motor-group', 'northside-used'])('are unique on %s and say what is for sale and where', (slug) => {
    const { data, routes } = demoManifest(slug, 400);
    const landings = routes.filter((r): r is RouteOf<'search'> => r.kind === 'search' && !r.canonicalPath);
    const titles = landings.map((r) => landingTitle(data, r));
    expect(new Set(titles).size).toBe(titles.length);
    // No word said twice ('Used Used Cars' on a used-only dealer's whole stock).
    expect(titles.filter((t) => /\b(\w+) \1\b/.test(t))).toEqual([]);
    const city = (data.locations.find((l) => l.primary) ?? data.locations[0])!.address!.city!;
    for (const [i, route] of landings.entries()) if (!route.filter.location && !route.filter.dealership) expect(titles[i]).toMatch(new RegExp(` for sale in ${city}$`));
  });

  it('names the car type of a model page whose vehicles are all of one type', () => {
    const { data, routes } = demoManifest('northside-used', 200);
    const model = routes.find((r): r is RouteOf<'search'> => r.kind === 'search' && r.filter.model !== undefined)!;
    expect(landingTitle(data, model)).toMatch(/^Used /);
  });

  it('names no car type on a page whose vehicles are of several, or of none', () => {
    const { data, routes } = demoManifest('summit-motor-group', 400);
    const make = routes.find((r): r is RouteOf<'search'> => r.kind === 'search' && r.filter.make !== undefined && r.filter.model === undefined)!;
    const used = data.vehicles.filter((v) => v.car_type === 'used').slice(0, 20);
    const other = data.vehicles.find((v) => v.car_type !== 'used')!;
    const plain = `${make.title} for sale in ${data.locations.find((l) => l.primary)!.address!.city}`;
    expect(landingTitle(data, make, used)).toBe(`Used ${plain}`);
    // One vehicle of another type, wherever it stands, leaves the type unnamed.
    expect(landingTitle(data, make, [...used, other])).toBe(plain);
    expect(landingTitle(data, make, [other, ...used])).toBe(plain);
    expect(landingTitle(data, make, [])).toBe(plain);
  });
});

import { describe, expect, it } from 'vitest';
import { landingTitle, paginationView, searchPageView, searchRefinements } from '../../../src/views/search.ts';
import type { RouteOf } from '../../../src/views/common.ts';
import { demoManifest } from '../../support/demo-manifest.ts';
import { seededRandom } from '../../../src/views/seeded-random.ts';
import { NOW, promo, searchRoute, site, siteData, vehicle, vehicles } from './fixtures.ts';

const gridIds = (grid: ReturnType<typeof searchPageView>['grid']) => grid.map((item) => (item.kind === 'promo' ? `promo:${item.card.id}` : String(item.vehicle.id)));

describe('search pages', () => {
  const cards = [
    promo('at-8', { position: 8 }),
    promo('used-only', { position: 3, display: ['used'] }),
    promo('expired', { position: 5, expiry: '2026-11-21T23:59:59+10:00' }),
    promo('rotating-a'),
    promo('rotating-b'),
  ];

  it('inserts current promo cards at their positions, honouring the car-type filter', () => {
    const stock = [...vehicles(21), ...Array.from({ length: 21 }, (_, i) => vehicle(101 + i, { car_type: 'new' }))];
    const data = siteData({ vehicles: stock, content: { promoCards: cards } });
    const used = gridIds(searchPageView(site(), data, searchRoute('/search/used-cars/', { carTypes: ['used'] }), NOW).grid);
    expect(used[2]).toBe('promo:used-only');
    expect(used[7]).toBe('promo:at-8');
    expect(used).not.toContain('promo:expired');
    const fresh = gridIds(searchPageView(site(), data, searchRoute('/search/new-cars/', { carTypes: ['new'] }), NOW).grid);
    expect(fresh).toContain('promo:at-8');
    expect(fresh).not.toContain('promo:used-only');
  });

  it('draws the random start offset and shuffle from the page path, so a rebuild gives the same grid', () => {
    const shuffling = site({ promoCards: { interval: 4, shuffle: true, randomStartOffset: true } });
    const data = siteData({ vehicles: vehicles(21), content: { promoCards: cards } });
    const layout = (path: string) => gridIds(searchPageView(shuffling, data, searchRoute(path), NOW).grid).join(',');
    const paths = ['/search/a/', '/search/b/', '/search/c/', '/search/d/', '/search/e/', '/search/f/'];
    const first = paths.map(layout);
    expect(paths.map(layout)).toEqual(first);
    // Different pages get different arrangements (offset and order vary with the seed).
    expect(new Set(first).size).toBeGreaterThan(1);
  });

  it('gives a deterministic random source per seed, in [0, 1)', () => {
    const a = seededRandom('/search/used-cars/');
    const b = seededRandom('/search/used-cars/');
    const draws = Array.from({ length: 50 }, () => a());
    expect(Array.from({ length: 50 }, () => b())).toEqual(draws);
    expect(draws.every((n) => n >= 0 && n < 1)).toBe(true);
    expect(seededRandom('/search/new-cars/')()).not.toBe(draws[0]);
  });

  it('shows the no-results texts and the empty card linking to the special offers when nothing matches', () => {
    const view = searchPageView(site(), siteData({ vehicles: vehicles(3) }), searchRoute('/search/demo-cars/', { carTypes: ['demo'] }), NOW);
    expect(view.grid).toEqual([]);
    expect(view.countText).toBe('0 vehicles found');
    expect(view.empty).toEqual({
      text: 'No results found for your search at this time. Please try adjusting the filters for more results.',
      buttonLabel: 'Clear Filters',
      clearHref: '/search/new-used-and-demo-cars/',
      card: {
        title: 'No Results Available',
        text: 'There appears to be no offers currently available that meet the conditions of your search.',
        link: '/special-offers/',
      },
    });
  });

  it('replaces a count above 1999 with the site override and keeps the head description within 160 characters', () => {
    const data = siteData({ vehicles: vehicles(2000) });
    const view = searchPageView(site({ search: { stockCountOverride: 2500 } }), data, searchRoute('/search/new-used-and-demo-cars/'), NOW);
    expect(view.countText).toBe('2,500 vehicles found');
    expect(view.description.length).toBeLessThanOrEqual(160);
    expect(view.description).toContain('Browse 2,500 vehicles for sale at Test Motors');
    expect(searchPageView(site(), data, searchRoute('/search/x/'), NOW).countText).toBe('2,000 vehicles found');
  });

  it('counts the page\'s own results (runs of sold vehicles collapsed) and keeps counts off the links to other pages', () => {
    const list = [vehicle(1), vehicle(2, { status: 'sold' }), vehicle(3, { status: 'sold' }), vehicle(4, { car_type: 'new' })];
    expect(searchPageView(site(), siteData({ vehicles: list }), searchRoute('/search/used-cars/', { carTypes: ['used'] }), NOW).count).toBe(2);
    // A count on every link would make every landing page change whenever any other page's results do.
    const groups = searchRefinements(site(), list, { carTypes: ['used'] }, '/search/used-cars/');
    const used = groups[0]!.links.find((l) => l.href === '/search/used-cars/');
    expect(used).toMatchObject({ current: true });
    expect(groups.flatMap((g) => [...g.links, ...g.more]).every((l) => l.count === undefined)).toBe(true);
  });

  it('links later pages as ?page=N with first, last and neighbours, and a next link', () => {
    const p = paginationView('/search/used-cars/', 1, 37);
    expect(p.items).toEqual([
      { page: 1, href: '/search/used-cars/', current: true },
      { page: 2, href: '/search/used-cars/?page=2', current: false },
      { page: 3, href: '/search/used-cars/?page=3', current: false },
      { gap: true },
      { page: 37, href: '/search/used-cars/?page=37', current: false },
    ]);
    expect(p.next).toBe('/search/used-cars/?page=2');
    expect(paginationView('/search/x/', 1, 1).next).toBeNull();
  });
});

describe('search landing titles', () => {
  it.each(['bayside-mg', 'summit-motor-group', 'northside-used'])('are unique on %s and say what is for sale and where', (slug) => {
    const { data, routes } = demoManifest(slug, 400);
    const landings = routes.filter((r): r is RouteOf<'search'> => r.kind === 'search' && !r.canonicalPath);
    const titles = landings.map((r) => landingTitle(data, r));
    expect(new Set(titles).size).toBe(titles.length);
    const city = (data.locations.find((l) => l.primary) ?? data.locations[0])!.address!.city!;
    for (const [i, route] of landings.entries()) if (!route.filter.location && !route.filter.dealership) expect(titles[i]).toMatch(new RegExp(` for sale in ${city}$`));
  });

  it('names the car type of a model page whose vehicles are all of one type', () => {
    const { data, routes } = demoManifest('northside-used', 200);
    const model = routes.find((r): r is RouteOf<'search'> => r.kind === 'search' && r.filter.model !== undefined)!;
    expect(landingTitle(data, model)).toMatch(/^Used /);
  });
});

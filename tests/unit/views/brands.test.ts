import { describe, expect, it } from 'vitest';
import { brandPageView, brandsPageView } from '../../../src/views/brands.ts';
import { location, NOW, site, siteData, vehicle } from './fixtures.ts';

describe('brand pages', () => {
  it('splits a brand page by item type and lists the locations selling the make', () => {
    const stock = [vehicle(1), vehicle(2, { item_type: 'truck' }), vehicle(3, { make_slug: 'ford', make: 'Ford' })];
    const data = siteData({ vehicles: stock, locations: [location({ manufacturers: ['toyota'] }), location({ id: 12, name: 'Ford City', manufacturers: ['ford'] })] });
    const view = brandPageView(site(), data, { kind: 'brand', path: '/toyota/overview/', make: 'Toyota', makeSlug: 'toyota', deps: {} }, NOW);
    expect(view.sections.map((s) => [s.label, s.total])).toEqual([
      ['Cars', 1],
      ['Trucks', 1],
    ]);
    expect(view.locations.cards.map((c) => c.name)).toEqual(['Chermside']);
    expect(view.locations.layout).toBe('few');
  });

  it('groups the brands by kind, and shows a logo only when its file is in public/', () => {
    const stock = [vehicle(1), vehicle(2, { make_slug: 'yamaha', make: 'Yamaha' })];
    const data = siteData({ vehicles: stock });
    const view = brandsPageView(site(), data, NOW, new Set(['/brands/toyota.svg']));
    expect(view.groups.map((g) => [g.label, g.brands.map((b) => `${b.name}:${b.count}:${b.logo}`)])).toEqual([
      ['Cars', ['Toyota:1:/brands/toyota.svg']],
      ['Motorcycles', ['Yamaha:1:null']],
    ]);
  });
});

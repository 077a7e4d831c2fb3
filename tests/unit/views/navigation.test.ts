import { describe, expect, it } from 'vitest';
import { dropdownLinks, resolveMenu } from '../../../src/views/navigation.ts';
import { site, siteData, vehicles } from './fixtures.ts';
import { catalogueFollows } from '../../../src/search/query.ts';

describe('dropdownLinks', () => {
  it("starts with 'All {label}' to the item's own page, unless a child already goes there", () => {
    expect(dropdownLinks({ label: 'Brands', href: '/brands', children: [{ label: 'Audi', href: '/audi/overview', children: [] }] })).toEqual([
      { label: 'All Brands', href: '/brands' },
      { label: 'Audi', href: '/audi/overview' },
    ]);
    // The Stock menu lists All Stock itself: once, not twice.
    const data = siteData({ vehicles: vehicles(2) });
    const [stock] = resolveMenu([{ label: 'Stock', href: '/search/new-used-and-demo-cars', dynamic: 'stock' }], site(), data);
    const links = dropdownLinks(stock!);
    expect(links.filter((l) => l.label.startsWith('All'))).toHaveLength(1);
    expect(new Set(links.map((l) => l.href)).size).toBe(links.length);
  });

  it('lists only links: an item without a page and children without pages give nothing to click', () => {
    expect(dropdownLinks({ label: 'About', children: [{ label: 'Heading', children: [] }, { label: 'Careers', href: '/careers', children: [] }] })).toEqual([{ label: 'Careers', href: '/careers' }]);
  });
});

describe('menus after an update', () => {
  const brands = [{ label: 'Brands', href: '/brands', dynamic: 'brands' as const }];
  const labels = (data: ReturnType<typeof siteData>) => resolveMenu(brands, site(), data)[0]!.children.map((l) => l.label);

  it('follow the makes in stock, whether an update kept every name or brought a new make', () => {
    const list = vehicles(3);
    const before = siteData({ vehicles: list });
    const expected = labels(before);
    // A sale keeps every name: the same menus, for data that is otherwise new.
    const sold = list.map((v, i) => (i === 0 ? { ...v, status: 'sold' as const } : v));
    catalogueFollows(sold, list);
    expect(labels({ ...before, vehicles: sold })).toEqual(expected);
    // A vehicle of another make: the brands menu lists it.
    const mazda = sold.map((v, i) => (i === 1 ? { ...v, make: 'Mazda', make_slug: 'mazda' } : v));
    catalogueFollows(mazda, sold);
    expect(labels({ ...before, vehicles: mazda })).toContain('Mazda');
    expect(labels({ ...before, vehicles: mazda })).toEqual(labels(siteData({ vehicles: mazda.map((v) => ({ ...v })) })));
  });
});

import { describe, expect, it } from 'vitest';
import { dropdownLinks, resolveMenu } from '../../../src/views/navigation.ts';
import { site, siteData, vehicles } from './fixtures.ts';

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

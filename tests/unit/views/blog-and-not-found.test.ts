import { describe, expect, it } from 'vitest';
import { loadSiteContent } from '../../../src/data/site-data.ts';
import { articleDate, articleView, blogListView } from '../../../src/views/blog.ts';
import { NOT_FOUND_MAKES, notFoundLinks, notFoundView } from '../../../src/views/not-found.ts';
import { NOW, location, site, siteData, vehicle } from './fixtures.ts';

describe('vehicle reviews', () => {
  it('writes the date as a shopper reads it, whatever the time zone', () => {
    expect(articleDate('2026-10-14')).toBe('14 October 2026');
    expect(articleDate('2026-01-01')).toBe('1 January 2026');
  });

  it("lists the sample brand's reviews newest first, each under /blog/vehicle-reviews/", () => {
    const data = { content: loadSiteContent('bayside-mg') };
    const list = blogListView(data);
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.map((a) => a.date)).toEqual(list.map((a) => a.date).sort().reverse());
    for (const a of list) expect(a.href).toMatch(/^\/blog\/vehicle-reviews\/[a-z0-9-]+\/$/);
    const slug = list[0]!.href.split('/')[3]!;
    const article = articleView(data, slug);
    expect(article.title).toBe(list[0]!.title);
    expect(article.html).toContain('<h2');
    expect(article.modelHref).toMatch(/^\/.*\/$/);
    expect(() => articleView(data, 'no-such-review')).toThrow(/not in content/);
  });

  it('has no reviews on a site without the folder', () => {
    expect(blogListView({ content: loadSiteContent('northside-used') })).toEqual([]);
  });
});

describe('404 page', () => {
  it('offers the makes most in stock (at most 8) and the popular body types, to their search pages', () => {
    const stock = [
      ...Array.from({ length: 3 }, (_, i) => vehicle(i + 1, { make: 'Mazda', make_slug: 'mazda', simple_body: 'SUV' })),
      ...Array.from({ length: 2 }, (_, i) => vehicle(i + 10, { make: 'Kia', make_slug: 'kia', simple_body: 'Hatchback' })),
      ...Array.from({ length: 9 }, (_, i) => vehicle(i + 20, { make: `Make ${i}`, make_slug: `make-${i}`, simple_body: 'Ute' })),
    ];
    const view = notFoundView(site(), siteData({ vehicles: stock }), NOW);
    expect(view.makes).toHaveLength(NOT_FOUND_MAKES);
    expect(view.makes.slice(0, 2)).toEqual([
      { label: 'Mazda', href: '/search/mazda/' },
      { label: 'Kia', href: '/search/kia/' },
    ]);
    expect(view.bodies.map((b) => b.href)).toEqual(['/search/ute/', '/search/suv/', '/search/hatchback/']);
  });

  it('links the models page where the site has a range, and names the contact page for one or many locations', () => {
    const links = (data: Parameters<typeof notFoundLinks>[1]) => notFoundLinks(site(), data).map((l) => l.label);
    expect(links({ vehicles: [] })).not.toContain('Our Models');
    expect(links({ vehicles: [], models: [{ name: 'MG4', slug: 'mg4' } as never] })).toContain('Our Models');
    expect(links({ vehicles: [], locations: [location({}), location({ id: 12, slug: 'aspley' })] })).toContain('Our Locations');
    expect(links({ vehicles: [], locations: [location({})] })).toContain('Contact Us');
  });
});

import { describe, expect, it } from 'vitest';
import { PopupSchema } from '../../../src/schemas/content.ts';
import { HomeContentSchema } from '../../../src/schemas/home.ts';
import { homeView, popupView, pricePresetLinks } from '../../../src/views/home.ts';
import type { ImageIndex } from '../../../src/views/images.ts';
import { COPY, NO_FILES, NOW, site, siteData, vehicle, vehicles } from './fixtures.ts';

describe('home and popup', () => {
  const popup = PopupSchema.parse({ id: 'sale', title: 'Sale', body: '<p>On now</p><script>x</script>', cta: { label: 'Shop', url: '/search/used-cars' }, expiry: '2026-11-30T23:59:59+10:00' });

  it('renders the popup only while it is enabled, switched on and not expired', () => {
    expect(popupView(site(), siteData({ content: { popup } }), NOW, NO_FILES)).toEqual({ id: 'sale', expiry: popup.expiry, title: 'Sale', bodyHtml: '<p>On now</p>', image: null, cta: { label: 'Shop', href: '/search/used-cars/' } });
    expect(popupView(site(), siteData({ content: { popup } }), new Date('2026-12-01T00:00:00+10:00'), NO_FILES)).toBeNull();
    expect(popupView(site(), siteData({ content: { popup: { ...popup, enabled: false } } }), NOW, NO_FILES)).toBeNull();
    expect(popupView(site({ features: { popup: false } }), siteData({ content: { popup } }), NOW, NO_FILES)).toBeNull();
  });

  it('shows the sales counter and stats only on sites that have them', () => {
    const data = siteData({ vehicles: vehicles(2), content: { copy: { ...COPY, stats: [{ value: '50+', label: 'Locations' }] } } });
    expect(homeView(site(), data, NOW, NO_FILES)).toMatchObject({ salesCount: null, stats: [] });
    // 21 days and 10 hours into November at one sale per 450 s.
    const group = homeView(site({ features: { salesCounter: true, brandPages: true } }), data, NOW, NO_FILES);
    expect(group.salesCount).toBe(Math.floor((21 * 86400 + 10 * 3600) / 450));
    expect(group.stats).toEqual([{ value: '50+', label: 'Locations' }]);
    expect(group.carTypes).toEqual([{ label: 'Used Cars', href: '/search/used-cars/', count: 2 }]);
  });

  const rendition = (w: number, h: number) => ({ width: w, height: h, jpeg: `/images/${w}.jpg`, webp: `/images/${w}.webp` });
  const images: ImageIndex = {
    'content/test-motors/images/home/slide.jpg': { heroSmall: rendition(960, 270), hero: rendition(1920, 540) },
  };
  const home = HomeContentSchema.parse({
    slides: [
      { image: { url: '/content/test-motors/images/home/slide.jpg', alt: 'Cars' }, heading: 'Sale', button: { name: 'Shop', url: '/search/used-cars' } },
      // Its image was not processed: the slide is left out rather than shown without a picture.
      { image: { url: '/content/test-motors/images/home/missing.jpg', alt: '' }, heading: 'Missing' },
    ],
    tabs: { title: 'Range', tabs: [{ name: 'IM5', title: 'MG IM5', texts: ['a', 'b'], specs: [{ label: 'Range', value: '655 km' }] }] },
    faq: { items: [{ question: 'Q?', answer: 'A **bold** answer' }] },
  });

  it('builds the slider from the slides whose pictures exist, and the tabs and FAQs from home.yaml', () => {
    const view = homeView(site({ template: 'brand' }), siteData({ vehicles: vehicles(2), content: { home } }), NOW, NO_FILES, images);
    expect(view.slides).toHaveLength(1);
    expect(view.slides[0]).toMatchObject({ heading: 'Sale', alt: 'Cars', buttons: [{ label: 'Shop', href: '/search/used-cars/' }], picture: { width: 1920, height: 540 } });
    expect(view.tabs?.tabs[0]).toMatchObject({ id: 'home-tab-1-im5', name: 'IM5', texts: ['a', 'b'], specs: [{ label: 'Range', value: '655 km' }], picture: null });
    expect(view.faq).toEqual({ title: 'Frequently asked questions', items: [{ question: 'Q?', answerHtml: '<p>A <strong>bold</strong> answer</p>\n' }] });
    expect(view.sections).toEqual(expect.arrayContaining(['slider', 'tabs', 'faq']));
    expect(view.sections).not.toContain('categories');
  });

  it('shows no slider, tabs or FAQs on a site without home.yaml', () => {
    const view = homeView(site(), siteData({ vehicles: vehicles(2) }), NOW, NO_FILES);
    expect(view.sections).toEqual(['intro', 'priceSearch', 'popularBodies']);
  });

  it('offers makes as facet tiles with counts, most stock first, opening their stock search', () => {
    const stock = [...vehicles(3), vehicle(10, { make: 'Mazda', make_slug: 'mazda' })];
    const view = homeView(site(), siteData({ vehicles: stock }), NOW, new Set(['/brands/toyota.svg']));
    expect(view.facetTiles.map((t) => [t.name, t.count, t.href, t.logo])).toEqual([
      ['Toyota', 3, '/search/toyota/', '/brands/toyota.svg'],
      ['Mazda', 1, '/search/mazda/', null],
    ]);
    expect(view.sections).toContain('facetTiles');
  });

  it('preset prices open the search up to that price, dearest first: nine from $5,000 to $70,000, or six from $300,000', () => {
    const standard = pricePresetLinks(site());
    expect(standard).toHaveLength(9);
    expect(standard[0]).toEqual({ label: 'Up to $5,000', href: '/search/new-used-and-demo-cars/?range%5Bprice%5D=:5000&sortBy=highestPrice' });
    expect(standard[8]!.label).toBe('Up to $70,000');
    const premium = pricePresetLinks(site({ search: { pricePresets: 'premium' } }));
    expect(premium.map((p) => p.label)).toEqual(['Up to $300,000', 'Up to $400,000', 'Up to $500,000', 'Up to $600,000', 'Up to $700,000', 'Up to $800,000']);
  });
});

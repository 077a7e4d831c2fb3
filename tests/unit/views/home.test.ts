import { describe, expect, it } from 'vitest';
import { PopupSchema } from '../../../src/schemas/content.ts';
import { homeView, popupView } from '../../../src/views/home.ts';
import { COPY, NO_FILES, NOW, site, siteData, vehicles } from './fixtures.ts';

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

});

import { describe, expect, it } from 'vitest';
import { servicePageView } from '../../../src/views/service-page.ts';
import { location, site, siteData } from './fixtures.ts';

const workshops = [
  location({ id: 1, name: 'Sales Yard', slug: 'sales-yard', location_type: 'sales' }),
  location({ id: 2, name: 'Hobart Service', slug: 'hobart-service', location_type: 'service-and-parts', contact_detail: { phone: '03 6200 0000' }, address: { street: '1 Main Rd', city: 'Hobart', state: 'TAS' } }),
  location({ id: 3, name: 'Geelong Service', slug: 'geelong-service', location_type: 'service' }),
];

describe('service page', () => {
  it('shows the service form by default, with no tabs and no booking frame', () => {
    const view = servicePageView(site(), siteData());
    expect(view.mode).toBe('form');
    expect(view.form?.form).toBe('service-booking');
    expect(view.booking).toBeNull();
    expect(view.tabs).toEqual([]);
  });

  it('embeds the booking page at 1000x1100 by default in iframe mode, or at the size the site sets', () => {
    const view = servicePageView(site({ forms: { servicePage: { mode: 'iframe', iframeUrl: 'https://booking.example/dealer' } } }), siteData());
    expect(view.form).toBeNull();
    expect(view.booking).toEqual({ src: 'https://booking.example/dealer', title: 'Book Your Service at Test Motors: online booking', width: 1000, height: 1100 });
    const sized = servicePageView(site({ forms: { servicePage: { mode: 'iframe', iframeUrl: '/service/online-booking', iframeWidth: 800, iframeHeight: 900 } } }), siteData());
    expect(sized.booking).toMatchObject({ src: '/service/online-booking/', width: 800, height: 900 });
  });

  it('falls back to the form in iframe mode without a booking page', () => {
    expect(servicePageView(site({ forms: { servicePage: { mode: 'iframe' } } }), siteData()).mode).toBe('form');
  });

  it('builds one tab per configured tab, keyed by its lowercased name, the booking frame 750 high', () => {
    const view = servicePageView(site({ forms: { servicePage: { mode: 'tabs', iframeUrl: '/service/online-booking' } } }), siteData());
    expect(view.mode).toBe('tabs');
    expect(view.tabs).toEqual([
      { name: 'Book Online', key: 'book online', id: 'service-tab-1', content: 'booking' },
      { name: 'Service Enquiry', key: 'service enquiry', id: 'service-tab-2', content: 'form' },
    ]);
    expect(view.booking).toMatchObject({ src: '/service/online-booking/', width: null, height: 750 });
    expect(view.form).not.toBeNull();
  });

  it('leaves out a booking tab when there is no booking page', () => {
    const view = servicePageView(site({ forms: { servicePage: { mode: 'tabs' } } }), siteData());
    expect(view.tabs.map((t) => t.content)).toEqual(['form']);
    expect(view.booking).toBeNull();
  });

  it('offers a location picker of the service locations only when there are several', () => {
    const view = servicePageView(site(), siteData({ locations: workshops }));
    expect(view.locations).toEqual([
      { slug: 'hobart-service', name: 'Hobart Service', address: '1 Main Rd, Hobart, TAS', phone: { text: '03 6200 0000', href: 'tel:0362000000' } },
      { slug: 'geelong-service', name: 'Geelong Service', address: null, phone: null },
    ]);
    expect(servicePageView(site(), siteData({ locations: workshops.slice(0, 2) })).locations).toEqual([]);
  });
});

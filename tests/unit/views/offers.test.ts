import { describe, expect, it } from 'vitest';
import { currentOffers, offerCardView, offerPageView, offerPhase, unexpiredOffers } from '../../../src/views/offers.ts';
import { NO_FILES, NOW, offer, site, siteData, vehicle } from './fixtures.ts';

describe('offers', () => {
  it('leaves out offers that have expired or not started at build time, keeping the expiry second itself', () => {
    const offers = [
      offer({ id: 'open-ended' }),
      offer({ id: 'ends-now', expiry: '2026-11-22T10:00:00+10:00' }),
      offer({ id: 'ended', expiry: '2026-11-22T09:59:59+10:00' }),
      offer({ id: 'future', start: '2026-11-23T00:00:00+10:00' }),
    ];
    expect(currentOffers(offers, NOW, site()).map((o) => o.id)).toEqual(['open-ended', 'ends-now']);
  });

  it('lists offers still to start (for the shopper\'s clock to show) but never ended ones', () => {
    const offers = [offer({ id: 'running' }), offer({ id: 'ended', expiry: '2026-11-22T09:59:59+10:00' }), offer({ id: 'future', start: '2026-11-23T00:00:00+10:00' })];
    expect(unexpiredOffers(offers, NOW, site()).map((o) => o.id)).toEqual(['running', 'future']);
    expect(offers.map((o) => offerPhase(o, NOW))).toEqual(['during', 'after', 'before']);
  });

  it('hands the page its window as instants, and says when an offer still to start begins', () => {
    const future = offer({ id: 'future', start: '2026-12-01', expiry: '2026-12-31T23:59:59+10:00' });
    const card = offerCardView(future, site(), siteData(), NO_FILES);
    expect(card.window).toEqual({ start: Date.parse('2026-11-30T14:00:00Z'), end: Date.parse('2026-12-31T13:59:59Z') });
    const page = offerPageView(future, site(), siteData(), NOW, NO_FILES);
    expect(page.phase).toBe('before');
    expect(page.startsOn).toBe('1 December 2026');
    expect(offerCardView(offer({ id: 'open' }), site(), siteData(), NO_FILES).window).toEqual({ start: null, end: null });
  });

  it('cuts the description at 160 and the disclaimer at 200 characters, with the full text kept for the toggle', () => {
    const description = `<p>${'word '.repeat(60)}</p>`;
    const disclaimer = 'x'.repeat(200);
    const card = offerCardView(offer({ description, disclaimer }), site(), siteData(), NO_FILES);
    expect(card.description.collapsible).toBe(true);
    expect(card.description.short).toBe(`${'word '.repeat(32).trimEnd()}...`);
    expect(card.description.full).toBe('word '.repeat(60).trim());
    expect(card.description.moreLabel).toBe('view more');
    expect(card.disclaimer).toMatchObject({ collapsible: false, short: disclaimer });
  });

  it('links to the canonical manufacturer-qualified page and to the model where there is one', () => {
    const data = siteData({
      models: [{ name: 'HiLux', slug: 'hilux', override_url: null, manufacturer_name: 'Toyota', status: null, image: null, cloudfront_new_image_url: null, manufacturer_body: null, manufacturer_body2: null, manufacturer_body3: null, body_group: null }],
      vehicles: [vehicle(1)],
    });
    expect(offerCardView(offer({ id: 'eofy' }), site(), data, NO_FILES).href).toBe('/offers/toyota/eofy/');
    expect(offerCardView(offer({ model: { name: 'HiLux', slug: 'hilux' } }), site(), data, NO_FILES).modelLink?.href).toBe('/hilux/');
    expect(offerCardView(offer({ model: { name: 'Yaris', override_url: '/new-vehicles/yaris' } }), site(), data, NO_FILES).modelLink?.href).toBe('/new-vehicles/yaris/');
    // No model page: the make's stock, which exists.
    expect(offerCardView(offer({ model: { name: 'RAV4', slug: 'toyota-rav4' } }), site(), data, NO_FILES).modelLink?.href).toBe('/search/toyota/');
    expect(offerCardView(offer({ model: { name: 'Ranger', slug: 'ranger' }, manufacturer: 'Ford' }), site(), data, NO_FILES).modelLink).toBeNull();
  });

  it('shows no image whose file is missing from public/', () => {
    expect(offerCardView(offer({ image_url: '/content/test-motors/images/none.jpg' }), site(), siteData(), NO_FILES).image).toBeNull();
  });

  it('shows a site-path image that is in public/, and any http(s) image', () => {
    const files = new Set(['/content/test-motors/images/eofy.jpg']);
    expect(offerCardView(offer({ image_url: '/content/test-motors/images/eofy.jpg' }), site(), siteData(), files).image).toBe('/content/test-motors/images/eofy.jpg');
    expect(offerCardView(offer({ image_url: 'https://cdn.example/eofy.jpg' }), site(), siteData(), NO_FILES).image).toBe('https://cdn.example/eofy.jpg');
  });
});

import { describe, expect, it } from 'vitest';
import { collapsibleText, offerDescription, offerDisclaimer, scrollingBannerItems } from '../../../src/rules/offer-text.ts';
import { SiteConfigSchema, type SiteConfigInput } from '../../../src/schemas/site-config.ts';

const site = (overrides: Partial<SiteConfigInput> = {}) =>
  SiteConfigSchema.parse({ slug: 'test-motors', name: 'Test Motors', template: 'classic', url: 'https://www.test.example', ...overrides });

const offers = site().offers;
const text = (length: number) => 'x'.repeat(length);

describe('offer description', () => {
  it('shows a 160-character description whole, without a toggle', () => {
    expect(offerDescription(text(160), offers, false)).toEqual({ text: text(160), collapsible: false, toggleLabel: null });
  });

  it('cuts a 161-character description at 160 with view more', () => {
    expect(offerDescription(text(161), offers, false)).toEqual({ text: `${text(160)}...`, collapsible: true, toggleLabel: 'view more' });
  });

  it('shows the whole description with view less when expanded', () => {
    expect(offerDescription(text(161), offers, true)).toEqual({ text: text(161), collapsible: true, toggleLabel: 'view less' });
  });

  it('follows site.offers.textLimit', () => {
    expect(offerDescription(text(100), site({ offers: { textLimit: 99 } }).offers, false).text).toBe(`${text(99)}...`);
  });
});

describe('offer disclaimer', () => {
  it('is cut at 200 characters, not 160', () => {
    expect(offerDisclaimer(text(200), offers, false).collapsible).toBe(false);
    expect(offerDisclaimer(text(201), offers, false)).toEqual({ text: `${text(200)}...`, collapsible: true, toggleLabel: 'view more' });
  });
});

describe('cutting', () => {
  it('drops spaces before the ellipsis', () => {
    expect(collapsibleText('abcd efgh', 5, false).text).toBe('abcd...');
  });

  it('counts an emoji as one character and never splits it', () => {
    expect(collapsibleText('🚗🚗🚗', 3, false).collapsible).toBe(false);
    expect(collapsibleText('🚗🚗🚗🚗', 3, false).text).toBe('🚗🚗🚗...');
  });
});

describe('scrolling offers banner', () => {
  it('repeats its text 20 times by default', () => {
    const items = scrollingBannerItems(offers.scrollingBanner);
    expect(items).toHaveLength(20);
    expect(new Set(items)).toEqual(new Set(['View our latest offers']));
  });

  it('follows the configured repeat count', () => {
    expect(scrollingBannerItems({ text: 'EOFY sale', repeat: 3 })).toEqual(['EOFY sale', 'EOFY sale', 'EOFY sale']);
  });
});

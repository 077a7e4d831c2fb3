import { describe, expect, it } from 'vitest';
import { SiteConfigSchema } from '../../../src/schemas/site-config.ts';
import {
  absoluteUrl,
  ALL_STOCK_PATH,
  checkoutPath,
  hrefSafe,
  internalHref,
  locationPath,
  offerPath,
  pagePath,
  searchPathForCarType,
  telHref,
  vehiclePath,
} from '../../../src/lib/urls.ts';

const site = SiteConfigSchema.parse({ slug: 'test-motors', name: 'Test Motors', template: 'classic', url: 'https://www.test.example', urls: { locationBase: 'our-location', checkoutSegment: 'buy-online' } });

describe('page paths', () => {
  it('joins segments with one slash each and ends every page path with a slash', () => {
    expect(pagePath()).toBe('/');
    expect(pagePath('/')).toBe('/');
    expect(pagePath('search', 'mg', 'zs')).toBe('/search/mg/zs/');
    expect(pagePath('/finance/', '', 'apply')).toBe('/finance/apply/');
  });

  it('makes canonical URLs absolute on the site origin', () => {
    expect(absoluteUrl(site, '/cars/a/')).toBe('https://www.test.example/cars/a/');
    expect(absoluteUrl(site, 'cars/a/')).toBe('https://www.test.example/cars/a/');
  });
});

describe('page shapes', () => {
  it('builds the stock search of a car type and of all stock', () => {
    expect(searchPathForCarType('used')).toBe('/search/used-cars/');
    expect(searchPathForCarType('demo')).toBe('/search/demo-cars/');
    expect(ALL_STOCK_PATH).toBe('/search/new-used-and-demo-cars/');
  });

  it('puts vehicles under /cars/ with their sub-pages, the checkout at the site’s segment', () => {
    expect(vehiclePath({ slug: '2024-mg-zs-7' })).toBe('/cars/2024-mg-zs-7/');
    expect(vehiclePath({ slug: '2024-mg-zs-7' }, 'print')).toBe('/cars/2024-mg-zs-7/print/');
    expect(checkoutPath({ slug: '2024-mg-zs-7' }, site)).toBe('/cars/2024-mg-zs-7/buy-online/');
  });

  it('qualifies offers by their manufacturer when they have one', () => {
    expect(offerPath({ id: 'eofy', manufacturer: 'Mercedes-Benz' })).toBe('/offers/mercedes-benz/eofy/');
    expect(offerPath({ id: 42, manufacturer: null })).toBe('/offers/42/');
  });

  it("puts locations under the site's location base", () => {
    expect(locationPath(site, 'cleveland')).toBe('/our-location/cleveland/');
  });
});

describe('links', () => {
  it('dials the digits and a leading plus of a displayed number', () => {
    expect(telHref('07 3849 6639')).toBe('tel:0738496639');
    expect(telHref('+61 (7) 3849-6639')).toBe('tel:+61738496639');
  });

  it('gives site paths the trailing slash and leaves other links alone', () => {
    expect(internalHref('/sell-my-car')).toBe('/sell-my-car/');
    expect(internalHref('/search/used-cars?page=2')).toBe('/search/used-cars?page=2');
    expect(internalHref('/finance#apply')).toBe('/finance#apply');
    expect(internalHref('//cdn.example/x')).toBe('//cdn.example/x');
    expect(internalHref('https://booking.example/')).toBe('https://booking.example/');
    expect(internalHref('mailto:sales@test.example')).toBe('mailto:sales@test.example');
  });
});

describe('hrefSafe', () => {
  it('percent-encodes what a URL in an attribute may not hold, and nothing else', () => {
    expect(hrefSafe('/search/toyota/?refinementList[body][0]=SUV&range[price]=5000:30000')).toBe('/search/toyota/?refinementList%5Bbody%5D%5B0%5D=SUV&range%5Bprice%5D=5000:30000');
    expect(hrefSafe('/a b|c{d}^e`f"g<h>i\\j')).toBe('/a%20b%7Cc%7Bd%7D%5Ee%60f%22g%3Ch%3Ei%5Cj');
    expect(hrefSafe('https://x.example/p?q=1%202&r=a:b#top')).toBe('https://x.example/p?q=1%202&r=a:b#top');
  });

  it('names the same search: the search state read back from the encoded link is the one written', () => {
    const url = new URL(hrefSafe('/search/?refinementList[make][0]=Toyota&range[price]=:30000'), 'https://x.example');
    expect([...url.searchParams]).toEqual([
      ['refinementList[make][0]', 'Toyota'],
      ['range[price]', ':30000'],
    ]);
  });
});

describe('internalHref', () => {
  it('writes a content link with a query string as a valid URL', () => {
    expect(internalHref('/search/new-used-and-demo-cars/?refinementList[fuel][0]=Electric')).toBe('/search/new-used-and-demo-cars/?refinementList%5Bfuel%5D%5B0%5D=Electric');
    expect(internalHref('/finance')).toBe('/finance/');
  });
});

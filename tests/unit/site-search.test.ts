import { describe, expect, it } from 'vitest';
import { indexedTextFingerprint, isSiteSearchPage } from '../../src/generator/site-search.ts';

// The site search re-indexes on an update only when the text it reads changed: the fingerprint covers a
// page's <main> without the parts marked data-pagefind-ignore (stock counts, "open now").

const page = (main: string, header = 'Menu') => `<html><body><header>${header}</header><main>${main}</main><footer>Footer</footer></body></html>`;

describe('the site search fingerprint', () => {
  it('changes with the text of <main>, not with the header, the footer or the ignored parts', () => {
    const base = indexedTextFingerprint(page('<h1>Cleveland</h1><p data-pagefind-ignore>12 vehicles</p><p>Open 8 to 5</p>'));
    expect(indexedTextFingerprint(page('<h1>Cleveland</h1><p data-pagefind-ignore>13 vehicles</p><p>Open 8 to 5</p>'))).toBe(base);
    expect(indexedTextFingerprint(page('<h1>Cleveland</h1><p data-pagefind-ignore>12 vehicles</p><p>Open 8 to 5</p>', 'Other menu'))).toBe(base);
    expect(indexedTextFingerprint(page('<h1>Cleveland</h1><p data-pagefind-ignore>12 vehicles</p><p>Open 9 to 5</p>'))).not.toBe(base);
  });

  it('indexes content pages, offers and locations once, under their canonical address', () => {
    expect(isSiteSearchPage({ kind: 'content-page', path: '/about-us/', deps: {} } as never)).toBe(true);
    expect(isSiteSearchPage({ kind: 'offer', path: '/offers/1/', canonicalPath: '/mg/offers/1/', deps: {} } as never)).toBe(false);
    expect(isSiteSearchPage({ kind: 'vehicle', path: '/cars/x/', deps: {} } as never)).toBe(false);
  });
});

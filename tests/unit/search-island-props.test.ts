// The stock search island's props go to the browser as one JSON text (src/islands/search/StockSearchIsland.tsx):
// they must come through it as they are, on every landing page of every demo site. The first results that
// go with them are search answers, JSON by the search protocol.
import { describe, expect, it } from 'vitest';
import { searchLandings } from '../../src/search/landings.ts';
import { stockSearchProps } from '../../src/views/search-island.ts';
import { demoManifest, DEMO_NOW } from '../support/demo-manifest.ts';

/**
 * Where `value` holds what a JSON round trip would not give back as it is: a date, a map, a number JSON
 * cannot write, a hole in a list. A property left undefined is fine: it is as missing on both sides.
 */
function notJson(value: unknown, at = ''): string[] {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return [];
  if (typeof value === 'number') return Number.isFinite(value) ? [] : [at];
  if (Array.isArray(value)) return value.flatMap((item, i) => (item === undefined ? [`${at}[${i}]`] : notJson(item, `${at}[${i}]`)));
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.entries(value).flatMap(([key, item]) => (item === undefined ? [] : notJson(item, `${at}.${key}`)));
  }
  return [at];
}

it('the JSON check finds what a round trip would change', () => {
  expect(notJson({ a: [1, 'x', null, { b: true, c: undefined }], d: new Date(0), e: Infinity, f: new Map(), g: [undefined] })).toEqual(['.d', '.e', '.f', '.g[0]']);
});

describe.each(['bayside-mg', 'summit-motor-group', 'northside-used'])('the stock search island props of %s', (slug) => {
  it('come through a JSON text as they are, on every landing page', () => {
    const { site, data, routes } = demoManifest(slug, 300);
    const landings = searchLandings(routes, data);
    const pages = routes.filter((route) => route.kind === 'search');
    expect(pages.length).toBeGreaterThan(5);
    for (const route of pages) {
      const props = stockSearchProps(site, data, route, landings, new Set(['/favicon.svg']), DEMO_NOW);
      expect(notJson(props), route.path).toEqual([]);
    }
  });
});

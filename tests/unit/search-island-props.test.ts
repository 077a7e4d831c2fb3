// The stock search island's props go to the browser as one JSON text (src/islands/search/StockSearchIsland.tsx):
// they must come through it as they are, on every landing page of every demo site. The first results that
// go with them are search answers, JSON by the search protocol.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getServerState } from 'react-instantsearch';
import StockSearch from '../../src/islands/search/StockSearch.tsx';
import StockSearchIsland, { stockSearchPropsText } from '../../src/islands/search/StockSearchIsland.tsx';
import { searchLandings } from '../../src/search/landings.ts';
import { serverSearchClient, stockSearchProps } from '../../src/views/search-island.ts';
import { demoManifest, DEMO_NOW } from '../support/demo-manifest.ts';
import { notJson } from '../support/json.ts';

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

describe('the data block the props go in', () => {
  it('parses back to the props, holds no markup that could end it, and serves the server render of that page', async () => {
    const { site, data, routes } = demoManifest('bayside-mg', 300);
    const route = routes.find((r) => r.kind === 'search')!;
    const props = stockSearchProps(site, data, route, searchLandings(routes, data), new Set(['/favicon.svg']), DEMO_NOW);
    // Text anywhere in the props may hold markup, a closing script tag and a comment opener included.
    const hostile = { ...props, promo: { ...props.promo, text: '</script><script>alert(1)</script><!-- x' } } as typeof props;
    const text = stockSearchPropsText(route.path, hostile);
    expect(text).not.toMatch(/<\/script|<!--/i);
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(hostile)));
    // The island rendered on the server for a page takes the props written for it, not another page's.
    const serverState = await getServerState(createElement(StockSearch, { ...props, serverClient: serverSearchClient(site, data, {}, DEMO_NOW) }), { renderToString });
    stockSearchPropsText(route.path, { ...props, serverState });
    const other = routes.filter((r) => r.kind === 'search')[1]!;
    stockSearchPropsText(other.path, stockSearchProps(site, data, other, searchLandings(routes, data), new Set(['/favicon.svg']), DEMO_NOW));
    const html = renderToString(createElement(StockSearchIsland, { page: route.path }));
    expect(html).toContain('data-stock-search');
    expect(html).toBe(renderToString(createElement(StockSearch, { ...props, serverState })));
    expect(() => renderToString(createElement(StockSearchIsland, { page: '/search/never-written/' }))).toThrow(/the page holds no #stock-search-props block/);
  });
});

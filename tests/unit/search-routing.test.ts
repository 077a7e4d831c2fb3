import { describe, expect, it } from 'vitest';
import { SORT_OPTIONS, type SearchListAttribute, type SearchState } from '../../src/schemas/search-state.ts';
import { DEFAULT_SEARCH_PATH, searchStateFromUrl, searchUrl, type SearchLanding } from '../../src/search/routing.ts';

// One module maps search state to the URL and back: landing paths for the refinements a landing page
// stands for, the rest in the query string, and reading a URL gives back the state that wrote it.

const landings: SearchLanding[] = [
  { path: '/search/used-cars/', refinements: { car_type: ['used'] } },
  { path: '/search/new-and-demo-cars/', refinements: { car_type: ['new', 'demo'] } },
  { path: '/search/toyota/', refinements: { make: ['Toyota'] } },
  { path: '/search/toyota/corolla/', refinements: { make: ['Toyota'], model: ['Corolla'] } },
  { path: '/search/mg/zs-ev/', refinements: { make: ['MG'], model: ['ZS EV'] } },
  { path: '/search/suv/', refinements: { body: ['SUV'] } },
  { path: '/search/northside-chermside/', refinements: { location_name: ['Northside Chermside'] } },
];

describe('search URLs', () => {
  it('writes a make and model on their landing path, and other refinements, a price range, sort and page in the query string', () => {
    const state: SearchState = { refinementList: { make: ['Toyota'], model: ['Corolla'], body: ['Hatch', 'Sedan'] }, range: { price: { min: 5000, max: 30000 } }, sortBy: 'lowestPrice', page: 2 };
    const url = searchUrl(state, landings);
    expect(url).toBe('/search/toyota/corolla/?refinementList[body][0]=Hatch&refinementList[body][1]=Sedan&range[price]=5000:30000&sortBy=lowestPrice&page=2');
    expect(searchStateFromUrl(url, landings)).toEqual(state);
  });

  it('keeps the landing paths clean: no default sort, no page 1, nothing the path already says', () => {
    expect(searchUrl({ refinementList: { make: ['Toyota'] }, sortBy: 'mostRelevant', page: 1 }, landings)).toBe('/search/toyota/');
    expect(searchUrl({ refinementList: { car_type: ['demo', 'new'] } }, landings)).toBe('/search/new-and-demo-cars/');
    expect(searchUrl({}, landings)).toBe(DEFAULT_SEARCH_PATH);
  });

  it('puts a state no landing stands for exactly (two makes) on the all-stock page', () => {
    const url = searchUrl({ refinementList: { make: ['Toyota', 'MG'] } }, landings);
    expect(url).toBe('/search/new-used-and-demo-cars/?refinementList[make][0]=Toyota&refinementList[make][1]=MG');
  });

  it('reads an open-ended range, a typed query with symbols, and ignores what a URL cannot mean', () => {
    const state = searchStateFromUrl('/search/suv/?query=hi-lux%20%26%20co&range[km]=:100000&range[price]=9:1&page=abc&sortBy=cheapest&refinementList[vin][0]=X&refinementList[colour][1]=Red&refinementList[colour][0]=Blue', landings);
    expect(state).toEqual({ query: 'hi-lux & co', range: { km: { max: 100000 } }, refinementList: { body: ['SUV'], colour: ['Blue', 'Red'] } });
  });

  it('adds query-string values to what the landing path stands for', () => {
    expect(searchStateFromUrl('/search/toyota/?refinementList[make][0]=MG', landings).refinementList).toEqual({ make: ['Toyota', 'MG'] });
    expect(searchStateFromUrl('/search/toyota?refinementList[model][0]=Yaris', landings).refinementList).toEqual({ make: ['Toyota'], model: ['Yaris'] });
  });

  it('reads back the state that wrote every one of 500 generated states', () => {
    const values: Partial<Record<SearchListAttribute, string[]>> = {
      make: ['Toyota', 'MG', 'Mazda', 'Škoda'],
      model: ['Corolla', 'ZS EV', 'CX-5', '3 Series'],
      car_type: ['new', 'demo', 'used'],
      body: ['SUV', 'Hatch', 'Ute'],
      colour: ['Red', 'Blue & White', 'Grey/Silver'],
      location_name: ['Northside Chermside', 'Summit Ipswich'],
      tag: ['runout sale', 'Test Drive Only'],
    };
    let seed = 99;
    const next = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    const sortedLists = (s: SearchState) => ({ ...s, refinementList: s.refinementList && Object.fromEntries(Object.entries(s.refinementList).map(([k, v]) => [k, [...v!].sort()])) });
    for (let i = 0; i < 500; i++) {
      const state: SearchState = {};
      if (next() < 0.3) state.query = pick(['corolla', 'zs ev', 'red ute 4x4', 'a&b=c?', '  spaced  ']).trim();
      const list: Partial<Record<SearchListAttribute, string[]>> = {};
      for (const attribute of Object.keys(values) as SearchListAttribute[]) {
        if (next() < 0.3) list[attribute] = [...new Set(Array.from({ length: 1 + Math.floor(next() * 2) }, () => pick(values[attribute]!)))];
      }
      if (Object.keys(list).length > 0) state.refinementList = list;
      if (next() < 0.3) state.range = { price: next() < 0.5 ? { min: 5000, max: 25000 + Math.floor(next() * 100) * 500 } : { max: 40000 } };
      if (next() < 0.3) state.sortBy = pick(SORT_OPTIONS.filter((s) => s !== 'mostRelevant'));
      if (next() < 0.3) state.page = 2 + Math.floor(next() * 5);
      const url = searchUrl(state, landings);
      expect(sortedLists(searchStateFromUrl(url, landings)), url).toEqual(sortedLists(state));
      expect(searchUrl(searchStateFromUrl(url, landings), landings), 'the URL is stable').toBe(url);
    }
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchState } from '../../src/schemas/search-state.ts';
import type { SearchLanding } from '../../src/search/routing.ts';
import { fromUiState, searchRouter, stateOfLocation, toUiState } from '../../src/search/ui-state.ts';

const landings: SearchLanding[] = [
  { path: '/search/new-used-and-demo-cars/', refinements: {} },
  { path: '/search/toyota/', refinements: { make: ['Toyota'] } },
  { path: '/search/toyota/corolla/', refinements: { make: ['Toyota'], model: ['Corolla'] } },
];

describe('search state and InstantSearch UI state', () => {
  it('turn into each other: sorts as replica names, ranges as min:max, pages above 1', () => {
    const state: SearchState = { query: 'hybrid', page: 3, sortBy: 'lowestPrice', refinementList: { make: ['Toyota'], body: ['SUV', 'Ute'] }, range: { price: { max: 30000 }, km: { min: 10, max: 90000 } } };
    const ui = toUiState(state, 'vehicles');
    expect(ui).toEqual({ query: 'hybrid', page: 3, sortBy: 'vehicles_lowestPrice', refinementList: { make: ['Toyota'], body: ['SUV', 'Ute'] }, range: { price: ':30000', km: '10:90000' } });
    expect(fromUiState(ui, 'vehicles')).toEqual(state);
    expect(toUiState({ sortBy: 'mostRelevant', page: 1 }, 'vehicles')).toEqual({});
    expect(fromUiState({ sortBy: 'vehicles', refinementList: { make: [] }, range: { price: '' } }, 'vehicles')).toEqual({});
  });

  it('reads the default page with the site\'s default query string only when the address has none', () => {
    expect(stateOfLocation({ pathname: '/search/new-used-and-demo-cars/', search: '' }, landings, 'sortBy=latest')).toEqual({ sortBy: 'latest' });
    expect(stateOfLocation({ pathname: '/search/new-used-and-demo-cars/', search: '?sortBy=highestPrice' }, landings, 'sortBy=latest')).toEqual({ sortBy: 'highestPrice' });
    expect(stateOfLocation({ pathname: '/search/toyota/', search: '' }, landings, 'sortBy=latest')).toEqual({ refinementList: { make: ['Toyota'] } });
  });
});

describe('the island\'s router', () => {
  let href = 'https://dealer.example/search/toyota/';
  const listeners = new Set<() => void>();
  const pushed: string[] = [];

  beforeEach(() => {
    vi.useFakeTimers();
    href = 'https://dealer.example/search/toyota/';
    pushed.length = 0;
    listeners.clear();
    const location = {
      get pathname() {
        return new URL(href).pathname;
      },
      get search() {
        return new URL(href).search;
      },
    };
    vi.stubGlobal('window', {
      location,
      history: {
        pushState: (_state: unknown, _title: string, url: string) => {
          href = new URL(url, href).href;
          pushed.push(url);
        },
      },
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const back = (url: string) => {
    href = new URL(url, href).href;
    for (const listener of listeners) listener();
  };

  it('reports the rendered state while taking over the page, then follows the address', () => {
    href = 'https://dealer.example/search/toyota/?range[price]=:30000';
    const router = searchRouter({ landings, rendered: { refinementList: { make: ['Toyota'] } } });
    const updates: SearchState[] = [];
    router.onUpdate((state) => updates.push(state));
    expect(router.read()).toEqual({ refinementList: { make: ['Toyota'] } });
    router.settle();
    expect(updates).toEqual([{ refinementList: { make: ['Toyota'] }, range: { price: { max: 30000 } } }]);
    expect(router.read()).toEqual(updates[0]);
  });

  it('pushes one history entry per pause, on the landing page a state matches, and none for the same search', () => {
    const router = searchRouter({ landings, rendered: { refinementList: { make: ['Toyota'] } } });
    router.onUpdate(() => {});
    router.settle();
    router.write({ refinementList: { make: ['Toyota'], model: ['Corolla'] }, query: 'h' });
    router.write({ refinementList: { make: ['Toyota'], model: ['Corolla'] }, query: 'hy' });
    vi.advanceTimersByTime(500);
    expect(pushed).toEqual(['/search/toyota/corolla/?query=hy']);
    router.write({ refinementList: { make: ['Toyota'], model: ['Corolla'] }, query: 'hy' });
    vi.advanceTimersByTime(500);
    expect(pushed).toHaveLength(1);
  });

  it('on back, reports the previous state only when it differs from the current one', () => {
    const router = searchRouter({ landings, rendered: { refinementList: { make: ['Toyota'] } } });
    const updates: SearchState[] = [];
    router.onUpdate((state) => updates.push(state));
    router.settle();
    router.write({ refinementList: { make: ['Toyota'] }, sortBy: 'latest' });
    vi.advanceTimersByTime(500);
    back('/search/toyota/');
    expect(updates).toEqual([{ refinementList: { make: ['Toyota'] } }]);
    back('/search/toyota/');
    expect(updates).toHaveLength(1);
  });

  it('reads a twin page (/used-car/toyota/) as the landing page it stands for', () => {
    href = 'https://dealer.example/used-car/toyota/';
    const router = searchRouter({ landings, rendered: { refinementList: { make: ['Toyota'] } }, alias: { path: '/used-car/toyota/', canonicalPath: '/search/toyota/' } });
    const updates: SearchState[] = [];
    router.onUpdate((state) => updates.push(state));
    router.settle();
    expect(updates).toEqual([]);
    expect(router.read()).toEqual({ refinementList: { make: ['Toyota'] } });
  });
});

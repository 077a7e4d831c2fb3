/**
 * The search state as the URL names it ({@link SearchState}: `sortBy: 'lowestPrice'`, `range.price: {min, max}`)
 * and as React InstantSearch names it (its index UI state: `sortBy: 'vehicles_lowestPrice'`,
 * `range.price: '5000:30000'`), and the router that keeps the URL and the island's state together.
 * Browser-safe.
 */
import type { SearchState } from '../schemas/search-state.ts';
import { SEARCH_LIST_ATTRIBUTES, type SearchListAttribute } from './state.ts';
import { sortIndexName, sortOfIndex } from './listing.ts';
import { DEFAULT_SEARCH_PATH, searchStateFromUrl, searchUrl, type SearchLanding } from './routing.ts';
import { hrefSafe } from '../lib/urls.ts';

/** One index's UI state in React InstantSearch. */
export interface IndexUiState {
  query?: string;
  page?: number;
  sortBy?: string;
  refinementList?: Record<string, string[]>;
  range?: Record<string, string>;
}

const RANGES = ['price', 'km', 'year'] as const;

export function toUiState(state: SearchState, base: string): IndexUiState {
  const ui: IndexUiState = {};
  if (state.query) ui.query = state.query;
  if (state.page && state.page > 1) ui.page = state.page;
  if (state.sortBy && state.sortBy !== 'mostRelevant') ui.sortBy = sortIndexName(base, state.sortBy);
  for (const [attribute, values] of Object.entries(state.refinementList ?? {})) if (values && values.length > 0) (ui.refinementList ??= {})[attribute] = [...values];
  for (const attribute of RANGES) {
    const range = state.range?.[attribute];
    if (range && (range.min !== undefined || range.max !== undefined)) (ui.range ??= {})[attribute] = `${range.min ?? ''}:${range.max ?? ''}`;
  }
  return ui;
}

export function fromUiState(ui: IndexUiState | undefined, base: string): SearchState {
  const state: SearchState = {};
  if (!ui) return state;
  if (ui.query) state.query = ui.query;
  if (ui.page && ui.page > 1) state.page = ui.page;
  if (ui.sortBy) {
    const sort = sortOfIndex(base, ui.sortBy);
    if (sort !== 'mostRelevant') state.sortBy = sort;
  }
  for (const [attribute, values] of Object.entries(ui.refinementList ?? {})) {
    if ((SEARCH_LIST_ATTRIBUTES as readonly string[]).includes(attribute) && values.length > 0) (state.refinementList ??= {})[attribute as SearchListAttribute] = [...values];
  }
  for (const attribute of RANGES) {
    const text = ui.range?.[attribute];
    if (!text) continue;
    const [lo, hi] = text.split(':');
    const min = lo ? Number(lo) : undefined;
    const max = hi ? Number(hi) : undefined;
    if ((min !== undefined && Number.isFinite(min)) || (max !== undefined && Number.isFinite(max))) {
      (state.range ??= {})[attribute] = { ...(min !== undefined && Number.isFinite(min) ? { min } : {}), ...(max !== undefined && Number.isFinite(max) ? { max } : {}) };
    }
  }
  return state;
}

/** The state a page address stands for; the default search page with no query string takes the site's default one. */
export function stateOfLocation(location: { pathname: string; search: string }, landings: readonly SearchLanding[], defaultQueryString?: string): SearchState {
  const search = location.search === '' && location.pathname === DEFAULT_SEARCH_PATH && defaultQueryString ? `?${defaultQueryString.replace(/^\?/, '')}` : location.search;
  return searchStateFromUrl(`${location.pathname}${search}`, landings);
}

/** Two states are the same search when they give the same address. */
export const sameSearch = (a: SearchState, b: SearchState, landings: readonly SearchLanding[]) => searchUrl(a, landings) === searchUrl(b, landings);

/** What React InstantSearch asks of a router (instantsearch.js's Router). */
export interface SearchRouter {
  read(): SearchState;
  write(state: SearchState): void;
  createURL(state: SearchState): string;
  onUpdate(callback: (state: SearchState) => void): void;
  dispose(): void;
  /** Once the island has taken over the server's HTML: follow the address from now on. */
  settle(): void;
}

/**
 * The island's router. While it takes over the page it reports the state the page was rendered with, so
 * the first render matches the HTML; then it follows the address, and reports a change only when the
 * address stands for a different search. Writing pushes a history entry after a short pause, so typing a
 * query or dragging the price adds one entry, not one per key.
 */
export function searchRouter(options: {
  landings: readonly SearchLanding[];
  rendered: SearchState;
  defaultQueryString?: string;
  /** A page that is a twin of a landing page (/used-car/ford/ of /search/ford/) reads as that page. */
  alias?: { path: string; canonicalPath: string };
  writeDelay?: number;
}): SearchRouter {
  const { landings, rendered, defaultQueryString, alias } = options;
  const writeDelay = options.writeDelay ?? 400;
  let settled = false;
  let current = rendered;
  let listener: ((state: SearchState) => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const here = () => {
    const { pathname, search } = window.location;
    return stateOfLocation({ pathname: alias && pathname === alias.path ? alias.canonicalPath : pathname, search }, landings, defaultQueryString);
  };
  const onPopState = () => {
    clearTimeout(timer);
    const state = here();
    if (sameSearch(state, current, landings)) return;
    current = state;
    listener?.(state);
  };
  return {
    read: () => (settled ? here() : rendered),
    write(state) {
      if (typeof window === 'undefined' || sameSearch(state, current, landings)) return;
      current = state;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const url = searchUrl(state, landings);
        if (url !== `${window.location.pathname}${window.location.search}`) window.history.pushState(null, '', url);
      }, writeDelay);
    },
    // Links carry the address with its brackets encoded, as HTML requires; the address bar shows them as they are.
    createURL: (state) => hrefSafe(searchUrl(state, landings)),
    onUpdate(callback) {
      listener = callback;
      if (typeof window !== 'undefined') window.addEventListener('popstate', onPopState);
    },
    dispose() {
      clearTimeout(timer);
      if (typeof window !== 'undefined') window.removeEventListener('popstate', onPopState);
    },
    settle() {
      if (settled) return;
      settled = true;
      onPopState();
    },
  };
}

/**
 * Stock search state <-> URL, in one place (browser-safe). A state whose refinements include exactly those
 * of a landing page (/search/toyota/corolla/, /search/used-cars/, /search/suv/ ...) is written on that
 * page's path, the rest in the query string; any other state on the all-stock page:
 *
 *   /search/toyota/?refinementList[body][0]=SUV&range[price]=5000:30000&sortBy=lowestPrice&page=2
 *
 * `query`, `refinementList[attribute][i]`, `range[attribute]=min:max` (either end may be empty), `sortBy`
 * (left out for the default, mostRelevant) and `page` (only above 1). Reading a URL back gives the same
 * state; values a URL cannot carry are dropped rather than failing the page.
 */
import type { SearchRange, SearchState } from '../schemas/search-state.ts';
import { SEARCH_LIST_ATTRIBUTES, SORT_OPTIONS, type SearchListAttribute } from './state.ts';

/** A search landing page and the refinements it stands for, as the island's state names them. */
export interface SearchLanding {
  /** e.g. "/search/toyota/corolla/" */
  path: string;
  /** e.g. { make: ['Toyota'], model: ['Corolla'] } */
  refinements: Partial<Record<SearchListAttribute, string[]>>;
}

/** The path of all stock: the landing for a state no other landing page stands for. */
export const DEFAULT_SEARCH_PATH = '/search/new-used-and-demo-cars/';

const RANGE_ATTRIBUTES = ['price', 'km', 'year'] as const;
type RangeAttribute = (typeof RANGE_ATTRIBUTES)[number];

const sameValues = (a: readonly string[] | undefined, b: readonly string[]) => a !== undefined && a.length === b.length && b.every((v) => a.includes(v));

/** The landing page whose refinements the state includes exactly, the most specific first; null for none. */
export function landingFor(state: SearchState, landings: readonly SearchLanding[]): SearchLanding | null {
  let best: SearchLanding | null = null;
  let bestSize = 0;
  for (const landing of landings) {
    const entries = Object.entries(landing.refinements) as Array<[SearchListAttribute, string[]]>;
    if (entries.length <= bestSize) continue;
    if (entries.every(([attribute, values]) => sameValues(state.refinementList?.[attribute], values))) {
      best = landing;
      bestSize = entries.length;
    }
  }
  return best;
}

/** The URL (path and query string) of a search state. */
export function searchUrl(state: SearchState, landings: readonly SearchLanding[]): string {
  const landing = landingFor(state, landings);
  const params: string[] = [];
  // Colons may stay raw in a query string (RFC 3986), which keeps range[price]=5000:30000 readable.
  const add = (key: string, value: string) => params.push(`${encodeKey(key)}=${encodeURIComponent(value).replace(/%3A/g, ':')}`);
  if (state.query) add('query', state.query);
  for (const attribute of SEARCH_LIST_ATTRIBUTES) {
    const values = state.refinementList?.[attribute];
    if (!values || values.length === 0 || (landing?.refinements[attribute] && sameValues(values, landing.refinements[attribute]!))) continue;
    values.forEach((value, i) => add(`refinementList[${attribute}][${i}]`, value));
  }
  for (const attribute of RANGE_ATTRIBUTES) {
    const range = state.range?.[attribute];
    if (range && (range.min !== undefined || range.max !== undefined)) add(`range[${attribute}]`, `${range.min ?? ''}:${range.max ?? ''}`);
  }
  if (state.sortBy && state.sortBy !== 'mostRelevant') add('sortBy', state.sortBy);
  if (state.page && state.page > 1) add('page', String(state.page));
  const path = landing?.path ?? DEFAULT_SEARCH_PATH;
  return params.length > 0 ? `${path}?${params.join('&')}` : path;
}

/** Brackets stay readable in the address bar; everything else is encoded. */
function encodeKey(key: string): string {
  return encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']');
}

/** The search state a URL stands for: its landing page's refinements plus its query string. */
export function searchStateFromUrl(url: string | URL, landings: readonly SearchLanding[]): SearchState {
  const parsed = typeof url === 'string' ? new URL(url, 'https://search.invalid') : url;
  const path = parsed.pathname.endsWith('/') ? parsed.pathname : `${parsed.pathname}/`;
  const landing = landings.find((l) => l.path === path);
  const refinementList: Partial<Record<SearchListAttribute, string[]>> = {};
  for (const [attribute, values] of Object.entries(landing?.refinements ?? {}) as Array<[SearchListAttribute, string[]]>) refinementList[attribute] = [...values];
  const state: SearchState = {};
  const listed = new Map<SearchListAttribute, Array<[number, string]>>();
  for (const [key, value] of parsed.searchParams) {
    const list = /^refinementList\[([a-z_]+)\]\[(\d+)\]$/.exec(key);
    const range = /^range\[([a-z_]+)\]$/.exec(key);
    if (key === 'query') {
      if (value !== '') state.query = value;
    } else if (key === 'page') {
      if (/^\d+$/.test(value) && Number(value) > 1) state.page = Number(value);
    } else if (key === 'sortBy') {
      if ((SORT_OPTIONS as readonly string[]).includes(value)) state.sortBy = value as SearchState['sortBy'];
    } else if (list && (SEARCH_LIST_ATTRIBUTES as readonly string[]).includes(list[1]!)) {
      const attribute = list[1] as SearchListAttribute;
      listed.set(attribute, [...(listed.get(attribute) ?? []), [Number(list[2]), value]]);
    } else if (range && (RANGE_ATTRIBUTES as readonly string[]).includes(range[1]!)) {
      const bounds = parseRange(value);
      if (bounds) (state.range ??= {})[range[1] as RangeAttribute] = bounds;
    }
  }
  for (const [attribute, entries] of listed) {
    const values = entries.sort((a, b) => a[0] - b[0]).map(([, v]) => v);
    const merged = [...(refinementList[attribute] ?? [])];
    for (const value of values) if (!merged.includes(value)) merged.push(value);
    refinementList[attribute] = merged;
  }
  if (Object.keys(refinementList).length > 0) state.refinementList = refinementList;
  return state;
}

/** `min:max` with either end empty; null for anything else (including min above max). */
function parseRange(value: string): SearchRange | null {
  const match = /^(\d+(?:\.\d+)?)?:(\d+(?:\.\d+)?)?$/.exec(value);
  if (!match || (match[1] === undefined && match[2] === undefined)) return null;
  const range: SearchRange = {};
  if (match[1] !== undefined) range.min = Number(match[1]);
  if (match[2] !== undefined) range.max = Number(match[2]);
  if (range.min !== undefined && range.max !== undefined && range.min > range.max) return null;
  return range;
}

/** Search page rules (spec sections 3, 5 and 9). */
import type { CarType } from '../schemas/common.ts';
import type { SortOption } from '../schemas/search-state.ts';
import type { SiteConfig } from '../schemas/site-config.ts';

/** Spec 5: the no-results message and its button. */
export function noResultsMessage(site: { search: Pick<SiteConfig['search'], 'noResultsText'> }): {
  text: string;
  buttonLabel: 'Clear Filters';
} {
  return { text: site.search.noResultsText, buttonLabel: 'Clear Filters' };
}

/** Spec 5: the empty-results card ('No Results Available' ... linking to /special-offers by default). */
export function emptyResultsCard(site: { search: Pick<SiteConfig['search'], 'emptyCard'> }): SiteConfig['search']['emptyCard'] {
  return { ...site.search.emptyCard };
}

/** A numeric condition added to a search, e.g. price > 0. */
export interface NumericCondition {
  attribute: 'price';
  operator: '>';
  value: number;
}

/**
 * Spec 5: sorting by price ascending (lowestPrice) adds the condition price > 0 on sites with
 * `search.lowestPriceExcludesZero`; no extra condition otherwise.
 */
export function sortConditions(
  sortBy: SortOption | undefined,
  site: { search: Pick<SiteConfig['search'], 'lowestPriceExcludesZero'> },
): NumericCondition[] {
  return sortBy === 'lowestPrice' && site.search.lowestPriceExcludesZero ? [{ attribute: 'price', operator: '>', value: 0 }] : [];
}

/** A condition in the hosted index's filter syntax: 'price > 0'. */
export function conditionToFilter(condition: NumericCondition): string {
  return `${condition.attribute} ${condition.operator} ${condition.value}`;
}

/** Result counts above this are replaced (1999 shows as is, 2000 is replaced). */
export const STOCK_COUNT_LIMIT = 1999;

/**
 * Spec 9: a stock count above 1999 is replaced by the site's `search.stockCountOverride`, or
 * when unset by the sum of the facet counts given (for example the car_type facet).
 */
export function displayedStockCount(
  count: number,
  facetCounts: Readonly<Record<string, number>>,
  site: { search: Pick<SiteConfig['search'], 'stockCountOverride'> },
): number {
  if (count <= STOCK_COUNT_LIMIT) return count;
  return site.search.stockCountOverride ?? Object.values(facetCounts).reduce((sum, n) => sum + n, 0);
}

/** Spec 9: attributes shown on result cards by default. */
export const DEFAULT_CARD_ATTRIBUTES = ['car_type', 'simple_body', 'km', 'simple_transmission', 'stocknum'] as const;

/** Spec 9: the card attributes of the site (`search.cardAttributes`, default {@link DEFAULT_CARD_ATTRIBUTES}). */
export function cardAttributes(site: { search: Pick<SiteConfig['search'], 'cardAttributes'> }): string[] {
  return [...site.search.cardAttributes];
}

/** Spec 9: the default car-type order. */
export const DEFAULT_CAR_TYPE_ORDER: readonly CarType[] = ['new', 'demo', 'used'];

/**
 * Spec 9: orders car-type refinement values by `search.carTypeOrder` (new, demo, used by
 * default). Values not in the order (any case) come after, alphabetically.
 */
export function orderCarTypes<T extends { value: string }>(
  items: readonly T[],
  site: { search: Pick<SiteConfig['search'], 'carTypeOrder'> },
): T[] {
  const order: readonly string[] = site.search.carTypeOrder;
  const rank = (value: string) => {
    const i = order.indexOf(value.toLowerCase());
    return i === -1 ? order.length : i;
  };
  return [...items].sort((a, b) => rank(a.value) - rank(b.value) || a.value.localeCompare(b.value, 'en'));
}

/** Spec 9: popular makes listed first on sites with `search.popularMakesFirst`. */
export const POPULAR_MAKES_COUNT = 20;

export interface MakeOption {
  value: string;
  count: number;
}

const byName = (a: MakeOption, b: MakeOption) => a.value.localeCompare(b.value, 'en', { sensitivity: 'base' });

/**
 * Spec 9: the make dropdown. With `search.popularMakesFirst` it lists the 20 most popular makes
 * (highest count first, ties alphabetical), then every make alphabetically (popular ones again:
 * the second group is the full list); otherwise just every make alphabetically.
 */
export function makeOptions(
  facet: Readonly<Record<string, number>>,
  site: { search: Pick<SiteConfig['search'], 'popularMakesFirst'> },
): { popular: MakeOption[]; all: MakeOption[] } {
  const all = Object.entries(facet)
    .map(([value, count]) => ({ value, count }))
    .sort(byName);
  if (!site.search.popularMakesFirst) return { popular: [], all };
  const popular = [...all].sort((a, b) => b.count - a.count || byName(a, b)).slice(0, POPULAR_MAKES_COUNT);
  return { popular, all };
}

/** Labels of the sort options. */
export const SORT_LABELS: Readonly<Record<SortOption, string>> = {
  mostRelevant: 'Most Relevant',
  latest: 'Latest',
  highestPrice: 'Highest Price',
  lowestPrice: 'Lowest Price',
};

/** Spec 3: the sort menu: the site's `search.sortOptions` in order, with labels. */
export function sortMenu(site: { search: Pick<SiteConfig['search'], 'sortOptions'> }): { value: SortOption; label: string }[] {
  return site.search.sortOptions.map((value) => ({ value, label: SORT_LABELS[value] }));
}

/**
 * The names the stock search state uses, with no schema library attached, so the search island's bundle
 * stays small; `src/schemas/search-state.ts` validates states built from these.
 */

/** Attributes that can be refined by a list of values (refinementList[attribute]=values). */
export const SEARCH_LIST_ATTRIBUTES = [
  'badge',
  'status',
  'car_type',
  'categories',
  'city',
  'colour',
  'dealership_name',
  'filtered_features',
  'item_type',
  'km',
  'location_name',
  'make',
  'make_model',
  'model',
  'price',
  'subscription_price',
  'price_range',
  'seats',
  'body',
  'drive',
  'fuel',
  'transmission',
  'state',
  'tag',
  'weekly_price_range',
  'year',
  'certified',
] as const;
export type SearchListAttribute = (typeof SEARCH_LIST_ATTRIBUTES)[number];

/** Sort options, in menu order; mostRelevant is the default. */
export const SORT_OPTIONS = ['mostRelevant', 'latest', 'highestPrice', 'lowestPrice'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

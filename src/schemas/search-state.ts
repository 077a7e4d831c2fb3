/** The stock search state kept in the URL: query, page, sort, refinement lists and ranges. */
import { z } from 'zod';

import { SEARCH_LIST_ATTRIBUTES, SORT_OPTIONS } from '../search/state.ts';

export { SEARCH_LIST_ATTRIBUTES, SORT_OPTIONS, type SearchListAttribute, type SortOption } from '../search/state.ts';

// URL values arrive as strings; numbers are accepted too.
const urlNumber = z.union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/, 'Expected a number').transform(Number)]);

/** A numeric range; either end may be open. */
export const SearchRangeSchema = z
  .object({
    /** Lower bound, inclusive. @example 5000 */
    min: urlNumber.pipe(z.number().nonnegative()).optional(),
    /** Upper bound, inclusive. @example 30000 */
    max: urlNumber.pipe(z.number().nonnegative()).optional(),
  })
  .refine((range) => range.min === undefined || range.max === undefined || range.min <= range.max, {
    path: ['max'],
    message: 'max is below min',
  });
export type SearchRange = z.output<typeof SearchRangeSchema>;

export const SearchStateSchema = z.object({
  /** Free-text query. @example 'corolla' */
  query: z.string().optional(),
  /** 1-based results page; written to the URL only above 1. @example 2 */
  page: urlNumber.pipe(z.number().int().positive()).optional(),
  /** Sort order. @example 'lowestPrice' */
  sortBy: z.enum(SORT_OPTIONS).optional(),
  /** Selected values per list attribute. @example { make: ['Toyota'], car_type: ['used'] } */
  refinementList: z.partialRecord(z.enum(SEARCH_LIST_ATTRIBUTES), z.array(z.string())).optional(),
  /** Numeric ranges (range[price]=min:max in the URL). */
  range: z
    .object({
      /** Price range, dollars. @example { min: 5000, max: 30000 } */
      price: SearchRangeSchema.optional(),
      /** Odometer range, kilometres. @example { max: 100000 } */
      km: SearchRangeSchema.optional(),
      /** Model-year range. @example { min: 2018 } */
      year: SearchRangeSchema.optional(),
    })
    .optional(),
});
export type SearchState = z.output<typeof SearchStateSchema>;
export type SearchStateInput = z.input<typeof SearchStateSchema>;

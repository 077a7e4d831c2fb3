/** A dealership (one business; it may have several locations). */
import { z } from 'zod';
import { id, nullishString, numberFromString, slug } from './common.ts';

export const DealershipSchema = z.object({
  /** Platform dealership id. @example 42 */
  id,
  /** Display name (not in every feed). @example 'Brisbane Toyota' */
  name: nullishString,
  /** Dealership slug (not in every feed); /search/{slug} lists its stock. @example 'brisbane-toyota' */
  slug: slug.nullish(),
  /** Average star rating 0 to 5 (numeric strings are converted). @example 4.7 */
  average_rating: numberFromString.pipe(z.number().min(0).max(5)).nullish(),
  /** Number of reviews. @example 1200 */
  review_count: z.number().int().nonnegative().nullish(),
});
export type Dealership = z.output<typeof DealershipSchema>;

/** Customer reviews of a dealership or location, and the summary shown with star ratings. */
import { z } from 'zod';
import { UrlObjectSchema, id, nullishString, numberFromString } from './common.ts';

// The platform sends average ratings as strings ("4.8"); output is always a number 0..5.
const rating = numberFromString.pipe(z.number().min(0).max(5));

export const ReviewSchema = z.object({
  /** Review id (platform ids are numbers; Google review ids are strings). @example 981 */
  id: z.union([id, z.string().min(1)]),
  /** Reviewer's name. @example 'Jane S.' */
  customer_name: nullishString,
  /** Review title; reviews with a title in the site's hidden list are not shown. @example 'Great service' */
  title: nullishString,
  /** Review text. */
  text: nullishString,
  /** Star rating 0 to 5 (numeric strings are converted). @example 5 */
  rating,
  /** When the review was written, shown as given. @example '2025-05-14' */
  review_date: nullishString,
  /** Review date in words, shown as given. @example 'May 2025' */
  review_date_in_words: nullishString,
  /** Age of the review in words, shown as given. @example '3 weeks ago' */
  created_at_time_ago_in_words: nullishString,
  /** The dealer's reply. */
  reply_text: nullishString,
  /** When the dealer replied, shown as given. @example '2025-05-15' */
  reply_date: nullishString,
  /** Reviewer photo. */
  image: UrlObjectSchema.nullish(),
  /** Location the review belongs to. @example 7 */
  location_id: id.nullish(),
});
export type Review = z.output<typeof ReviewSchema>;

/** Average rating and review count (on locations and dealerships). */
export const ReviewSummarySchema = z.object({
  /** Average star rating 0 to 5; the platform sends a string, output is a number. @example '4.8' -> 4.8 */
  average_rating: rating.nullish(),
  /** Number of reviews. @example 312 */
  count: z.number().int().nonnegative().nullish(),
});
export type ReviewSummary = z.output<typeof ReviewSummarySchema>;

/** A page of reviews with its summary. */
export const ReviewSetSchema = z.object({
  /** Total number of reviews. @example 312 */
  count: z.number().int().nonnegative(),
  /** Average star rating 0 to 5; the platform sends a string, output is a number. @example '4.8' -> 4.8 */
  average_rating: rating,
  /** The reviews. */
  reviews: z.array(ReviewSchema).default([]),
});
export type ReviewSet = z.output<typeof ReviewSetSchema>;
export type ReviewSetInput = z.input<typeof ReviewSetSchema>;

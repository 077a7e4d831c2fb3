/** The market price comparison answer (GET {vehicle path}/autogauge). */
import { z } from 'zod';
import { money, nullishString } from './common.ts';

export const PriceComparisonSchema = z.object({
  /**
   * Where the listing sits in the market range, from 0 (at or above the top of the range) to 1 (at
   * the bottom): the higher, the better the deal. Under 0.65 is labelled 'Good Deal', otherwise
   * 'Great Deal'.
   * @example 0.42
   */
  fill: z.number().min(0).max(1),
  /**
   * The vehicle's advertised price, in dollars.
   * @example 24990
   */
  listing_price: money,
  /**
   * Low end of the market range, in dollars.
   * @example 22000
   */
  market_range_min: money,
  /**
   * High end of the market range, in dollars. The panel is hidden when this is below the
   * listing price.
   * @example 28500
   */
  market_range_max: money,
  /**
   * Confidence of the estimate, 0 to 1. The panel is hidden at 0.2 or lower.
   * @example 0.8
   */
  confidence: z.number().min(0).max(1),
  /** Text shown with the panel. */
  description: nullishString,
});
export type PriceComparison = z.output<typeof PriceComparisonSchema>;

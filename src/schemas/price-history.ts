/** A vehicle's price history: the changes of its advertised price, oldest first. */
import { z } from 'zod';
import { isoDateTime, money } from './common.ts';

/** Changes a snapshot keeps per vehicle: the newest ones, older ones are dropped. */
export const PRICE_HISTORY_LIMIT = 10;

/** One change of the advertised price (the offer price where there is one, otherwise the price). */
export const PriceChangeSchema = z.object({
  /**
   * When the price changed: the platform's time of the change (the webhook event's time, or the
   * record's `updated_at` when a pull saw the change), otherwise the time the pull saw it.
   * @example '2026-11-12T03:15:00Z'
   */
  at: isoDateTime,
  /**
   * The advertised price before the change, dollars.
   * @example 31990
   */
  from: money,
  /**
   * The advertised price after the change, dollars.
   * @example 30990
   */
  to: money,
});
export type PriceChange = z.output<typeof PriceChangeSchema>;

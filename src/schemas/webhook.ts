import { z } from 'zod';

/**
 * A stock-change event from the dealer platform, as POSTed to
 * `/webhooks/<site slug>`. `data.record` may carry the full record; with only
 * `data.id` the record is fetched through the site's source.
 */
export const WEBHOOK_EVENT_TYPES = [
  'vehicle.created',
  'vehicle.updated',
  'vehicle.sold',
  'vehicle.deleted',
  'offer.changed',
  'location.changed',
  'review.changed',
  'model.changed',
] as const;

export const WebhookEventSchema = z.strictObject({
  /** Unique per event; a repeated id is acknowledged and ignored. @example "evt_01J9Z3K8W2" */
  id: z.string().trim().min(1).max(200),
  /** What happened. @example "vehicle.updated" */
  type: z.enum(WEBHOOK_EVENT_TYPES),
  /** When it happened on the platform (ISO 8601). @example "2026-11-22T09:30:00Z" */
  occurred_at: z.iso.datetime({ offset: true }),
  data: z.strictObject({
    /** Id of the changed record. @example 200123 */
    id: z.union([z.number().int().positive(), z.string().trim().min(1)]),
    /** The record as it is now (vehicle events); omit to have it fetched. Validated when applied. */
    record: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type WebhookEvent = z.output<typeof WebhookEventSchema>;

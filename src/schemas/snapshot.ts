import { z } from 'zod';
import { slug } from './common.ts';
import { DealershipSchema } from './dealership.ts';
import { LocationSchema } from './location.ts';
import { ModelSchema } from './model.ts';
import { OfferSchema } from './offer.ts';
import { PRICE_HISTORY_LIMIT, PriceChangeSchema } from './price-history.ts';
import { ReviewSchema } from './review.ts';
import { VehicleSchema } from './vehicle.ts';

/**
 * A vehicle after normalisation: the fields pages and search rely on are always present. The
 * feed's `price_history` is replaced by the snapshot's own, last in the record.
 */
export const NormalisedVehicleSchema = VehicleSchema.omit({ price_history: true }).extend({
  /** Unique within the site; derived from year, make, model, badge and id when the platform sends none. */
  slug,
  /** @example "mg" */
  make_slug: slug,
  /** @example "zs-ev" */
  model_slug: slug,
  /** Search body group. @example "SUV" */
  simple_body: z.string(),
  /** Search fuel group: Petrol, Diesel, Hybrid, Electric or Other. */
  simple_fuel: z.string(),
  /** Automatic or Manual. */
  simple_transmission: z.string(),
  /** @example "MG ZS EV" */
  make_model: z.string(),
  /** Name shown in titles and breadcrumbs (with the series where the site shows it). @example "2025 MG ZS EV Essence" */
  display_name: z.string(),
  /**
   * The last 10 changes of the advertised price, oldest first: from the feed's history when the site
   * first listed the vehicle, then those pulls and webhook updates saw. Snapshots written before the
   * history was kept read as none.
   */
  price_history: z.array(PriceChangeSchema).max(PRICE_HISTORY_LIMIT).default([]),
});
export type NormalisedVehicle = z.output<typeof NormalisedVehicleSchema>;

/** One record the pull left out, and why. */
export const QuarantinedRecordSchema = z.object({
  source: z.string(),
  id: z.string(),
  path: z.string(),
  reason: z.string(),
});

/** Counts in a pull report and in the snapshot's header. */
export const PullCountsSchema = z.object({
  /** Vehicle records the source returned. */
  pulled: z.number().int().nonnegative(),
  /** Vehicle records that failed validation. */
  quarantined: z.number().int().nonnegative(),
  /** Duplicate vehicle ids dropped (the newest record wins). */
  duplicates: z.number().int().nonnegative(),
  /** Valid vehicles the site's stock filters or the visibility rule left out. */
  filtered: z.number().int().nonnegative(),
  /** Vehicles in the snapshot. */
  published: z.number().int().nonnegative(),
  /** Published vehicles that are available (in_stock or coming_soon): what the stock-drop guard compares. */
  available: z.number().int().nonnegative(),
});
export type PullCounts = z.output<typeof PullCountsSchema>;

/** A vehicle that was on the site and is gone: its old pages redirect to the matching search page. */
export const RemovedVehicleSchema = z.object({
  id: z.number().int(),
  slug,
  make_slug: slug,
  model_slug: slug,
  /** When it left (ISO 8601); entries are kept for 90 days. */
  removedAt: z.string(),
});
export type RemovedVehicle = z.output<typeof RemovedVehicleSchema>;

/** What a site is rendered from: its normalised platform data at one moment. */
export const SnapshotSchema = z.object({
  meta: z.object({
    site: slug,
    /** When the pull finished (ISO 8601). */
    pulledAt: z.string(),
    /** Which source produced it, e.g. "file data/feed/bayside-mg". */
    source: z.string(),
    counts: PullCountsSchema,
    /** When events last changed it (ISO 8601); the pull time stays the pages' reference time. */
    updatedAt: z.string().optional(),
  }),
  vehicles: z.array(NormalisedVehicleSchema),
  locations: z.array(LocationSchema),
  reviews: z.array(ReviewSchema),
  dealerships: z.array(DealershipSchema),
  offers: z.array(OfferSchema),
  models: z.array(ModelSchema),
  /** Vehicles that left the site recently, for redirects. */
  removed: z.array(RemovedVehicleSchema).default([]),
});
export type Snapshot = z.output<typeof SnapshotSchema>;

/**
 * The location embedded in a vehicle record (where the car is), and the distribution
 * locations a test drive can be booked at.
 */
import { z } from 'zod';
import { AddressSchema } from './address.ts';
import { href, id, nullishString, slug } from './common.ts';

/**
 * Another dealership location that serves a location's customers. When a location has any,
 * the test-drive form adds a dealership picker.
 */
export const DistributionLocationSchema = z.object({
  /** Platform location id. */
  id,
  /**
   * Display name.
   * @example 'Brisbane Toyota Springwood'
   */
  name: nullishString,
  /** Location slug. */
  slug: slug.nullish(),
  /** Slug of the dealership the location belongs to (sent with test-drive leads). */
  dealership_slug: slug.nullish(),
});
export type DistributionLocation = z.output<typeof DistributionLocationSchema>;

export const VehicleLocationSchema = z.object({
  /** Platform location id. */
  id,
  /**
   * Display name.
   * @example 'Brisbane Toyota Woolloongabba'
   */
  name: nullishString,
  /**
   * Phone number as displayed.
   * @example '07 3333 4444'
   */
  phone: nullishString,
  /** Location slug. */
  slug: slug.nullish(),
  /** Map link used by Get Directions and the #vehicle-map anchor. */
  place_url: href.nullish(),
  /** Where the vehicle is. */
  address: AddressSchema.nullish(),
  /** Locations that also serve this one (adds a dealership picker to the test-drive form). */
  distribution_locations: z.array(DistributionLocationSchema).nullish(),
});
export type VehicleLocation = z.output<typeof VehicleLocationSchema>;

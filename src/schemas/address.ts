/**
 * A street address as the platform sends it, shared by dealership locations and the location
 * embedded in a vehicle record.
 */
import { z } from 'zod';
import { href, nullishString } from './common.ts';

// The platform sends coordinates as numbers or as numeric strings ("-27.4698").
const coordinate = (min: number, max: number) =>
  z
    .union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/, 'Expected a coordinate in decimal degrees').transform(Number)])
    .pipe(z.number().min(min).max(max));

export const AddressSchema = z.object({
  /**
   * Street line.
   * @example '123 Ipswich Road'
   */
  street: nullishString,
  /**
   * Suburb or city.
   * @example 'Woolloongabba'
   */
  city: nullishString,
  /**
   * State as the platform writes it (usually an upper-case code).
   * @example 'QLD'
   */
  state: nullishString,
  /**
   * Postcode, kept as a string.
   * @example '4102'
   */
  postcode: nullishString,
  /**
   * Latitude in decimal degrees (-90..90); numeric strings are converted.
   * @example -27.4975
   */
  lat: coordinate(-90, 90).nullish(),
  /**
   * Longitude in decimal degrees (-180..180); numeric strings are converted.
   * @example 153.0351
   */
  long: coordinate(-180, 180).nullish(),
  /** Google Maps place id. */
  place_id: nullishString,
  /**
   * Link to the place on a map (Get Directions).
   * @example 'https://maps.google.com/?cid=123'
   */
  place_url: href.nullish(),
  /** Map embed key for this address. */
  map_key: nullishString,
});
export type Address = z.output<typeof AddressSchema>;

/**
 * Postcode input and geocoding (spec sections 5 and 8): trade-in, sell-my-car and similar forms.
 */
import { POSTCODE_MESSAGE } from '../schemas/common.ts';

export { POSTCODE_MESSAGE };

/** The postcode input's `maxlength`. */
export const POSTCODE_MAX_LENGTH = 4;

/** Error when geocoding a postcode gives no result. */
export const GEOCODE_INVALID_POSTCODE = 'Invalid postcode';

/**
 * The postcode as it is kept in the input while typing: digits only, at most 4, never grouped
 * with a thousands separator ('4,000' -> '4000'; leading zeros kept for NT postcodes).
 */
export function postcodeInputValue(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, POSTCODE_MAX_LENGTH);
}

/**
 * The error for a postcode field, or `null` when it is valid. Required and exactly 4 digits
 * (surrounding spaces ignored); an empty field gets the same message, as the spec gives only one.
 */
export function postcodeError(value: string | null | undefined): string | null {
  return /^\d{4}$/.test((value ?? '').trim()) ? null : POSTCODE_MESSAGE;
}

/** The query of the geocoding call: the postcode, restricted to Australia. */
export function geocodeQuery(postcode: string): { address: string; components: string } {
  return { address: postcode.trim(), components: 'country:AU' };
}

/** A geocoding answer: results, the first of which has a location. */
export interface GeocodeResponse {
  results?: ReadonlyArray<{ geometry?: { location?: { lat?: number; lng?: number } | null } | null }> | null;
}

/**
 * The first result's latitude and longitude. Throws `Error('Invalid postcode')` when the answer
 * has no result with numeric coordinates.
 */
export function geocodedPoint(response: GeocodeResponse | null | undefined): { lat: number; long: number } {
  const location = response?.results?.[0]?.geometry?.location;
  if (!location || typeof location.lat !== 'number' || typeof location.lng !== 'number') {
    throw new Error(GEOCODE_INVALID_POSTCODE);
  }
  return { lat: location.lat, long: location.lng };
}

/** Latitude and longitude of postcodes, as `[lat, long]` by 4-digit postcode. */
export type PostcodeCentroids = Readonly<Record<string, readonly [lat: number, long: number]>>;

/**
 * Geocodes a postcode against a table of postcode centroids shipped with the site (no maps
 * service is called). Throws `Error('Invalid postcode. Please enter a 4-digit number.')` when
 * the value is not 4 digits, and `Error('Invalid postcode')` when no such postcode is known.
 */
export function geocodePostcode(value: string, centroids: PostcodeCentroids): { lat: number; long: number } {
  const invalid = postcodeError(value);
  if (invalid) throw new Error(invalid);
  const point = centroids[value.trim()];
  if (!point) throw new Error(GEOCODE_INVALID_POSTCODE);
  return { lat: point[0], long: point[1] };
}

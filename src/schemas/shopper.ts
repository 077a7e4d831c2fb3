/**
 * What a shopper's browser keeps: watchlist, favourites, viewed vehicles, remembered contact
 * details and the signed-in user. Values read back from localStorage are parsed with these
 * schemas before use; unknown keys (older versions) are dropped.
 */
import { z } from 'zod';
import { id, imageUrl, nullishString, slug } from './common.ts';

/** A vehicle saved to the server-side watchlist. */
export const WatchlistEntrySchema = z.object({
  /** Vehicle id. @example 123456 */
  id,
});
export type WatchlistEntry = z.output<typeof WatchlistEntrySchema>;

/** A vehicle saved to the local favourites / compare list. */
export const FavouriteSchema = z.object({
  /** Vehicle id. @example 123456 */
  id,
  /** Vehicle display name. @example '2021 Toyota Corolla Ascent Sport' */
  name: z.string(),
  /** Vehicle slug (/cars/{slug}). @example '2021-toyota-corolla-ascent-sport-123456' */
  slug,
  /** Make. @example 'Toyota' */
  make: z.string(),
  /** Model. @example 'Corolla' */
  model: z.string(),
  /** Main image. @example 'images/suv-red-1.jpg' */
  primary_image_url: imageUrl.nullish(),
});
export type Favourite = z.output<typeof FavouriteSchema>;

/** A vehicle the shopper has viewed (recently-viewed list, analytics). */
export const ViewedVehicleSchema = z.object({
  /** Vehicle id. @example 123456 */
  id,
  /** Dealer stock number. @example 'U12345' */
  stocknum: nullishString,
  /** Make. @example 'Toyota' */
  make: z.string(),
  /** Model. @example 'Corolla' */
  model: z.string(),
  /** Body as the feed writes it. @example 'Hatch' */
  body: nullishString,
  /** Normalised body. @example 'Hatchback' */
  simple_body: nullishString,
});
export type ViewedVehicle = z.output<typeof ViewedVehicleSchema>;

/** Contact details remembered to prefill forms. Not validated strictly: they were valid when typed. */
export const RememberedUserDetailsSchema = z.object({
  /** First name. @example 'Jane' */
  name: z.string().optional(),
  /** Last name. @example 'Citizen' */
  last_name: z.string().optional(),
  /** Email. @example 'jane@example.com' */
  email: z.string().optional(),
  /** Phone. @example '0412 345 678' */
  phone: z.string().optional(),
  /** Postcode. @example '4000' */
  postcode: z.string().optional(),
});
export type RememberedUserDetails = z.output<typeof RememberedUserDetailsSchema>;

/** The signed-in user as the site sees it; signed in when it has an id. */
export const UserSchema = z.object({
  /** User id; present only when signed in. @example 'usr_81f2' */
  id: z.union([id, z.string().min(1)]).optional(),
  /** Phone on record; needed to save to the watchlist. @example '0412345678' */
  phone: z.string().min(1).optional(),
});
export type User = z.output<typeof UserSchema>;

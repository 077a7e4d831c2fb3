/** A dealership location with its hours, contact details and review summary. */
import { z } from 'zod';
import { AddressSchema } from './address.ts';
import { UrlObjectSchema, clockTime, id, isoDate, nullishString, numberFromString, slug } from './common.ts';
import { ReviewSummarySchema } from './review.ts';
import { DistributionLocationSchema } from './vehicle-location.ts';

/** Location types; '' is sent for locations without a type. */
export const LOCATION_TYPES = ['sales', 'service', 'parts', 'service-and-parts', ''] as const;

/** Whether a location is open. */
export const openStatus = z.enum(['Open', 'Closed']);

/** Regular hours for one weekday. Missing hours show 'Closed'. */
export const OpeningHourSchema = z.object({
  /** Day of the week, 0 (Sunday) to 6 (Saturday). @example 1 */
  weekday: z.number().int().min(0).max(6),
  /** Open or Closed. @example 'Open' */
  status: openStatus,
  /** Hours as the platform formats them for display (platform spelling kept). @example '8:00 am - 5:30 pm' */
  formated_hours: nullishString,
  /** Opening time, 24-hour HH:MM. @example '08:00' */
  open: clockTime.nullish(),
  /** Closing time, 24-hour HH:MM. @example '17:30' */
  close: clockTime.nullish(),
  /** Text shown instead of the hours, e.g. for closed days seen by appointment. @example 'By appointment only' */
  note: nullishString,
});
export type OpeningHour = z.output<typeof OpeningHourSchema>;

/** Hours that replace the regular hours on one date (public holidays). */
export const SpecialHoursSchema = z.object({
  /** The date, ISO 8601. @example '2025-12-25' */
  date: isoDate,
  /** Open or Closed. @example 'Closed' */
  status: openStatus,
  /** Location the hours apply to. @example 7 */
  location_id: id.nullish(),
  /** Opening time, 24-hour HH:MM (one platform shape). @example '09:00' */
  start_hour: clockTime.nullish(),
  /** Closing time, 24-hour HH:MM (one platform shape). @example '13:00' */
  end_hour: clockTime.nullish(),
  /** Opening and closing times (the other platform shape). */
  hours: z
    .object({
      /** Opening time, 24-hour HH:MM. @example '09:00' */
      begin: clockTime.nullish(),
      /** Closing time, 24-hour HH:MM. @example '13:00' */
      end: clockTime.nullish(),
    })
    .nullish(),
});
export type SpecialHours = z.output<typeof SpecialHoursSchema>;

/** Phones and regular hours of a location. */
export const ContactDetailSchema = z.object({
  /** Main (often mobile-friendly) phone number as displayed. @example '07 3333 4444' */
  phone: nullishString,
  /** Landline number as displayed. @example '07 3333 4445' */
  landline_phone: nullishString,
  /** Regular hours, one entry per weekday. */
  opening_hours: z.array(OpeningHourSchema).nullish(),
});
export type ContactDetail = z.output<typeof ContactDetailSchema>;

export const LocationSchema = z.object({
  /** Platform location id. @example 7 */
  id,
  /** Display name. @example 'Brisbane Toyota Woolloongabba' */
  name: z.string().trim().min(1),
  /** Location slug (/search/{slug}, /locations/{slug}). @example 'brisbane-toyota-woolloongabba' */
  slug: slug.nullish(),
  /** What the location does. @example 'sales' */
  location_type: z.enum(LOCATION_TYPES).nullish(),
  /**
   * Sub-types; the platform sends a list or a comma-separated string, output is a list.
   * @example ['buying']
   */
  location_subtype: z
    .union([
      z.array(z.string()),
      z.string().transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== ''),
      ),
    ])
    .nullish(),
  /** Whether the location is shown on the site. */
  visible: z.boolean().nullish(),
  /** True for the dealership's main location. */
  primary: z.boolean().nullish(),
  /** Dealership the location belongs to. @example 42 */
  dealership_id: id.nullish(),
  /** Slug of that dealership. @example 'brisbane-toyota' */
  dealership_slug: slug.nullish(),
  /** Makes sold or serviced here, as make slugs. @example ['toyota', 'lexus'] */
  manufacturers: z.array(slug).nullish(),
  /** Address and map data. */
  address: AddressSchema.nullish(),
  /** Phones and regular hours. */
  contact_detail: ContactDetailSchema.nullish(),
  /** Dated exceptions to the regular hours (View Holiday Hours). */
  special_hours: z.array(SpecialHoursSchema).nullish(),
  /** Location photo, with a thumbnail. */
  image: z
    .object({
      /** The photo. */
      image: z
        .object({
          /** Full-size URL or path. */
          url: UrlObjectSchema.shape.url,
          /** Thumbnail. */
          thumb: UrlObjectSchema.nullish(),
        })
        .nullish(),
    })
    .nullish(),
  /** Review summary. */
  reviews: ReviewSummarySchema.nullish(),
  /** Average star rating 0 to 5 (numeric strings are converted). @example 4.8 */
  average_rating: numberFromString.pipe(z.number().min(0).max(5)).nullish(),
  /** Number of reviews. @example 312 */
  review_count: z.number().int().nonnegative().nullish(),
  /** Motor dealer licence number shown in the footer. @example 'MD12345' */
  dealer_license_number: nullishString,
  /** Motor vehicle repairer licence number. @example 'MVRL12345' */
  motor_vehicle_repairer: nullishString,
  /** Locations that also serve this one (adds a dealership picker to the test-drive form). */
  distribution_locations: z.array(DistributionLocationSchema).nullish(),
});
export type Location = z.output<typeof LocationSchema>;
export type LocationInput = z.input<typeof LocationSchema>;

/**
 * Small building blocks shared by the entity schemas: dates, money, slugs, URLs, ids and the
 * Australian contact formats used by lead forms.
 */
import { z } from 'zod';
import { withoutBidiControls } from '../lib/text.ts';

/** Vehicle car types, in the order the site shows them (new, demo, used). */
export const CAR_TYPES = ['new', 'demo', 'used'] as const;

/** A vehicle's car type. */
export const carType = z.enum(CAR_TYPES);
export type CarType = z.output<typeof carType>;

/** Australian state and territory codes, upper case. */
export const AU_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;

/**
 * An Australian state or territory code. Case-insensitive on input ('qld' is the platform's
 * default state); always upper case in the output.
 * @example 'QLD'
 */
export const auState = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(AU_STATES, { error: `Expected an Australian state code: ${AU_STATES.join(', ')}` }));

const DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * True when the string's YYYY-MM-DD part names a day that exists and the whole string parses.
 * The zod format checks already reject most impossible days; this round trip through `Date`
 * keeps the guarantee even if a format check is loosened later.
 */
function isRealCalendarDate(value: string): boolean {
  const match = DATE_PREFIX.exec(value);
  if (!match) return false;
  const [, y, m, d] = match;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    !Number.isNaN(Date.parse(value))
  );
}

const NOT_A_REAL_DATE = 'Not a real calendar date (check the month and the day, e.g. there is no 2025-02-30)';

/**
 * An ISO 8601 date (`2025-07-01`) or date-time, with or without an offset
 * (`2025-07-01T09:00:00+10:00`, `2025-07-01T09:00:00Z`, `2025-07-01T09:00`), that is also a real
 * calendar day. Kept as the original string in the output.
 * @example '2025-07-01T00:00:00+10:00'
 */
export const isoDateTime = z
  .union([z.iso.datetime({ offset: true, local: true }), z.iso.date()], {
    error: 'Expected an ISO 8601 date (2025-07-01) or date-time (2025-07-01T09:00:00+10:00)',
  })
  .refine(isRealCalendarDate, NOT_A_REAL_DATE);

/**
 * An ISO 8601 date-time that carries its UTC offset (`Z` or `+10:00`), and is a real calendar
 * day. Used where the moment matters regardless of where the build runs (promo windows):
 * Brisbane times are written with `+10:00`.
 * @example '2025-07-24T23:59:59+10:00'
 */
export const isoDateTimeWithOffset = z
  .iso.datetime({
    offset: true,
    error: 'Expected an ISO 8601 date-time with an offset, e.g. 2025-07-01T00:00:00+10:00 (Brisbane)',
  })
  .refine(isRealCalendarDate, NOT_A_REAL_DATE);

/**
 * An ISO 8601 calendar date (no time) that exists.
 * @example '2025-12-25'
 */
export const isoDate = z.iso.date({ error: 'Expected an ISO 8601 date, e.g. 2025-12-25' }).refine(isRealCalendarDate, NOT_A_REAL_DATE);

/**
 * A 24-hour clock time `HH:MM`.
 * @example '08:30'
 */
export const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Expected a 24-hour time HH:MM, e.g. 08:30');

/**
 * An amount of Australian dollars: a finite number, zero or more (NaN and Infinity are rejected
 * by `z.number()` itself). 0 means "no price".
 * @example 24990
 */
export const money = z
  .number({ error: 'Expected an amount in dollars (a number)' })
  .nonnegative('An amount cannot be negative')
  .max(20_000_000, 'Expected at most $20,000,000: no vehicle, offer or finance amount the sites show comes near that, so this is a mistake in the record');

/** Longest text a record's ordinary field may hold; anything longer is a broken record, not prose. */
export const TEXT_MAX = 2_000;

/**
 * Feed text shown to shoppers, which the feed may send as null or leave out. Bidirectional formatting
 * characters are removed (they can make a name or a price read backwards); at most {@link TEXT_MAX}
 * characters.
 */
export const nullishString = z
  .string()
  .max(TEXT_MAX, `Longer than ${TEXT_MAX.toLocaleString('en-AU')} characters: a broken record rather than text to show`)
  .transform(withoutBidiControls)
  .nullish();

/**
 * Long feed text (dealer comments): no length limit here, because an over-long text is clipped when the
 * snapshot is made (and the clip reported) rather than losing the vehicle. Bidirectional formatting
 * characters are removed.
 */
export const nullishLongText = z.string().transform(withoutBidiControls).nullish();

/** Characters no make or model name has: markup, template and escape characters, and control characters. */
const NOT_IN_A_NAME = /[<>{}\[\]`\\$|\u0000-\u001f\u007f-\u009f]/;

/**
 * A make or model name as the platform sends it: it becomes a search landing page (/search/{make}/{model}),
 * its title and sitemap entries, so a record whose name cannot be one is quarantined rather than published.
 * At most `max` characters, with a letter or digit, no markup, template or control characters;
 * bidirectional formatting characters are removed.
 * @example 'Toyota'
 */
export function vehicleName(max: number) {
  return z
    .string()
    .transform(withoutBidiControls)
    .pipe(
      z
        .string()
        .trim()
        .min(1)
        .max(max, `Longer than ${max} characters: not a make or model name`)
        .refine((value) => !NOT_IN_A_NAME.test(value), 'Not a make or model name: it holds markup, template or control characters (< > { } [ ] ` \\ $ |)')
        .refine((value) => /[\p{L}\p{N}]/u.test(value), 'Not a make or model name: it has no letter or digit'),
    );
}

/**
 * A URL slug: lowercase letters, digits and single hyphens, no leading or trailing hyphen.
 * @example 'toyota-corolla-2021-abc123'
 */
export const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Expected a slug: lowercase letters, digits and hyphens, e.g. brisbane-toyota');

// A string that starts with a scheme, e.g. "javascript:" or "https:".
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * An image location: an absolute `http(s)` URL, a protocol-relative `//host/...` URL, or a
 * relative path (`images/suv-red-1.jpg`, `/images/a.jpg`). Other schemes (`javascript:`,
 * `data:`) are rejected because these strings end up in `src` attributes.
 * @example 'https://cdn.example.com/cars/123/1.jpg'
 * @example 'images/suv-red-1.jpg'
 */
export const imageUrl = z
  .string()
  .trim()
  .min(1, 'Expected an image URL or path')
  .refine((value) => !SCHEME.test(value) || /^https?:/i.test(value), 'Expected an http(s) URL or a relative path');

/**
 * A link target: an absolute `http(s)` URL, `mailto:` or `tel:`, a site-relative path
 * (`/special-offers`), or an anchor (`#finance-form`). Other schemes are rejected because these
 * strings end up in `href` attributes.
 * @example '/special-offers'
 */
export const href = z
  .string()
  .trim()
  .min(1, 'Expected a URL or a path')
  .refine(
    (value) => !SCHEME.test(value) || /^(https?|mailto|tel):/i.test(value),
    'Expected an http(s), mailto: or tel: URL, or a path such as /special-offers',
  );

/**
 * A platform record id: a positive integer.
 * @example 123456
 */
export const id = z.number().int().positive();

/**
 * A positive integer id that may arrive as a numeric string (form fields, query strings).
 * Output is always a number.
 * @example '123456' -> 123456
 */
export const idFromString = z.union([id, z.string().trim().regex(/^\d+$/, 'Expected a numeric id').transform(Number).pipe(id)]);

/**
 * A finite number that may arrive as a numeric string (the platform sends some numbers as
 * strings, e.g. review averages `"4.8"`). Output is always a number.
 * @example '4.8' -> 4.8
 */
export const numberFromString = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, 'Expected a number')
    .transform(Number),
]);

/**
 * A year between 1900 and 2100, as a number or a numeric string (form selects send strings).
 * @example 2021
 */
export const year = z.union([z.number(), z.string().trim().regex(/^\d{4}$/, 'Expected a four-digit year').transform(Number)]).pipe(
  z.number().int().min(1900).max(2100),
);

/** Message shown when a postcode is not exactly four digits. */
export const POSTCODE_MESSAGE = 'Invalid postcode. Please enter a 4-digit number.';

/**
 * An Australian postcode: exactly four digits, kept as a string (NT postcodes start with 0).
 * @example '4000'
 */
export const postcode = z.string({ error: POSTCODE_MESSAGE }).trim().regex(/^\d{4}$/, POSTCODE_MESSAGE);

/**
 * An email address.
 * @example 'jane@example.com'
 */
export const email = z.email('Please enter a valid email address.');

/**
 * A phone number as a person types it: digits, spaces, `+` and parentheses only, with 8 to 15
 * digits in total.
 * @example '0412 345 678'
 * @example '+61 (7) 3333 4444'
 */
export const phone = z
  .string()
  .trim()
  .regex(/^[\d\s+()]+$/, 'Please enter a valid phone number (digits, spaces, + and brackets only).')
  .refine((value) => {
    const digits = value.replace(/\D/g, '').length;
    return digits >= 8 && digits <= 15;
  }, 'Please enter a valid phone number (8 to 15 digits).');

/**
 * A value on a specification row, shown as given. The platform sends numbers, strings with
 * units ("7.3m") and sometimes the text 'null'; rows with empty values are hidden by the page.
 * @example 2450
 * @example '7.3m'
 */
export const specValue = z.union([z.number(), z.string()]).nullish();

/**
 * A `{ url }` wrapper the platform uses for images.
 * @example { url: 'https://cdn.example.com/logo.png' }
 */
export const UrlObjectSchema = z.object({
  /** Image URL or relative path. */
  url: imageUrl.nullish(),
});
export type UrlObject = z.output<typeof UrlObjectSchema>;

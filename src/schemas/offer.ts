/**
 * A special offer. Offers come from the platform and are also written by hand by marketing
 * staff in YAML, so the schema is strict: a misspelt key is an error, not silently dropped.
 */
import { z } from 'zod';
import { href, id, imageUrl, isoDateTime, slug } from './common.ts';

export const OfferSchema = z
  .strictObject({
    /**
     * Offer id, used in /offers/{offerId}: a platform number or a slug.
     * @example 'eofy-corolla-2025'
     * @example 1042
     */
    id: z.union([id, slug]),
    /**
     * Headline.
     * @example '$0 deposit finance on Corolla'
     */
    name: z.string().trim().min(1, 'An offer needs a name (its headline)'),
    /**
     * Body text. HTML is allowed and stored as given; it is cut at 160 characters when collapsed.
     * @example '<p>Drive away a new Corolla with <strong>$0 deposit</strong>.</p>'
     */
    description: z.string(),
    /**
     * Plain-text or cleaned version of the description, when the platform provides one.
     * @example 'Drive away a new Corolla with $0 deposit.'
     */
    sanitized_description: z.string().nullish(),
    /**
     * Fine print; cut at 200 characters when collapsed.
     * @example 'Offer ends 30 June 2025. Approved applicants only.'
     */
    disclaimer: z.string().nullish(),
    /**
     * Offer category.
     * @example 'Finance offer'
     */
    category: z.string().nullish(),
    /**
     * Offer image URL or path.
     * @example 'images/offers/corolla-eofy.jpg'
     */
    image_url: imageUrl.nullish(),
    /**
     * The offer image, or the model image when the offer has none.
     * @example { url: 'images/models/corolla.jpg' }
     */
    image_or_model_image: z
      .strictObject({
        /**
         * Image URL or path.
         * @example 'images/models/corolla.jpg'
         */
        url: imageUrl,
      })
      .nullish(),
    /**
     * The model the offer is for.
     * @example { name: 'Corolla', slug: 'corolla' }
     */
    model: z
      .strictObject({
        /**
         * Model name.
         * @example 'Corolla'
         */
        name: z.string().trim().min(1),
        /**
         * Model slug.
         * @example 'corolla'
         */
        slug: slug.nullish(),
        /**
         * Link used instead of the model page.
         * @example '/new-vehicles/corolla-hybrid'
         */
        override_url: href.nullish(),
      })
      .nullish(),
    /**
     * Manufacturer, as a name or as `{ name }`; the output is always the name.
     * @example 'Toyota'
     * @example { name: 'Toyota' }
     */
    manufacturer: z
      .union([
        z.string().trim().min(1),
        z.strictObject({
          /**
           * Manufacturer name.
           * @example 'Toyota'
           */
          name: z.string().trim().min(1),
        }),
      ])
      .transform((value) => (typeof value === 'string' ? value : value.name)),
    /**
     * Sites that must not show the offer, as site slugs or platform website ids (numbers are
     * converted to strings).
     * @example ['brisbane-toyota', '17']
     */
    excluded_website_ids: z
      .array(z.union([z.string().trim().min(1), id.transform(String)]))
      .default([]),
    /**
     * First moment the offer shows (ISO 8601; add +10:00 for Brisbane time).
     * @example '2025-06-01T00:00:00+10:00'
     */
    start: isoDateTime.nullish(),
    /**
     * Moment after which the offer is hidden (ISO 8601; add +10:00 for Brisbane time).
     * @example '2025-06-30T23:59:59+10:00'
     */
    expiry: isoDateTime.nullish(),
  })
  .refine((offer) => !offer.start || !offer.expiry || Date.parse(offer.start) <= Date.parse(offer.expiry), {
    path: ['expiry'],
    message: 'expiry is before start',
  });
export type Offer = z.output<typeof OfferSchema>;
export type OfferInput = z.input<typeof OfferSchema>;

/**
 * A special offer. Offers come from the platform and are also written by hand by marketing
 * staff in YAML, so the schema is strict: a misspelt key is an error, not silently dropped.
 */
import { z } from 'zod';
import { href, id, imageUrl, isoDateTime, slug } from './common.ts';

export const OfferSchema = z
  .strictObject({
    /**
     * @example 'eofy-corolla-2025'
     * @example 1042
     */
    id: z.union([id, slug]).meta({ description: 'Offer id, used in /offers/{offerId}: a platform number or a slug.' }),
    /** @example '$0 deposit finance on Corolla' */
    name: z.string().trim().min(1, 'An offer needs a name (its headline)').meta({ description: 'Headline.' }),
    /** @example '<p>Drive away a new Corolla with <strong>$0 deposit</strong>.</p>' */
    description: z.string().meta({ description: 'Body text. HTML is allowed and stored as given; it is cut at 160 characters when collapsed.' }),
    /** @example 'Drive away a new Corolla with $0 deposit.' */
    sanitized_description: z.string().nullish().meta({ description: 'Plain-text or cleaned version of the description, when the platform provides one.' }),
    /** @example 'Offer ends 30 June 2025. Approved applicants only.' */
    disclaimer: z.string().nullish().meta({ description: 'Fine print; cut at 200 characters when collapsed.' }),
    /** @example 'Finance offer' */
    category: z.string().nullish().meta({ description: 'Offer category.' }),
    /** @example 'images/offers/corolla-eofy.jpg' */
    image_url: imageUrl.nullish().meta({ description: 'Offer image URL or path.' }),
    /** @example { url: 'images/models/corolla.jpg' } */
    image_or_model_image: z
      .strictObject({
        /** @example 'images/models/corolla.jpg' */
        url: imageUrl.meta({ description: 'Image URL or path.' }),
      })
      .nullish().meta({ description: 'The offer image, or the model image when the offer has none.' }),
    /** @example { name: 'Corolla', slug: 'corolla' } */
    model: z
      .strictObject({
        /** @example 'Corolla' */
        name: z.string().trim().min(1).meta({ description: 'Model name.' }),
        /** @example 'corolla' */
        slug: slug.nullish().meta({ description: 'Model slug.' }),
        /** @example '/new-vehicles/corolla-hybrid' */
        override_url: href.nullish().meta({ description: 'Link used instead of the model page.' }),
      })
      .nullish().meta({ description: 'The model the offer is for.' }),
    /**
     * @example 'Toyota'
     * @example { name: 'Toyota' }
     */
    manufacturer: z
      .union([
        z.string().trim().min(1),
        z.strictObject({
          /** @example 'Toyota' */
          name: z.string().trim().min(1).meta({ description: 'Manufacturer name.' }),
        }),
      ])
      .transform((value) => (typeof value === 'string' ? value : value.name)).meta({ description: 'Manufacturer, as a name or as `{ name }`; the output is always the name.' }),
    /** @example ['brisbane-toyota', '17'] */
    excluded_website_ids: z
      .array(z.union([z.string().trim().min(1), id.transform(String)]))
      .default([]).meta({ description: 'Sites that must not show the offer, as site slugs or platform website ids (numbers are converted to strings).' }),
    /** @example '2025-06-01T00:00:00+10:00' */
    start: isoDateTime.nullish().meta({ description: 'First moment the offer shows (ISO 8601; add +10:00 for Brisbane time).' }),
    /** @example '2025-06-30T23:59:59+10:00' */
    expiry: isoDateTime.nullish().meta({ description: 'Moment after which the offer is hidden (ISO 8601; add +10:00 for Brisbane time).' }),
  })
  .refine((offer) => !offer.start || !offer.expiry || Date.parse(offer.start) <= Date.parse(offer.expiry), {
    path: ['expiry'],
    message: 'expiry is before start',
  });
export type Offer = z.output<typeof OfferSchema>;
export type OfferInput = z.input<typeof OfferSchema>;

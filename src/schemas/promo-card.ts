/**
 * Promo cards inserted into the search results grid, written by marketing staff in YAML. Strict:
 * a misspelt key is an error, not silently dropped.
 */
import { z } from 'zod';
import { CAR_TYPES, carType, href, imageUrl, isoDateTimeWithOffset, slug } from './common.ts';

// Fields shared by both card shapes. A function so each schema gets its own objects.
const promoWindowAndTargeting = () => ({
  /** @example ['used'] */
  display: z.array(carType).min(1, 'display needs at least one car type: new, demo or used').default([...CAR_TYPES]).meta({ description: 'Car types whose searches may show the card; all of them by default.' }),
  /** @example false */
  strictDisplay: z.boolean().default(false).meta({ description: 'Strict car-type matching: when true the card needs an active car-type filter that is one of `display`; when false, searches without a car-type filter show it too.' }),
  /** @example '2025-07-01T00:00:00+10:00' */
  start: isoDateTimeWithOffset.optional().meta({ description: 'First moment the card shows: ISO 8601 with an offset (Brisbane is +10:00).' }),
  /** @example '2025-07-24T23:59:59+10:00' */
  expiry: isoDateTimeWithOffset.optional().meta({ description: 'Moment after which the card is hidden: ISO 8601 with an offset (Brisbane is +10:00).' }),
  /** @example 8 */
  position: z.number().int().positive().optional().meta({ description: 'Fixed 1-based slot in the results grid; cards without one are placed at the repeating interval.' }),
});

const bannerFields = () => ({
  /** @example '/sell-my-car' */
  link: href.optional().meta({ description: 'Link the whole card opens.' }),
  /** @example '#0b2545' */
  background: z.string().trim().min(1).optional().meta({ description: 'Background colour behind the card content (CSS colour).' }),
});

function windowIsOrdered(card: { start?: string; expiry?: string }): boolean {
  return !card.start || !card.expiry || Date.parse(card.start) < Date.parse(card.expiry);
}
const WINDOW_ORDER = { path: ['expiry'], message: 'expiry must be after start' };

/** An image-only promo card (the platform's banner promo card shape). */
export const BannerPromoCardSchema = z
  .strictObject({
    /** @example 'images/promos/we-want-your-car.jpg' */
    image: imageUrl.meta({ description: 'Card image URL or path.' }),
    /** @example 'We Want Your Car! Get a valuation today' */
    alt: z.string().trim().min(1, 'alt text is required for a promo card image').meta({ description: 'Alternative text for the image.' }),
    ...bannerFields(),
    ...promoWindowAndTargeting(),
  })
  .refine(windowIsOrdered, WINDOW_ORDER);
export type BannerPromoCard = z.output<typeof BannerPromoCardSchema>;
export type BannerPromoCardInput = z.input<typeof BannerPromoCardSchema>;

/** A promo card as written in marketing YAML: an image card, a text card, or both. */
export const PromoCardSchema = z
  .strictObject({
    /** @example 'stocktake-2025' */
    id: slug.meta({ description: 'Unique id of the card within the site.' }),
    /** @example 'We Want Your Car!' */
    title: z.string().trim().min(1).optional().meta({ description: 'Heading.' }),
    /** @example 'Get a free valuation in 2 minutes.' */
    text: z.string().trim().min(1).optional().meta({ description: 'Body text.' }),
    /** @example 'images/promos/stocktake.jpg' */
    image: imageUrl.optional().meta({ description: 'Card image URL or path.' }),
    /** @example 'Stocktake sale: up to $5,000 off' */
    alt: z.string().trim().min(1).optional().meta({ description: 'Alternative text for the image; required when there is an image.' }),
    ...bannerFields(),
    ...promoWindowAndTargeting(),
  })
  .refine((card) => card.image !== undefined || card.title !== undefined || card.text !== undefined, {
    message: 'A promo card needs an image, a title or a text',
  })
  .refine((card) => card.image === undefined || card.alt !== undefined, {
    path: ['alt'],
    message: 'alt text is required when a promo card has an image',
  })
  .refine(windowIsOrdered, WINDOW_ORDER);
export type PromoCard = z.output<typeof PromoCardSchema>;
export type PromoCardInput = z.input<typeof PromoCardSchema>;

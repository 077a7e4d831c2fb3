/** Content of a hero / feature banner block, written by hand. Strict: misspelt keys are errors. */
import { z } from 'zod';
import { href, imageUrl } from './common.ts';

/** A banner button. */
export const BannerButtonSchema = z.strictObject({
  /** Button label. @example 'View Offers' */
  name: z.string().trim().min(1),
  /** Where it goes. @example '/special-offers' */
  url: href,
});
export type BannerButton = z.output<typeof BannerButtonSchema>;

export const BannerItemsSchema = z.strictObject({
  /** Background image. */
  image: z
    .strictObject({
      /** Image URL or path. @example 'images/banners/service.jpg' */
      url: imageUrl,
      /** Alternative text. @example 'Technician servicing a car' */
      alt: z.string(),
    })
    .optional(),
  /** Heading block. */
  header: z
    .strictObject({
      /** Heading. @example 'Book Your Service at Brisbane Toyota' */
      text: z.string().trim().min(1),
      /** Sub-heading. @example 'Capped price servicing, fixed for 12 months' */
      subHeaderText: z.string().optional(),
    })
    .optional(),
  /** Short selling points. */
  CTAS: z
    .array(
      z.strictObject({
        /** Point title. @example 'Genuine parts' */
        name: z.string().trim().min(1),
        /** Point text. @example 'Fitted by factory-trained technicians' */
        desc: z.string().optional(),
      }),
    )
    .default([]),
  /** Main button. */
  primaryButton: BannerButtonSchema.optional(),
  /** Second button. */
  secondaryButton: BannerButtonSchema.optional(),
  /** Cards shown under the banner. */
  items: z
    .array(
      z.strictObject({
        /** Card heading. @example 'Latest offers' */
        heading: z.string().trim().min(1),
        /** Card text. */
        desc: z.string().optional(),
        /** Card image URL or path. @example 'images/banners/offers.jpg' */
        image: imageUrl.optional(),
        /** True for the highlighted card. */
        isPrimary: z.boolean().default(false),
      }),
    )
    .default([]),
});
export type BannerItems = z.output<typeof BannerItemsSchema>;
export type BannerItemsInput = z.input<typeof BannerItemsSchema>;

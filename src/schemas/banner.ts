/** Content of a hero / feature banner block, written by hand. Strict: misspelt keys are errors. */
import { z } from 'zod';
import { href, imageUrl } from './common.ts';

/** A banner button. */
export const BannerButtonSchema = z.strictObject({
  name: z.string().trim().min(1).meta({ description: "Button label. @example 'View Offers'" }),
  url: href.meta({ description: "Where it goes. @example '/special-offers'" }),
});
export type BannerButton = z.output<typeof BannerButtonSchema>;

export const BannerItemsSchema = z.strictObject({
  image: z
    .strictObject({
      url: imageUrl.meta({ description: "Image URL or path. @example 'images/banners/service.jpg'" }),
      alt: z.string().meta({ description: "Alternative text. @example 'Technician servicing a car'" }),
    })
    .optional().meta({ description: 'Background image.' }),
  header: z
    .strictObject({
      text: z.string().trim().min(1).meta({ description: "Heading. @example 'Book Your Service at Brisbane Toyota'" }),
      subHeaderText: z.string().optional().meta({ description: "Sub-heading. @example 'Capped price servicing, fixed for 12 months'" }),
    })
    .optional().meta({ description: 'Heading block.' }),
  CTAS: z
    .array(
      z.strictObject({
        name: z.string().trim().min(1).meta({ description: "Point title. @example 'Genuine parts'" }),
        desc: z.string().optional().meta({ description: "Point text. @example 'Fitted by factory-trained technicians'" }),
      }),
    )
    .default([]).meta({ description: 'Short selling points.' }),
  primaryButton: BannerButtonSchema.optional().meta({ description: 'Main button.' }),
  secondaryButton: BannerButtonSchema.optional().meta({ description: 'Second button.' }),
  items: z
    .array(
      z.strictObject({
        heading: z.string().trim().min(1).meta({ description: "Card heading. @example 'Latest offers'" }),
        desc: z.string().optional().meta({ description: 'Card text.' }),
        image: imageUrl.optional().meta({ description: "Card image URL or path. @example 'images/banners/offers.jpg'" }),
        isPrimary: z.boolean().default(false).meta({ description: 'True for the highlighted card.' }),
      }),
    )
    .default([]).meta({ description: 'Cards shown under the banner.' }),
});
export type BannerItems = z.output<typeof BannerItemsSchema>;
export type BannerItemsInput = z.input<typeof BannerItemsSchema>;

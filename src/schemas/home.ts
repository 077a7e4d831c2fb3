/**
 * `content/<slug>/home.yaml`: the home page's marketing blocks that marketing staff write by hand: the
 * promotions slider, the image overlay banner, the category card carousel, the hidden-columns tabs and
 * the FAQs. Which blocks a site shows, and in which order, follows its template
 * (`src/rules/home-sections.ts`); a block left out of the file is not shown. Strict: a misspelt key is
 * an error.
 */
import { z } from 'zod';
import { BannerButtonSchema } from './banner.ts';
import { imageUrl } from './common.ts';
import { FaqItemSchema } from './content.ts';

const text = z.string().trim().min(1);

/** An image with its alternative text. */
export const HomeImageSchema = z.strictObject({
  /** @example '/content/bayside-mg/images/home/im-range.jpg' */
  url: imageUrl.meta({ description: 'Image URL: `/content/<slug>/images/...` (drawn for the demo dealers, see `src/data/demo/content-images.ts`), an http(s) URL, or a file under `public/`.' }),
  /** @example 'The MG IM5 and IM6 in the Bayside MG showroom' */
  alt: z.string().trim().meta({ description: 'What the image shows, for screen readers. Leave it empty only when the image is decoration.' }),
});
export type HomeImage = z.output<typeof HomeImageSchema>;

/** One slide of the promotions slider (1920x540). */
export const HomeSlideSchema = z.strictObject({
  image: HomeImageSchema.meta({ description: "The slide's picture, 1920x540." }),
  /** @example 'The new IM5 and IM6 are here' */
  heading: text.meta({ description: 'Heading set over the picture.' }),
  /** @example 'Up to 655 km of range. Test drive one at Capalaba or Cleveland.' */
  text: text.optional().meta({ description: 'A line under the heading.' }),
  button: BannerButtonSchema.optional().meta({ description: 'Main button.' }),
  secondaryButton: BannerButtonSchema.optional().meta({ description: 'Second button.' }),
});
export type HomeSlide = z.output<typeof HomeSlideSchema>;

/** The image overlay banner: a wide picture with a heading, a line and buttons over it. */
export const OverlayBannerSchema = z.strictObject({
  image: HomeImageSchema,
  /** @example 'Book your service online' */
  heading: text,
  /** @example 'MG Precise Price Servicing: your quote fixed for 12 months.' */
  text: text.optional(),
  primaryButton: BannerButtonSchema.optional(),
  secondaryButton: BannerButtonSchema.optional(),
});
export type OverlayBanner = z.output<typeof OverlayBannerSchema>;

/** The category card carousel: cards with a picture that lead into the stock. */
export const CategoryCarouselSchema = z.strictObject({
  title: text.default('Explore Our Range').meta({ description: "Heading above the cards. @default 'Explore Our Range'" }),
  items: z
    .array(
      z.strictObject({
        /** @example 'Electric SUVs' */
        title: text,
        /** @example 'From the ZS EV to the IM6' */
        text: text.optional(),
        image: HomeImageSchema.meta({ description: 'Card picture, 3:2.' }),
        url: z.string().trim().min(1).meta({ description: "Where the card leads. @example '/search/mg/?refinementList[fuel][0]=Electric'" }),
      }),
    )
    .min(1, 'Add at least one card, or remove categories').meta({ description: 'The cards, left to right.' }),
});
export type CategoryCarousel = z.output<typeof CategoryCarouselSchema>;

/** One tab of the hidden-columns tabs: a model or a service, with its figures. */
export const HomeTabSchema = z.strictObject({
  name: text.meta({ description: "Tab label. @example 'IM5'" }),
  /** @example 'MG IM5' */
  title: text,
  /** @example 'Electric performance sedan' */
  subtitle: text.optional(),
  texts: z.array(text).max(4, 'A tab shows up to four texts').default([]).meta({ description: 'Up to four short paragraphs.' }),
  image: HomeImageSchema.optional(),
  specs: z.array(z.strictObject({ label: text, value: text })).default([]).meta({ description: "Figures as label and value. @example [{ label: 'Range (WLTP)', value: 'up to 655 km' }]" }),
  button: BannerButtonSchema.optional(),
});
export type HomeTab = z.output<typeof HomeTabSchema>;

export const HomeTabsSchema = z.strictObject({
  /** @example 'Meet the IM range' */
  title: text,
  /** @example 'Two fully electric models, three variants each' */
  subtitle: text.optional(),
  tabs: z.array(HomeTabSchema).min(1, 'Add at least one tab, or remove tabs'),
});
export type HomeTabs = z.output<typeof HomeTabsSchema>;

export const HomeContentSchema = z.strictObject({
  slides: z.array(HomeSlideSchema).min(1, 'Add at least one slide, or remove slides').optional().meta({ description: "The promotions slider; the first slide is the page's main image." }),
  overlayBanner: OverlayBannerSchema.optional(),
  categories: CategoryCarouselSchema.optional(),
  tabs: HomeTabsSchema.optional(),
  faq: z
    .strictObject({
      /** @default 'Frequently asked questions' */
      title: text.default('Frequently asked questions'),
      items: z.array(FaqItemSchema).min(1, 'Add at least one question, or remove faq'),
    })
    .optional().meta({ description: 'Questions and answers in an accordion.' }),
});
export type HomeContent = z.output<typeof HomeContentSchema>;

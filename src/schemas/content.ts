/**
 * Editorial content that marketing staff write by hand under `content/<slug>/`: menus, the popup
 * promotion, site copy, page frontmatter and the electric microsite data, plus the list shapes of
 * the offer, promo card and model files. Every object defined here is strict, so a misspelt key
 * is reported instead of being silently ignored.
 *
 * Files and their schemas:
 * - `offers.yaml` -> {@link OffersFileSchema}
 * - `promo-cards.yaml` -> {@link PromoCardsFileSchema}
 * - `popup.yaml` -> {@link PopupSchema}
 * - `menus.yaml` -> {@link MenusSchema}
 * - `site.yaml` -> {@link SiteCopySchema}
 * - `pages/<page-slug>.md` frontmatter -> {@link PageFrontmatterSchema}
 * - `blog/vehicle-reviews/<article-slug>.md` frontmatter -> {@link ArticleFrontmatterSchema}
 * - `models.yaml` -> {@link ModelsFileSchema}
 * - `ev-models.yaml` -> {@link EvContentSchema}
 * - `delivery.yaml` -> `DeliveryTableSchema` (`src/schemas/delivery.ts`)
 */
import { z } from 'zod';
import { META_DESCRIPTION_MAX } from '../lib/text.ts';
import { href, imageUrl, isoDate, isoDateTimeWithOffset, slug } from './common.ts';
import { ColourSchema, EvInteriorSchema, EvModelVariantSchema } from './ev-model.ts';
import { ModelSchema } from './model.ts';
import { OfferSchema } from './offer.ts';
import { PromoCardSchema } from './promo-card.ts';

/** What a dynamic menu item is filled with at build time. */
export const MENU_DYNAMIC_SOURCES = ['models', 'stock', 'brands', 'locations'] as const;

/**
 * Adds an issue for every value of `key` that appears more than once in a list, so two offers or
 * cards with the same id (which would share a URL or a grid slot) are caught when the file is read.
 */
function uniqueBy<T>(key: (item: T) => string | number, what: string) {
  return (items: T[], ctx: z.core.$RefinementCtx<T[]>) => {
    const seen = new Map<string | number, number>();
    items.forEach((item, index) => {
      const value = key(item);
      const first = seen.get(value);
      if (first === undefined) {
        seen.set(value, index);
        return;
      }
      ctx.addIssue({
        code: 'custom',
        path: [index],
        message: `Duplicate ${what} '${value}' (first used at item ${first + 1}); every ${what} must be unique in the file`,
      });
    });
  };
}

// ---------------------------------------------------------------- menus

/** What every menu entry needs besides a label: somewhere to go. */
type MenuTarget = { label: string; href?: string | undefined; dynamic?: string | undefined; children?: unknown[] | undefined };

// A check on the lists rather than on the item itself: a refinement chained onto the recursive
// object would stop TypeScript from inferring the item's type.
function everyItemLeadsSomewhere(items: MenuTarget[], ctx: z.core.$RefinementCtx<MenuTarget[]>): void {
  items.forEach((item, index) => {
    if (item.href === undefined && item.dynamic === undefined && item.children === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [index],
        message: `Menu item '${item.label}' needs an href, a dynamic source or children, otherwise it leads nowhere`,
      });
    }
  });
}

/**
 * A header or footer menu entry: a link, a dropdown of entries, or a list filled at build time.
 * Lists of entries (header, footer group items, children) also require each entry to have an
 * `href`, a `dynamic` source or `children`.
 */
export const MenuItemSchema = z.strictObject({
  /** @example 'Service & Parts' */
  label: z.string().trim().min(1, 'A menu item needs a label').meta({ description: 'Text shown in the menu.' }),
  /** @example '/special-offers' */
  href: href.optional().meta({ description: 'Where the item links to: a site path, an http(s) URL, `mailto:` or `tel:`.' }),
  /** @example 'models' */
  dynamic: z.enum(MENU_DYNAMIC_SOURCES).optional().meta({ description: "Fill this item at build time: `models` (the models mega-menu, grouped by body type), `stock` (the stock dropdown), `brands` (the group's brands) or `locations` (the dealer's locations)." }),
  /**
   * Entries shown in this item's dropdown, in order.
   * @example [{ label: 'Book a Service', href: '/service' }]
   */
  get children(): z.ZodOptional<z.ZodArray<typeof MenuItemSchema>> {
    return z
      .array(MenuItemSchema)
      .min(1, 'children needs at least one item; remove the key instead')
      .superRefine(everyItemLeadsSomewhere)
      .optional();
  },
});
export type MenuItem = z.output<typeof MenuItemSchema>;

/** A titled column of links in the footer. */
export const MenuGroupSchema = z.strictObject({
  /** @example 'Buyer Tools' */
  title: z.string().trim().min(1, 'A footer group needs a title').meta({ description: 'Column heading.' }),
  /** @example [{ label: 'Special Offers', href: '/special-offers' }] */
  items: z.array(MenuItemSchema).min(1, 'A footer group needs at least one item').superRefine(everyItemLeadsSomewhere).meta({ description: 'Links in the column, in order.' }),
});
export type MenuGroup = z.output<typeof MenuGroupSchema>;

/** `content/<slug>/menus.yaml`: the header menu and the footer columns. */
export const MenusSchema = z.strictObject({
  /** @example [{ label: 'Vehicles', href: '/models', dynamic: 'models' }, { label: 'Offers', href: '/special-offers' }] */
  header: z.array(MenuItemSchema).min(1, 'The header menu needs at least one item').superRefine(everyItemLeadsSomewhere).meta({ description: 'Top-level header entries, left to right.' }),
  /** @example [{ title: 'Buyer Tools', items: [{ label: 'Finance Enquiry', href: '/finance-enquiry' }] }] */
  footer: z.array(MenuGroupSchema).default([]).meta({ description: 'Footer columns, left to right.' }),
});
export type Menus = z.output<typeof MenusSchema>;

// ---------------------------------------------------------------- popup

/**
 * `content/<slug>/popup.yaml`: the popup promotion. Shown once per visitor until closed, and
 * never after `expiry`.
 */
export const PopupSchema = z.strictObject({
  /** @example 'im-launch-2027' */
  id: slug.meta({ description: 'Popup id; change it to show a new popup to visitors who closed the previous one.' }),
  /** @example true */
  enabled: z.boolean().default(true).meta({ description: 'Turn the popup off without deleting it.' }),
  /** @example 'Drive the new IM5 and IM6' */
  title: z.string().trim().min(1, 'The popup needs a title').meta({ description: 'Heading of the dialog.' }),
  /** @example '<p>Book a demo drive at Capalaba or Cleveland.</p>' */
  body: z.string().trim().min(1, 'The popup needs some body text').meta({ description: 'Body text: plain text or simple HTML (cleaned before it is shown).' }),
  /** @example '/content/bayside-mg/images/popup/im-launch.jpg' */
  image: imageUrl.optional().meta({ description: 'Image shown above the text.' }),
  cta: z.strictObject({
    /** @example 'Book a demo drive' */
    label: z.string().trim().min(1, 'The popup button needs a label').meta({ description: 'Button text.' }),
    /** @example '/book-test-drive' */
    url: href.meta({ description: 'Button link.' }),
  }).meta({ description: 'The call-to-action button.' }),
  /** @example '2027-03-31T23:59:59+10:00' */
  expiry: isoDateTimeWithOffset.meta({ description: 'Moment after which the popup is hidden: ISO 8601 with an offset (Brisbane is +10:00).' }),
});
export type Popup = z.output<typeof PopupSchema>;

// ---------------------------------------------------------------- site copy

/** One figure in the group stats banner. */
export const StatSchema = z.strictObject({
  /** @example '50+' */
  value: z.string().trim().min(1).meta({ description: 'The figure, as shown.' }),
  /** @example 'Locations' */
  label: z.string().trim().min(1).meta({ description: 'What it counts.' }),
});
export type Stat = z.output<typeof StatSchema>;

const nonEmptyText = z.string().trim().min(1);
const bulletList = z.array(nonEmptyText).min(1, 'Add at least one item, or remove the key');

/** A titled point of a vehicle-page section (a protection product, a check the dealer makes). */
export const TitledPointSchema = z.strictObject({
  /** @example 'Paint and interior protection' */
  title: nonEmptyText.meta({ description: 'Short heading of the point.' }),
  /** @example 'A ceramic paint coating and fabric guard applied before delivery.' */
  text: nonEmptyText.meta({ description: 'One or two sentences, plain text.' }),
});
export type TitledPoint = z.output<typeof TitledPointSchema>;

/** A vehicle-page section of titled points with an optional introduction. */
export const PointsSectionSchema = z.strictObject({
  /** @example 'Ask about these when you buy; each can be added to your finance.' */
  intro: nonEmptyText.optional().meta({ description: 'Paragraph above the points, plain text.' }),
  items: z.array(TitledPointSchema).min(1, 'Add at least one item, or remove the key').meta({ description: 'The points, in order.' }),
});
export type PointsSection = z.output<typeof PointsSectionSchema>;

/** What a manufacturer's certified pre-owned programme gives a certified used vehicle. */
export const CertifiedProgramSchema = z.strictObject({
  /** @example 'Toyota' */
  make: nonEmptyText.meta({ description: "The make the programme belongs to, as the feed writes it (compared in any case). The dialog shows on certified used vehicles of this make when the make is also in the site config's `vehicle.certifiedMakes`." }),
  /** @example 'Toyota Certified Pre-Owned' */
  title: nonEmptyText.meta({ description: 'Heading of the dialog.' }),
  /** @example 'Every Toyota Certified Pre-Owned vehicle has passed a 160-point inspection.' */
  text: nonEmptyText.meta({ description: 'Paragraph under the heading, plain text.' }),
  /** @example ['Extended warranty', '24/7 roadside assistance'] */
  points: bulletList.optional().meta({ description: 'Benefits listed under the paragraph.' }),
});
export type CertifiedProgram = z.output<typeof CertifiedProgramSchema>;

/** `content/<slug>/site.yaml`: the dealer's marketing copy for the home page and vehicle pages. */
export const SiteCopySchema = z.strictObject({
  /** @example 'Your local MG dealer in Redlands' */
  tagline: nonEmptyText.meta({ description: 'Short line under the logo and in the default page title.' }),
  /** @example 'New MG, IM and quality used cars in the Redlands' */
  heroTitle: nonEmptyText.meta({ description: 'Home page hero heading.' }),
  /** @example 'Two locations, the full MG range and finance at 8.5% p.a.' */
  heroText: nonEmptyText.meta({ description: 'Home page hero paragraph.' }),
  /** @example ['Every new MG is covered by the MG 7-year warranty'] */
  whyBuyFromUs: bulletList.meta({ description: '"Why Buy From Us?" points on vehicle pages.' }),
  /** @example ['Full pre-delivery inspection and detail'] */
  whatsIncluded: bulletList.meta({ description: "\"What's Included\" points on vehicle pages." }),
  /** @example 'Every new MG comes with the MG 7-year warranty.' */
  warranty: nonEmptyText.meta({ description: 'Warranty paragraph on vehicle pages.' }),
  /** @example 'Complimentary roadside assistance, 24 hours a day, 7 days a week.' */
  roadsideAssist: nonEmptyText.meta({ description: 'Roadside assistance paragraph on vehicle pages.' }),
  /** @example ['A free ride within 8 km of the dealership while we service your car'] */
  servicingBenefits: bulletList.meta({ description: 'Servicing benefit points on vehicle pages.' }),
  /** @example 'Reserve this car online for $200. We hold it for 48 hours and the deposit is 100% refundable.' */
  reserveOffer: nonEmptyText.optional().meta({ description: '"Reserve Online" text on vehicle pages (sites with the reserve button).' }),
  /** @example 'Every used vehicle has a 48 hour money back guarantee.' */
  moneyBackGuarantee: nonEmptyText.optional().meta({ description: 'Money-back guarantee text on used vehicle pages.' }),
  /** @example { intro: 'Ask us about these when you buy.', items: [{ title: 'Extended warranty', text: 'Up to 5 more years of cover.' }] } */
  protectYourCar: PointsSectionSchema.optional().meta({ description: '"Protect Your Car" section on vehicle pages of available vehicles: the protection products the dealer offers. Leave it out for no section.' }),
  /** @example { items: [{ title: 'PPSR check', text: 'No finance owing, not written off, not stolen.' }] } */
  usedCarChecks: PointsSectionSchema.optional().meta({ description: '"Used Vehicle Checks" section on used vehicle pages, on sites with `features.usedCarChecks`: the checks the dealer makes on every used vehicle.' }),
  /** @example [{ make: 'Toyota', title: 'Toyota Certified Pre-Owned', text: 'Inspected to Toyota standards.' }] */
  certifiedPrograms: z.array(CertifiedProgramSchema).superRefine(uniqueBy((p) => p.make.toLowerCase(), 'certified programme make')).optional().meta({ description: 'Certified pre-owned programmes, one per make, shown in the certified-vehicle dialog of a certified used vehicle of that make (the make must also be in `vehicle.certifiedMakes` of the site config).' }),
  /** @example 'Online estimates are generally not given for cars over 7 years old or with more than 100,000 km; we will arrange an inspection instead.' */
  valuationGuidance: nonEmptyText.default(
    'Online estimates are generally not given for cars over 7 years old or with more than 100,000 km; we will arrange an inspection instead. If the car has finance owing, we need a letter from your lender.',
  ).meta({ description: 'Guidance shown above the trade-in and sell-your-car valuation forms: which cars get an online estimate, and what the dealer needs when finance is owing. Plain text.' }),
  /** @example '## MG in the Redlands\n\nSee, drive and finance the MG range in one visit.' */
  brandCopy: nonEmptyText.optional().meta({ description: "Brand introduction on a single-brand site's home page, in Markdown." }),
  /** @example '## About Summit Motor Group\n\nFor more than **30 years** ...' */
  groupProfile: nonEmptyText.optional().meta({ description: 'Company profile on a group site, in Markdown.' }),
  /** @example [{ value: '50+', label: 'Locations' }, { value: '40+', label: 'Brands' }, { value: '30+', label: 'Years' }] */
  stats: z.array(StatSchema).min(1).optional().meta({ description: 'Stats banner of a group site, left to right.' }),
});
export type SiteCopy = z.output<typeof SiteCopySchema>;

// ---------------------------------------------------------------- pages

/** A question and its answer, shown in an accordion. */
export const FaqItemSchema = z.strictObject({
  /** @example 'Can you give me an online estimate for any car?' */
  question: nonEmptyText.meta({ description: 'The question.' }),
  /** @example 'Online estimates are generally not given for cars over 7 years old or over 100,000 km.' */
  answer: nonEmptyText.meta({ description: 'The answer, in Markdown.' }),
});
export type FaqItem = z.output<typeof FaqItemSchema>;

/** The YAML frontmatter of `content/<slug>/pages/<page-slug>.md`; the Markdown body follows it. */
export const PageFrontmatterSchema = z.strictObject({
  /** @example 'MG Precise Price Servicing' */
  title: nonEmptyText.meta({ description: 'Page heading and `<title>`.' }),
  /** @example 'Know the cost of your next MG service up front, with your quote fixed for 12 months.' */
  description: nonEmptyText.max(
    META_DESCRIPTION_MAX,
    `description is for search results and must be ${META_DESCRIPTION_MAX} characters or fewer`,
  ).meta({ description: 'Meta description for search results, at most 160 characters.' }),
  /** @example [{ question: 'Does it cost anything?', answer: 'No. The recall repair is free.' }] */
  faq: z.array(FaqItemSchema).min(1, 'faq needs at least one question; remove the key instead').optional().meta({ description: 'Questions and answers shown as an accordion after the page body.' }),
});
export type PageFrontmatter = z.output<typeof PageFrontmatterSchema>;

/**
 * The YAML frontmatter of a vehicle review, `content/<slug>/blog/vehicle-reviews/<article-slug>.md`, listed
 * at /blog/vehicle-reviews on sites with `features.blog`; the Markdown body follows it.
 */
export const ArticleFrontmatterSchema = z.strictObject({
  /** @example 'MG4 review: the electric hatch that makes sense' */
  title: nonEmptyText.meta({ description: 'Headline and `<title>`.' }),
  /** @example 'A week with the MG4 Excite 51: range, charging, comfort and what it costs to run.' */
  description: nonEmptyText.max(
    META_DESCRIPTION_MAX,
    `description is for search results and must be ${META_DESCRIPTION_MAX} characters or fewer`,
  ).meta({ description: 'Meta description and the summary on the list, at most 160 characters.' }),
  /** @example '2026-10-14' */
  date: isoDate.meta({ description: 'Publication date; the list shows the newest first.' }),
  /** @example 'Sam Nguyen, Bayside MG' */
  author: nonEmptyText.optional().meta({ description: 'Who wrote it.' }),
  /** @example '/mg4-electric' */
  modelHref: href.optional().meta({ description: 'The page of the model it reviews, linked after the article.' }),
});
export type ArticleFrontmatter = z.output<typeof ArticleFrontmatterSchema>;

// ---------------------------------------------------------------- electric microsite

/** `content/<slug>/ev-models.yaml`: the variants compared on the electric microsite and their colours. */
export const EvContentSchema = z.strictObject({
  /** @example [{ id: 'im5-performance', baseId: 'im5', name: 'IM5 Performance', ... }] */
  variants: z.array(EvModelVariantSchema).min(1, 'Add at least one variant').superRefine(uniqueBy((v) => v.id, 'variant id')).meta({ description: 'Model variants, three per model.' }),
  /** @example [{ id: 301, name: 'Glacier White', hexCode: '#f4f5f2', model_variant: { id: 53, name: 'IM5 Performance' } }] */
  colours: z.array(ColourSchema).superRefine(uniqueBy((c) => c.id, 'colour id')).default([]).meta({ description: "Paint colours; each names its variant in `model_variant` ({ id, name }, the name matching a variant's `name`)." }),
  /** @example [{ id: 'im5-jet-black', baseId: 'im5', name: 'Jet Black', hexCode: '#1b1c1f', image_url: 'images/ev/interior-im5-jet-black.jpg' }] */
  interiors: z.array(EvInteriorSchema).superRefine(uniqueBy((t) => t.id, 'interior id')).default([]).meta({ description: 'Interior trims per model, shown in the interior colour carousel of the hub and model pages.' }),
});
export type EvContent = z.output<typeof EvContentSchema>;

// ---------------------------------------------------------------- list files

/** `content/<slug>/offers.yaml`: the site's offers, ids unique. */
export const OffersFileSchema = z.array(OfferSchema).superRefine(uniqueBy((offer) => offer.id, 'offer id'));
export type OffersFile = z.output<typeof OffersFileSchema>;

/** `content/<slug>/promo-cards.yaml`: the site's promo cards, ids unique. */
export const PromoCardsFileSchema = z.array(PromoCardSchema).superRefine(uniqueBy((card) => card.id, 'promo card id'));
export type PromoCardsFile = z.output<typeof PromoCardsFileSchema>;

/** `content/<slug>/models.yaml`: the brand's model range, slugs unique. */
export const ModelsFileSchema = z.array(ModelSchema).superRefine(uniqueBy((model) => model.slug, 'model slug'));
export type ModelsFile = z.output<typeof ModelsFileSchema>;

/**
 * Which blocks a home page shows, and in which order, by the site's template. A block also needs
 * something to show (a slider needs slides, offers need a current offer): the home view drops the
 * empty ones.
 *
 * - `brand` (a single-brand dealer): the range first (category cards, the model tabs), then search
 *   entry points, offers, the service banner, the sales counter and the brand story.
 * - `classic` (a used-car dealer): search first (price, body types, makes as tiles), then offers and
 *   the sell-your-car banner.
 * - `group` (a multi-brand group): the group's size (stats), vehicle kinds and brands, then search,
 *   offers, the company profile.
 * Locations, reviews and FAQs close every template. The payment-methods strip is in the footer of
 * every page (`menu.paymentMethods`), so the home page does not repeat it.
 */
import type { SiteConfig } from '../schemas/site-config.ts';

export const HOME_SECTIONS = [
  'slider',
  'intro',
  'stats',
  'categories',
  'tabs',
  'brandGrids',
  'carTypes',
  'popularBodies',
  'priceSearch',
  'facetTiles',
  'offers',
  'overlayBanner',
  'salesCounter',
  'brandCopy',
  'companyProfile',
  'locations',
  'reviews',
  'faq',
] as const;
export type HomeSection = (typeof HOME_SECTIONS)[number];

export const HOME_SECTIONS_BY_TEMPLATE = {
  brand: ['slider', 'intro', 'categories', 'tabs', 'carTypes', 'popularBodies', 'priceSearch', 'offers', 'overlayBanner', 'salesCounter', 'brandCopy', 'locations', 'reviews', 'faq'],
  classic: ['slider', 'intro', 'priceSearch', 'popularBodies', 'facetTiles', 'offers', 'overlayBanner', 'locations', 'reviews', 'faq'],
  group: ['slider', 'intro', 'stats', 'categories', 'brandGrids', 'popularBodies', 'priceSearch', 'offers', 'overlayBanner', 'companyProfile', 'locations', 'reviews', 'faq'],
} as const satisfies Record<SiteConfig['template'], readonly HomeSection[]>;

/** The home page's blocks for a template, in order, keeping those that have something to show. */
export function homeSections(template: SiteConfig['template'], hasContent: (section: HomeSection) => boolean): HomeSection[] {
  return HOME_SECTIONS_BY_TEMPLATE[template].filter((section) => hasContent(section));
}

/** Makes shown as facet tiles or per vehicle kind in a brand grid on the home page; the rest are a link away. */
export const HOME_FACET_TILES = 12;

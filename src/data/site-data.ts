import path from 'node:path';
import { EvContentSchema, MenusSchema, PageFrontmatterSchema, PopupSchema, PromoCardsFileSchema, SiteCopySchema } from '../schemas/content.ts';
import type { EvContent, Menus, PageFrontmatter, Popup, PromoCardsFile, SiteCopy } from '../schemas/content.ts';
import { DealershipSchema, type Dealership } from '../schemas/dealership.ts';
import { LocationSchema, type Location } from '../schemas/location.ts';
import { ModelSchema, type Model } from '../schemas/model.ts';
import { OfferSchema, type Offer } from '../schemas/offer.ts';
import { ReviewSchema, type Review } from '../schemas/review.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import { VehicleSchema, type Vehicle } from '../schemas/vehicle.ts';
import { contentDirOf, listPages, parseContent, readMarkdown, readYaml } from './content-files.ts';
import { validateRecords, type QuarantinedRecord } from './quarantine.ts';
import type { Source } from './sources/source.ts';

/** A content page from content/<slug>/pages/<page>.md. */
export interface ContentPage {
  /** File name without `.md`; the page is served at `/<slug>/`. */
  slug: string;
  frontmatter: PageFrontmatter;
  /** Markdown body, rendered (and sanitised) at build time. */
  markdown: string;
}

/** Editorial content that marketing staff edit under content/<slug>/. */
export interface SiteContent {
  menus: Menus;
  popup: Popup | null;
  promoCards: PromoCardsFile;
  copy: SiteCopy;
  ev: EvContent | null;
  pages: ContentPage[];
}

/** Everything a site is rendered from, validated. */
export interface SiteData {
  vehicles: Vehicle[];
  locations: Location[];
  reviews: Review[];
  dealerships: Dealership[];
  offers: Offer[];
  models: Model[];
  content: SiteContent;
  /** Platform records left out because they failed validation. */
  quarantined: QuarantinedRecord[];
}

/**
 * Reads a site's editorial content. Content files are hand-written, so a
 * mistake stops the site with a message naming the file and key, rather than
 * publishing a page without its menu or popup.
 */
export function loadSiteContent(slug: string, root = process.cwd()): SiteContent {
  const dir = contentDirOf(slug, root);
  const file = (name: string) => path.join(dir, name);
  const popup = readYaml(file('popup.yaml'), null);
  const ev = readYaml(file('ev-models.yaml'), null);
  return {
    menus: parseContent(MenusSchema, readYaml(file('menus.yaml'), { header: [], footer: [] }), file('menus.yaml')),
    popup: popup === null ? null : parseContent(PopupSchema, popup, file('popup.yaml')),
    promoCards: parseContent(PromoCardsFileSchema, readYaml(file('promo-cards.yaml'), []), file('promo-cards.yaml')),
    copy: parseContent(SiteCopySchema, readYaml(file('site.yaml'), {}), file('site.yaml')),
    ev: ev === null ? null : parseContent(EvContentSchema, ev, file('ev-models.yaml')),
    pages: listPages(dir).map((pageFile) => {
      const { frontmatter, body } = readMarkdown(pageFile);
      return {
        slug: path.basename(pageFile, '.md'),
        frontmatter: parseContent(PageFrontmatterSchema, frontmatter, pageFile),
        markdown: body,
      };
    }),
  };
}

/** Pulls a site's platform data from its source and validates every record. */
export async function loadSiteData(site: SiteConfig, source: Source, root = process.cwd()): Promise<SiteData> {
  const raw = await source.pull();
  const vehicles = validateRecords(VehicleSchema, raw.vehicles, 'vehicles');
  const locations = validateRecords(LocationSchema, raw.locations, 'locations');
  const reviews = validateRecords(ReviewSchema, raw.reviews, 'reviews');
  const dealerships = validateRecords(DealershipSchema, raw.dealerships, 'dealerships');
  const offers = validateRecords(OfferSchema, raw.offers, 'offers');
  const models = validateRecords(ModelSchema, raw.models, 'models');
  return {
    vehicles: vehicles.valid,
    locations: locations.valid,
    reviews: reviews.valid,
    dealerships: dealerships.valid,
    offers: offers.valid,
    models: models.valid,
    content: loadSiteContent(site.slug, root),
    quarantined: [vehicles, locations, reviews, dealerships, offers, models].flatMap((r) => r.quarantined),
  };
}

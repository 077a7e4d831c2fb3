/** The home page: stock entry points, offers, locations, reviews, group stats and the popup. */
import type { SiteData } from '../data/site-data.ts';
import { carTypeCarsLabel } from '../lib/labels.ts';
import { slugify } from '../lib/text.ts';
import { internalHref, pagePath, searchPathForCarType } from '../lib/urls.ts';
import { markdownToHtml, sanitize } from '../render/html.ts';
import { popularBodyTypes, showSwipeHint } from '../rules/locations.ts';
import { shouldShowPopup } from '../rules/popup.ts';
import { salesCount } from '../rules/sales-counter.ts';
import { visibleStock } from '../rules/visibility.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import { statsBanner } from './brands.ts';
import { countBy, presentCarTypes, publicAsset, type LinkView } from './common.ts';
import { locationGridView, orderedLocations, type LocationGridView } from './locations.ts';
import { currentOffers, offerCardView, type OfferCardView } from './offers.ts';
import { overallRating, shownReviews, type RatingView, type ReviewView } from './reviews.ts';

export interface PopupView {
  id: string;
  /** When it stops showing (ISO 8601 with offset); the page checks it again when viewed. */
  expiry: string;
  title: string;
  bodyHtml: string;
  image: string | null;
  cta: { label: string; href: string };
}

/**
 * The popup when the site has one, it is switched on, and it has not expired at build time (no
 * visitor flags yet). Its image shows when it can be served (`publicFiles`: site paths under `public/`).
 */
export function popupView(site: SiteConfig, data: SiteData, now: Date, publicFiles: ReadonlySet<string>): PopupView | null {
  const popup = data.content.popup;
  if (!site.features.popup || !popup || !shouldShowPopup(popup, site.slug, {}, now)) return null;
  return { id: popup.id, expiry: popup.expiry, title: popup.title, bodyHtml: sanitize(popup.body), image: publicAsset(popup.image, publicFiles), cta: { label: popup.cta.label, href: internalHref(popup.cta.url) } };
}

export interface HomeView {
  carTypes: LinkView[];
  popularBodies: LinkView[];
  popularMakes: LinkView[];
  offers: OfferCardView[];
  locations: LocationGridView;
  moreLocations: number;
  rating: RatingView | null;
  reviews: ReviewView[];
  stats: Array<{ value: string; label: string }>;
  salesCount: number | null;
  brandCopyHtml: string | null;
  popup: PopupView | null;
}

/** Locations shown on the home page; the rest are on the dealer locator. */
export const HOME_LOCATIONS = 6;
/** Makes in the home page's search entry. */
export const HOME_MAKES = 12;

export function homeView(site: SiteConfig, data: SiteData, now: Date, publicFiles: ReadonlySet<string>): HomeView {
  const stock = visibleStock(data.vehicles, now, site);
  const byType = countBy(stock, (v) => v.car_type);
  const makeNames = new Map(stock.map((v) => [v.make_slug, v.make]));
  const makes = [...countBy(stock, (v) => v.make_slug)].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, HOME_MAKES);
  const locations = orderedLocations(data.locations);
  return {
    carTypes: presentCarTypes(site, data.vehicles).map((t) => ({ label: carTypeCarsLabel(t), href: searchPathForCarType(t), count: byType.get(t) ?? 0 })),
    popularBodies: popularBodyTypes(data.vehicles, now, site).map((b) => ({ label: b.value, count: b.count, href: pagePath('search', slugify(b.value)) })),
    popularMakes: makes.map(([slug, n]) => ({ label: makeNames.get(slug) ?? slug, href: pagePath('search', slug), count: n })),
    offers: currentOffers(data.offers, now, site)
      .slice(0, 3)
      .map((o) => offerCardView(o, site, data, publicFiles)),
    locations: { ...locationGridView(locations.slice(0, HOME_LOCATIONS), site, data.vehicles, now), swipeHint: showSwipeHint(locations.length) },
    moreLocations: Math.max(0, locations.length - HOME_LOCATIONS),
    rating: overallRating(data.locations),
    reviews: shownReviews(data.reviews, site, now).slice(0, 3),
    stats: site.features.brandPages ? statsBanner(data) : [],
    salesCount: site.features.salesCounter ? salesCount(now, site.salesCounter, site.timeZone) : null,
    brandCopyHtml: data.content.copy.brandCopy ? markdownToHtml(data.content.copy.brandCopy) : null,
    popup: popupView(site, data, now, publicFiles),
  };
}

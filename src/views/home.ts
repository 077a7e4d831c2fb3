/**
 * The home page: the promotions slider, banners, category cards and tabs from `home.yaml`, stock entry
 * points (car types, body types, price, makes), offers, locations, reviews, group stats and the popup,
 * in the order the site's template gives (`src/rules/home-sections.ts`).
 */
import type { SiteData } from '../data/site-data.ts';
import { MAKE_KIND_LABELS, MAKE_KINDS, carTypeCarsLabel, type MakeKind } from '../lib/labels.ts';
import { slugify } from '../lib/text.ts';
import { hrefSafe, internalHref, pagePath, searchPathForCarType } from '../lib/urls.ts';
import { markdownToHtml, sanitize } from '../render/html.ts';
import { HOME_FACET_TILES, homeSections, type HomeSection } from '../rules/home-sections.ts';
import { popularBodyTypes, showSwipeHint } from '../rules/locations.ts';
import { pricePresets } from '../rules/price-slider.ts';
import { shouldShowPopup } from '../rules/popup.ts';
import { salesCount } from '../rules/sales-counter.ts';
import { visibleStock } from '../rules/visibility.ts';
import type { BannerButton } from '../schemas/banner.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import { searchUrl } from '../search/routing.ts';
import { brandTiles, statsBanner, type BrandTileView } from './brands.ts';
import { countBy, presentCarTypes, type LinkView } from './common.ts';
import { BANNER_SIZES, CARD_SIZES, contentPicture, type ResponsivePicture } from './content-images.ts';
import type { ImageIndex } from './images.ts';
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
export function popupView(site: SiteConfig, data: SiteData, now: Date, publicFiles: ReadonlySet<string>, images: ImageIndex = {}): PopupView | null {
  const popup = data.content.popup;
  if (!site.features.popup || !popup || !shouldShowPopup(popup, site.slug, {}, now)) return null;
  const image = contentPicture(images, popup.image, CARD_SIZES, site, publicFiles)?.src ?? null;
  return { id: popup.id, expiry: popup.expiry, title: popup.title, bodyHtml: sanitize(popup.body), image, cta: { label: popup.cta.label, href: internalHref(popup.cta.url) } };
}

/** A button of a slide or banner, its target made site-relative with the site's trailing slash. */
export interface ButtonView {
  label: string;
  href: string;
}

/** A slide of the promotions slider, or the image overlay banner. */
export interface BannerView {
  picture: ResponsivePicture;
  alt: string;
  heading: string;
  text: string | null;
  buttons: ButtonView[];
}

export interface CategoryCardView {
  title: string;
  text: string | null;
  href: string;
  picture: ResponsivePicture | null;
  alt: string;
}

export interface TabView {
  /** Element id stem: `<id>-tab`, `<id>-panel`. */
  id: string;
  name: string;
  title: string;
  subtitle: string | null;
  texts: string[];
  picture: ResponsivePicture | null;
  alt: string;
  specs: Array<{ label: string; value: string }>;
  button: ButtonView | null;
}

const buttonView = (button: BannerButton | undefined): ButtonView[] => (button ? [{ label: button.name, href: internalHref(button.url) }] : []);

/**
 * The home page's price entry points: each preset ('Up to $20,000') and the range slider open the stock
 * search within that price, dearest first, so the best car the budget buys comes first.
 */
export function pricePresetLinks(site: Pick<SiteConfig, 'search'>): LinkView[] {
  return pricePresets(site.search.pricePresets).map((preset) => ({
    label: `Up to ${preset.label}`,
    href: hrefSafe(searchUrl({ range: { price: { max: preset.value } }, sortBy: 'highestPrice' }, [])),
  }));
}

export interface HomeView {
  /** The blocks shown, in order. */
  sections: HomeSection[];
  slides: BannerView[];
  overlayBanner: BannerView | null;
  categories: { title: string; items: CategoryCardView[] } | null;
  tabs: { title: string; subtitle: string | null; tabs: TabView[] } | null;
  faq: { title: string; items: Array<{ question: string; answerHtml: string }> } | null;
  pricePresets: LinkView[];
  /** The makes with most stock, with their counts and logos. */
  facetTiles: BrandTileView[];
  /** Makes by vehicle kind (cars, motorcycles, trucks, caravans) on a group site, most stock first. */
  brandGroups: Array<{ kind: MakeKind; label: string; brands: BrandTileView[]; more: number }>;
  profileHtml: string | null;
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

export function homeView(site: SiteConfig, data: SiteData, now: Date, publicFiles: ReadonlySet<string>, images: ImageIndex = {}): HomeView {
  const home = data.content.home ?? null;
  const banner = (b: { image: { url: string; alt: string }; heading: string; text?: string | undefined }, buttons: ButtonView[]): BannerView | null => {
    const picture = contentPicture(images, b.image.url, BANNER_SIZES, site, publicFiles);
    return picture ? { picture, alt: b.image.alt, heading: b.heading, text: b.text ?? null, buttons } : null;
  };
  const slides = (home?.slides ?? []).flatMap((slide) => banner(slide, [...buttonView(slide.button), ...buttonView(slide.secondaryButton)]) ?? []);
  const overlay = home?.overlayBanner;
  const overlayBanner = overlay ? banner(overlay, [...buttonView(overlay.primaryButton), ...buttonView(overlay.secondaryButton)]) : null;
  const categories = home?.categories
    ? {
        title: home.categories.title,
        items: home.categories.items.map((c) => ({ title: c.title, text: c.text ?? null, href: internalHref(c.url), picture: contentPicture(images, c.image.url, CARD_SIZES, site, publicFiles), alt: c.image.alt })),
      }
    : null;
  const tabs = home?.tabs
    ? {
        title: home.tabs.title,
        subtitle: home.tabs.subtitle ?? null,
        tabs: home.tabs.tabs.map((t, i) => ({
          id: `home-tab-${i + 1}-${slugify(t.name)}`,
          name: t.name,
          title: t.title,
          subtitle: t.subtitle ?? null,
          texts: t.texts,
          picture: t.image ? contentPicture(images, t.image.url, CARD_SIZES, site, publicFiles) : null,
          alt: t.image?.alt ?? '',
          specs: t.specs,
          button: buttonView(t.button)[0] ?? null,
        })),
      }
    : null;
  const faq = home?.faq ? { title: home.faq.title, items: home.faq.items.map((f) => ({ question: f.question, answerHtml: markdownToHtml(f.answer) })) } : null;
  const tiles = brandTiles(site, data.vehicles, now, publicFiles).filter((t) => t.count > 0).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  const brandGroups = MAKE_KINDS.map((kind) => {
    const brands = tiles.filter((t) => t.kind === kind);
    return { kind, label: MAKE_KIND_LABELS[kind], brands: brands.slice(0, HOME_FACET_TILES), more: Math.max(0, brands.length - HOME_FACET_TILES) };
  }).filter((g) => g.brands.length > 0);
  const stock = visibleStock(data.vehicles, now, site);
  const byType = countBy(stock, (v) => v.car_type);
  const makeNames = new Map(stock.map((v) => [v.make_slug, v.make]));
  const makes = [...countBy(stock, (v) => v.make_slug)].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, HOME_MAKES);
  const locations = orderedLocations(data.locations);
  const view: Omit<HomeView, 'sections'> = {
    slides,
    overlayBanner,
    categories,
    tabs,
    faq,
    pricePresets: pricePresetLinks(site),
    // Facet tiles open the make's stock search (brand overview pages exist only on brand-page sites).
    facetTiles: tiles.slice(0, HOME_FACET_TILES).map((t) => ({ ...t, href: pagePath('search', t.slug) })),
    brandGroups,
    profileHtml: data.content.copy.groupProfile ? markdownToHtml(data.content.copy.groupProfile) : null,
    carTypes: presentCarTypes(site, data.vehicles).map((t) => ({ label: carTypeCarsLabel(t), href: searchPathForCarType(t), count: byType.get(t) ?? 0 })),
    popularBodies: popularBodyTypes(data.vehicles, now, site).map((b) => ({ label: b.value, count: b.count, href: pagePath('search', slugify(b.value)) })),
    popularMakes: makes.map(([slug, n]) => ({ label: makeNames.get(slug) ?? slug, href: pagePath('search', slug), count: n })),
    offers: currentOffers(data.offers, now, site)
      .slice(0, 3)
      .map((o) => offerCardView(o, site, data, publicFiles, images)),
    locations: { ...locationGridView(locations.slice(0, HOME_LOCATIONS), site, data.vehicles, now), swipeHint: showSwipeHint(locations.length) },
    moreLocations: Math.max(0, locations.length - HOME_LOCATIONS),
    rating: overallRating(data.locations),
    reviews: shownReviews(data.reviews, site, now).slice(0, 3),
    stats: site.features.brandPages ? statsBanner(data) : [],
    salesCount: site.features.salesCounter ? salesCount(now, site.salesCounter, site.timeZone) : null,
    brandCopyHtml: data.content.copy.brandCopy ? markdownToHtml(data.content.copy.brandCopy) : null,
    popup: popupView(site, data, now, publicFiles, images),
  };
  const has: Record<HomeSection, boolean> = {
    slider: view.slides.length > 0,
    intro: true,
    stats: view.stats.length > 0,
    categories: view.categories !== null,
    tabs: view.tabs !== null,
    brandGrids: site.features.brandPages && view.brandGroups.length > 0,
    // A used-only dealer has one car type: the tiles would repeat "all stock".
    carTypes: view.carTypes.length > 1,
    popularBodies: view.popularBodies.length > 0,
    priceSearch: true,
    facetTiles: view.facetTiles.length > 1,
    offers: view.offers.length > 0,
    overlayBanner: view.overlayBanner !== null,
    salesCounter: view.salesCount !== null,
    brandCopy: view.brandCopyHtml !== null,
    companyProfile: view.profileHtml !== null,
    locations: view.locations.cards.length > 0,
    reviews: view.reviews.length > 0,
    faq: view.faq !== null,
  };
  return { sections: homeSections(site.template, (section) => has[section]), ...view };
}

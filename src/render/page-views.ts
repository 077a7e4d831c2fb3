/**
 * View models of the non-vehicle pages: each function composes the business rules in
 * `src/rules/` into what one page or block shows, so `.astro` frontmatter stays a single call and
 * everything here is unit-tested (`tests/unit/page-views.test.ts`). Nothing in this module decides
 * a business rule itself; where a rule exists it is called, and the remaining code only selects,
 * orders and labels data for display.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { makeKind, MANUFACTURERS, slugify, type MakeKind } from '../data/manufacturers.ts';
import { offerPath, type FormKind, type Route } from '../data/route-manifest.ts';
import type { ContentPage, SiteData } from '../data/site-data.ts';
import { initialCompareState, variantColours } from '../rules/ev-compare.ts';
import {
  enquiryFieldRules,
  serviceFieldRules,
  testDriveFieldRules,
  TERMS_MESSAGE,
  type FieldRequirement,
  type FieldRules,
} from '../rules/forms.ts';
import { withThousands } from '../rules/formatting.ts';
import { locationGridLayout, popularBodyTypes, showSwipeHint, type LocationGridLayout } from '../rules/locations.ts';
import { modelsMenu, type ModelTile } from '../rules/models-menu.ts';
import { offerDescription, offerDisclaimer } from '../rules/offer-text.ts';
import { openNow, upcomingSpecialHours, weeklyHoursRows, type HoursRow, type UpcomingSpecialHours } from '../rules/opening-hours.ts';
import { shouldShowPopup } from '../rules/popup.ts';
import { POSTCODE_MAX_LENGTH, POSTCODE_MESSAGE } from '../rules/postcode.ts';
import { insertPromoCards, type GridItem } from '../rules/promo-insertion.ts';
import { isInPromoWindow } from '../rules/promo-window.ts';
import { formatAverageRating, starDisplay, visibleReviews, type StarDisplay } from '../rules/reviews.ts';
import { salesCount } from '../rules/sales-counter.ts';
import { displayedStockCount, emptyResultsCard, makeOptions, noResultsMessage, STOCK_COUNT_LIMIT } from '../rules/search-rules.ts';
import { serviceSteps } from '../rules/service-booking.ts';
import { visibleStock } from '../rules/visibility.ts';
import { AU_STATES, type CarType } from '../schemas/common.ts';
import type { EvContent } from '../schemas/content.ts';
import type { Colour, EvModelVariant } from '../schemas/ev-model.ts';
import { CONTACT_METHODS, SellMyCarLeadSchema, TradeInLeadSchema, type LeadForm } from '../schemas/leads.ts';
import type { Location } from '../schemas/location.ts';
import type { Model } from '../schemas/model.ts';
import type { Offer } from '../schemas/offer.ts';
import type { PromoCard } from '../schemas/promo-card.ts';
import type { Review } from '../schemas/review.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { NormalisedVehicle } from '../schemas/snapshot.ts';
import { searchAll, searchVehicles, type SearchFilter } from '../search/query.ts';
import { markdownToHtml, plainText, sanitize } from './html.ts';
import { locationPath } from './navigation.ts';
import { pagePath, searchPathForCarType } from './urls.ts';

type RouteOf<K extends Route['kind']> = Extract<Route, { kind: K }>;

/** A link with an optional count, as refinement chips and tiles show them. */
export interface LinkView {
  label: string;
  href: string;
  count?: number;
  /** The link is the page being shown (rendered with aria-current). */
  current?: boolean;
}

const CAR_TYPE_LABELS: Readonly<Record<CarType, string>> = { new: 'New', demo: 'Demo', used: 'Used' };
const ALL_STOCK_PATH = pagePath('search', 'new-used-and-demo-cars');

// ---------------------------------------------------------------- small helpers

/**
 * A deterministic random source in [0, 1) seeded from a string (FNV-1a hash feeding mulberry32).
 * The search pages pass their path, so the promo cards' random start offset and shuffle differ
 * between pages but a rebuild of the same data gives byte-identical HTML.
 */
export function seededRandom(seed: string): () => number {
  let state = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    state ^= seed.charCodeAt(i);
    state = Math.imul(state, 0x01000193) >>> 0;
  }
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A meta description held to `max` characters, cut at a word with '...'. */
export function metaDescription(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 3);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}...`;
}

/** '1 vehicle' / '182 vehicles'. */
export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${withThousands(count)} ${count === 1 ? singular : plural}`;
}

/** Site paths get the trailing slash every page uses; anything else (external, mailto, with a query) is kept. */
export function internalHref(href: string): string {
  if (!href.startsWith('/') || href.startsWith('//') || /[?#]/.test(href)) return href;
  return pagePath(href);
}

/** `tel:` link of a displayed phone number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

const assetCache = new Map<string, boolean>();

/**
 * The URL of an image when it can be shown: http(s) URLs as given, site paths only when the file
 * is in `public/` (the demo content points at /content/... images that do not exist, and a
 * broken image is worse than none). Null otherwise.
 */
export function publicAsset(url: string | null | undefined, root: string = process.cwd()): string | null {
  if (!url) return null;
  if (/^https?:\/\//.test(url)) return url;
  if (!url.startsWith('/')) return null;
  const file = path.join(root, 'public', decodeURIComponent(url.split(/[?#]/)[0]!));
  let exists = assetCache.get(file);
  if (exists === undefined) {
    exists = existsSync(file);
    assetCache.set(file, exists);
  }
  return exists ? url : null;
}

/** Relative luminance of a #rgb / #rrggbb colour, or null for other notations. */
function luminance(colour: string): number | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim())?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Text colour with the better WCAG contrast on a background: white or slate-900. Used for promo
 * cards whose background marketing staff choose (a yellow card needs dark text).
 */
export function textColourOn(background: string | null | undefined): '#ffffff' | '#0f172a' {
  const l = background ? luminance(background) : null;
  if (l === null) return '#0f172a';
  const SLATE_900 = 0.0124;
  const onWhite = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / (SLATE_900 + 0.05);
  return onWhite >= onDark ? '#ffffff' : '#0f172a';
}

/** One SVG path drawing five stars side by side in a 100 x 20 box (each star 20 x 20), for star ratings. */
export const STAR_ROW_PATH: string = Array.from({ length: 5 }, (_, star) => {
  const points = Array.from({ length: 10 }, (_, i) => {
    const r = i % 2 === 0 ? 9.5 : 3.9;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    return `${(star * 20 + 10 + r * Math.cos(a)).toFixed(1)} ${(10.6 + r * Math.sin(a)).toFixed(1)}`;
  });
  return `M${points.join('L')}Z`;
}).join('');

// ---------------------------------------------------------------- ratings and reviews

/** An average rating as cards and headings show it. */
export interface RatingView {
  /** '4.3' */
  text: string;
  stars: StarDisplay;
  count: number | null;
  /** Accessible text: 'Rated 4.3 out of 5 from 12 reviews'. */
  label: string;
}

export function ratingView(average: number | null | undefined, count?: number | null): RatingView | null {
  if (average === null || average === undefined || count === 0) return null;
  const text = formatAverageRating(average);
  const label = `Rated ${text} out of 5${count ? ` from ${countLabel(count, 'review')}` : ''}`;
  return { text, stars: starDisplay(average), count: count ?? null, label };
}

/** One review as a card shows it. */
export interface ReviewView {
  id: string;
  author: string;
  rating: number;
  stars: StarDisplay;
  text: string;
  when: string | null;
  reply: { text: string; when: string | null } | null;
}

export function reviewView(review: Review): ReviewView {
  return {
    id: String(review.id),
    author: review.customer_name?.trim() || 'A customer',
    rating: review.rating,
    stars: starDisplay(review.rating),
    text: review.text?.trim() ?? '',
    when: review.review_date_in_words ?? review.created_at_time_ago_in_words ?? review.review_date ?? null,
    reply: review.reply_text?.trim() ? { text: review.reply_text.trim(), when: review.reply_date ?? null } : null,
  };
}

/** The reviews a block shows: the visibility rule (minimum rating, hidden titles, limit) applied. */
export function shownReviews(reviews: readonly Review[], site: Pick<SiteConfig, 'reviews'>): ReviewView[] {
  return visibleReviews(reviews, site.reviews).map(reviewView);
}

// ---------------------------------------------------------------- locations

/** Vehicles at a location (by its slug or id). */
function vehiclesAt(vehicles: readonly NormalisedVehicle[], location: Pick<Location, 'id' | 'slug'>): NormalisedVehicle[] {
  return vehicles.filter((v) => (location.slug && v.location?.slug === location.slug) || Number(v.location_id) === Number(location.id));
}

/** The phone a location shows: the site's per-location override, else its own number. */
export function locationPhone(location: Location, site: Pick<SiteConfig, 'locations'>): { text: string; href: string } | null {
  const phone = (location.slug ? site.locations.phoneByLocation[location.slug] : undefined) ?? location.contact_detail?.phone ?? location.contact_detail?.landline_phone;
  return phone?.trim() ? { text: phone.trim(), href: telHref(phone) } : null;
}

export function addressLine(location: Pick<Location, 'address'>): string {
  const a = location.address;
  if (!a) return '';
  return [a.street, a.city, [a.state, a.postcode].filter(Boolean).join(' ')].filter((part) => part && part.trim()).join(', ');
}

const LOCATION_TYPE_LABELS: Readonly<Record<string, string>> = {
  sales: 'Sales',
  service: 'Service',
  parts: 'Parts',
  'service-and-parts': 'Service & Parts',
};

export interface LocationCardView {
  id: string;
  name: string;
  href: string | null;
  address: string;
  typeLabel: string | null;
  phone: { text: string; href: string } | null;
  /** Today's hours: '8:00 am - 5:30 pm', 'Closed' or the day's note. */
  today: string;
  openNow: boolean;
  rating: RatingView | null;
  /** 'View Our Stock' target, when the site shows the button and the location has a slug. */
  stockHref: string | null;
  image: string | null;
}

export function locationCardView(location: Location, site: SiteConfig, now: Date): LocationCardView {
  const hours = openNow(location.contact_detail?.opening_hours, location.special_hours, now, site.timeZone);
  return {
    id: String(location.id),
    name: location.name,
    href: location.slug ? locationPath(site, location.slug) : null,
    address: addressLine(location),
    typeLabel: LOCATION_TYPE_LABELS[location.location_type ?? ''] ?? null,
    phone: locationPhone(location, site),
    today: hours.today.text,
    openNow: hours.open,
    rating: ratingView(location.reviews?.average_rating ?? location.average_rating, location.reviews?.count ?? location.review_count),
    stockHref: site.locations.stockButton && location.slug ? pagePath('search', location.slug) : null,
    image: location.image?.image?.url ?? null,
  };
}

export interface LocationGridView {
  layout: LocationGridLayout;
  swipeHint: boolean;
  cards: LocationCardView[];
}

/** A grid of location cards; the grid layout follows the location-grid rule. */
export function locationGridView(locations: readonly Location[], site: SiteConfig, now: Date): LocationGridView {
  return {
    layout: locationGridLayout(locations.length),
    swipeHint: showSwipeHint(locations.length),
    cards: locations.map((l) => locationCardView(l, site, now)),
  };
}

/** Primary location first, then the others in feed order. */
export function orderedLocations(locations: readonly Location[]): Location[] {
  return [...locations].sort((a, b) => Number(Boolean(b.primary)) - Number(Boolean(a.primary)));
}

export interface LocationPageView extends LocationCardView {
  hours: HoursRow[];
  holidayHours: UpcomingSpecialHours[];
  reviews: ReviewView[];
  stockCount: number;
  popularBodies: LinkView[];
  directionsHref: string | null;
  mapHref: string | null;
  licence: string | null;
  repairerLicence: string | null;
  /** 'Book a Service at {name}' for locations that service cars. */
  service: { heading: string; href: string } | null;
  description: string;
  jsonLd: object;
}

export function locationPageView(location: Location, site: SiteConfig, data: SiteData, now: Date): LocationPageView {
  const card = locationCardView(location, site, now);
  const here = vehiclesAt(data.vehicles, location);
  const stock = visibleStock(here, now, site);
  const lat = location.address?.lat;
  const long = location.address?.long;
  const hasPoint = typeof lat === 'number' && typeof long === 'number';
  const services = location.location_type === 'service' || location.location_type === 'service-and-parts';
  const reviews = data.reviews.filter((r) => r.location_id !== null && r.location_id !== undefined && Number(r.location_id) === Number(location.id));
  return {
    ...card,
    hours: weeklyHoursRows(location.contact_detail?.opening_hours, { special: location.special_hours, now, timeZone: site.timeZone }),
    holidayHours: upcomingSpecialHours(location.special_hours, now, site.timeZone),
    reviews: shownReviews(reviews, site),
    stockCount: stock.length,
    popularBodies: popularBodyTypes(here, now, site).map((b) => ({ label: b.value, count: b.count, href: pagePath('search', slugify(b.value)) })),
    directionsHref: location.address?.place_url ?? (hasPoint ? `https://www.google.com/maps/dir/?api=1&destination=${lat},${long}` : null),
    mapHref: hasPoint ? `https://www.openstreetmap.org/?mlat=${lat}&mlon=${long}#map=${site.locations.mapZoom}/${lat}/${long}` : null,
    licence: location.dealer_license_number?.trim() || null,
    repairerLicence: location.motor_vehicle_repairer?.trim() || null,
    service: services ? { heading: `Book a Service at ${location.name}`, href: internalHref(site.urls.serviceBooking) } : null,
    description: metaDescription(
      `${location.name}${card.address ? `, ${card.address}` : ''}. Opening hours, directions, reviews and ${countLabel(stock.length, 'vehicle')} in stock at ${site.name}.`,
    ),
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'AutoDealer',
      name: location.name,
      ...(card.phone ? { telephone: card.phone.text } : {}),
      ...(location.address
        ? {
            address: {
              '@type': 'PostalAddress',
              streetAddress: location.address.street ?? undefined,
              addressLocality: location.address.city ?? undefined,
              addressRegion: location.address.state ?? undefined,
              postalCode: location.address.postcode ?? undefined,
              addressCountry: 'AU',
            },
          }
        : {}),
      ...(hasPoint ? { geo: { '@type': 'GeoCoordinates', latitude: lat, longitude: long } } : {}),
      ...(card.rating?.count ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: card.rating.text, reviewCount: card.rating.count } } : {}),
    },
  };
}

// ---------------------------------------------------------------- offers

/** An offer shows between its start and expiry (instants, both inclusive), judged at the build's time. */
export function isOfferCurrent(offer: Pick<Offer, 'start' | 'expiry'>, now: Date, timeZone?: string): boolean {
  return isInPromoWindow(offer, now, timeZone);
}

export function currentOffers(offers: readonly Offer[], now: Date, site: Pick<SiteConfig, 'timeZone'>): Offer[] {
  return offers.filter((offer) => isOfferCurrent(offer, now, site.timeZone));
}

/**
 * Where an offer's model link goes: the model's override URL, else its model page when the site
 * has one, else the make's stock when the site has any of that make; null when there is no
 * page to go to (offer model slugs are the platform's and need not match a stock model).
 */
export function offerModelLink(offer: Offer, data: Pick<SiteData, 'models' | 'vehicles'>): LinkView | null {
  const model = offer.model;
  if (!model) return null;
  if (model.override_url) return { label: `Explore the ${model.name}`, href: internalHref(model.override_url) };
  const page = model.slug ? data.models.find((m) => m.slug === model.slug) : undefined;
  if (page) return { label: `Explore the ${model.name}`, href: internalHref(page.override_url ?? `/${page.slug}`) };
  const make = slugify(offer.manufacturer);
  if (data.vehicles.some((v) => v.make_slug === make)) return { label: `See ${offer.manufacturer} stock`, href: pagePath('search', make) };
  return null;
}

/** Text shown collapsed with the full text behind a toggle (offer description and disclaimer). */
export interface CollapsedText {
  short: string;
  full: string;
  collapsible: boolean;
  moreLabel: string | null;
  lessLabel: string | null;
}

function collapsed(full: string, cut: (expanded: boolean) => { text: string; collapsible: boolean; toggleLabel: string | null }): CollapsedText {
  const closed = cut(false);
  return { short: closed.text, full, collapsible: closed.collapsible, moreLabel: closed.toggleLabel, lessLabel: cut(true).toggleLabel };
}

export interface OfferCardView {
  id: string;
  name: string;
  href: string;
  category: string | null;
  manufacturer: string;
  description: CollapsedText;
  disclaimer: CollapsedText | null;
  modelLink: LinkView | null;
  /** Shown only when the image can be served (see {@link publicAsset}). */
  image: string | null;
  expiry: string | null;
}

export function offerCardView(offer: Offer, site: SiteConfig, data: Pick<SiteData, 'models' | 'vehicles'>): OfferCardView {
  const description = plainText(offer.sanitized_description || offer.description);
  const disclaimer = plainText(offer.disclaimer);
  return {
    id: String(offer.id),
    name: offer.name,
    href: offerPath(offer),
    category: offer.category?.trim() || null,
    manufacturer: offer.manufacturer,
    description: collapsed(description, (expanded) => offerDescription(description, site.offers, expanded)),
    disclaimer: disclaimer ? collapsed(disclaimer, (expanded) => offerDisclaimer(disclaimer, site.offers, expanded)) : null,
    modelLink: offerModelLink(offer, data),
    image: publicAsset(offer.image_url ?? offer.image_or_model_image?.url),
    expiry: offer.expiry ?? null,
  };
}

export interface OfferPageView extends OfferCardView {
  descriptionHtml: string;
  current: boolean;
  metaDescription: string;
}

export function offerPageView(offer: Offer, site: SiteConfig, data: SiteData, now: Date): OfferPageView {
  const card = offerCardView(offer, site, data);
  return {
    ...card,
    descriptionHtml: sanitize(offer.description),
    current: isOfferCurrent(offer, now, site.timeZone),
    metaDescription: metaDescription(card.description.full || `${offer.name} at ${site.name}.`),
  };
}

// ---------------------------------------------------------------- search pages

export interface RefinementGroup {
  title: string;
  links: LinkView[];
  /** Further links shown behind a disclosure (all makes after the popular ones). */
  more: LinkView[];
}

export interface PaginationView {
  current: number;
  total: number;
  items: Array<{ page: number; href: string; current: boolean } | { gap: true }>;
  next: string | null;
}

/**
 * Page links: page 1 is the landing page itself, later pages are `?page=N` (answered by the
 * search island; the static page always holds page 1). Shows the first, last and the two pages
 * either side of the current one.
 */
export function paginationView(basePath: string, current: number, total: number): PaginationView {
  const href = (page: number) => (page === 1 ? basePath : `${basePath}?page=${page}`);
  const items: PaginationView['items'] = [];
  let last = 0;
  for (let page = 1; page <= total; page++) {
    if (page !== 1 && page !== total && Math.abs(page - current) > 2) continue;
    if (page - last > 1) items.push({ gap: true });
    items.push({ page, href: href(page), current: page === current });
    last = page;
  }
  return { current, total, items, next: current < total ? href(current + 1) : null };
}

/** Vehicle counts by a key, for refinement links. */
function countBy(vehicles: readonly NormalisedVehicle[], key: (v: NormalisedVehicle) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const v of vehicles) counts.set(key(v), (counts.get(key(v)) ?? 0) + 1);
  return counts;
}

/** Car types the site has stock of, in the site's car-type order. */
export function presentCarTypes(site: SiteConfig, vehicles: readonly NormalisedVehicle[]): CarType[] {
  return site.search.carTypeOrder.filter((t) => vehicles.some((v) => v.car_type === t));
}

/**
 * Links to the other search landing pages, as simple refinements: car types, makes (popular
 * makes first on sites that list them, the make list rule), the models of the current make, and
 * body types. Every link goes to a page in the route manifest.
 */
export function searchRefinements(site: SiteConfig, vehicles: readonly NormalisedVehicle[], filter: SearchFilter, currentPath: string): RefinementGroup[] {
  // Links carry no counts: a count on every link would make every landing page depend on every other
  // page's results, so one sale would re-render them all. Each page shows its own count.
  const link = (label: string, href: string): LinkView => ({ label, href, current: href === currentPath });
  const carTypes = presentCarTypes(site, vehicles);
  const types: LinkView[] = [link('All stock', ALL_STOCK_PATH), ...carTypes.map((t) => link(`${CAR_TYPE_LABELS[t]} Cars`, searchPathForCarType(t)))];
  if (carTypes.includes('new') || carTypes.includes('demo')) types.push(link('New and Demo Cars', pagePath('search', 'new-and-demo-cars')));
  const groups: RefinementGroup[] = [{ title: 'Car type', links: types, more: [] }];

  const makeSlugs = new Map(vehicles.map((v) => [v.make, v.make_slug]));
  const options = makeOptions(Object.fromEntries(countBy(vehicles, (v) => v.make)), site);
  const makeLink = (o: { value: string }) => link(o.value, pagePath('search', makeSlugs.get(o.value)!));
  groups.push(options.popular.length > 0 ? { title: 'Popular makes', links: options.popular.map(makeLink), more: options.all.map(makeLink) } : { title: 'Make', links: options.all.map(makeLink), more: [] });

  if (filter.make) {
    const make = filter.make;
    const ofMake = vehicles.filter((v) => v.make_slug === make);
    const models = [...new Map(ofMake.map((v) => [v.model_slug, v.model]))].sort((a, b) => a[1].localeCompare(b[1]));
    groups.push({ title: `${ofMake[0]?.make ?? make} models`, links: models.map(([slug, name]) => link(name, pagePath('search', make, slug))), more: [] });
  }

  const bodies = [...new Set(vehicles.map((v) => v.simple_body).filter(Boolean))].sort((a, b) => a.localeCompare(b));
  groups.push({ title: 'Body type', links: bodies.map((body) => link(body, pagePath('search', slugify(body)))), more: [] });
  return groups;
}

export interface SearchPageView {
  title: string;
  description: string;
  count: number;
  countText: string;
  grid: GridItem<NormalisedVehicle>[];
  /** Cards whose image loads eagerly (above the fold). */
  eagerCount: number;
  empty: { text: string; buttonLabel: string; clearHref: string; card: { title: string; text: string; link: string } } | null;
  pagination: PaginationView;
  refinements: RefinementGroup[];
}

/**
 * A search landing page: its first page of results with the promo cards inserted, the result
 * count, the no-results block, page links and links to the other landing pages.
 *
 * Promo insertion needs randomness for the random start offset and the shuffle (sites that turn
 * them on). The build passes {@link seededRandom} seeded with the page's path, so each page has
 * its own arrangement and the same data always gives the same HTML; the search island may
 * re-draw on the client for later pages.
 */
export function searchPageView(site: SiteConfig, data: SiteData, route: RouteOf<'search'>, now: Date): SearchPageView {
  const result = searchVehicles(data.vehicles, site, { filter: route.filter });
  // The car-type facet counts only matter above the display limit; skip the second pass otherwise.
  const facet = result.nbHits > STOCK_COUNT_LIMIT ? Object.fromEntries(countBy(searchAll(data.vehicles, site, route.filter), (v) => v.car_type)) : {};
  const count = displayedStockCount(result.nbHits, facet, site);
  const grid = insertPromoCards({
    results: result.hits,
    cards: data.content.promoCards,
    activeCarTypes: route.filter.carTypes ?? [],
    now,
    settings: site.promoCards,
    random: seededRandom(route.path),
  });
  const none = noResultsMessage(site);
  const card = emptyResultsCard(site);
  return {
    title: route.title,
    description: metaDescription(`Browse ${countLabel(count, 'vehicle')} for sale at ${site.name}: ${route.title}. Compare prices, enquire or book a test drive online.`),
    count,
    countText: `${countLabel(count, 'vehicle')} found`,
    grid,
    eagerCount: 3,
    empty: result.nbHits === 0 ? { text: none.text, buttonLabel: none.buttonLabel, clearHref: ALL_STOCK_PATH, card: { ...card, link: internalHref(card.link) } } : null,
    pagination: paginationView(route.path, result.page, result.nbPages),
    refinements: searchRefinements(site, data.vehicles, route.filter, route.path),
  };
}

/** A promo card as the results grid shows it. */
export interface PromoCardView {
  id: string;
  title: string | null;
  text: string | null;
  href: string | null;
  image: string | null;
  alt: string | null;
  background: string;
  /** Text tone with the better contrast on `background`. */
  tone: 'light' | 'dark';
}

export function promoCardView(card: PromoCard): PromoCardView {
  const background = card.background ?? '#0f172a';
  return {
    id: card.id,
    title: card.title ?? null,
    text: card.text ?? null,
    href: card.link ? internalHref(card.link) : null,
    image: publicAsset(card.image),
    alt: card.alt ?? null,
    background,
    tone: textColourOn(background) === '#ffffff' ? 'light' : 'dark',
  };
}

// ---------------------------------------------------------------- brands (group sites)

export interface BrandTileView {
  name: string;
  slug: string;
  href: string;
  count: number;
  kind: MakeKind;
  logo: string | null;
}

const KIND_LABELS: Readonly<Record<MakeKind, string>> = { car: 'Cars', motorcycle: 'Motorcycles', truck: 'Trucks', caravan: 'Caravans' };
const KIND_ORDER: readonly MakeKind[] = ['car', 'motorcycle', 'truck', 'caravan'];

/** Makes in stock with their visible-stock counts and logos (null when the platform has none or the file is missing). */
export function brandTiles(site: SiteConfig, vehicles: readonly NormalisedVehicle[], now: Date): BrandTileView[] {
  const names = new Map(vehicles.map((v) => [v.make_slug, v.make]));
  const counts = countBy(visibleStock(vehicles, now, site), (v) => v.make_slug);
  return [...names]
    .map(([slug, name]) => ({
      name,
      slug,
      href: pagePath(slug, 'overview'),
      count: counts.get(slug) ?? 0,
      kind: makeKind(name),
      logo: publicAsset(MANUFACTURERS.find((m) => m.slug === slug)?.logo?.url),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export interface BrandsPageView {
  groups: Array<{ kind: MakeKind; label: string; brands: BrandTileView[] }>;
  stats: Array<{ value: string; label: string }>;
  profileHtml: string | null;
}

export function brandsPageView(site: SiteConfig, data: SiteData, now: Date): BrandsPageView {
  const tiles = brandTiles(site, data.vehicles, now);
  return {
    groups: KIND_ORDER.map((kind) => ({ kind, label: KIND_LABELS[kind], brands: tiles.filter((t) => t.kind === kind) })).filter((g) => g.brands.length > 0),
    stats: data.content.copy.stats ?? [],
    profileHtml: data.content.copy.groupProfile ? markdownToHtml(data.content.copy.groupProfile) : null,
  };
}

export interface BrandPageView {
  make: string;
  total: number;
  stockHref: string;
  sections: Array<{ itemType: string; label: string; vehicles: NormalisedVehicle[]; total: number }>;
  locations: LocationGridView;
}

/** Vehicles shown per item-type grid on a brand page; the rest are a click away in search. */
export const BRAND_GRID_SIZE = 6;

/** A make's page: its stock split by item type (cars, motorcycles, trucks, caravans) and the locations that sell it. */
export function brandPageView(site: SiteConfig, data: SiteData, route: RouteOf<'brand'>, now: Date): BrandPageView {
  const all = searchAll(data.vehicles, site, { make: route.makeSlug });
  const itemTypes = ['car', 'motorcycle', 'truck', 'caravan'] as const;
  const sections = itemTypes
    .map((itemType) => {
      const ofType = all.filter((v) => (v.item_type ?? 'car') === itemType);
      return { itemType, label: KIND_LABELS[itemType], vehicles: ofType.slice(0, BRAND_GRID_SIZE), total: ofType.length };
    })
    .filter((s) => s.total > 0);
  const locations = orderedLocations(data.locations.filter((l) => l.manufacturers?.includes(route.makeSlug)));
  return { make: route.make, total: all.length, stockHref: pagePath('search', route.makeSlug), sections, locations: locationGridView(locations, site, now) };
}

/** Group stats figures (the banner shows only on sites whose copy has them). */
export function statsBanner(data: SiteData): Array<{ value: string; label: string }> {
  return data.content.copy.stats ?? [];
}

// ---------------------------------------------------------------- models (single-brand sites)

export interface ModelTileView extends ModelTile {
  href: string;
}

export interface ModelsPageView {
  groups: Array<{ group: string; label: string; tiles: ModelTileView[] }>;
}

export function modelsPageView(models: readonly Model[]): ModelsPageView {
  return {
    groups: modelsMenu(models).map((g) => ({ group: g.group, label: g.label, tiles: g.tiles.map((t) => ({ ...t, href: internalHref(t.href) })) })),
  };
}

/**
 * The stock filter of a model page: the model's make (its manufacturer, else the site's) and
 * model slug. Model slugs in the range file may carry the make as a prefix ('mg-zs') where the
 * stock uses 'zs', so the prefix is dropped when only that matches.
 */
export function modelStockFilter(model: Pick<Model, 'slug' | 'manufacturer_name'>, site: Pick<SiteConfig, 'manufacturer'>, vehicles: readonly NormalisedVehicle[]): SearchFilter {
  const make = slugify(model.manufacturer_name ?? site.manufacturer ?? '');
  const unprefixed = model.slug.startsWith(`${make}-`) ? model.slug.slice(make.length + 1) : model.slug;
  const has = (slug: string) => vehicles.some((v) => v.make_slug === make && v.model_slug === slug);
  return { make, model: has(model.slug) || !has(unprefixed) ? model.slug : unprefixed };
}

export interface ModelPageView {
  model: Model;
  badge: string | null;
  bodies: string[];
  vehicles: NormalisedVehicle[];
  total: number;
  stockHref: string;
  description: string;
}

export function modelPageView(site: SiteConfig, data: SiteData, route: RouteOf<'model'>): ModelPageView {
  const model = data.models.find((m) => m.slug === route.modelSlug);
  if (!model) throw new Error(`model ${route.modelSlug} is in the manifest but not in the site's models`);
  const filter = modelStockFilter(model, site, data.vehicles);
  const result = searchVehicles(data.vehicles, site, { filter });
  const hasModelSearch = result.nbHits > 0;
  const bodies = [model.manufacturer_body, model.manufacturer_body2, model.manufacturer_body3].filter((b): b is string => Boolean(b?.trim()));
  return {
    model,
    badge: modelsPageView([model]).groups[0]?.tiles[0]?.badge ?? null,
    bodies,
    vehicles: result.hits,
    total: result.nbHits,
    stockHref: hasModelSearch ? pagePath('search', filter.make!, filter.model!) : filter.make && data.vehicles.some((v) => v.make_slug === filter.make) ? pagePath('search', filter.make) : ALL_STOCK_PATH,
    description: metaDescription(`The ${model.name}${bodies[0] ? ` ${bodies[0].toLowerCase()}` : ''} at ${site.name}: ${countLabel(result.nbHits, 'vehicle')} in stock. Enquire, book a test drive or see finance options.`),
  };
}

// ---------------------------------------------------------------- electric microsite

export interface EvModelSummary {
  baseId: string;
  name: string;
  href: string;
  variants: Array<{ id: string; name: string; drivingRange: string; maximumPower: string }>;
}

/** Display name of a model from its variants ('IM5 Premium' -> 'IM5'). */
function baseName(variants: readonly EvModelVariant[], baseId: string): string {
  return variants[0]?.name.split(/\s+/)[0] ?? baseId.toUpperCase();
}

/** One card per model (baseId, in file order) with each variant's range and power. */
export function evModelSummaries(ev: EvContent): EvModelSummary[] {
  const baseIds = [...new Set(ev.variants.map((v) => v.baseId))];
  return baseIds.map((baseId) => {
    const variants = ev.variants.filter((v) => v.baseId === baseId);
    return {
      baseId,
      name: baseName(variants, baseId),
      href: pagePath('models', baseId),
      variants: variants.map((v) => ({ id: v.id, name: v.name, drivingRange: v.performance.drivingRange, maximumPower: v.performance.maximumPower })),
    };
  });
}

/** Spec rows of a variant, grouped as the comparison shows them. */
export interface SpecSection {
  title: 'Dimensions' | 'Performance';
  rows: Array<{ label: string; value: string }>;
}

const mm = (n: number) => `${withThousands(n)} mm`;
export function variantSpecs(v: EvModelVariant): SpecSection[] {
  return [
    {
      title: 'Dimensions',
      rows: [
        { label: 'Length', value: mm(v.dimensions.length) },
        { label: 'Width', value: mm(v.dimensions.width) },
        { label: 'Height', value: mm(v.dimensions.height) },
        { label: 'Wheelbase', value: mm(v.dimensions.wheelbase) },
        { label: 'Gross vehicle mass', value: `${withThousands(v.dimensions.grossVehicleMass)} kg` },
        { label: 'Drag coefficient', value: `${v.dimensions.dragCoefficient} Cd` },
      ],
    },
    {
      title: 'Performance',
      rows: [
        { label: 'Drivetrain', value: v.performance.drivetrain },
        { label: 'Maximum power', value: v.performance.maximumPower },
        { label: 'Maximum torque', value: v.performance.maximumTorque },
        { label: '0-100 km/h', value: v.performance.zeroToHundred },
        { label: 'Driving range', value: v.performance.drivingRange },
        { label: 'Wheels', value: v.performance.wheels },
        { label: 'Turning radius', value: v.performance.turningRadius },
      ],
    },
  ];
}

export interface EvVariantView {
  variant: EvModelVariant;
  specs: SpecSection[];
  /** Up to 6 unique colours (the comparison colour rule). */
  colours: Array<Pick<Colour, 'id' | 'name'> & { hex: string | null }>;
}

export function evVariantView(ev: EvContent, variant: EvModelVariant): EvVariantView {
  return {
    variant,
    specs: variantSpecs(variant),
    colours: variantColours(ev.colours, variant).map((c) => ({ id: c.id, name: c.name, hex: c.hexCode ?? null })),
  };
}

/**
 * A model's page: its variants with specs and colours, and where its stock is: the model's
 * search page when the stock has the model, else the default search with `query` = the base id.
 */
export function evModelView(ev: EvContent, route: RouteOf<'ev-model'>, vehicles: readonly NormalisedVehicle[]): { name: string; variants: EvVariantView[]; stockHref: string } {
  const variants = ev.variants.filter((v) => v.baseId === route.baseId);
  const inStock = vehicles.find((v) => v.model_slug === route.baseId);
  return {
    name: baseName(variants, route.baseId),
    variants: variants.map((v) => evVariantView(ev, v)),
    stockHref: inStock ? pagePath('search', inStock.make_slug, route.baseId) : `${ALL_STOCK_PATH}?query=${encodeURIComponent(route.baseId)}`,
  };
}

export interface EvCompareView {
  left: EvVariantView;
  right: EvVariantView;
  sections: Array<{ title: string; rows: Array<{ label: string; left: string; right: string }> }>;
  /** Variants not on either side, for the "other variants" note until the selection island arrives. */
  others: Array<{ id: string; name: string }>;
}

/** The comparison page: the rule's default pair side by side, Dimensions, Performance and Features. */
export function evCompareView(ev: EvContent): EvCompareView {
  const state = initialCompareState(ev.variants);
  const find = (id: string) => ev.variants.find((v) => v.id === id)!;
  const left = evVariantView(ev, find(state.left.variantId));
  const right = evVariantView(ev, find(state.right.variantId));
  const sections = left.specs.map((section, i) => ({
    title: section.title as string,
    rows: section.rows.map((row, j) => ({ label: row.label, left: row.value, right: right.specs[i]!.rows[j]!.value })),
  }));
  const features = [...new Set([...left.variant.features, ...right.variant.features])];
  sections.push({
    title: 'Features',
    rows: features.map((f) => ({ label: f, left: left.variant.features.includes(f) ? 'Yes' : 'No', right: right.variant.features.includes(f) ? 'Yes' : 'No' })),
  });
  return { left, right, sections, others: ev.variants.filter((v) => v.id !== left.variant.id && v.id !== right.variant.id).map((v) => ({ id: v.id, name: v.name })) };
}

// ---------------------------------------------------------------- lead forms

export type FieldKind = 'text' | 'email' | 'tel' | 'textarea' | 'select' | 'datetime-local' | 'checkbox';

export interface FormFieldView {
  name: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  options?: Array<{ value: string; label: string }>;
  /** Preselected value (selects) or prefill. */
  value?: string;
  maxLength?: number;
  pattern?: string;
  /** Browser validation message shown when `pattern` fails. */
  patternMessage?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
  autocomplete?: string;
  hint?: string;
}

export interface FormSectionView {
  title: string | null;
  fields: FormFieldView[];
}

export interface LeadFormView {
  /** Element id and fragment target, e.g. 'finance-form'. */
  id: string;
  /** The lead discriminator sent in the hidden `form` field. */
  form: LeadForm;
  heading: string;
  intro: string | null;
  sections: FormSectionView[];
  /** The terms checkbox is shown and required, with the spec's notice. */
  terms: { required: boolean; notice: string; href: string } | null;
  optIn: boolean;
  submitLabel: string;
  /** Service bookings made on an embedded booking page instead of this form. */
  iframe: { src: string; height: number; title: string } | null;
}

const FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'First Name',
  last_name: 'Last Name',
  email: 'Email',
  phone: 'Mobile',
  postcode: 'Postcode',
  message: 'Comments',
  Comments: 'Comments',
  preferredDealership: 'Preferred Dealership',
  vehiclePriceBudget: 'Vehicle Price / Budget',
  'Vehicle Make': 'Vehicle Make',
  'Vehicle Model': 'Vehicle Model',
  'Vehicle Year': 'Vehicle Year',
  'Vehicle Rego': 'Vehicle Rego',
  'Service Interval': 'Service Interval',
  'Service Type': 'Service Type',
  'Preferred Service Date': 'Preferred Service Date',
  'Tyres Replacement': 'Tyres Replacement',
  dealership_slug: 'Dealership',
  dealership: 'Dealership',
  preferred_date_time: 'Preferred Date and Time',
  location_id: 'Nearest Location',
  kms: 'Kilometres',
  regoState: 'Rego State',
  rego: 'Rego',
  Rego: 'Your Rego',
  PreferredContactMethod: 'Preferred Contact Method',
  finance: 'Is the car currently under finance?',
  has_trade_in: 'Do you have a trade-in?',
  make: 'Make',
  model: 'Model',
  year: 'Year',
};

const yesNo = [
  { value: 'Yes', label: 'Yes' },
  { value: 'No', label: 'No' },
];

/** How each field is drawn; fields not listed are plain text inputs. */
function fieldBase(name: string, site: SiteConfig, data: SiteData): Omit<FormFieldView, 'required' | 'label'> {
  const dealershipOptions = site.dealerships.map((d) => ({ value: d.slug, label: d.name }));
  const locationOptions = orderedLocations(data.locations).map((l) => ({ value: String(l.id), label: l.name }));
  switch (name) {
    case 'name':
      return { name, kind: 'text', autocomplete: 'given-name' };
    case 'last_name':
      return { name, kind: 'text', autocomplete: 'family-name' };
    case 'email':
      return { name, kind: 'email', autocomplete: 'email', inputMode: 'email' };
    case 'phone':
      return { name, kind: 'tel', autocomplete: 'tel', inputMode: 'tel' };
    case 'postcode':
      return { name, kind: 'text', autocomplete: 'postal-code', inputMode: 'numeric', maxLength: POSTCODE_MAX_LENGTH, pattern: '\\d{4}', patternMessage: POSTCODE_MESSAGE };
    case 'message':
    case 'Comments':
      return { name, kind: 'textarea' };
    case 'preferredDealership':
      // Dealerships where the site lists them, otherwise its locations.
      return { name, kind: 'select', options: dealershipOptions.length > 0 ? dealershipOptions : orderedLocations(data.locations).map((l) => ({ value: l.slug ?? String(l.id), label: l.name })) };
    case 'vehiclePriceBudget':
      return { name, kind: 'text', inputMode: 'numeric', hint: 'In dollars, e.g. $25,000' };
    case 'Vehicle Year':
    case 'year':
      return { name, kind: 'text', inputMode: 'numeric', maxLength: 4, pattern: '\\d{4}', patternMessage: 'Please enter a four-digit year, e.g. 2019.' };
    case 'Service Interval':
      return { name, kind: 'text', hint: 'e.g. 45,000 km / 36 months' };
    case 'Service Type':
      return { name, kind: 'select', options: site.forms.serviceTypes.map((t) => ({ value: t, label: t })) };
    case 'Preferred Service Date':
    case 'preferred_date_time':
      return { name, kind: 'datetime-local' };
    case 'Tyres Replacement':
    case 'finance':
    case 'has_trade_in':
      return { name, kind: 'select', options: yesNo };
    case 'dealership_slug':
      return { name, kind: 'select', options: dealershipOptions };
    case 'location_id':
      return { name, kind: 'select', options: locationOptions };
    case 'kms':
      return { name, kind: 'text', inputMode: 'numeric', hint: 'e.g. 45,000 kms' };
    case 'regoState':
      return { name, kind: 'select', options: AU_STATES.map((s) => ({ value: s, label: s })), value: site.state.toUpperCase() };
    case 'PreferredContactMethod':
      return { name, kind: 'select', options: CONTACT_METHODS.map((m) => ({ value: m, label: m })), value: 'Phone' };
    default:
      return { name, kind: 'text' };
  }
}

function field(name: string, requirement: FieldRequirement, site: SiteConfig, data: SiteData): FormFieldView {
  return { ...fieldBase(name, site, data), label: FIELD_LABELS[name] ?? name, required: requirement === 'required' };
}

/** Fields of a section, in the given order, keeping only those the rules show. */
function section(title: string | null, names: readonly string[], rules: FieldRules, site: SiteConfig, data: SiteData): FormSectionView {
  const fields = names.filter((n) => rules[n] !== undefined).map((n) => field(n, rules[n]!, site, data));
  // A select without options (no dealerships configured) cannot be answered: leave it out.
  return { title, fields: fields.filter((f) => f.kind !== 'select' || (f.options?.length ?? 0) > 0) };
}

/**
 * Required or optional per the lead schema, for the valuation forms, which have no rule of their
 * own: a field is required when the schema rejects it missing.
 */
function schemaRules(schema: typeof TradeInLeadSchema | typeof SellMyCarLeadSchema, names: readonly string[]): FieldRules {
  const shape = schema.shape as Record<string, { safeParse: (value: unknown) => { success: boolean } }>;
  return Object.fromEntries(names.map((n) => [n, shape[n]!.safeParse(undefined).success ? 'optional' : 'required']));
}

const CONTACT = ['name', 'last_name', 'email', 'phone'] as const;

/**
 * The lead form of a form page: its fields (which are shown and which are required follow
 * `src/rules/forms.ts`, or the lead schema for the valuation forms), grouped into sections, the
 * terms checkbox and notice when the site requires them, and the opt-in.
 */
export function leadFormView(kind: FormKind, site: SiteConfig, data: SiteData): LeadFormView {
  const terms = site.forms.requireTerms ? { required: true, notice: TERMS_MESSAGE, href: pagePath('terms-and-conditions') } : null;
  const base = { terms, optIn: true, iframe: null, intro: null };
  switch (kind) {
    case 'finance':
    case 'finance-enquiry': {
      const enquiry = enquiryFieldRules(site, { messageOptional: true, showDealership: true });
      const rules: FieldRules = {
        name: enquiry.name!,
        last_name: enquiry.last_name!,
        email: enquiry.email!,
        phone: enquiry.phone!,
        postcode: 'optional',
        preferredDealership: enquiry.dealership_slug!,
        vehiclePriceBudget: 'optional',
        message: enquiry.message!,
      };
      return {
        ...base,
        id: 'finance-form',
        form: 'finance-enquiry',
        heading: 'Apply for finance',
        sections: [section('Your details', [...CONTACT, 'postcode'], rules, site, data), section('Your finance', ['preferredDealership', 'vehiclePriceBudget', 'message'], rules, site, data)],
        submitLabel: 'Send Finance Enquiry',
      };
    }
    case 'service': {
      const only = site.dealerships.length === 1 ? site.dealerships[0]!.name : site.name;
      const heading = `Book Your Service at ${only}`;
      const { servicePage } = site.forms;
      if (servicePage.mode === 'iframe' && servicePage.iframeUrl) {
        return { ...base, id: 'service-form', form: 'service-booking', heading, sections: [], submitLabel: '', iframe: { src: servicePage.iframeUrl, height: servicePage.iframeHeight, title: heading } };
      }
      const rules = serviceFieldRules(site);
      const sections = serviceSteps(site.forms).map((step) => {
        // Without JavaScript there is no rego lookup, so variant B's vehicle step also asks for make, model and year.
        const names = step.id === 'vehicle' ? [...new Set([...step.fields, 'Vehicle Make', 'Vehicle Model', 'Vehicle Year'])] : step.fields;
        return section(step.title, names, rules, site, data);
      });
      return { ...base, id: 'service-form', form: 'service-booking', heading, sections, submitLabel: 'Book Service' };
    }
    case 'trade-in':
    case 'sell-my-car': {
      const schema = kind === 'trade-in' ? TradeInLeadSchema : SellMyCarLeadSchema;
      const car = kind === 'trade-in' ? ['rego', 'regoState', 'kms', 'finance', 'has_trade_in'] : ['make', 'model', 'year', 'rego', 'regoState', 'kms', 'finance'];
      const contact = [...CONTACT, 'postcode', 'PreferredContactMethod', 'location_id'];
      const rules = schemaRules(schema, [...contact, ...car, 'message']);
      return {
        ...base,
        id: `${kind}-form`,
        form: kind,
        heading: kind === 'trade-in' ? 'Get a trade-in valuation' : 'Get an offer on your car',
        intro:
          'Online estimates are generally not given for cars over 7 years old or with more than 100,000 km; we will arrange an inspection instead. If the car has finance owing, we need a letter from your lender.',
        sections: [section('Your details', contact, rules, site, data), section('Your car', [...car, 'message'], rules, site, data)],
        optIn: site.forms.quoteOptIn,
        submitLabel: kind === 'trade-in' ? 'Request Valuation' : 'Get My Offer',
      };
    }
    case 'book-test-drive': {
      const primary = orderedLocations(data.locations)[0];
      const rules = testDriveFieldRules(site, primary);
      const sec = section(null, [...CONTACT, 'dealership', 'preferred_date_time', 'message'], rules, site, data);
      const distribution = primary?.distribution_locations ?? [];
      sec.fields = sec.fields.map((f) =>
        f.name === 'dealership'
          ? {
              ...f,
              kind: 'select',
              options: [primary!, ...distribution]
                .map((l) => ({ value: l.dealership_slug ?? l.slug ?? '', label: l.name ?? l.slug ?? '' }))
                .filter((o) => o.value !== ''),
            }
          : f,
      );
      return { ...base, id: 'test-drive-form', form: 'test-drive', heading: 'Book a test drive', sections: [sec], submitLabel: 'Book Test Drive' };
    }
  }
}

/** A general enquiry form (offer pages): the enquiry rules decide which fields show and which are required. */
export function enquiryFormView(site: SiteConfig, data: SiteData, options: { id: string; heading: string; submitLabel?: string }): LeadFormView {
  const rules = enquiryFieldRules(site);
  return {
    id: options.id,
    form: 'enquiry',
    heading: options.heading,
    intro: null,
    sections: [section(null, [...CONTACT, 'Rego', 'message'], rules, site, data)],
    terms: site.forms.requireTerms ? { required: true, notice: TERMS_MESSAGE, href: pagePath('terms-and-conditions') } : null,
    optIn: true,
    submitLabel: options.submitLabel ?? 'Send Enquiry',
    iframe: null,
  };
}

/** A content page's body and FAQ as shown above a form or on its own page. */
export interface ContentBlockView {
  title: string;
  description: string;
  html: string;
  faq: Array<{ question: string; answerHtml: string }>;
}

export function contentBlockView(page: ContentPage): ContentBlockView {
  return {
    title: page.frontmatter.title,
    description: page.frontmatter.description,
    html: markdownToHtml(page.markdown),
    faq: (page.frontmatter.faq ?? []).map((item) => ({ question: item.question, answerHtml: markdownToHtml(item.answer) })),
  };
}

// ---------------------------------------------------------------- not found

/** Popular pages offered on the 404 page; every one is a page the site builds. */
export function notFoundLinks(site: SiteConfig, data: Pick<SiteData, 'vehicles'>): LinkView[] {
  const internal = (href: string) => href.startsWith('/');
  return [
    { label: 'Home', href: '/' },
    ...presentCarTypes(site, data.vehicles).map((t) => ({ label: `${CAR_TYPE_LABELS[t]} Cars`, href: searchPathForCarType(t) })),
    { label: 'Special Offers', href: pagePath('special-offers') },
    ...(internal(site.finance.pageLink) ? [{ label: 'Finance', href: pagePath(site.finance.pageLink) }] : []),
    ...(internal(site.urls.serviceBooking) ? [{ label: 'Book a Service', href: pagePath(site.urls.serviceBooking) }] : []),
    { label: 'Sell Your Car', href: pagePath(site.urls.sellMyCar) },
    { label: 'Contact Us', href: pagePath(site.urls.contact) },
  ];
}

// ---------------------------------------------------------------- home

export interface PopupView {
  id: string;
  title: string;
  bodyHtml: string;
  image: string | null;
  cta: { label: string; href: string };
}

/** The popup when the site has one, it is switched on, and it has not expired at build time (no visitor flags yet). */
export function popupView(site: SiteConfig, data: SiteData, now: Date): PopupView | null {
  const popup = data.content.popup;
  if (!site.features.popup || !popup || !shouldShowPopup(popup, site.slug, {}, now)) return null;
  return { id: popup.id, title: popup.title, bodyHtml: sanitize(popup.body), image: publicAsset(popup.image), cta: { label: popup.cta.label, href: internalHref(popup.cta.url) } };
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

/** Average of location ratings weighted by their review counts. */
export function overallRating(locations: readonly Location[]): RatingView | null {
  let sum = 0;
  let count = 0;
  for (const l of locations) {
    const avg = l.reviews?.average_rating ?? l.average_rating;
    const n = l.reviews?.count ?? l.review_count ?? 0;
    if (avg === null || avg === undefined || n === 0) continue;
    sum += avg * n;
    count += n;
  }
  return count === 0 ? null : ratingView(sum / count, count);
}

export function homeView(site: SiteConfig, data: SiteData, now: Date): HomeView {
  const stock = visibleStock(data.vehicles, now, site);
  const byType = countBy(stock, (v) => v.car_type);
  const makeNames = new Map(stock.map((v) => [v.make_slug, v.make]));
  const makes = [...countBy(stock, (v) => v.make_slug)].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, HOME_MAKES);
  const locations = orderedLocations(data.locations);
  return {
    carTypes: presentCarTypes(site, data.vehicles).map((t) => ({ label: `${CAR_TYPE_LABELS[t]} Cars`, href: searchPathForCarType(t), count: byType.get(t) ?? 0 })),
    popularBodies: popularBodyTypes(data.vehicles, now, site).map((b) => ({ label: b.value, count: b.count, href: pagePath('search', slugify(b.value)) })),
    popularMakes: makes.map(([slug, n]) => ({ label: makeNames.get(slug) ?? slug, href: pagePath('search', slug), count: n })),
    offers: currentOffers(data.offers, now, site)
      .slice(0, 3)
      .map((o) => offerCardView(o, site, data)),
    locations: { ...locationGridView(locations.slice(0, HOME_LOCATIONS), site, now), swipeHint: showSwipeHint(locations.length) },
    moreLocations: Math.max(0, locations.length - HOME_LOCATIONS),
    rating: overallRating(data.locations),
    reviews: shownReviews(data.reviews, site).slice(0, 3),
    stats: site.features.brandPages ? statsBanner(data) : [],
    salesCount: site.features.salesCounter ? salesCount(now, site.salesCounter, site.timeZone) : null,
    brandCopyHtml: data.content.copy.brandCopy ? markdownToHtml(data.content.copy.brandCopy) : null,
    popup: popupView(site, data, now),
  };
}

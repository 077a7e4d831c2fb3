/**
 * View models of the vehicle pages (detail, print, checkout, trade-in). Each helper composes the
 * business rules in `src/rules/` into what a section shows, so the `.astro` components only lay
 * out data: no rule is decided in a template.
 */
import { vehiclePath } from '../data/route-manifest.ts';
import type { SiteData } from '../data/site-data.ts';
import { availabilityView } from '../rules/availability.ts';
import { commentsView } from '../rules/comments.ts';
import { defaultCalculatorState, vehicleFinanceCalculator } from '../rules/finance-calculator.ts';
import { disclaimerView, vehicleFinanceDisclaimer } from '../rules/finance-disclaimer.ts';
import { financePrice, lenderInfoFor } from '../rules/finance-eligibility.ts';
import { formatKmInput } from '../rules/formatting.ts';
import { FUEL_DEFAULTS, fuelCost, showFuelCalculator } from '../rules/fuel.ts';
import { detailListView, showThumbnails, specListView, type SpecRow } from '../rules/gallery.ts';
import { marketPriceBadge, type MarketPriceBadge } from '../rules/market-price.ts';
import { phoneDisplay } from '../rules/phone.ts';
import { formatPrice, priceDisplay, type PriceDisplay } from '../rules/pricing.ts';
import { historyReportLink, isReservable, regoExpiry, reserveButton, showFinanceCta, showLocationBar, tradeInButton } from '../rules/vehicle-actions.ts';
import type { SiteCopy } from '../schemas/content.ts';
import type { Location } from '../schemas/location.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { NormalisedVehicle } from '../schemas/snapshot.ts';
import { sanitize } from './html.ts';
import { pictureFor, type ImageIndex, type PictureData } from './images.ts';
import { breadcrumbJsonLd, vehicleJsonLd } from './structured-data.ts';
import { pagePath } from './urls.ts';

// ---------------------------------------------------------------- lookup

/** The vehicle a vehicle route stands for; a clear error when the manifest and the data disagree. */
export function vehicleForRoute(data: Pick<SiteData, 'vehicles'>, vehicleId: number, path: string): NormalisedVehicle {
  const vehicle = data.vehicles.find((v) => Number(v.id) === vehicleId);
  if (!vehicle) {
    throw new Error(
      `Vehicle ${vehicleId} (route ${path}) is not in the site's snapshot. The route manifest and the data are out of step: rebuild the manifest from the same snapshot.`,
    );
  }
  return vehicle;
}

/** The primary dealership location: the one flagged primary, else the first. */
export function primaryLocation(locations: readonly Location[]): Location | undefined {
  return locations.find((l) => l.primary) ?? locations[0];
}

// ---------------------------------------------------------------- breadcrumbs

export interface Crumb {
  label: string;
  /** Site path. The last crumb is the vehicle page itself (shown as text, linked in JSON-LD). */
  href: string;
}

const CAR_TYPE_LABELS: Record<string, string> = { new: 'New', demo: 'Demo', used: 'Used' };

/**
 * The breadcrumb's label for the vehicle: year, make, model and badge, or the full display name
 * (which carries the series) on sites with `features.seriesDisplay`.
 */
export function vehicleCrumbLabel(vehicle: NormalisedVehicle, site: Pick<SiteConfig, 'features'>): string {
  if (site.features.seriesDisplay) return vehicle.display_name;
  return [vehicle.year, vehicle.make, vehicle.model, vehicle.badge]
    .filter((p) => p !== null && p !== undefined && String(p).trim() !== '')
    .join(' ');
}

/**
 * Home, car type, make, model, then the vehicle. Links follow `urls.breadcrumbBase`:
 * `/search/{type}-cars/`, `/search/{make}/`, `/search/{make}/{model}/`; or on `used-car` sites
 * `/used-car/{type}/`, `/used-car/{make}/`, `/used-car/{make}/{model}/`.
 */
export function vehicleBreadcrumbs(vehicle: NormalisedVehicle, site: Pick<SiteConfig, 'features' | 'urls'>): Crumb[] {
  const type = vehicle.car_type;
  const typeLabel = `${CAR_TYPE_LABELS[type] ?? type} Cars`;
  const [typePath, makePath, modelPath] =
    site.urls.breadcrumbBase === 'used-car'
      ? [pagePath('used-car', type), pagePath('used-car', vehicle.make_slug), pagePath('used-car', vehicle.make_slug, vehicle.model_slug)]
      : [pagePath('search', `${type}-cars`), pagePath('search', vehicle.make_slug), pagePath('search', vehicle.make_slug, vehicle.model_slug)];
  return [
    { label: 'Home', href: '/' },
    { label: typeLabel, href: typePath },
    { label: vehicle.make, href: makePath },
    { label: vehicle.model, href: modelPath },
    { label: vehicleCrumbLabel(vehicle, site), href: vehiclePath(vehicle) },
  ];
}

// ---------------------------------------------------------------- head

/** Longest meta description search results show in full. */
export const META_DESCRIPTION_LIMIT = 160;

function clip(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > limit / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/** Where the vehicle is, by name: its location, else the dealer. */
export function vehicleLocationName(vehicle: NormalisedVehicle, site: Pick<SiteConfig, 'name'>): string {
  return vehicle.location?.name?.trim() || vehicle.location_name?.trim() || site.name;
}

/**
 * The meta description, at most 160 characters:
 * '2024 Toyota Corolla Ascent, 12,000 kms, Automatic, Hatchback. $25,990 at Northside Used Cars Chermside.'
 * Sold vehicles carry no price (as on the page); vehicles without a price say 'Enquire at ...'.
 */
export function vehicleMetaDescription(vehicle: NormalisedVehicle, site: SiteConfig): string {
  const facts = [vehicle.display_name, formatKmInput(vehicle.km), vehicle.simple_transmission, vehicle.simple_body].filter((s) => s && s.trim() !== '');
  const where = vehicleLocationName(vehicle, site);
  const availability = availabilityView(vehicle);
  let offer: string;
  if (!availability.available) {
    offer = `Sold. Find something similar at ${where}.`;
  } else {
    const price = priceDisplay(vehicle, site);
    offer =
      price.kind === 'subscription'
        ? `${price.text} /wk at ${where}.`
        : price.kind === 'offer' || price.kind === 'price'
          ? `${price.text} at ${where}.`
          : `Enquire at ${where}.`;
  }
  return clip(`${facts.join(', ')}. ${offer}`, META_DESCRIPTION_LIMIT);
}

// ---------------------------------------------------------------- gallery

export interface GallerySlide {
  /** 1-based position; slides have the id `photo-{n}`. */
  n: number;
  alt: string;
  picture: PictureData | null;
  thumb: PictureData | null;
  /** Where a thumbnail links: its full-size slide in the gallery strip (works without JavaScript). */
  fullHref: string;
  /** Video slides show their poster with a link to the video, when the vehicle has one. */
  videoHref: string | null;
}

export interface GalleryView {
  slides: GallerySlide[];
  /** The thumbnails strip: more than 3 images (the gallery rule). */
  showThumbnails: boolean;
}

/** Every gallery slide of the vehicle with its pictures; the primary image when it has no gallery. */
export function galleryView(vehicle: NormalisedVehicle, images: ImageIndex, site: SiteConfig): GalleryView {
  const sources = vehicle.images?.length
    ? vehicle.images
    : vehicle.primary_image_url
      ? [{ image: vehicle.primary_image_url, thumb: null, isVideo: false }]
      : [];
  const video = vehicle.video_url ?? vehicle.external_video_url ?? null;
  const total = sources.length;
  const slides = sources.map((s, i): GallerySlide => {
    const n = i + 1;
    const picture = pictureFor(images, s.image, 'gallery', site);
    return {
      n,
      alt: `${vehicle.display_name}${s.isVideo ? ' video' : ''}, photo ${n} of ${total}`,
      picture,
      thumb: pictureFor(images, s.thumb ?? s.image, 'thumb', site) ?? pictureFor(images, s.image, 'thumb', site),
      fullHref: `#photo-${n}`,
      videoHref: s.isVideo ? video : null,
    };
  });
  return { slides, showThumbnails: showThumbnails(vehicle) };
}

/** Gallery pictures of the photos (video slides left out), for Open Graph and JSON-LD. */
export function galleryPictures(vehicle: NormalisedVehicle, images: ImageIndex, site: SiteConfig): PictureData[] {
  const photos = (vehicle.images ?? []).filter((i) => !i.isVideo).map((i) => i.image);
  const sources = photos.length > 0 ? photos : vehicle.primary_image_url ? [vehicle.primary_image_url] : [];
  return sources.map((s) => pictureFor(images, s, 'gallery', site)).filter((p): p is PictureData => p !== null);
}

// ---------------------------------------------------------------- price and availability

export type PriceBlockView =
  | {
      available: true;
      price: PriceDisplay;
      /** ' /wk' after a subscription price. */
      suffix: string;
      /** 'Drive Away' and similar, as the platform writes it. */
      priceType: string | null;
      /** '$1,200 below the QLD average market price' (the market-price rule), or null. */
      marketBadgeText: string | null;
      /** Available but already reserved by another shopper (no reserve button). */
      reserved: boolean;
    }
  | { available: false; message: string; enquiryLabel: string };

export function priceBlockView(vehicle: NormalisedVehicle, site: SiteConfig): PriceBlockView {
  const availability = availabilityView(vehicle);
  if (!availability.available) return { available: false, message: availability.message, enquiryLabel: availability.enquiryLabel };
  const price = priceDisplay(vehicle, site);
  return {
    available: true,
    price,
    suffix: price.kind === 'subscription' ? ' /wk' : '',
    priceType: price.kind === 'price' || price.kind === 'offer' ? (vehicle.price_type?.trim() || null) : null,
    marketBadgeText: marketBadgeText(marketPriceBadge(vehicle, site), vehicle),
    reserved: !isReservable(vehicle),
  };
}

function marketBadgeText(badge: MarketPriceBadge | null, vehicle: Pick<NormalisedVehicle, 'state'>): string | null {
  if (!badge) return null;
  const where = badge.basis === 'state' ? (vehicle.state?.trim().toUpperCase() || 'state') : 'national';
  return `${badge.belowText} below the ${where} average market price`;
}

// ---------------------------------------------------------------- finance

export interface FinanceSummaryView {
  providerName: string;
  /** '$123 /wk*' or 'Enquire for Finance'. */
  paymentText: string;
  /** '9.87%', or '' when the lender gives none. */
  comparisonRateText: string;
  /** The disclaimer, expanded (its default). */
  disclaimer: string;
}

/**
 * The finance block: only when the vehicle is eligible for the site's provider (the eligibility
 * rule), with the repayment for the calculator's default state and the lender's comparison rate.
 */
export function financeSummary(vehicle: NormalisedVehicle, site: SiteConfig, now: Date): FinanceSummaryView | null {
  const provider = site.finance.provider;
  if (!provider) return null;
  const view = vehicleFinanceCalculator(site, vehicle, defaultCalculatorState(site.finance, vehicle), now);
  if (!view.eligible) return null;
  const text = vehicleFinanceDisclaimer(site.finance, lenderInfoFor(site.finance, vehicle));
  return {
    providerName: provider.name,
    paymentText: view.paymentText,
    comparisonRateText: view.comparisonRateText,
    disclaimer: disclaimerView(text, { toggleEnabled: site.finance.disclaimerToggle }).text,
  };
}

/**
 * The finance call-to-action link (provider configured and finance price above 0): the site's
 * finance enquiry page with the vehicle in the query string, at #finance-form.
 */
export function financeCtaHref(vehicle: NormalisedVehicle, site: SiteConfig): string | null {
  const price = financePrice(vehicle);
  if (!showFinanceCta(price, site)) return null;
  const query = new URLSearchParams({ car_id: String(vehicle.id), car_type: vehicle.car_type, vehiclePriceBudget: String(price) });
  if (vehicle.vin) query.set('vin', vehicle.vin);
  if (vehicle.dealership_slug) query.set('preferredDealership', vehicle.dealership_slug);
  return `${pagePath(site.urls.financeEnquiry)}?${query.toString()}#finance-form`;
}

// ---------------------------------------------------------------- phone

/**
 * The number to call about a vehicle. Vehicle pages use, first that is set:
 * `locations.phoneByCarType[car_type]` (a number configured for vehicle pages of that type),
 * `locations.phoneByLocation[location slug]` (replaces that location's own number), the
 * vehicle's location phone, the phone of its location record, then the primary location's.
 */
export function vehiclePhone(vehicle: NormalisedVehicle, site: Pick<SiteConfig, 'locations'>, locations: readonly Location[]): string | null {
  const record = locations.find((l) => vehicle.location_id !== null && vehicle.location_id !== undefined && String(l.id) === String(vehicle.location_id));
  const slug = vehicle.location?.slug ?? record?.slug;
  const candidates = [
    site.locations.phoneByCarType[vehicle.car_type],
    slug ? site.locations.phoneByLocation[slug] : undefined,
    vehicle.location?.phone,
    record?.contact_detail?.phone,
    primaryLocation(locations)?.contact_detail?.phone,
  ];
  return candidates.find((p): p is string => typeof p === 'string' && p.trim() !== '')?.trim() ?? null;
}

export interface CallBlockView {
  /** The number, masked after 5 characters unless the site shows it at once. */
  text: string;
  masked: boolean;
  /** tel: link to the full number; the island that reveals the number comes later. */
  href: string;
}

/** The call block; `unmasked` for pages where the number is always shown (print). */
export function callBlock(vehicle: NormalisedVehicle, site: SiteConfig, locations: readonly Location[], unmasked = false): CallBlockView | null {
  const number = vehiclePhone(vehicle, site, locations);
  const display = phoneDisplay(number, site, unmasked);
  // The full number for the link: phoneDisplay with `revealed` gives it and its tel: href.
  const full = phoneDisplay(number, site, true);
  if (display.kind === 'none' || full.kind !== 'shown') return null;
  return { text: display.text, masked: display.kind === 'masked', href: full.href };
}

// ---------------------------------------------------------------- actions

export interface ActionLink {
  id: 'enquire' | 'test-drive' | 'reserve' | 'finance' | 'trade-in' | 'history-report' | 'print';
  label: string;
  href: string;
  /** Opens another site in a new tab. */
  external?: boolean;
}

/** Path of the checkout page (reserve or buy online) of a vehicle. */
export function checkoutPath(vehicle: NormalisedVehicle, site: Pick<SiteConfig, 'urls'>): string {
  return vehiclePath(vehicle, site.urls.checkoutSegment);
}

/** The action buttons of an available vehicle, in order; none for a sold one (the availability rule). */
export function vehicleActions(vehicle: NormalisedVehicle, site: SiteConfig): ActionLink[] {
  if (!availabilityView(vehicle).available) return [];
  const actions: ActionLink[] = [
    { id: 'enquire', label: site.vehicle.enquireLabel, href: '#enquire' },
    { id: 'test-drive', label: 'Book a Test Drive', href: `${pagePath('book-test-drive')}?car_id=${encodeURIComponent(String(vehicle.id))}` },
  ];
  const reserve = reserveButton(vehicle, site);
  if (reserve) actions.push({ id: 'reserve', label: reserve.label, href: checkoutPath(vehicle, site) });
  const finance = financeCtaHref(vehicle, site);
  if (finance) actions.push({ id: 'finance', label: 'Apply for Finance', href: finance });
  if (tradeInButton(vehicle, site)) actions.push({ id: 'trade-in', label: 'Value My Trade-In', href: vehiclePath(vehicle, 'trade-in') });
  const report = historyReportLink(vehicle);
  if (report) actions.push({ id: 'history-report', label: 'View History Report', href: report, external: /^https?:/i.test(report) });
  return actions;
}

// ---------------------------------------------------------------- key info and specifications

export interface KeyInfoItem {
  id: 'km' | 'transmission' | 'body';
  label: string;
  value: string;
}

/** The icons row of the sidebar: odometer, transmission, body. */
export function keyInfo(vehicle: NormalisedVehicle): KeyInfoItem[] {
  const items: KeyInfoItem[] = [
    { id: 'km', label: 'Odometer', value: formatKmInput(vehicle.km) },
    { id: 'transmission', label: 'Transmission', value: vehicle.simple_transmission },
    { id: 'body', label: 'Body', value: vehicle.simple_body },
  ];
  return items.filter((i) => i.value.trim() !== '');
}

const withUnit = (value: unknown, unit: string) => (typeof value === 'number' ? `${value.toLocaleString('en-AU')} ${unit}` : value);

/** Every specification row of a vehicle, in display order; empty values are dropped by the spec-rows rule. */
export function specRows(vehicle: NormalisedVehicle, site: SiteConfig, now: Date): SpecRow[] {
  const v = vehicle;
  const variant = v.variant_specs ?? {};
  const engine = v.engine_size_litres ? `${v.engine_size_litres} L` : typeof v.engine_size === 'number' ? `${v.engine_size.toLocaleString('en-AU')} cc` : null;
  const rows: Array<{ label: string; value: unknown }> = [
    { label: 'Make', value: v.make },
    { label: 'Model', value: v.model },
    { label: 'Badge', value: v.badge },
    { label: 'Series', value: v.series },
    { label: 'Year', value: v.year },
    { label: 'Odometer', value: formatKmInput(v.km) },
    { label: 'Body', value: v.body ?? v.simple_body },
    { label: 'Colour', value: v.colour },
    { label: 'Interior colour', value: v.interior_colour },
    { label: 'Transmission', value: v.trans ?? v.simple_transmission },
    { label: 'Gears', value: v.gearnum },
    { label: 'Drive', value: v.drive },
    { label: 'Fuel', value: v.fuel ?? v.simple_fuel },
    { label: 'Engine', value: engine },
    { label: 'Cylinders', value: variant.cylinders },
    { label: 'Induction', value: variant.induction },
    { label: 'Torque', value: variant.torque },
    { label: 'Fuel consumption (combined)', value: withUnit(variant.fuelconsumptioncombined, 'L/100km') },
    { label: 'Fuel capacity', value: withUnit(variant.fuelcapacity, 'L') },
    { label: 'Seats', value: v.seats },
    { label: 'Doors', value: v.doors },
    { label: 'Length', value: withUnit(variant.vehiclelength, 'mm') },
    { label: 'Width', value: withUnit(variant.vehiclewidth, 'mm') },
    { label: 'Height', value: withUnit(variant.vehicleheight, 'mm') },
    { label: 'Gross vehicle mass', value: withUnit(variant.grossvehiclemass, 'kg') },
    { label: 'Towing capacity (braked)', value: withUnit(variant.towingcapacitybraked, 'kg') },
    { label: 'ANCAP rating', value: typeof variant.ancaprating === 'number' ? `${variant.ancaprating} stars` : variant.ancaprating },
  ];
  if (v.item_type === 'caravan' && v.caravan_specs) {
    const c = v.caravan_specs;
    rows.push(
      { label: 'Body length', value: c.body_length },
      { label: 'Body width', value: c.body_width },
      { label: 'Tare weight', value: withUnit(c.tare_weight, 'kg') },
      { label: 'Aggregate trailer mass', value: withUnit(c.aggregate_trailer_mass, 'kg') },
      { label: 'Axle type', value: c.axle_type },
      { label: 'Sleeps', value: c.sleeps },
    );
  }
  rows.push(
    { label: 'Stock number', value: v.stocknum },
    { label: 'VIN', value: v.vin },
    { label: 'Registration', value: v.regplate },
    { label: 'Registration expiry', value: regoExpiry(v.rego_expiry, site, now)?.text },
    { label: 'Build date', value: v.build_date },
    { label: 'Compliance date', value: v.compliance_date },
  );
  return rows.map((r) => ({ label: r.label, value: r.value === null || r.value === undefined ? r.value : typeof r.value === 'number' ? r.value : String(r.value) }));
}

/** A list cut for a no-JS page: the first items, the rest behind a <details> toggle. */
export interface CutList<T> {
  initial: T[];
  rest: T[];
  /** Label of the toggle ('Show All', 'Show More'); null when nothing is hidden. */
  toggle: string | null;
  /** Label when expanded ('Show Less'). */
  lessLabel: string | null;
}

function cutList<T>(collapsed: { items: T[]; toggle: string | null }, expanded: { items: T[]; toggle: string | null }): CutList<T> {
  return {
    initial: collapsed.items,
    rest: expanded.items.slice(collapsed.items.length),
    toggle: collapsed.toggle,
    lessLabel: collapsed.toggle ? expanded.toggle : null,
  };
}

/** All specifications: rows with a value (spec-rows rule), 4 first then the rest (spec-list rule). */
export function specList(vehicle: NormalisedVehicle, site: SiteConfig, now: Date): CutList<SpecRow> {
  const rows = specRows(vehicle, site, now);
  return cutList(specListView(rows, site, false), specListView(rows, site, true));
}

/** Standard equipment as one list: a plain list as given, grouped lists in group order. */
export function equipmentItems(vehicle: Pick<NormalisedVehicle, 'standardEquipment'>): string[] {
  const equipment = vehicle.standardEquipment;
  if (!equipment) return [];
  const items = Array.isArray(equipment) ? equipment : Object.values(equipment).flat();
  return items.map((i) => i.trim()).filter((i) => i !== '');
}

/** Features: the first 8 (detail-list rule), then the rest. */
export function featureList(vehicle: NormalisedVehicle, site: SiteConfig): CutList<string> {
  const items = equipmentItems(vehicle);
  return cutList(detailListView(items, site, false), detailListView(items, site, true));
}

// ---------------------------------------------------------------- dealer comments

export type DealerCommentsView =
  | { kind: 'pending'; text: string }
  | { kind: 'full'; html: string }
  | { kind: 'truncated'; previewHtml: string; fullHtml: string; moreLabel: string; lessLabel: string };

/**
 * Dealer comments as safe HTML. Plain-text comments keep their line breaks; HTML is sanitised
 * (scripts, handlers and unsafe links removed) before the comments rule measures and cuts it, and
 * the cut preview is sanitised again so its open tags are closed.
 */
export function dealerComments(vehicle: Pick<NormalisedVehicle, 'dealercomments'>, site: SiteConfig): DealerCommentsView {
  const raw = vehicle.dealercomments ?? '';
  const html = sanitize(/<[a-z!/]/i.test(raw) ? raw : raw.replace(/\r?\n/g, '<br>'));
  const collapsed = commentsView(html, site, false);
  if (collapsed.kind === 'pending') return { kind: 'pending', text: collapsed.text };
  if (collapsed.kind === 'full') return { kind: 'full', html: collapsed.text };
  const expanded = commentsView(html, site, true);
  return {
    kind: 'truncated',
    previewHtml: sanitize(collapsed.text),
    fullHtml: expanded.kind === 'truncated' ? expanded.text : html,
    moreLabel: collapsed.toggle,
    lessLabel: expanded.kind === 'truncated' ? expanded.toggle : collapsed.toggle,
  };
}

// ---------------------------------------------------------------- marketing copy

export interface ReserveOfferView {
  label: string;
  href: string;
  /** The dealer's reserve copy, or one built from the deposit and hold time. */
  text: string;
  depositText: string;
  holdHours: number;
}

/** The Reserve Online section: only when the reserve rule allows the button. */
export function reserveOffer(vehicle: NormalisedVehicle, site: SiteConfig, copy: Pick<SiteCopy, 'reserveOffer'>): ReserveOfferView | null {
  const button = reserveButton(vehicle, site);
  if (!button) return null;
  const depositText = formatPrice(site.vehicle.reserve.deposit);
  const { holdHours } = site.vehicle.reserve;
  return {
    label: button.label,
    href: checkoutPath(vehicle, site),
    text: copy.reserveOffer ?? `Reserve this car online with a ${depositText} deposit. We hold it for you for ${holdHours} hours, and the deposit is 100% refundable.`,
    depositText,
    holdHours,
  };
}

/** The money-back guarantee line: used vehicles that are available, on sites that offer one. */
export function moneyBackGuarantee(vehicle: NormalisedVehicle, site: SiteConfig, copy: Pick<SiteCopy, 'moneyBackGuarantee'>): string | null {
  const hours = site.vehicle.moneyBackGuaranteeHours;
  if (!hours || vehicle.car_type !== 'used' || !availabilityView(vehicle).available) return null;
  return copy.moneyBackGuarantee ?? `Every used vehicle comes with a ${hours} hour money back guarantee.`;
}

// ---------------------------------------------------------------- fuel, location, similar

export interface FuelEstimateView {
  /** '$42.50' a week. */
  weeklyCostText: string;
  kmPerWeek: number;
  litresPer100km: number;
  pricePerLitre: number;
}

const cents = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The fuel cost estimate with the rule's defaults; none for electric vehicles or when the site turns it off. */
export function fuelEstimate(vehicle: NormalisedVehicle, site: SiteConfig): FuelEstimateView | null {
  if (!showFuelCalculator(vehicle, site)) return null;
  const { kmPerWeek, litresPer100km, pricePerLitre } = FUEL_DEFAULTS;
  return { weeklyCostText: cents.format(fuelCost(kmPerWeek, litresPer100km, pricePerLitre)), kmPerWeek, litresPer100km, pricePerLitre };
}

export interface LocationBarView {
  name: string;
  city: string;
  /** Get Directions link (the location's map link); null when it has none. */
  directionsHref: string | null;
}

/** The location bar: when the vehicle is in another city than the primary location (the location-bar rule). */
export function locationBar(vehicle: NormalisedVehicle, site: SiteConfig, locations: readonly Location[]): LocationBarView | null {
  if (!showLocationBar(vehicle, primaryLocation(locations), site)) return null;
  return {
    name: vehicleLocationName(vehicle, site),
    city: (vehicle.city?.trim() || vehicle.location?.address?.city?.trim()) ?? '',
    directionsHref: vehicle.location?.place_url ?? null,
  };
}

/** Most similar vehicles shown on a vehicle page (spec 9). */
export const SIMILAR_LIMIT = 6;

/** The route's similar vehicles, in the manifest's order, at most 6; ids no longer in the data are skipped. */
export function similarVehiclesFor(ids: readonly number[] | undefined, vehicles: readonly NormalisedVehicle[]): NormalisedVehicle[] {
  if (!ids?.length) return [];
  const byId = new Map(vehicles.map((v) => [Number(v.id), v]));
  return ids
    .map((id) => byId.get(id))
    .filter((v): v is NormalisedVehicle => v !== undefined)
    .slice(0, SIMILAR_LIMIT);
}

/** The banner at the foot of the vehicle page: offers, service booking, sell your car. */
export function bannerLinks(site: SiteConfig): Array<{ label: string; href: string; external: boolean }> {
  const external = (href: string) => /^https?:/i.test(href);
  const service = external(site.urls.serviceBooking) ? site.urls.serviceBooking : pagePath(site.urls.serviceBooking);
  return [
    { label: 'Latest Offers', href: pagePath('special-offers'), external: false },
    { label: 'Book a Service', href: service, external: external(service) },
    { label: 'Sell Your Car', href: pagePath(site.urls.sellMyCar), external: false },
  ];
}

// ---------------------------------------------------------------- sub-pages

/** Title of the checkout page: 'Reserve {name}' or 'Buy {name} Online' (`vehicle.reserve.label`). */
export function checkoutTitle(vehicle: NormalisedVehicle, site: SiteConfig): string {
  return site.vehicle.reserve.label === 'Buy Online' ? `Buy ${vehicle.display_name} Online` : `Reserve ${vehicle.display_name}`;
}

export type CheckoutView =
  | { reservable: true; title: string; depositText: string; holdHours: number; text: string; buttonLabel: string }
  | { reservable: false; title: string; message: string; backHref: string };

/** The checkout page: the reserve terms and form, or a short message when the reserve rule says no. */
export function checkoutView(vehicle: NormalisedVehicle, site: SiteConfig, copy: Pick<SiteCopy, 'reserveOffer'>): CheckoutView {
  const offer = reserveOffer(vehicle, site, copy);
  const title = checkoutTitle(vehicle, site);
  if (!offer) {
    const reason = availabilityView(vehicle).available ? 'is already reserved' : 'has been sold';
    return { reservable: false, title, message: `This ${vehicle.display_name} ${reason}, so it can't be reserved online.`, backHref: vehiclePath(vehicle) };
  }
  return { reservable: true, title, depositText: offer.depositText, holdHours: offer.holdHours, text: offer.text, buttonLabel: offer.label };
}

/** Whether the trade-in page offers its form for this vehicle (the trade-in rule: available vehicles). */
export function tradeInAvailable(vehicle: NormalisedVehicle, site: SiteConfig): boolean {
  return tradeInButton(vehicle, site) !== null;
}

// ---------------------------------------------------------------- whole pages

export interface VehiclePageInput {
  site: SiteConfig;
  data: SiteData;
  images: ImageIndex;
  vehicleId: number;
  /** The route's similar vehicle ids (manifest order). */
  similarIds?: readonly number[];
  path: string;
  /** The build's reference time. */
  now: Date;
}

/** Short facts for summary cards: odometer, transmission, stock number. */
export function summaryFacts(vehicle: NormalisedVehicle): string[] {
  return [formatKmInput(vehicle.km), vehicle.simple_transmission, vehicle.stocknum ? `Stock #${vehicle.stocknum}` : ''].filter((f) => f.trim() !== '');
}

/** Everything the vehicle detail page shows, decided by the rules. */
export function vehiclePageView(input: VehiclePageInput) {
  const { site, data, images, now } = input;
  const vehicle = vehicleForRoute(data, input.vehicleId, input.path);
  const copy = data.content.copy;
  const crumbs = vehicleBreadcrumbs(vehicle, site);
  const pictures = galleryPictures(vehicle, images, site);
  const price = priceBlockView(vehicle, site);
  const actions = vehicleActions(vehicle, site);
  const call = price.available ? callBlock(vehicle, site, data.locations) : null;
  const reserve = reserveOffer(vehicle, site, copy);
  const finance = price.available ? financeSummary(vehicle, site, now) : null;
  const mobileBar = price.available
    ? [
        ...(reserve ? [{ label: site.vehicle.reserve.label === 'Buy Online' ? 'Buy Online' : 'Reserve Car Now', href: reserve.href }] : []),
        { label: site.features.instantMessage ? 'Instant Message' : site.vehicle.enquireLabel, href: '#enquire' },
        ...(call ? [{ label: 'Call Now', href: call.href }] : []),
      ]
    : [];
  return {
    vehicle,
    title: vehicle.display_name,
    description: vehicleMetaDescription(vehicle, site),
    ogImage: pictures[0]?.src,
    jsonLd: [vehicleJsonLd(vehicle, site, pictures), breadcrumbJsonLd(crumbs, site)],
    crumbs,
    gallery: galleryView(vehicle, images, site),
    price,
    views: vehicle.views ?? null,
    finance,
    call,
    dealer: vehicleLocationName(vehicle, site),
    actions,
    printHref: site.features.print !== 'off' ? vehiclePath(vehicle, 'print') : null,
    keyInfo: keyInfo(vehicle),
    comments: dealerComments(vehicle, site),
    whatsIncluded: copy.whatsIncluded,
    whyBuyFromUs: copy.whyBuyFromUs,
    warranty: copy.warranty,
    roadsideAssist: copy.roadsideAssist,
    reserve,
    moneyBack: moneyBackGuarantee(vehicle, site, copy),
    features: featureList(vehicle, site),
    specs: specList(vehicle, site, now),
    // A running-cost estimate only helps a shopper who can still buy the car.
    fuel: price.available ? fuelEstimate(vehicle, site) : null,
    location: locationBar(vehicle, site, data.locations),
    similar: site.features.similarVehicles ? similarVehiclesFor(input.similarIds, data.vehicles) : [],
    banner: bannerLinks(site),
    enquiry: {
      title: price.available ? site.vehicle.enquiryTitle : price.enquiryLabel,
      message: price.available ? undefined : `Please find me something similar to the ${vehicle.display_name}.`,
      submitLabel: price.available ? 'Send enquiry' : 'Find Me Something Similar',
    },
    mobileBar,
  };
}
export type VehiclePageView = ReturnType<typeof vehiclePageView>;

/** The printable page: the vehicle, its price, specifications, comments, location and unmasked phone. */
export function vehiclePrintView(input: VehiclePageInput) {
  const { site, data, images, now } = input;
  const vehicle = vehicleForRoute(data, input.vehicleId, input.path);
  const record = data.locations.find((l) => String(l.id) === String(vehicle.location_id));
  const address = vehicle.location?.address ?? record?.address;
  const firstPhoto = (vehicle.images ?? []).find((i) => !i.isVideo)?.image ?? vehicle.primary_image_url;
  const comments = dealerComments(vehicle, site);
  return {
    vehicle,
    title: `${vehicle.display_name} (printable)`,
    description: vehicleMetaDescription(vehicle, site),
    picture: pictureFor(images, firstPhoto, 'gallery', site),
    price: priceBlockView(vehicle, site),
    keyInfo: keyInfo(vehicle),
    specs: specList(vehicle, site, now),
    commentsHtml: comments.kind === 'pending' ? null : comments.kind === 'full' ? comments.html : comments.fullHtml,
    commentsPending: comments.kind === 'pending' ? comments.text : null,
    features: equipmentItems(vehicle),
    location: {
      name: vehicleLocationName(vehicle, site),
      address: address ? [address.street, address.city, address.state, address.postcode].filter((p) => p && String(p).trim() !== '').join(', ') : null,
    },
    call: callBlock(vehicle, site, data.locations, true),
    backHref: vehiclePath(vehicle),
    pageUrl: `${site.url}${vehiclePath(vehicle)}`,
  };
}

/** The vehicle as context on its sub-pages (checkout, trade-in). */
export function vehicleSummary(vehicle: NormalisedVehicle, site: SiteConfig, images: ImageIndex) {
  const firstPhoto = (vehicle.images ?? []).find((i) => !i.isVideo)?.image ?? vehicle.primary_image_url;
  return {
    name: vehicle.display_name,
    href: vehiclePath(vehicle),
    picture: pictureFor(images, firstPhoto, 'card', site),
    price: priceBlockView(vehicle, site),
    facts: summaryFacts(vehicle),
  };
}

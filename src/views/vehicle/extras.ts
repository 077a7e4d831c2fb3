/**
 * The smaller blocks of a vehicle page: the fuel calculator, the location bar, similar vehicles, the
 * foot banner, and the panels around the price (price history, certified dialog, Protect Your Car,
 * used-vehicle checks, price comparison and delivery calculator).
 */
import type { SiteData } from '../../data/site-data.ts';
import { pagePath } from '../../lib/urls.ts';
import { isAvailable } from '../../rules/availability.ts';
import { certifiedProgramFor } from '../../rules/certified.ts';
import type { DeliveryRegionRanges } from '../../rules/delivery.ts';
import { FUEL_DEFAULTS, formatFuelCost, fuelCost, showFuelCalculator, yearlyFuelCost } from '../../rules/fuel.ts';
import { COUNT_UP_MS, marketComparison, priceComparisonView, type FillBand } from '../../rules/price-comparison.ts';
import { listedSinceText, priceDropNote } from '../../rules/price-history.ts';
import { formatPrice, priceDisplay } from '../../rules/pricing.ts';
import { showUsedCarChecks } from '../../rules/used-car-checks.ts';
import { showLocationBar } from '../../rules/vehicle-actions.ts';
import type { PointsSection } from '../../schemas/content.ts';
import type { DeliveryTable } from '../../schemas/delivery.ts';
import type { Location } from '../../schemas/location.ts';
import type { SiteConfig } from '../../schemas/site-config.ts';
import type { NormalisedVehicle } from '../../schemas/snapshot.ts';
import { vehiclesById } from '../../search/query.ts';
import { primaryLocation, vehicleLocationName } from './head.ts';

export interface FuelEstimateView {
  /** '$42.50' a week. */
  weeklyCostText: string;
  /** '$2,210' a year. */
  yearlyCostText: string;
  kmPerWeek: number;
  litresPer100km: number;
  pricePerLitre: number;
}

/**
 * The fuel calculator's starting state: the rule's defaults and the estimate they give, which the
 * page's HTML shows before (and without) the calculator's script. None for electric vehicles or when
 * the site turns it off.
 */
export function fuelEstimate(vehicle: NormalisedVehicle, site: SiteConfig): FuelEstimateView | null {
  if (!showFuelCalculator(vehicle, site)) return null;
  const { kmPerWeek, litresPer100km, pricePerLitre } = FUEL_DEFAULTS;
  const weekly = fuelCost(kmPerWeek, litresPer100km, pricePerLitre);
  return { weeklyCostText: formatFuelCost(weekly), yearlyCostText: formatPrice(yearlyFuelCost(weekly)), kmPerWeek, litresPer100km, pricePerLitre };
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
  const byId = vehiclesById(vehicles);
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

// ---------------------------------------------------------------- panels

/** The line under the price: the last price drop and how long the vehicle has been listed. */
export interface PriceHistoryView {
  /** 'Price dropped $1,000 on 12 Nov', or null. */
  drop: { text: string; at: string } | null;
  /**
   * How long the vehicle has been listed, or null without a creation date: the static text names the
   * day ('In stock since 7 Nov'), which stays true between builds; `listed` (the feed's `created_at`)
   * and `timeZone` let the page's script show the count of days ('In stock for 21 days') on the day
   * the shopper reads it.
   */
  inStock: { text: string; listed: string; timeZone: string; status: string } | null;
}

/** The certified-vehicle information dialog. */
export interface CertifiedDialogView {
  /** Id of the dialog element (the opener's popover target). */
  id: string;
  /** The opener's text, e.g. 'Toyota Certified Pre-Owned'. */
  title: string;
  text: string;
  points: readonly string[];
}

/** The price comparison panel, as the rules decided it, with its figures formatted. */
export interface PriceComparisonPanelView {
  label: 'Good Deal' | 'Great Deal';
  band: FillBand;
  /** Fill as a whole percentage, 0 to 100 (the bar's width in its 100-unit box). */
  fillPercent: number;
  listingPrice: number;
  listingText: string;
  minText: string;
  maxText: string;
  description: string | null;
  /** Length of the count-up, ms. */
  countUpMs: number;
}

/** The delivery calculator: the site's table for the script, and as a list for the page. */
export interface DeliveryCalculatorView {
  regions: DeliveryRegionRanges[];
  /** The regions as the page lists them under the calculator (readable without the script). */
  rows: Array<{ name: string; priceText: string; postcodesText: string }>;
}

/** The panels of a vehicle page beside and below the price, each null where it does not show. */
export interface VehiclePanelsView {
  priceHistory: PriceHistoryView | null;
  certified: CertifiedDialogView | null;
  protectYourCar: PointsSection | null;
  usedCarChecks: PointsSection | null;
  comparison: PriceComparisonPanelView | null;
  delivery: DeliveryCalculatorView | null;
}

const postcodeText = ([from, to]: readonly [number, number]) => {
  const pad = (n: number) => String(n).padStart(4, '0');
  return from === to ? pad(from) : `${pad(from)} to ${pad(to)}`;
};

/** The delivery calculator for sites that have it and a delivery table. */
export function deliveryCalculator(site: SiteConfig, table: DeliveryTable | null): DeliveryCalculatorView | null {
  if (!site.features.deliveryCalculator || !table) return null;
  const regions = table.regions.map((r) => ({ name: r.name, price: r.price, postcodes: r.postcodes }));
  return { regions, rows: regions.map((r) => ({ name: r.name, priceText: formatPrice(r.price), postcodesText: r.postcodes.map(postcodeText).join(', ') })) };
}

/**
 * What the panels show for a vehicle. A sold vehicle shows none of them: no price, so no price
 * history, comparison or delivery price, and nothing to protect or check before buying.
 */
export function vehiclePanels(vehicle: NormalisedVehicle, site: SiteConfig, data: Pick<SiteData, 'content'>, now: Date): VehiclePanelsView {
  const none: VehiclePanelsView = { priceHistory: null, certified: null, protectYourCar: null, usedCarChecks: null, comparison: null, delivery: null };
  if (!isAvailable(vehicle)) return none;
  const copy = data.content.copy;
  const shown = priceDisplay(vehicle, site);
  const shownPrice = shown.kind === 'price' || shown.kind === 'offer' ? shown.amount : null;
  const listed = listedSinceText(vehicle.created_at, vehicle.status, now, site.timeZone);
  const drop = priceDropNote(vehicle.price_history, shownPrice, now, site.timeZone);
  const program = certifiedProgramFor(vehicle, site, copy.certifiedPrograms);
  const comparison = site.features.priceComparison ? priceComparisonView(marketComparison(vehicle)) : null;
  return {
    priceHistory:
      drop || listed !== null
        ? { drop: drop && { text: drop.text, at: drop.at }, inStock: listed === null ? null : { text: listed, listed: vehicle.created_at!, timeZone: site.timeZone, status: vehicle.status } }
        : null,
    certified: program && { id: 'certified-info', title: program.title, text: program.text, points: program.points ?? [] },
    protectYourCar: copy.protectYourCar ?? null,
    usedCarChecks: showUsedCarChecks(vehicle, site) ? (copy.usedCarChecks ?? null) : null,
    comparison: comparison && {
      label: comparison.label,
      band: comparison.band,
      fillPercent: comparison.fillPercent,
      listingPrice: comparison.listingPrice,
      listingText: formatPrice(comparison.listingPrice),
      minText: formatPrice(comparison.marketMin),
      maxText: formatPrice(comparison.marketMax),
      description: comparison.description,
      countUpMs: COUNT_UP_MS,
    },
    delivery: deliveryCalculator(site, data.content.delivery),
  };
}

/**
 * What a vehicle page says about itself: the vehicle a route stands for, its breadcrumbs, its
 * location (name, record and address) and its meta description.
 */
import type { SiteData } from '../../data/site-data.ts';
import { carTypeCarsLabel } from '../../lib/labels.ts';
import { clipAtWord, META_DESCRIPTION_MAX } from '../../lib/text.ts';
import { pagePath, searchPathForCarType, vehiclePath } from '../../lib/urls.ts';
import { availabilityView } from '../../rules/availability.ts';
import { formatKmInput } from '../../rules/formatting.ts';
import { priceDisplay } from '../../rules/pricing.ts';
import { vehiclesById } from '../../search/query.ts';
import type { Address } from '../../schemas/address.ts';
import type { Location } from '../../schemas/location.ts';
import type { SiteConfig } from '../../schemas/site-config.ts';
import type { NormalisedVehicle } from '../../schemas/snapshot.ts';

/**
 * The vehicle a vehicle route stands for, looked up by id in the catalogue's index (each of a vehicle's
 * four pages asks); a clear error when the manifest and the data disagree.
 */
export function vehicleForRoute(data: Pick<SiteData, 'vehicles'>, vehicleId: number, path: string): NormalisedVehicle {
  const vehicle = vehiclesById(data.vehicles).get(vehicleId);
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

export interface Crumb {
  label: string;
  /** Site path. The last crumb is the vehicle page itself (shown as text, linked in JSON-LD). */
  href: string;
}

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
  const [typePath, makePath, modelPath] =
    site.urls.breadcrumbBase === 'used-car'
      ? [pagePath('used-car', type), pagePath('used-car', vehicle.make_slug), pagePath('used-car', vehicle.make_slug, vehicle.model_slug)]
      : [searchPathForCarType(type), pagePath('search', vehicle.make_slug), pagePath('search', vehicle.make_slug, vehicle.model_slug)];
  return [
    { label: 'Home', href: '/' },
    { label: carTypeCarsLabel(type), href: typePath },
    { label: vehicle.make, href: makePath },
    { label: vehicle.model, href: modelPath },
    { label: vehicleCrumbLabel(vehicle, site), href: vehiclePath(vehicle) },
  ];
}

/** The site's record of the location a vehicle is kept at (its `location_id`), if the site lists it. */
export function vehicleLocationRecord(vehicle: NormalisedVehicle, locations: readonly Location[]): Location | undefined {
  if (vehicle.location_id === null || vehicle.location_id === undefined) return undefined;
  return locations.find((l) => String(l.id) === String(vehicle.location_id));
}

/** The postal address of the vehicle's location: the one its record carries, else its location record's. */
export function vehicleAddress(vehicle: NormalisedVehicle, locations: readonly Location[]): Address | null {
  return vehicle.location?.address ?? vehicleLocationRecord(vehicle, locations)?.address ?? null;
}

/** Where the vehicle is, by name: its location, else the dealer. */
export function vehicleLocationName(vehicle: NormalisedVehicle, site: Pick<SiteConfig, 'name'>): string {
  return vehicle.location?.name?.trim() || vehicle.location_name?.trim() || site.name;
}

/**
 * The meta description, at most 160 characters (cut at a word with '…'):
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
  return clipAtWord(`${facts.join(', ')}. ${offer}`, META_DESCRIPTION_MAX);
}

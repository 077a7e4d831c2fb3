/** The smaller blocks of a vehicle page: fuel cost estimate, location bar, similar vehicles and the foot banner. */
import { pagePath } from '../../lib/urls.ts';
import { FUEL_DEFAULTS, fuelCost, showFuelCalculator } from '../../rules/fuel.ts';
import { showLocationBar } from '../../rules/vehicle-actions.ts';
import type { Location } from '../../schemas/location.ts';
import type { SiteConfig } from '../../schemas/site-config.ts';
import type { NormalisedVehicle } from '../../schemas/snapshot.ts';
import { primaryLocation, vehicleLocationName } from './head.ts';

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

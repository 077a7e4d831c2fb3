/**
 * JSON-LD (schema.org) for the vehicle pages: the vehicle as a `Car` with its `Offer`, and the
 * page's `BreadcrumbList`. Passed to BaseLayout's `jsonLd`, which embeds and escapes them.
 */
import { absoluteUrl, vehiclePath } from '../../lib/urls.ts';
import { isAvailable } from '../../rules/availability.ts';
import { priceDisplay } from '../../rules/pricing.ts';
import type { SiteConfig } from '../../schemas/site-config.ts';
import type { NormalisedVehicle } from '../../schemas/snapshot.ts';
import type { PictureData } from '../images.ts';
import type { Crumb } from './head.ts';

/** Most images listed in a vehicle's JSON-LD. */
export const JSON_LD_IMAGE_LIMIT = 10;

const SCHEMA = 'https://schema.org';

type ItemCondition = 'https://schema.org/NewCondition' | 'https://schema.org/UsedCondition';
type ItemAvailability = 'https://schema.org/InStock' | 'https://schema.org/PreOrder' | 'https://schema.org/SoldOut';

/**
 * schema.org condition of a car type. schema.org has no "demo" condition: a demonstrator has
 * been registered and driven by the dealer, so it is described as used (`UsedCondition`); the
 * page itself still says "Demo". Only `new` is `NewCondition`.
 */
export function itemCondition(carType: string): ItemCondition {
  return carType === 'new' ? `${SCHEMA}/NewCondition` : `${SCHEMA}/UsedCondition`;
}

/** in_stock -> InStock, coming_soon -> PreOrder, anything else (sold, on hold) -> SoldOut. */
export function itemAvailability(status: string): ItemAvailability {
  if (status === 'coming_soon') return `${SCHEMA}/PreOrder`;
  return isAvailable({ status }) ? `${SCHEMA}/InStock` : `${SCHEMA}/SoldOut`;
}

/**
 * The purchase price the page shows, or null when it shows none (no price, PREORDER, sold).
 * A weekly subscription price is not the vehicle's price, so it is never offered here: the
 * purchase price (offer or normal) is used even on subscription sites.
 */
export function offeredPrice(vehicle: NormalisedVehicle, site: SiteConfig): number | null {
  if (!isAvailable(vehicle)) return null;
  const shown = priceDisplay(vehicle, { features: { subscriptionPricing: false }, vehicle: site.vehicle });
  return (shown.kind === 'price' || shown.kind === 'offer') && shown.amount > 0 ? shown.amount : null;
}

function absolute(site: SiteConfig, src: string): string {
  return /^https?:\/\//i.test(src) ? src : absoluteUrl(site, src);
}

const present = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * The vehicle as a schema.org `Car` with one `Offer` from the dealer (an `AutoDealer` named after
 * the site). `pictures` are the gallery pictures of its photos; at most 10 distinct ones are listed,
 * as absolute JPEG URLs. Keys without a value are left out rather than sent empty.
 */
export function vehicleJsonLd(vehicle: NormalisedVehicle, site: SiteConfig, pictures: readonly PictureData[]): Record<string, unknown> {
  const url = absoluteUrl(site, vehiclePath(vehicle));
  const condition = itemCondition(vehicle.car_type);
  const price = offeredPrice(vehicle, site);
  // Feeds repeat photos; each URL is listed once.
  const images = [...new Set(pictures.map((p) => absolute(site, p.src)))].slice(0, JSON_LD_IMAGE_LIMIT);
  const fuel = vehicle.fuel ?? vehicle.simple_fuel;
  const transmission = vehicle.trans ?? vehicle.simple_transmission;
  const body = vehicle.body ?? vehicle.simple_body;
  return {
    '@context': SCHEMA,
    '@type': 'Car',
    name: vehicle.display_name,
    brand: { '@type': 'Brand', name: vehicle.make },
    model: vehicle.model,
    vehicleModelDate: String(vehicle.year),
    ...(present(vehicle.vin) ? { vehicleIdentificationNumber: vehicle.vin } : {}),
    ...(typeof vehicle.km === 'number' ? { mileageFromOdometer: { '@type': 'QuantitativeValue', value: vehicle.km, unitCode: 'KMT' } } : {}),
    itemCondition: condition,
    ...(present(vehicle.colour) ? { color: vehicle.colour } : {}),
    ...(present(body) ? { bodyType: body } : {}),
    ...(present(fuel) ? { fuelType: fuel } : {}),
    ...(present(transmission) ? { vehicleTransmission: transmission } : {}),
    ...(images.length > 0 ? { image: images } : {}),
    url,
    offers: {
      '@type': 'Offer',
      url,
      ...(price !== null ? { price, priceCurrency: 'AUD' } : { priceCurrency: 'AUD' }),
      availability: itemAvailability(vehicle.status),
      itemCondition: condition,
      seller: { '@type': 'AutoDealer', name: site.name, url: site.url },
    },
  };
}

/** The page's breadcrumb trail as a schema.org `BreadcrumbList` with absolute URLs. */
export function breadcrumbJsonLd(crumbs: readonly Crumb[], site: SiteConfig): Record<string, unknown> {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: absoluteUrl(site, crumb.href),
    })),
  };
}

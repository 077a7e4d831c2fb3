/**
 * JSON-LD (schema.org) for the vehicle pages: the vehicle as a `Car` with its `Offer`, and the
 * page's `BreadcrumbList`. Passed to BaseLayout's `jsonLd`, which embeds and escapes them.
 */
import { absoluteUrl, vehiclePath } from '../../lib/urls.ts';
import { isAvailable } from '../../rules/availability.ts';
import { priceDisplay } from '../../rules/pricing.ts';
import type { SiteConfig } from '../../schemas/site-config.ts';
import type { NormalisedVehicle } from '../../schemas/snapshot.ts';
import type { Address } from '../../schemas/address.ts';
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
 * The purchase price the page shows, or null when it shows none (no price, PREORDER, sold, or a
 * weekly subscription price in its place): the offer must match what a shopper sees, so a purchase
 * price the page does not show is not offered either.
 */
export function offeredPrice(vehicle: NormalisedVehicle, site: SiteConfig): number | null {
  if (!isAvailable(vehicle)) return null;
  const shown = priceDisplay(vehicle, site);
  return (shown.kind === 'price' || shown.kind === 'offer') && shown.amount > 0 ? shown.amount : null;
}

/** The weekly subscription price the page shows in place of a purchase price, or null. */
export function offeredWeeklyPrice(vehicle: NormalisedVehicle, site: SiteConfig): number | null {
  if (!isAvailable(vehicle)) return null;
  const shown = priceDisplay(vehicle, site);
  return shown.kind === 'subscription' ? shown.amount : null;
}

type DriveWheelConfiguration = `${typeof SCHEMA}/${'AllWheel' | 'FourWheel' | 'FrontWheel' | 'RearWheel'}DriveConfiguration`;

/**
 * schema.org's drive wheel configuration of a feed's drive type ('AWD', '4x4', 'FWD', 'RWD' and
 * their spelt-out forms); another value is passed on as text, none is left out.
 */
export function driveWheelConfiguration(drive: string | null | undefined): DriveWheelConfiguration | string | null {
  const text = drive?.trim();
  if (!text) return null;
  if (/^(awd|all[\s-]*wheel)/i.test(text)) return `${SCHEMA}/AllWheelDriveConfiguration`;
  if (/^(4x4|4wd|four[\s-]*wheel)/i.test(text)) return `${SCHEMA}/FourWheelDriveConfiguration`;
  if (/^(fwd|front)/i.test(text)) return `${SCHEMA}/FrontWheelDriveConfiguration`;
  if (/^(rwd|rear)/i.test(text)) return `${SCHEMA}/RearWheelDriveConfiguration`;
  return text;
}

function absolute(site: SiteConfig, src: string): string {
  return /^https?:\/\//i.test(src) ? src : absoluteUrl(site, src);
}

const present = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * A vehicle's gallery photos as absolute JPEG URLs, each once (feeds repeat photos), at most `limit`:
 * what its JSON-LD and the inventory feeds list.
 */
export function vehicleImageUrls(pictures: readonly PictureData[], site: SiteConfig, limit: number = JSON_LD_IMAGE_LIMIT): string[] {
  return [...new Set(pictures.map((p) => absolute(site, p.src)))].slice(0, limit);
}

/** Where the vehicle can be seen and bought: its location as a schema.org `AutoDealer` with a postal address. */
export interface VehiclePlace {
  name: string;
  address: Address | null;
  telephone: string | null;
}

function postalAddress(address: Address): Record<string, unknown> {
  return {
    '@type': 'PostalAddress',
    ...(present(address.street) ? { streetAddress: address.street } : {}),
    ...(present(address.city) ? { addressLocality: address.city } : {}),
    ...(present(address.state) ? { addressRegion: address.state } : {}),
    ...(present(address.postcode) ? { postalCode: address.postcode } : {}),
    addressCountry: 'AU',
  };
}

/**
 * The vehicle as a schema.org `Car` with one `Offer` from the dealer (an `AutoDealer` named after
 * the site), with the properties Google's vehicle listing guidance asks for (name, brand, model,
 * model year, VIN, odometer, condition, images, the offer's price and currency) and those it
 * recommends where the feed has them (body, colour, interior colour, drive, doors, seats, engine,
 * fuel, transmission, trim as `vehicleConfiguration`). The offer says what the page shows: the
 * price shown (a weekly subscription price as a price per week), none for a vehicle without one,
 * and SoldOut with no price for a sold vehicle; and where the vehicle is (`availableAtOrFrom`: its
 * location, with the address and phone), so an assistant can answer price, kilometres, location and
 * availability from the JSON-LD alone. Photos: at most 10 distinct ones, as absolute JPEG URLs. Keys
 * without a value are left out rather than sent empty.
 */
export function vehicleJsonLd(vehicle: NormalisedVehicle, site: SiteConfig, pictures: readonly PictureData[], place?: VehiclePlace): Record<string, unknown> {
  const url = absoluteUrl(site, vehiclePath(vehicle));
  const condition = itemCondition(vehicle.car_type);
  const price = offeredPrice(vehicle, site);
  const weekly = offeredWeeklyPrice(vehicle, site);
  const drive = driveWheelConfiguration(vehicle.drive);
  const count = (value: number | null | undefined) => (typeof value === 'number' && value > 0 ? value : null);
  const doors = count(vehicle.doors);
  const seats = count(vehicle.seats);
  const engineCc = count(vehicle.engine_size);
  const photos = vehicleImageUrls(pictures, site);
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
    ...(present(vehicle.badge) ? { vehicleConfiguration: vehicle.badge } : {}),
    ...(present(vehicle.colour) ? { color: vehicle.colour } : {}),
    ...(present(vehicle.interior_colour) ? { vehicleInteriorColor: vehicle.interior_colour } : {}),
    ...(present(body) ? { bodyType: body } : {}),
    ...(drive !== null ? { driveWheelConfiguration: drive } : {}),
    ...(doors !== null ? { numberOfDoors: doors } : {}),
    ...(seats !== null ? { vehicleSeatingCapacity: seats } : {}),
    ...(present(fuel) ? { fuelType: fuel } : {}),
    ...(engineCc !== null || present(fuel)
      ? {
          vehicleEngine: {
            '@type': 'EngineSpecification',
            ...(engineCc !== null ? { engineDisplacement: { '@type': 'QuantitativeValue', value: engineCc, unitCode: 'CMQ' } } : {}),
            ...(present(fuel) ? { fuelType: fuel } : {}),
          },
        }
      : {}),
    ...(present(transmission) ? { vehicleTransmission: transmission } : {}),
    ...(present(vehicle.stocknum) ? { sku: vehicle.stocknum } : {}),
    ...(photos.length > 0 ? { image: photos } : {}),
    url,
    offers: {
      '@type': 'Offer',
      url,
      ...(price !== null ? { price } : {}),
      priceCurrency: 'AUD',
      ...(weekly !== null
        ? {
            priceSpecification: {
              '@type': 'UnitPriceSpecification',
              price: weekly,
              priceCurrency: 'AUD',
              referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'WEE' },
            },
          }
        : {}),
      availability: itemAvailability(vehicle.status),
      itemCondition: condition,
      seller: { '@type': 'AutoDealer', name: site.name, url: site.url },
      ...(place
        ? {
            availableAtOrFrom: {
              '@type': 'AutoDealer',
              name: place.name,
              ...(place.address ? { address: postalAddress(place.address) } : {}),
              ...(present(place.telephone) ? { telephone: place.telephone } : {}),
            },
          }
        : {}),
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

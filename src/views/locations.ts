/** Location cards, the location grid and a location's own page. */
import type { SiteData } from '../data/site-data.ts';
import { locationTypeLabel } from '../lib/labels.ts';
import { countLabel, slugify } from '../lib/text.ts';
import { internalHref, locationPath, mapEmbedUrl, pagePath, telHref } from '../lib/urls.ts';
import { locationGridLayout, locationPoint, popularBodyTypes, showSwipeHint, type LocationGridLayout } from '../rules/locations.ts';
import { openNow, upcomingSpecialHours, weeklyHoursRows, type DateHours, type HoursRow, type RegularHours, type UpcomingSpecialHours } from '../rules/opening-hours.ts';
import { countsAsVisibleStock, visibleStock } from '../rules/visibility.ts';
import type { Location } from '../schemas/location.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { NormalisedVehicle } from '../schemas/snapshot.ts';
import { addressText, metaDescription, type LinkView } from './common.ts';
import { phoneView, type PhoneView } from './phone.ts';
import { ratingView, shownReviews, type RatingView, type ReviewView } from './reviews.ts';

/** Whether a vehicle is at a location (by its slug or id). */
export function isAtLocation(vehicle: NormalisedVehicle, location: Pick<Location, 'id' | 'slug'>): boolean {
  return Boolean(location.slug && vehicle.location?.slug === location.slug) || Number(vehicle.location_id) === Number(location.id);
}

/** Vehicles at a location ({@link isAtLocation}). */
function vehiclesAt(vehicles: readonly NormalisedVehicle[], location: Pick<Location, 'id' | 'slug'>): NormalisedVehicle[] {
  return vehicles.filter((v) => isAtLocation(v, location));
}

/** The phone a location shows: the site's per-location override, else its own number. */
export function locationPhone(location: Location, site: Pick<SiteConfig, 'locations'>): { text: string; href: string } | null {
  const phone = (location.slug ? site.locations.phoneByLocation[location.slug] : undefined) ?? location.contact_detail?.phone ?? location.contact_detail?.landline_phone;
  return phone?.trim() ? { text: phone.trim(), href: telHref(phone) } : null;
}

export function addressLine(location: Pick<Location, 'address'>): string {
  return addressText(location.address) ?? '';
}

export interface LocationCardView {
  id: string;
  name: string;
  href: string | null;
  address: string;
  typeLabel: string | null;
  phone: { text: string; href: string } | null;
  /** The location's number as the site shows phone numbers: at once, or masked until revealed. */
  call: PhoneView | null;
  /** Today's hours: '8:00 am - 5:30 pm', 'Closed' or the day's note. */
  today: string;
  openNow: boolean;
  /** The hours the page corrects 'open now' and today's hours from when a shopper views it (`src/lib/live-hours.ts`). */
  liveHours: LiveHours;
  /** The week grouped by the hours rule (Mon - Fri when the five weekdays match), for the hours modal. */
  hours: HoursRow[];
  /** Special (holiday) hours from today on. */
  holidayHours: UpcomingSpecialHours[];
  rating: RatingView | null;
  /** 'View Our Stock' target, when the site shows the button and the location has a slug. */
  stockHref: string | null;
  image: string | null;
  /** Latitude and longitude, for distances from a shopper's postcode; null without coordinates. */
  point: { lat: number; long: number } | null;
}

/**
 * A location card. 'View Our Stock' shows only where the location has vehicles: its search landing page
 * exists only then (the route manifest builds no landing page without vehicles).
 */
export function locationCardView(location: Location, site: SiteConfig, vehicles: readonly NormalisedVehicle[], now: Date): LocationCardView {
  const hours = openNow(location.contact_detail?.opening_hours, location.special_hours, now, site.timeZone);
  const phone = locationPhone(location, site);
  return {
    id: String(location.id),
    name: location.name,
    href: location.slug ? locationPath(site, location.slug) : null,
    address: addressLine(location),
    typeLabel: locationTypeLabel(location.location_type),
    phone,
    call: phone ? phoneView(phone.text, site, { dealershipId: location.dealership_id }) : null,
    today: hours.today.text,
    openNow: hours.open,
    liveHours: liveHours(location, site, now),
    hours: weeklyHoursRows(location.contact_detail?.opening_hours, { special: location.special_hours, now, timeZone: site.timeZone }),
    holidayHours: upcomingSpecialHours(location.special_hours, now, site.timeZone),
    rating: ratingView(location.reviews?.average_rating ?? location.average_rating, location.reviews?.count ?? location.review_count),
    stockHref: site.locations.stockButton && location.slug && vehicles.some((v) => v.location?.slug === location.slug) ? pagePath('search', location.slug) : null,
    image: location.image?.image?.url ?? null,
    point: locationPoint(location),
  };
}

/**
 * A location's hours as the page carries them for the browser: the regular week, and the special hours of
 * the coming weeks (a page is rebuilt long before it could need later ones), in the site's time zone.
 */
export interface LiveHours {
  timeZone: string;
  regular: RegularHours[];
  special: DateHours[];
}

/** How far ahead of the build the special hours a page carries reach. */
const LIVE_SPECIAL_DAYS = 42;

export function liveHours(location: Location, site: SiteConfig, now: Date): LiveHours {
  const from = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  const until = new Date(now.getTime() + LIVE_SPECIAL_DAYS * 86_400_000).toISOString().slice(0, 10);
  const keep = <T extends object>(entry: T) => Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== null && v !== undefined)) as T;
  return {
    timeZone: site.timeZone,
    regular: (location.contact_detail?.opening_hours ?? []).map((h) => keep({ weekday: h.weekday, status: h.status, open: h.open, close: h.close, formated_hours: h.formated_hours, note: h.note })),
    special: (location.special_hours ?? [])
      .filter((h) => h.date >= from && h.date <= until)
      .map((h) => keep({ date: h.date, status: h.status, start_hour: h.start_hour, end_hour: h.end_hour, hours: h.hours })),
  };
}

export interface LocationGridView {
  layout: LocationGridLayout;
  swipeHint: boolean;
  cards: LocationCardView[];
}

/** A grid of location cards; the grid layout follows the location-grid rule. */
export function locationGridView(locations: readonly Location[], site: SiteConfig, vehicles: readonly NormalisedVehicle[], now: Date): LocationGridView {
  return {
    layout: locationGridLayout(locations.length),
    swipeHint: showSwipeHint(locations.length),
    cards: locations.map((l) => locationCardView(l, site, vehicles, now)),
  };
}

/** Primary location first, then the others in feed order. */
export function orderedLocations(locations: readonly Location[]): Location[] {
  return [...locations].sort((a, b) => Number(Boolean(b.primary)) - Number(Boolean(a.primary)));
}

export interface LocationPageView extends LocationCardView {
  reviews: ReviewView[];
  stockCount: number;
  popularBodies: LinkView[];
  directionsHref: string | null;
  mapHref: string | null;
  /** The map embed loaded when the shopper asks for the map (no third-party script before that). */
  mapEmbedSrc: string | null;

  licence: string | null;
  repairerLicence: string | null;
  /** 'Book a Service at {name}' for locations that service cars. */
  service: { heading: string; href: string } | null;
  description: string;
  jsonLd: object;
}

/**
 * What a location's page reads of one vehicle (through `vehiclesAt`, `visibleStock`, `popularBodyTypes` and
 * the card's stock link): where it is, whether it counts as stock at `now`, and its body. Two versions of
 * a vehicle with the same key leave every location's page as it was; keep it in step with
 * {@link locationPageView}.
 */
export function locationStockKey(vehicle: NormalisedVehicle, now: Date, site: Pick<SiteConfig, 'stock'>): string {
  const visible = countsAsVisibleStock(vehicle, now, site.stock.includeSoldDays);
  return JSON.stringify([vehicle.location?.slug ?? null, vehicle.location_id ?? null, visible, vehicle.simple_body?.trim() ?? null]);
}

export function locationPageView(location: Location, site: SiteConfig, data: SiteData, now: Date): LocationPageView {
  const card = locationCardView(location, site, data.vehicles, now);
  const here = vehiclesAt(data.vehicles, location);
  const stock = visibleStock(here, now, site);
  const lat = location.address?.lat;
  const long = location.address?.long;
  const hasPoint = typeof lat === 'number' && typeof long === 'number';
  const services = location.location_type === 'service' || location.location_type === 'service-and-parts';
  const reviews = data.reviews.filter((r) => r.location_id !== null && r.location_id !== undefined && Number(r.location_id) === Number(location.id));
  return {
    ...card,
    reviews: shownReviews(reviews, site, now),
    stockCount: stock.length,
    popularBodies: popularBodyTypes(here, now, site).map((b) => ({ label: b.value, count: b.count, href: pagePath('search', slugify(b.value)) })),
    directionsHref: location.address?.place_url ?? (hasPoint ? `https://www.google.com/maps/dir/?api=1&destination=${lat},${long}` : null),
    mapHref: hasPoint ? `https://www.openstreetmap.org/?mlat=${lat}&mlon=${long}#map=${site.locations.mapZoom}/${lat}/${long}` : null,
    mapEmbedSrc: mapEmbedUrl({ placeUrl: location.address?.place_url, lat, long, address: card.address }, site.locations.mapZoom),

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

import type { Offer } from '../schemas/offer.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { NormalisedVehicle } from '../schemas/snapshot.ts';
import type { Vehicle } from '../schemas/vehicle.ts';
import { countsAsVisibleStock } from '../rules/visibility.ts';
import { slugify } from '../lib/text.ts';
import type { QuarantinedRecord } from './quarantine.ts';

const BODY_GROUPS: Array<[RegExp, string]> = [
  [/hatch/i, 'Hatchback'],
  [/sedan/i, 'Sedan'],
  [/wagon|estate/i, 'Wagon'],
  [/ute|utility|pick.?up|cab chassis/i, 'Ute'],
  [/suv|4wd|crossover/i, 'SUV'],
  [/van|people mover|bus/i, 'Van'],
  [/coupe/i, 'Coupe'],
  [/convertible|cabriolet|roadster/i, 'Convertible'],
  [/motorcycle|motorbike|scooter/i, 'Motorcycle'],
  [/truck|prime mover/i, 'Truck'],
  [/caravan|camper|trailer/i, 'Caravan'],
];

/** The search body group of a platform body name ("Other" when unknown). */
export function simpleBody(body: string | null | undefined, itemType?: string | null): string {
  if (itemType === 'caravan') return 'Caravan';
  for (const [pattern, group] of BODY_GROUPS) if (body && pattern.test(body)) return group;
  return 'Other';
}

/** Petrol, Diesel, Hybrid (plug-in hybrids included), Electric, or Other. */
export function simpleFuel(fuel: string | null | undefined): string {
  if (!fuel) return 'Other';
  if (/hybrid|phev/i.test(fuel)) return 'Hybrid';
  if (/electric|\bev\b|bev/i.test(fuel)) return 'Electric';
  if (/diesel/i.test(fuel)) return 'Diesel';
  if (/petrol|unleaded|premium/i.test(fuel)) return 'Petrol';
  return 'Other';
}

/** Manual when the platform says so; every other gearbox (including EV reduction gears) counts as Automatic. */
export function simpleTransmission(trans: string | null | undefined): string {
  return trans && /manual/i.test(trans) ? 'Manual' : 'Automatic';
}

/** The name shown for a vehicle: year make model badge, with the series when the site shows it. */
export function displayName(vehicle: Vehicle, site: SiteConfig): string {
  const parts = [vehicle.year, vehicle.make, vehicle.model, vehicle.badge, site.features.seriesDisplay ? vehicle.series : null];
  return parts.filter((p) => p !== null && p !== undefined && String(p).trim() !== '').join(' ');
}

export interface NormaliseResult {
  vehicles: NormalisedVehicle[];
  /** Duplicate ids and slugs, reported like quarantined records. */
  duplicates: QuarantinedRecord[];
  /** Valid vehicles left out by the stock filters or the visibility rule, with the reason. */
  filtered: Array<{ id: number; reason: string }>;
}

/**
 * Derives what pages and search need, applies the site's stock filters and the
 * visibility rule, and resolves duplicates deterministically:
 * - duplicate ids: the most recently updated record wins (on a tie, the later one in the feed);
 * - duplicate slugs: the lowest id keeps the slug, the others get "-<id>" appended.
 */
export function normaliseVehicles(vehicles: Vehicle[], site: SiteConfig, now: Date): NormaliseResult {
  const duplicates: QuarantinedRecord[] = [];
  const byId = new Map<number, Vehicle>();
  for (const vehicle of vehicles) {
    const id = Number(vehicle.id);
    const seen = byId.get(id);
    if (seen) {
      const keepNew = (vehicle.updated_at ?? '') >= (seen.updated_at ?? '');
      duplicates.push({ source: 'vehicles', id: String(id), path: 'id', reason: `duplicate id; kept the record updated ${(keepNew ? vehicle : seen).updated_at ?? 'last'}` });
      if (keepNew) byId.set(id, vehicle);
    } else {
      byId.set(id, vehicle);
    }
  }

  const filtered: NormaliseResult['filtered'] = [];
  const kept: Vehicle[] = [];
  for (const vehicle of [...byId.values()].sort((a, b) => Number(a.id) - Number(b.id))) {
    const reason = filterReason(vehicle, site, now);
    if (reason) filtered.push({ id: Number(vehicle.id), reason });
    else kept.push(vehicle);
  }

  const taken = new Set<string>();
  const normalised = kept.map((vehicle): NormalisedVehicle => {
    const base = vehicle.slug ?? slugify(`${vehicle.year}-${vehicle.make}-${vehicle.model}-${vehicle.badge ?? ''}-${vehicle.id}`);
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = n === 2 ? `${base}-${vehicle.id}` : `${base}-${vehicle.id}-${n}`;
    if (slug !== base) {
      duplicates.push({ source: 'vehicles', id: String(vehicle.id), path: 'slug', reason: `duplicate slug "${base}"; published as "${slug}"` });
    }
    taken.add(slug);
    return {
      ...vehicle,
      slug,
      make_slug: slugify(vehicle.make),
      model_slug: slugify(vehicle.model),
      simple_body: vehicle.simple_body ?? simpleBody(vehicle.body ?? vehicle.bodyconfiguration, vehicle.item_type),
      simple_fuel: vehicle.simple_fuel ?? simpleFuel(vehicle.fuel),
      simple_transmission: vehicle.simple_transmission ?? simpleTransmission(vehicle.trans),
      make_model: `${vehicle.make} ${vehicle.model}`,
      display_name: displayName(vehicle, site),
    };
  });
  return { vehicles: normalised, duplicates, filtered };
}

/** Why a valid vehicle is not published on this site, or null when it is. */
function filterReason(vehicle: Vehicle, site: SiteConfig, now: Date): string | null {
  const { stock } = site;
  if (stock.usedOnly && vehicle.car_type !== 'used') return 'used-only site';
  if (stock.inStockOnly && vehicle.status !== 'in_stock') return 'in-stock-only site';
  if (vehicle.stocknum && stock.excludeStockNumbers.includes(vehicle.stocknum)) return `stock number ${vehicle.stocknum} excluded`;
  if (stock.excludeMakes.some((m) => m.toLowerCase() === vehicle.make.toLowerCase())) return `make ${vehicle.make} excluded`;
  if (stock.maxKm !== undefined && (vehicle.km ?? 0) > stock.maxKm) return `over ${stock.maxKm} km`;
  const itemType = (vehicle.item_type ?? 'car') as (typeof stock.itemTypes)[number];
  if (!stock.itemTypes.includes(itemType)) return `item type ${itemType} not sold here`;
  if (!countsAsVisibleStock(vehicle, now, stock.includeSoldDays)) {
    return vehicle.show_on_dealer_website === false ? 'hidden from the dealer website' : `status ${vehicle.status}, not sold within ${stock.includeSoldDays} days`;
  }
  return null;
}

/** Offers this site shows: those not excluded for it. */
export function offersForSite(offers: Offer[], site: SiteConfig): Offer[] {
  return offers.filter((offer) => !(offer.excluded_website_ids ?? []).includes(site.slug));
}

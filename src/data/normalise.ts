import { createHash } from 'node:crypto';
import { transliterate } from 'transliteration';
import type { Offer } from '../schemas/offer.ts';
import type { PriceChange } from '../schemas/price-history.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { NormalisedVehicle } from '../schemas/snapshot.ts';
import type { Vehicle } from '../schemas/vehicle.ts';
import { countsAsVisibleStock } from '../rules/visibility.ts';
import { withPriceChanges } from '../rules/price-history.ts';
import { KNOWN_VEHICLE_STATUSES } from '../schemas/vehicle.ts';
import { slugify } from '../lib/text.ts';
import type { QuarantinedRecord } from './quarantine.ts';
import { catalogueChange, type VehicleLookup } from '../search/query.ts';

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

/** Longest dealer comment published; longer ones are clipped at a word (a page is not a document store). */
export const COMMENTS_MAX = 10_000;

/** A letter of a script other than Latin (Arabic, CJK, Cyrillic, Greek, ...), which slugify alone would drop. */
const NON_LATIN = /(?!\p{Script=Latin})\p{L}/u;

/**
 * The URL slug of a make or model name in any script: the plain slug for Latin names (so existing URLs
 * stay), the transliterated one otherwise ('日産' -> 'ri-chan', 'كورولا' -> 'kwrwl'), and when nothing is
 * left (a name of symbols only) a stable code from the name, so every vehicle of that model shares it.
 */
export function nameSlug(name: string, kind: 'make' | 'model'): string {
  return (
    (NON_LATIN.test(name) ? slugify(transliterate(name)) : slugify(name)) ||
    `${kind}-${createHash('sha256').update(name).digest('hex').slice(0, 8)}`
  );
}

/** A vehicle's own slug from its names and id (always valid: the id alone is a slug). */
function vehicleSlug(vehicle: Vehicle): string {
  const latin = (text: string | null | undefined) => (text && NON_LATIN.test(text) ? transliterate(text) : (text ?? ''));
  return slugify(`${vehicle.year}-${latin(vehicle.make)}-${latin(vehicle.model)}-${latin(vehicle.badge)}-${vehicle.id}`);
}

const VALID_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The feed's slug when it is a valid one, else null. */
const feedSlug = (vehicle: Vehicle): string | null => (vehicle.slug && VALID_SLUG.test(vehicle.slug) ? vehicle.slug : null);

/** Dealer comments clipped to COMMENTS_MAX at the last word break, or null when they fit. */
function clipComments(text: string): string | null {
  if (text.length <= COMMENTS_MAX) return null;
  const cut = text.slice(0, COMMENTS_MAX);
  const space = cut.search(/\s\S*$/);
  return `${(space > COMMENTS_MAX * 0.8 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export interface NormaliseResult {
  vehicles: NormalisedVehicle[];
  /** Duplicate ids and slugs, reported like quarantined records. */
  duplicates: QuarantinedRecord[];
  /** Valid vehicles left out by the stock filters or the visibility rule, with the reason. */
  filtered: Array<{ id: number; reason: string }>;
  /** Published vehicles with a field changed to be publishable (a clipped comment, a replaced slug), with why. */
  adjusted: QuarantinedRecord[];
}

/**
 * Derives what pages and search need, applies the site's stock filters and the
 * visibility rule, and resolves duplicates deterministically:
 * - duplicate ids: the most recently updated record wins (on a tie, the later one in the feed), and the
 *   report names both records by feed position and slug;
 * - duplicate slugs: the lowest id keeps the slug, the others get "-<id>" appended.
 * `positions[i]` is where `vehicles[i]` stood in the feed (0-based), for the report; by default its index.
 * `known` holds records normalised before (a snapshot's vehicles a webhook batch did not touch): one of
 * those passed in again comes back as the same object while its slug comes out the same.
 */
export function normaliseVehicles(
  vehicles: Vehicle[],
  site: SiteConfig,
  now: Date,
  positions?: readonly number[],
  known?: VehicleLookup,
): NormaliseResult {
  const duplicates: QuarantinedRecord[] = [];
  const adjusted: QuarantinedRecord[] = [];
  const byId = new Map<number, { vehicle: Vehicle; position: number }>();
  const described = ({ vehicle, position }: { vehicle: Vehicle; position: number }) =>
    `record #${position} (slug ${feedSlug(vehicle) ?? vehicleSlug(vehicle)}, updated ${vehicle.updated_at ?? 'at no stated time'})`;
  vehicles.forEach((vehicle, index) => {
    const id = Number(vehicle.id);
    const entry = { vehicle, position: positions?.[index] ?? index };
    const seen = byId.get(id);
    if (seen) {
      const keepNew = (vehicle.updated_at ?? '') >= (seen.vehicle.updated_at ?? '');
      const [kept, dropped] = keepNew ? [entry, seen] : [seen, entry];
      const why = (vehicle.updated_at ?? '') === (seen.vehicle.updated_at ?? '') ? 'the same update time, so the later one in the feed wins' : 'the newer update wins';
      duplicates.push({ source: 'vehicles', id: String(id), path: 'id', reason: `duplicate id: kept ${described(kept)}, dropped ${described(dropped)}; ${why}` });
      if (keepNew) byId.set(id, entry);
    } else {
      byId.set(id, entry);
    }
  });

  const filtered: NormaliseResult['filtered'] = [];
  const kept: Vehicle[] = [];
  for (const { vehicle } of [...byId.values()].sort((a, b) => Number(a.vehicle.id) - Number(b.vehicle.id))) {
    const reason = filterReason(vehicle, site, now);
    if (reason) filtered.push({ id: Number(vehicle.id), reason });
    else kept.push(vehicle);
  }

  const taken = new Set<string>();
  const normalised = kept.map((vehicle): NormalisedVehicle => {
    const base = feedSlug(vehicle) ?? vehicleSlug(vehicle);
    if (vehicle.slug && base !== vehicle.slug) {
      adjusted.push({ source: 'vehicles', id: String(vehicle.id), path: 'slug', reason: `${JSON.stringify(vehicle.slug)} is not a URL slug (lowercase letters, digits and hyphens); published as "${base}"` });
    }
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = n === 2 ? `${base}-${vehicle.id}` : `${base}-${vehicle.id}-${n}`;
    if (slug !== base) {
      duplicates.push({ source: 'vehicles', id: String(vehicle.id), path: 'slug', reason: `duplicate slug "${base}"; published as "${slug}"` });
    }
    taken.add(slug);
    const was = known?.get(Number(vehicle.id));
    if (was === vehicle && was.slug === slug) return was;
    // The feed's price history (or, for a record the snapshot already holds, the snapshot's) goes last,
    // where the snapshot schema puts it; carryPriceHistory decides which history a vehicle keeps.
    const { price_history: history, ...record } = vehicle;
    const comments = record.dealercomments ? clipComments(record.dealercomments) : null;
    if (comments !== null) {
      adjusted.push({
        source: 'vehicles',
        id: String(vehicle.id),
        path: 'dealercomments',
        reason: `clipped from ${vehicle.dealercomments!.length.toLocaleString('en-AU')} to ${comments.length.toLocaleString('en-AU')} characters (at most ${COMMENTS_MAX.toLocaleString('en-AU')} are published)`,
      });
    }
    return {
      ...record,
      ...(comments !== null ? { dealercomments: comments } : {}),
      slug,
      make_slug: nameSlug(vehicle.make, 'make'),
      model_slug: nameSlug(vehicle.model, 'model'),
      simple_body: vehicle.simple_body ?? simpleBody(vehicle.body ?? vehicle.bodyconfiguration, vehicle.item_type),
      simple_fuel: vehicle.simple_fuel ?? simpleFuel(vehicle.fuel),
      simple_transmission: vehicle.simple_transmission ?? simpleTransmission(vehicle.trans),
      make_model: `${vehicle.make} ${vehicle.model}`,
      display_name: displayName(vehicle, site),
      price_history: withPriceChanges(history ?? []),
    };
  });
  return { vehicles: normalised, duplicates, filtered, adjusted };
}

// Catalogues known to be in id order with every vehicle passing the site's filters at a time.
const published = new WeakMap<readonly NormalisedVehicle[], { site: SiteConfig; at: number }>();

/**
 * Whether a catalogue is in id order and every vehicle of it passes the site's filters at `now`. Known
 * once per catalogue; a catalogue that an update made from a known one (see `catalogueFollows`) has only
 * its new vehicles checked against the filters.
 */
function publishedAsIs(catalogue: readonly NormalisedVehicle[], site: SiteConfig, now: Date): boolean {
  const at = now.getTime();
  const known = published.get(catalogue);
  if (known?.site === site && known.at === at) return true;
  let previousId = -Infinity;
  for (const vehicle of catalogue) {
    const id = Number(vehicle.id);
    if (id <= previousId) return false;
    previousId = id;
  }
  const change = catalogueChange(catalogue);
  const before = change && published.get(change.previous);
  const unchecked = change && before?.site === site && before.at === at ? change.added : catalogue;
  if (unchecked.some((vehicle) => filterReason(vehicle, site, now) !== null)) return false;
  published.set(catalogue, { site, at });
  return true;
}

/**
 * A normalised catalogue (in id order, as {@link normaliseVehicles} leaves it) with `changed` records
 * normalised in place of its vehicles of the same ids: what normalising the whole catalogue with those
 * records gives, at the cost of the changed records. Slugs are shared out over the catalogue in id order,
 * so this holds only while each changed record is still published under the slug its vehicle had (every
 * other vehicle then meets the same slugs taken before it) and the rest of the catalogue still passes the
 * site's filters. Otherwise, and for a record of a vehicle the catalogue does not have, null: the caller
 * normalises the whole catalogue.
 */
export function normaliseChanged(
  catalogue: readonly NormalisedVehicle[],
  byId: VehicleLookup,
  changed: readonly Vehicle[],
  site: SiteConfig,
  now: Date,
): NormalisedVehicle[] | null {
  if (changed.some((record) => !byId.has(Number(record.id))) || !publishedAsIs(catalogue, site, now)) return null;
  const fresh = normaliseVehicles([...changed], site, now).vehicles;
  if (fresh.length !== changed.length) return null;
  const replaced = new Map<number, NormalisedVehicle>();
  for (const vehicle of fresh) {
    if (vehicle.slug !== byId.get(Number(vehicle.id))!.slug) return null;
    replaced.set(Number(vehicle.id), vehicle);
  }
  return catalogue.map((vehicle) => replaced.get(Number(vehicle.id)) ?? vehicle);
}

/**
 * The snapshot's price history on freshly normalised vehicles. A vehicle whose history the snapshot
 * has recorded keeps it (whatever its record now says), with the changes seen since added. Until the
 * snapshot has recorded a change of its own (a vehicle new to the site, or one listed before histories
 * were kept), the feed's history that normalising left on the vehicle stands in for it; a change seen
 * now that the feed's history already ends with is not added twice. At most the last 10 are kept.
 * `changesOf` says what changed since the previous snapshot: a pull compares the two records, a
 * webhook batch lists the changes of its events.
 */
export function carryPriceHistory(
  vehicles: readonly NormalisedVehicle[],
  previous: VehicleLookup,
  changesOf: (vehicle: NormalisedVehicle, before: NormalisedVehicle | undefined) => readonly PriceChange[],
): NormalisedVehicle[] {
  return vehicles.map((vehicle) => {
    const before = previous.get(Number(vehicle.id));
    // A snapshot read without validation may predate histories and have none.
    const recorded = before?.price_history ?? [];
    const changes = changesOf(vehicle, before);
    // The recorded history is already in order and bounded: it is only re-ordered when a change joins it.
    if (recorded.length > 0) {
      if (changes.length === 0 && vehicle.price_history === recorded) return vehicle;
      return { ...vehicle, price_history: changes.length === 0 ? recorded : withPriceChanges(recorded, changes) };
    }
    const last = vehicle.price_history.at(-1);
    const fresh = changes.filter((c) => !(last && last.from === c.from && last.to === c.to));
    return fresh.length === 0 ? vehicle : { ...vehicle, price_history: withPriceChanges(vehicle.price_history, fresh) };
  });
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
    if (vehicle.show_on_dealer_website === false) return 'hidden from the dealer website';
    if (!(KNOWN_VEHICLE_STATUSES as readonly string[]).includes(vehicle.status)) {
      return `unknown status "${vehicle.status}" (the site lists ${KNOWN_VEHICLE_STATUSES.join(', ')} vehicles)`;
    }
    return vehicle.sold_date_timestamp == null
      ? `status ${vehicle.status} with no sale date`
      : `status ${vehicle.status}, sold more than ${stock.includeSoldDays} days before the pull`;
  }
  return null;
}

/** Offers this site shows: those not excluded for it. */
export function offersForSite(offers: Offer[], site: SiteConfig): Offer[] {
  return offers.filter((offer) => !(offer.excluded_website_ids ?? []).includes(site.slug));
}

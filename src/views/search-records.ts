/**
 * A site's vehicles as the stock search sees them: one listing record per vehicle (what the index holds and
 * the engine filters, counts, ranks and sorts) and one result card per vehicle (what the card shows, decided
 * by the same card view the static pages use). Pure: no Node module and no I/O.
 */
import type { SiteConfig } from '../schemas/site-config.ts';
import type { NormalisedVehicle, Snapshot } from '../schemas/snapshot.ts';
import type { ListingRecord } from '../search/listing.ts';
import { KeyedMemo, MemoScope, sameInputs } from '../lib/keyed-memo.ts';
import { replacedInPlace } from '../search/query.ts';
import { feedInstant } from '../rules/badges.ts';
import { advertisedWeeklyRepayment, repaymentText } from '../rules/finance-calculator.ts';
import { financePrice } from '../rules/finance-eligibility.ts';
import { showFavouriteButton } from '../rules/saving.ts';
import { weeklyPriceRange } from '../rules/weekly-price-range.ts';
import type { Favourite } from '../stores/favourites.ts';
import type { CompareFacts } from './compare.ts';
import { pictureFor, type ImageIndex, type PictureData } from './images.ts';
import { vehicleCardView, type VehicleCardView } from './vehicle/card.ts';

/** What one result card shows: the card view and its picture. */
export interface ResultCardData extends VehicleCardView {
  picture: PictureData | null;
  /** The advertised weekly repayment ('$123 /wk*'), where the finance rules show one. */
  weekly: string | null;
  /** What the favourite toggle saves, where the site and the vehicle allow one (`showFavouriteButton`). */
  favourite: Favourite | null;
}

/** The photo a saved car is remembered by: the primary image, else the first photo that is not a video. */
export function cardImage(vehicle: NormalisedVehicle): string | null {
  return vehicle.primary_image_url ?? vehicle.images?.find((i) => !i.isVideo)?.image ?? null;
}

/** What the favourites keep of a vehicle (the card's toggle and the vehicle page's save the same), or null where it shows no toggle. */
export function favouriteRecord(vehicle: NormalisedVehicle, site: SiteConfig): Favourite | null {
  if (!showFavouriteButton(vehicle, site)) return null;
  return { id: vehicle.id, name: vehicle.display_name, slug: vehicle.slug, make: vehicle.make, model: vehicle.model, primary_image_url: cardImage(vehicle) };
}

/** What a result card shows of a vehicle, for the static pages and the search island alike. */
export function resultCardData(vehicle: NormalisedVehicle, site: SiteConfig, images: ImageIndex, now: Date): ResultCardData {
  const view = vehicleCardView(vehicle, site, now);
  const weekly = view.price && view.price.kind !== 'subscription' ? advertisedWeeklyRepayment(site, vehicle, now) : null;
  return {
    ...view,
    picture: pictureFor(images, view.image, 'card', site),
    weekly: weekly === null ? null : repaymentText(weekly, 52),
    favourite: favouriteRecord(vehicle, site),
  };
}

/**
 * A card as the card files carry it: the result card, plus the key specifications the compare page shows
 * (`compareFacts`), which the search's own pages never render.
 */
export interface CardFileEntry extends ResultCardData {
  facts: CompareFacts;
}

/** Equipment names, whichever shape the feed sends (a list, or lists by group). */
function features(vehicle: NormalisedVehicle): string[] {
  const equipment = vehicle.standardEquipment;
  if (!equipment) return [];
  const all = Array.isArray(equipment) ? equipment : Object.values(equipment).flat();
  return [...new Set(all.map((f) => f.trim()).filter(Boolean))].sort();
}

/** Names of locations and dealerships by slug, as the landing pages name them. */
export interface ListingNames {
  location: (vehicle: NormalisedVehicle) => string | null;
  dealership: (vehicle: NormalisedVehicle) => string | null;
}

export function listingNames(data: Pick<Snapshot, 'locations' | 'dealerships'>): ListingNames {
  const locations = new Map(data.locations.filter((l) => l.slug).map((l) => [l.slug!, l.name]));
  const dealerships = new Map(data.dealerships.filter((d) => d.slug).map((d) => [d.slug!, d.name ?? d.slug!]));
  return {
    location: (v) => (v.location?.slug ? (locations.get(v.location.slug) ?? v.location.name ?? v.location_name ?? null) : (v.location_name ?? null)),
    dealership: (v) => (v.dealership_slug ? (dealerships.get(v.dealership_slug) ?? v.dealership_slug) : null),
  };
}

// Each vehicle's record, kept with the vehicle (see KeyedMemo): it reads the vehicle, the site, the time and
// the location and dealership lists (for its names), so a running site's update works out only the records
// of the vehicles that changed.
const records = new KeyedMemo<NormalisedVehicle, ListingRecord>();
const recordScope = new MemoScope();

// Each catalogue's records, with the inputs besides its vehicles they were made from. Kept under a global
// symbol, as the catalogue memo of src/search/query.ts is (and on the same terms: both copies are built from
// one source), so the compiled renderer's copy of this module and the generator's share it: an update's
// search files and its search pages' answers read one list.
const CATALOGUE_RECORDS = Symbol.for('dealer-sites.listing-records');
const catalogueRecords = ((globalThis as Record<symbol, unknown>)[CATALOGUE_RECORDS] ??= new WeakMap()) as WeakMap<
  readonly NormalisedVehicle[],
  { inputs: readonly unknown[]; records: readonly ListingRecord[] }
>;

/**
 * Every vehicle's listing record, in id order, worked out once per catalogue and kept with it: the list is
 * shared, never to be changed. A catalogue an update made by replacing vehicles in place takes the list of
 * the catalogue it follows, with the replaced vehicles' records swapped, rather than sorting every vehicle.
 */
export function listingRecords(site: SiteConfig, data: Pick<Snapshot, 'vehicles' | 'locations' | 'dealerships'>, now: Date): readonly ListingRecord[] {
  const at = now.getTime();
  const inputs = [site, at, data.locations, data.dealerships];
  const known = catalogueRecords.get(data.vehicles);
  if (known && sameInputs(known.inputs, inputs)) return known.records;
  const names = listingNames(data);
  const scope = recordScope.of(inputs);
  const recordOf = (v: NormalisedVehicle) => records.getScoped(scope, v, () => inputs, () => listingRecord(v, names, site, now));
  const made = recordsAfter(data.vehicles, inputs, recordOf) ?? [...data.vehicles].sort((a, b) => a.id - b.id).map(recordOf);
  catalogueRecords.set(data.vehicles, { inputs, records: made });
  return made;
}

/** {@link listingRecords} from the catalogue `vehicles` follows, or null when that cannot be done (see there). */
function recordsAfter(vehicles: readonly NormalisedVehicle[], inputs: readonly unknown[], recordOf: (v: NormalisedVehicle) => ListingRecord): ListingRecord[] | null {
  const update = replacedInPlace(vehicles);
  const before = update && catalogueRecords.get(update.previous);
  if (!update || !before || !sameInputs(before.inputs, inputs)) return null;
  const made = [...before.records];
  for (const { now } of update.replaced) {
    const at = positionOf(made, now.id);
    if (at < 0) return null;
    made[at] = recordOf(now);
  }
  return made;
}

/** Where the record of vehicle `id` is in `list` (in id order), or -1. */
function positionOf(list: readonly ListingRecord[], id: number): number {
  let [low, high] = [0, list.length - 1];
  while (low <= high) {
    const middle = (low + high) >> 1;
    const at = Number(list[middle]!.objectID);
    if (at === id) return middle;
    if (at < id) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

export function listingRecord(vehicle: NormalisedVehicle, names: ListingNames, site: SiteConfig, now: Date): ListingRecord {
  const created = feedInstant(vehicle.created_at)?.getTime();
  const weekly = advertisedWeeklyRepayment(site, vehicle, now);
  return {
    objectID: String(vehicle.id),
    make: vehicle.make,
    model: vehicle.model,
    badge: vehicle.badge ?? null,
    body: vehicle.simple_body,
    fuel: vehicle.simple_fuel,
    transmission: vehicle.simple_transmission,
    drive: vehicle.drive ?? null,
    colour: vehicle.colour ?? null,
    seats: vehicle.seats === null || vehicle.seats === undefined ? null : String(vehicle.seats),
    car_type: vehicle.car_type,
    status: vehicle.status,
    location_name: names.location(vehicle),
    dealership_name: names.dealership(vehicle),
    state: vehicle.state ?? vehicle.location?.address?.state ?? null,
    year: vehicle.year ?? null,
    km: vehicle.km ?? null,
    certified: vehicle.certified ?? null,
    tag: vehicle.tag ? [vehicle.tag] : [],
    filtered_features: features(vehicle),
    stocknum: vehicle.stocknum ?? null,
    price: financePrice(vehicle),
    created: created === undefined ? 0 : Math.floor(created / 1000),
    rank: (vehicle.price > 0 ? 2 : 0) + ((vehicle.images?.length ?? 0) > 3 ? 1 : 0),
    weekly,
    weekly_price_range: weeklyPriceRange(weekly),
  };
}

/**
 * The inventory feeds a dealer gives advertising platforms, made from the same rules as the vehicle pages
 * so the two never disagree (Google suspends listings whose landing page shows another price or status):
 * Google's vehicle listings feed (https://developers.google.com/vehicle-listings/reference/feed-specification)
 * and Meta's automotive inventory catalogue (https://developers.facebook.com/docs/marketing-api/auto-ads/reference),
 * both as CSV. Pure: rows from the site, its data and the image index.
 */
import type { SiteData } from '../data/site-data.ts';
import { KeyedMemo, MemoScope, sameInputs } from '../lib/keyed-memo.ts';
import { absoluteUrl, vehiclePath } from '../lib/urls.ts';
import { priceDisplay } from '../rules/pricing.ts';
import type { Address } from '../schemas/address.ts';
import type { Location } from '../schemas/location.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { NormalisedVehicle } from '../schemas/snapshot.ts';
import { previousCatalogue, replacedInPlace } from '../search/query.ts';
import { sortedIndex } from '../lib/sorted.ts';
import { addressText } from './common.ts';
import { vehicleImageEntries, type ImageIndex } from './images.ts';
import { primaryLocation, vehicleAddress, vehicleLocationName, vehicleLocationRecord, vehicleMetaDescription } from './vehicle/head.ts';
import { galleryPictures } from './vehicle/gallery.ts';
import { offeredPrice, vehicleImageUrls } from './vehicle/structured-data.ts';

/** Where each feed is published in a site, and how a dealer refers to it. */
export const INVENTORY_FEEDS = {
  google: { path: '/feeds/google-vehicle-listings.csv', name: "Google vehicle listings" },
  meta: { path: '/feeds/meta-vehicles.csv', name: 'Meta automotive inventory catalogue' },
} as const;

/** Most photos a feed lists for one vehicle (Meta takes up to 20; Google's extra images are optional). */
export const FEED_IMAGE_LIMIT = 10;

const VIN = /^[A-HJ-NPR-Z0-9]{17}$/i;

// Whether each vehicle may be listed, kept with the vehicle for its site (see KeyedMemo).
const listable = new KeyedMemo<NormalisedVehicle, boolean>();

const isListable = (v: NormalisedVehicle, site: SiteConfig) =>
  listable.get(v, [site], () => v.status === 'in_stock' && (v.item_type ?? 'car') === 'car' && validVin(v) !== null && offeredPrice(v, site) !== null);

/** The vehicle's VIN in capitals when it is one (17 characters, no I, O or Q), else null. */
const validVin = (v: NormalisedVehicle) => (v.vin && VIN.test(v.vin) ? v.vin.toUpperCase() : null);

/** A catalogue's feed vehicles for a site, with how many of the catalogue's vehicles carry each VIN. */
interface FeedList {
  site: SiteConfig;
  list: readonly NormalisedVehicle[];
  vins: ReadonlyMap<string, number>;
}
const feedLists = new WeakMap<readonly NormalisedVehicle[], FeedList>();
const byId = (a: NormalisedVehicle, b: NormalisedVehicle) => Number(a.id) - Number(b.id);

/**
 * The vehicles a feed lists: in stock (not coming, not sold), cars (the platforms' programmes are for
 * passenger vehicles, so motorcycles, trucks and caravans stay out), with a 17-character VIN (both
 * platforms key a vehicle by it) and a purchase price the page shows. One row per VIN: of two records
 * with one VIN, the lower id. In id order. Worked out once per catalogue; a catalogue an update made from
 * another (see `catalogueFollows`) takes that one's list and places only the vehicles it replaced.
 */
export function feedVehicles(site: SiteConfig, vehicles: readonly NormalisedVehicle[]): readonly NormalisedVehicle[] {
  const known = feedLists.get(vehicles);
  if (known?.site === site) return known.list;
  const made = feedListAfter(site, vehicles) ?? feedList(site, vehicles);
  feedLists.set(vehicles, made);
  return made.list;
}

function feedList(site: SiteConfig, vehicles: readonly NormalisedVehicle[]): FeedList {
  const byVin = new Map<string, NormalisedVehicle>();
  const vins = new Map<string, number>();
  for (const v of [...vehicles].sort(byId)) {
    const vin = validVin(v);
    if (vin === null) continue;
    vins.set(vin, (vins.get(vin) ?? 0) + 1);
    if (isListable(v, site) && !byVin.has(vin)) byVin.set(vin, v);
  }
  return { site, list: [...byVin.values()], vins };
}

/**
 * The feed list of a catalogue that follows another whose list is known: each vehicle the update replaced
 * by one of the same id and VIN, a VIN no other vehicle carries, is listed or not on its own. Null for
 * anything else (a vehicle added or removed, a VIN changed or shared): the list is then made afresh.
 */
function feedListAfter(site: SiteConfig, vehicles: readonly NormalisedVehicle[]): FeedList | null {
  const update = replacedInPlace(vehicles);
  const before = update && feedLists.get(update.previous);
  if (!update || before?.site !== site) return null;
  const list = [...before.list];
  for (const { was, now } of update.replaced) {
    const vin = validVin(now);
    if (validVin(was) !== vin) return null;
    // Without a VIN neither version is listed.
    if (vin === null) continue;
    if (before.vins.get(vin) !== 1) return null;
    const at = sortedIndex(list, now, byId);
    const listed = at < list.length && byId(list[at]!, now) === 0;
    if (isListable(now, site)) list.splice(at, listed ? 1 : 0, now);
    else if (listed) list.splice(at, 1);
  }
  return { site, list, vins: before.vins };
}

/** A dealership as the feeds name it: the vehicle's location, else the site's primary one. */
interface Dealership {
  code: string;
  name: string;
  address: Address | null;
  phone: string | null;
}

function dealershipOf(vehicle: NormalisedVehicle, site: SiteConfig, locations: readonly Location[]): Dealership {
  const record: Location | undefined = vehicleLocationRecord(vehicle, locations) ?? primaryLocation(locations);
  return {
    code: String(vehicle.location_id ?? record?.id ?? site.slug),
    name: vehicle.location?.name?.trim() || record?.name || vehicleLocationName(vehicle, site),
    address: vehicleAddress(vehicle, locations) ?? record?.address ?? null,
    phone: vehicle.location?.phone ?? record?.contact_detail?.phone ?? null,
  };
}

const text = (value: string | null | undefined) => value?.trim() ?? '';
const money = (amount: number) => `${Math.round(amount)} AUD`;
const isoDay = (value: string | null | undefined) => (value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : '');

/** The was-price the page shows beside the price (an offer's normal price), if any. */
function wasPrice(vehicle: NormalisedVehicle, site: SiteConfig): number | null {
  const shown = priceDisplay(vehicle, site);
  return (shown.kind === 'price' || shown.kind === 'offer') && shown.wasPrice ? shown.wasPrice.amount : null;
}

// ---------------------------------------------------------------- Google

export const GOOGLE_COLUMNS = [
  'store_code',
  'id',
  'vin',
  'year',
  'make',
  'model',
  'trim',
  'exterior_color',
  'interior_color',
  'mileage',
  'condition',
  'certified_pre_owned',
  'price',
  'vehicle_msrp',
  'dealership_name',
  'dealership_address',
  'link',
  'image_link',
  'additional_image_link',
  'date_in_stock',
] as const;
export type GoogleRow = Record<(typeof GOOGLE_COLUMNS)[number], string>;

/**
 * One row of Google's vehicle listings feed: the required attributes, the recommended ones (photos, the
 * vehicle page, the RRP of a new vehicle where the page shows one) and the useful optional ones (stock
 * number, date in stock, certified pre-owned). `condition` is new or used: a demonstrator has been
 * registered and driven, so it is used, as its JSON-LD says.
 */
export function googleRow(vehicle: NormalisedVehicle, site: SiteConfig, data: Pick<SiteData, 'locations'>, images: ImageIndex): GoogleRow {
  const dealer = dealershipOf(vehicle, site, data.locations);
  const [first, ...more] = vehicleImageUrls(galleryPictures(vehicle, images, site), site, FEED_IMAGE_LIMIT);
  const isNew = vehicle.car_type === 'new';
  const msrp = isNew ? wasPrice(vehicle, site) : null;
  return {
    store_code: dealer.code,
    id: text(vehicle.stocknum) || String(vehicle.id),
    vin: vehicle.vin!.toUpperCase(),
    year: String(vehicle.year),
    make: vehicle.make,
    model: vehicle.model,
    trim: text(vehicle.badge),
    exterior_color: text(vehicle.colour),
    interior_color: text(vehicle.interior_colour),
    mileage: typeof vehicle.km === 'number' ? `${vehicle.km} km` : '',
    condition: isNew ? 'new' : 'used',
    certified_pre_owned: !isNew && vehicle.certified ? 'yes' : 'no',
    price: money(offeredPrice(vehicle, site)!),
    vehicle_msrp: msrp !== null ? money(msrp) : '',
    dealership_name: dealer.name,
    dealership_address: [addressText(dealer.address), 'AU'].filter(Boolean).join(', '),
    link: absoluteUrl(site, vehiclePath(vehicle)),
    image_link: first ?? '',
    additional_image_link: more.join(','),
    date_in_stock: isoDay(vehicle.created_at),
  };
}

// ---------------------------------------------------------------- Meta

export const META_COLUMNS = [
  'vehicle_id',
  'title',
  'description',
  'url',
  'make',
  'model',
  'year',
  'trim',
  'mileage.value',
  'mileage.unit',
  'image',
  'transmission',
  'fuel_type',
  'body_style',
  'drivetrain',
  'vin',
  'price',
  'sale_price',
  'address',
  'latitude',
  'longitude',
  'exterior_color',
  'interior_color',
  'state_of_vehicle',
  'availability',
  'date_first_on_lot',
  'dealer_id',
  'dealer_name',
  'dealer_phone',
] as const;
export type MetaRow = Record<(typeof META_COLUMNS)[number], string>;

const META_BODY: Record<string, string> = {
  suv: 'SUV',
  hatchback: 'HATCHBACK',
  sedan: 'SEDAN',
  ute: 'TRUCK',
  van: 'VAN',
  wagon: 'WAGON',
  coupe: 'COUPE',
  convertible: 'CONVERTIBLE',
  'people mover': 'MINIVAN',
  cab: 'TRUCK',
};
const META_FUEL: Record<string, string> = { petrol: 'PETROL', diesel: 'DIESEL', electric: 'ELECTRIC', hybrid: 'HYBRID', 'plug-in hybrid': 'PLUGIN_HYBRID', lpg: 'OTHER' };

/** Meta's drivetrain of a feed's drive type: 4X4, AWD, FWD, RWD, else OTHER. */
export function metaDrivetrain(drive: string | null | undefined): string {
  const value = drive?.trim().toLowerCase() ?? '';
  if (/^(4x4|4wd|four)/.test(value)) return '4X4';
  if (/^(awd|all)/.test(value)) return 'AWD';
  if (/^(fwd|front)/.test(value)) return 'FWD';
  if (/^(rwd|rear)/.test(value)) return 'RWD';
  return 'OTHER';
}

/**
 * One row of Meta's automotive inventory catalogue. `price` is the vehicle's normal price and
 * `sale_price` the offer price where the page shows an offer under a struck-through normal price, so
 * the price a shopper pays (`sale_price`, else `price`) is the one on the page. Photos are one JSON
 * list (`image`), which Meta's CSV format allows; the address is a JSON object, as its examples write it.
 */
export function metaRow(vehicle: NormalisedVehicle, site: SiteConfig, data: Pick<SiteData, 'locations'>, images: ImageIndex): MetaRow {
  const dealer = dealershipOf(vehicle, site, data.locations);
  const shown = offeredPrice(vehicle, site)!;
  const was = wasPrice(vehicle, site);
  const address = dealer.address;
  const state = vehicle.car_type === 'new' ? 'NEW' : vehicle.certified ? 'CPO' : 'USED';
  return {
    vehicle_id: String(vehicle.id),
    title: vehicle.display_name,
    description: vehicleMetaDescription(vehicle, site),
    url: absoluteUrl(site, vehiclePath(vehicle)),
    make: vehicle.make,
    model: vehicle.model,
    year: String(vehicle.year),
    trim: text(vehicle.badge),
    'mileage.value': String(vehicle.km ?? 0),
    'mileage.unit': 'KM',
    image: JSON.stringify(vehicleImageUrls(galleryPictures(vehicle, images, site), site, FEED_IMAGE_LIMIT).map((url) => ({ url }))),
    transmission: (vehicle.simple_transmission ?? '').toLowerCase() === 'manual' ? 'MANUAL' : 'AUTOMATIC',
    fuel_type: META_FUEL[(vehicle.simple_fuel ?? '').toLowerCase()] ?? 'OTHER',
    body_style: META_BODY[(vehicle.simple_body ?? '').toLowerCase()] ?? 'OTHER',
    drivetrain: metaDrivetrain(vehicle.drive),
    vin: vehicle.vin!.toUpperCase(),
    price: money(was ?? shown),
    sale_price: was !== null ? money(shown) : '',
    address: JSON.stringify({ addr1: text(address?.street), city: text(address?.city), region: text(address?.state), postal_code: text(address?.postcode), country: 'AU' }),
    latitude: address?.lat !== null && address?.lat !== undefined ? String(address.lat) : '',
    longitude: address?.long !== null && address?.long !== undefined ? String(address.long) : '',
    exterior_color: text(vehicle.colour),
    interior_color: text(vehicle.interior_colour),
    state_of_vehicle: state,
    availability: 'AVAILABLE',
    date_first_on_lot: isoDay(vehicle.created_at),
    dealer_id: dealer.code,
    dealer_name: dealer.name,
    dealer_phone: text(dealer.phone),
  };
}

// ---------------------------------------------------------------- CSV

/** One CSV field per RFC 4180: quoted when it holds a comma, a quote or a line break; quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One CSV line (no line end). */
function csvLine(values: readonly string[]): string {
  return values.map(csvField).join(',');
}

/** A CSV file: the header line, then one line per row, CRLF line ends (RFC 4180). */
export function csv<C extends string>(columns: readonly C[], rows: ReadonlyArray<Record<C, string>>): string {
  return csvFile(columns, rows.map((row) => csvLine(columns.map((c) => row[c]))));
}

function csvFile(columns: readonly string[], lines: readonly string[]): string {
  return [csvLine(columns), ...lines].join('\r\n') + '\r\n';
}

// Each vehicle's two feed lines, kept with the vehicle (see KeyedMemo): a row reads the vehicle, the site,
// the locations list and the vehicle's images, so an update works out only the lines of what changed. Each
// line is kept as text and as UTF-8 with its line end, so a feed file is its lines' bytes put together.
interface FeedLines {
  google: string;
  meta: string;
  googleBytes: Buffer;
  metaBytes: Buffer;
}
const feedLines = new KeyedMemo<NormalisedVehicle, FeedLines>();
const feedScope = new MemoScope();

// Each feed list's lines, with the scope they were taken under (see linesOf).
const listLines = new WeakMap<readonly NormalisedVehicle[], { scope: object; lines: readonly FeedLines[] }>();

function linesOf(site: SiteConfig, data: Pick<SiteData, 'vehicles' | 'locations'>, images: ImageIndex): readonly FeedLines[] {
  const scope = feedScope.of([site, data.locations, images]);
  const list = feedVehicles(site, data.vehicles);
  const known = listLines.get(list);
  if (known?.scope === scope) return known.lines;
  const lineOf = (v: NormalisedVehicle) =>
    feedLines.getScoped(scope, v, () => [site, data.locations, ...vehicleImageEntries(v, images)], () => {
      const googleValues = googleRow(v, site, data, images);
      const metaValues = metaRow(v, site, data, images);
      const google = csvLine(GOOGLE_COLUMNS.map((c) => googleValues[c]));
      const meta = csvLine(META_COLUMNS.map((c) => metaValues[c]));
      return { google, meta, googleBytes: Buffer.from(`${google}\r\n`), metaBytes: Buffer.from(`${meta}\r\n`) };
    });
  // The list of the catalogue this one follows, taken under the same scope: each vehicle both lists hold
  // (both in id order) keeps its lines, with no lookup per vehicle.
  const previous = previousCatalogue(data.vehicles);
  const previousList = previous && feedLists.get(previous)?.site === site ? feedLists.get(previous)!.list : undefined;
  const before = previousList && listLines.get(previousList);
  let lines: FeedLines[];
  if (before?.scope === scope) {
    lines = new Array<FeedLines>(list.length);
    for (let i = 0, j = 0; i < list.length; i++) {
      const v = list[i]!;
      while (j < previousList!.length && byId(previousList![j]!, v) < 0) j++;
      lines[i] = j < previousList!.length && previousList![j] === v ? before.lines[j]! : lineOf(v);
    }
  } else {
    lines = list.map(lineOf);
  }
  listLines.set(list, { scope, lines });
  return lines;
}

/** Both feeds of a site, by the path each is published at. */
export function inventoryFeeds(site: SiteConfig, data: Pick<SiteData, 'vehicles' | 'locations'>, images: ImageIndex): Array<{ path: string; content: string; rows: number }> {
  const lines = linesOf(site, data, images);
  return [
    { path: INVENTORY_FEEDS.google.path, content: csvFile(GOOGLE_COLUMNS, lines.map((l) => l.google)), rows: lines.length },
    { path: INVENTORY_FEEDS.meta.path, content: csvFile(META_COLUMNS, lines.map((l) => l.meta)), rows: lines.length },
  ];
}

const HEADER_BYTES = { google: Buffer.from(`${csvLine(GOOGLE_COLUMNS)}\r\n`), meta: Buffer.from(`${csvLine(META_COLUMNS)}\r\n`) };

/**
 * Both feeds as the bytes of their files, in parts (the header line, then the rows of each block of
 * {@link FEED_BLOCK_IDS} ids): the same as {@link inventoryFeeds}'s text in UTF-8, without encoding or
 * copying megabytes on every update.
 */
export function inventoryFeedFiles(site: SiteConfig, data: Pick<SiteData, 'vehicles' | 'locations'>, images: ImageIndex): Array<{ path: string; parts: Buffer[] }> {
  const blocks = feedBlocks(site, feedVehicles(site, data.vehicles), linesOf(site, data, images));
  return [
    { path: INVENTORY_FEEDS.google.path, parts: [HEADER_BYTES.google, ...blocks.map((b) => b.google)] },
    { path: INVENTORY_FEEDS.meta.path, parts: [HEADER_BYTES.meta, ...blocks.map((b) => b.meta)] },
  ];
}

/**
 * Feed rows whose vehicle ids share a block of this many are written as one part of each file: a file of
 * 10,000 rows goes to disk in a few dozen parts rather than one per row, and an update joins again only
 * the block of the vehicle it changed.
 */
const FEED_BLOCK_IDS = 256;

/** One block's rows: their lines, and each feed's bytes of them. */
interface FeedBlock {
  lines: readonly FeedLines[];
  google: Buffer;
  meta: Buffer;
}

// Each site's blocks from its last feed files, by block number; a block whose lines are the same objects
// is taken as it was. Replaced whole on every call, so blocks no longer in the feed are let go.
const lastBlocks = new WeakMap<SiteConfig, Map<number, FeedBlock>>();

/** The feed's rows (`lines`, one per vehicle of `vehicles`, in id order) by block of ids. */
function feedBlocks(site: SiteConfig, vehicles: readonly NormalisedVehicle[], lines: readonly FeedLines[]): FeedBlock[] {
  const before = lastBlocks.get(site);
  const now = new Map<number, FeedBlock>();
  const blockOf = (at: number) => Math.floor(Number(vehicles[at]!.id) / FEED_BLOCK_IDS);
  for (let start = 0, end = 1; start < lines.length; start = end++) {
    const block = blockOf(start);
    while (end < lines.length && blockOf(end) === block) end++;
    const run = lines.slice(start, end);
    const known = before?.get(block);
    now.set(block, known && sameInputs(known.lines, run) ? known : { lines: run, google: Buffer.concat(run.map((l) => l.googleBytes)), meta: Buffer.concat(run.map((l) => l.metaBytes)) });
  }
  lastBlocks.set(site, now);
  return [...now.values()];
}

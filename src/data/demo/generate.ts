import { createHash } from 'node:crypto';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { slugify } from '../../lib/text.ts';
import {
  CARAVAN_MODELS,
  CAR_MODELS,
  COLOURS,
  MG_MODELS,
  MOTORCYCLE_MODELS,
  TRUCK_MODELS,
  type Body,
  type CatalogModel,
  type Colour,
} from './catalog.ts';
import { ANGLES, SPIN_FRAMES, photoPath, spinFramePath, videoPath, type PoolRequest } from './images.ts';
import { spinHotspotPositions } from './turntable.ts';

/**
 * Deterministic demo feeds for the demo dealers. Everything is derived from
 * (seed, site slug, record index, reference day), so the same inputs give the
 * same bytes, and a larger size is a superset of a smaller one. Dates are
 * relative to the reference day so that "new arrival" and "recently sold"
 * vehicles exist whenever the data is generated.
 */

export const DEFAULT_SEED = 20251122;

/** Vehicles per site at the default size (about 2,550 in all). */
export const DEFAULT_SIZES: Record<string, number> = {
  'bayside-mg': 300,
  'summit-motor-group': 2000,
  'northside-used': 250,
};

// ---------------------------------------------------------------- randomness

/** A seeded random source with the few draws the generator needs. */
export class Random {
  readonly #rng: RandomGenerator;
  constructor(...key: Array<string | number>) {
    const digest = createHash('sha256').update(key.join('\u0000')).digest();
    this.#rng = xoroshiro128plus(digest.readInt32LE(0));
  }
  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return uniformInt(this.#rng, min, max);
  }
  /** True with probability p. */
  chance(p: number): boolean {
    return this.int(0, 999_999) < p * 1_000_000;
  }
  pick<T>(list: readonly T[]): T {
    return list[this.int(0, list.length - 1)]!;
  }
  /** Rounded to a multiple of `step`. */
  amount(min: number, max: number, step: number): number {
    return Math.round(this.int(min, max) / step) * step;
  }
}

// ---------------------------------------------------------------- site profiles

interface LocationSeed {
  name: string;
  suburb: string;
  state: string;
  postcode: string;
  lat: number;
  long: number;
  type: 'sales' | 'service' | 'parts' | 'service-and-parts' | '';
  makes: string[];
}

interface SiteProfile {
  idBase: number;
  /** Share of new, demo and used vehicles (the rest are used). */
  mix: { new: number; demo: number };
  /** Models sold new or demo. */
  newModels: CatalogModel[];
  /** Models that arrive as used trade-ins. */
  usedModels: CatalogModel[];
  financeKey: string;
  locations: LocationSeed[];
  /** Every priced vehicle also has a weekly subscription price (the site's one price convention). */
  subscriptions: boolean;
  certified: boolean;
}

const BRISBANE_AREAS: Array<[string, string, number, number]> = [
  ['Capalaba', '4157', -27.5268, 153.1935],
  ['Cleveland', '4163', -27.5263, 153.2654],
  ['Chermside', '4032', -27.3859, 153.0311],
  ['Aspley', '4034', -27.3658, 153.0166],
];

const GROUP_CITIES: Array<[suburb: string, state: string, postcode: string, lat: number, long: number]> = [
  ['Springwood', 'QLD', '4127', -27.6126, 153.1276],
  ['Woolloongabba', 'QLD', '4102', -27.4886, 153.0365],
  ['Southport', 'QLD', '4215', -27.9678, 153.4003],
  ['Maroochydore', 'QLD', '4558', -26.6563, 153.0916],
  ['Toowoomba', 'QLD', '4350', -27.5598, 151.9507],
  ['Ipswich', 'QLD', '4305', -27.6145, 152.7599],
  ['Townsville', 'QLD', '4810', -19.259, 146.8169],
  ['Parramatta', 'NSW', '2150', -33.815, 151.0011],
  ['Penrith', 'NSW', '2750', -33.7511, 150.6942],
  ['Newcastle', 'NSW', '2300', -32.9283, 151.7817],
  ['Wollongong', 'NSW', '2500', -34.4278, 150.8931],
  ['Dandenong', 'VIC', '3175', -37.9875, 145.2149],
  ['Ringwood', 'VIC', '3134', -37.8136, 145.2286],
  ['Geelong', 'VIC', '3220', -38.1499, 144.3617],
  ['Mile End', 'SA', '5031', -34.9249, 138.5692],
  ['Osborne Park', 'WA', '6017', -31.9006, 115.8106],
  ['Hobart', 'TAS', '7000', -42.8821, 147.3272],
];

function groupLocations(): LocationSeed[] {
  const makes = [...CAR_MODELS, ...MOTORCYCLE_MODELS, ...TRUCK_MODELS, ...CARAVAN_MODELS].map((m) => m.make);
  const uniqueMakes = [...new Set(makes)];
  const locations: LocationSeed[] = [];
  // Each make has a showroom in one or two cities; 46 makes over 17 cities gives 52 locations.
  uniqueMakes.forEach((make, i) => {
    const [suburb, state, postcode, lat, long] = GROUP_CITIES[i % GROUP_CITIES.length]!;
    locations.push({ name: `Summit ${make} ${suburb}`, suburb, state, postcode, lat, long, type: 'sales', makes: [make] });
  });
  for (let i = 0; locations.length < 52; i++) {
    const [suburb, state, postcode, lat, long] = GROUP_CITIES[(i * 5 + 3) % GROUP_CITIES.length]!;
    const type = i % 2 === 0 ? 'service-and-parts' : 'parts';
    locations.push({ name: `Summit Service Centre ${suburb}`, suburb, state, postcode, lat, long, type, makes: [] });
  }
  return locations;
}

function profileFor(slug: string): SiteProfile {
  const [capalaba, cleveland, chermside, aspley] = BRISBANE_AREAS;
  const local = ([suburb, postcode, lat, long]: [string, string, number, number], name: string, type: LocationSeed['type'], makes: string[]): LocationSeed => ({
    name,
    suburb,
    state: 'QLD',
    postcode,
    lat,
    long,
    type,
    makes,
  });
  const tradeIns = CAR_MODELS.filter((m) => ['Toyota', 'Mazda', 'Hyundai', 'Kia', 'Ford', 'Mitsubishi', 'Nissan', 'Subaru', 'Volkswagen', 'Honda', 'Isuzu Ute', 'Suzuki'].includes(m.make));
  switch (slug) {
    case 'bayside-mg':
      return {
        idBase: 100_000,
        mix: { new: 0.5, demo: 0.15 },
        newModels: MG_MODELS,
        usedModels: [...MG_MODELS, ...MG_MODELS, ...tradeIns],
        financeKey: 'mgfinance',
        locations: [local(capalaba!, 'Bayside MG Capalaba', 'sales', ['mg']), local(cleveland!, 'Bayside MG Cleveland', 'service-and-parts', ['mg'])],
        subscriptions: false,
        certified: false,
      };
    case 'summit-motor-group':
      return {
        idBase: 200_000,
        mix: { new: 0.45, demo: 0.1 },
        newModels: [...CAR_MODELS, ...CAR_MODELS, ...CAR_MODELS, ...MOTORCYCLE_MODELS, ...TRUCK_MODELS, ...CARAVAN_MODELS],
        usedModels: [...CAR_MODELS, ...CAR_MODELS, ...MOTORCYCLE_MODELS, ...TRUCK_MODELS, ...CARAVAN_MODELS],
        financeKey: 'carloans',
        locations: groupLocations(),
        subscriptions: false,
        certified: true,
      };
    default:
      // northside-used, and the starting profile for a newly added file-sourced dealer.
      return {
        idBase: slug === 'northside-used' ? 300_000 : 900_000,
        mix: { new: 0.04, demo: 0.02 },
        newModels: tradeIns,
        usedModels: tradeIns,
        financeKey: 'quickfin',
        locations: [local(chermside!, 'Northside Used Cars Chermside', 'sales', []), local(aspley!, 'Northside Used Cars Aspley', 'sales', [])],
        // Cash prices only: a weekly subscription amount beside purchase prices in one grid reads as a
        // bargain it is not. (The site's subscriptionPricing switch still applies to a real feed.)
        subscriptions: false,
        certified: false,
      };
  }
}

// ---------------------------------------------------------------- feed shapes

/** One site's generated feed, in the dealer platform's field names. */
export interface DemoFeed {
  meta: { site: string; seed: number; asOf: string; vehicles: number; locations: number; reviews: number };
  vehicles: Array<Record<string, unknown>>;
  locations: Array<Record<string, unknown>>;
  reviews: Array<Record<string, unknown>>;
  dealerships: Array<Record<string, unknown>>;
}

const DAY = 86_400_000;

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

// ---------------------------------------------------------------- locations and reviews

const AREA_CODES: Record<string, string> = { QLD: '07', NSW: '02', ACT: '02', VIC: '03', TAS: '03', SA: '08', WA: '08', NT: '08' };

const WEEKDAY_HOURS: Array<[open: string, close: string]> = [['08:00', '17:30']];

function formatHours(open: string, close: string): string {
  const fmt = (t: string) => {
    const [h, m] = t.split(':').map(Number) as [number, number];
    return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
  };
  return `${fmt(open)} - ${fmt(close)}`;
}

function openingHours(pattern: number): Array<Record<string, unknown>> {
  const [open, close] = WEEKDAY_HOURS[0]!;
  const day = (weekday: number, o: string | null, c: string | null, note?: string) =>
    o && c
      ? { weekday, status: 'Open', formated_hours: formatHours(o, c), open: o, close: c }
      : { weekday, status: 'Closed', formated_hours: null, open: null, close: null, ...(note ? { note } : {}) };
  switch (pattern % 4) {
    case 0: // Mon-Fri identical, short Saturday, closed Sunday.
      return [day(0, null, null), ...[1, 2, 3, 4, 5].map((d) => day(d, open, close)), day(6, '08:00', '12:00')];
    case 1: // Late Thursday, Sunday by appointment.
      return [
        day(0, null, null, 'By appointment only'),
        ...[1, 2, 3].map((d) => day(d, '08:30', '17:30')),
        day(4, '08:30', '20:00'),
        day(5, '08:30', '17:30'),
        day(6, '08:00', '16:00'),
      ];
    case 2: // Weekend hours missing from the feed: shown as Closed.
      return [1, 2, 3, 4, 5].map((d) => day(d, '07:30', '17:00'));
    default: // Open seven days.
      return [day(0, '10:00', '16:00'), ...[1, 2, 3, 4, 5].map((d) => day(d, open, close)), day(6, '08:00', '17:00')];
  }
}

function specialHours(locationId: number, asOf: number): Array<Record<string, unknown>> {
  const year = new Date(asOf).getUTCFullYear();
  return [
    { date: `${year}-12-25`, status: 'Closed', location_id: locationId },
    { date: `${year}-12-26`, status: 'Open', location_id: locationId, start_hour: '10:00', end_hour: '15:00' },
    { date: `${year + 1}-01-01`, status: 'Closed', location_id: locationId },
    { date: `${year + 1}-01-26`, status: 'Open', location_id: locationId, hours: { begin: '09:00', end: '13:00' } },
  ];
}

const FIRST_NAMES = ['Olivia', 'Jack', 'Mia', 'Noah', 'Charlotte', 'William', 'Zoë', 'José', 'Siobhán', 'Nguyễn Văn', 'Aarav', 'Mei', 'Liam', 'Chloé', 'Tāne', '李'];
const LAST_NAMES = ['Smith', 'Nguyen', 'Brown', 'Wilson', 'Ångström', 'Muñoz', "O'Brien", 'Patel', 'Tran', 'Kowalski', 'Walker', 'An', 'Ngata', '伟'];

const REVIEW_TEXTS: Record<number, string[]> = {
  5: ['Fantastic experience from start to finish. No pressure and a fair trade-in.', 'Picked up my new car today and the handover was thorough. Highly recommend.'],
  4: ['Good service and a clean car. Paperwork took a little longer than expected.', 'Friendly sales team, fair price. Would buy again.'],
  3: ['The car is fine but communication after the deposit was patchy.', 'Average experience. The finance part was slow.'],
  2: ['Delivery was delayed twice and nobody called to explain.', 'Car was not detailed at pickup as promised.'],
  1: ['Very disappointed with the after-sales follow-up.', 'Booked a test drive and the car was not there.'],
};

function reviewsFor(locationId: number, siteSlug: string, seed: number, asOf: number, count: number): Array<Record<string, unknown>> {
  const reviews: Array<Record<string, unknown>> = [];
  for (let i = 0; i < count; i++) {
    const random = new Random(seed, siteSlug, 'review', locationId, i);
    // Cycle the first five through every rating so each location has one of each.
    const rating = i < 5 ? 5 - i : random.pick([5, 5, 5, 4, 4, 3, 2, 1]);
    const daysAgo = random.int(1, 700);
    const hasReply = i % 3 === 0 || rating <= 2;
    reviews.push({
      id: locationId * 100 + i + 1,
      location_id: locationId,
      customer_name: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
      title: i === 4 ? 'Test review' : null,
      text: random.pick(REVIEW_TEXTS[rating]!),
      rating,
      review_date: isoDay(asOf - daysAgo * DAY),
      review_date_in_words: daysAgo < 31 ? `${daysAgo} days ago` : daysAgo < 365 ? `${Math.floor(daysAgo / 30)} months ago` : `${Math.floor(daysAgo / 365)} years ago`,
      reply_text: hasReply ? 'Thank you for your feedback. Our team will be in touch to follow up.' : null,
      reply_date: hasReply ? isoDay(asOf - (daysAgo - 1) * DAY) : null,
      image: null,
    });
  }
  return reviews;
}

// ---------------------------------------------------------------- vehicles

const TAGS_USED = ['Low Kms', 'One Owner', 'Price Drop', 'Full Service History'];

const COMMENT_SENTENCES = [
  'This vehicle has been through our multi-point inspection and comes with a roadworthy certificate.',
  'Finance is available on approved credit, and trade-ins are welcome.',
  'Full service history with logbooks, two keys and the owner manuals.',
  'Contact our team today to book a test drive at a time that suits you.',
  'Recently detailed inside and out, and ready to drive away today.',
  'Features include reversing camera, smartphone mirroring and adaptive cruise control.',
  'We can arrange delivery to your door anywhere in South East Queensland.',
];

const EQUIPMENT = [
  'Reversing camera', 'Apple CarPlay', 'Android Auto', 'Adaptive cruise control', 'Lane keep assist', 'Blind spot monitor',
  'Autonomous emergency braking', 'Dual-zone climate control', 'Keyless entry', 'Push-button start', 'Heated seats',
  'LED headlights', 'Alloy wheels', 'Rear parking sensors', 'Wireless phone charger', 'Digital instrument cluster',
  'Satellite navigation', 'Power tailgate', 'Roof rails', 'Tyre pressure monitoring',
];

function dealerComments(random: Random, index: number, name: string): string | null {
  // Two script-injection attempts per site, at fixed positions so tests can find them.
  if (index === 7 || index === 113) {
    return `Well kept ${name}. <script>alert("xss")</script><img src="x" onerror="alert(1)"> Call us <a href="javascript:alert(2)">today</a>.`;
  }
  const kind = random.int(0, 99);
  if (kind < 15) return random.chance(0.5) ? '' : null;
  if (kind < 55) return `${random.pick(COMMENT_SENTENCES)} ${random.pick(COMMENT_SENTENCES)}`;
  if (kind < 65) {
    return `<p><strong>${name}</strong> in great condition.</p><ul><li>${random.pick(COMMENT_SENTENCES)}</li><li>${random.pick(COMMENT_SENTENCES)}</li></ul>`;
  }
  // Long comments: well over the 400-character cut.
  return Array.from({ length: 6 }, () => random.pick(COMMENT_SENTENCES)).join(' ');
}

/** `count` pieces of equipment that fit the kind of vehicle (a caravan has no Apple CarPlay), spread by `index`. */
function equipmentOf(kind: ItemType, count: number, index: number): string[] {
  const list = kind === 'car' ? EQUIPMENT : EQUIPMENT_BY_KIND[kind];
  return [...new Set(Array.from({ length: Math.min(count, list.length) }, (_, i) => list[(index + i * 3) % list.length]!))];
}

function vin(random: Random): string {
  const chars = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
  return Array.from({ length: 17 }, () => chars[random.int(0, chars.length - 1)]).join('');
}

function payment(principal: number, ratePercent: number, years: number, perYear: number): number {
  const r = ratePercent / 100 / perYear;
  const n = years * perYear;
  return Math.ceil((principal * r) / (1 - (1 + r) ** -n));
}

function financeLenders(random: Random, key: string, price: number, available: boolean): Record<string, unknown> | null {
  if (price <= 0 || random.chance(0.08)) return null;
  const rate = random.pick([6.99, 7.49, 8.5, 9.49, 10.95]);
  const comparison = Math.round((rate + 0.6) * 100) / 100;
  const principal = Math.round(price * 0.9);
  const info: Record<string, unknown> = {
    interestRate: rate,
    // Ineligible cases: a missing comparison rate, or a missing payment figure.
    comparisonRate: random.chance(0.06) ? null : comparison,
    paymentWeek: random.chance(0.06) ? null : payment(principal, rate, 5, 52),
    paymentMonth: random.chance(0.06) ? null : payment(principal, rate, 5, 12),
    balloon: Math.round(price * 0.3),
    deposit: Math.round(price * 0.1),
    term5: payment(principal, rate, 5, 52),
    termYears: 5,
    establishmentFees: key === 'quickfin' ? 1360.5 : key === 'mgfinance' ? 1300 : 395,
    totalPayable: payment(principal, rate, 5, 12) * 60,
    disclaimer: `Indicative only, not a quote. The comparison rate is for a 5-year secured fixed loan of $30,000 at ${rate}% p.a.; comparison rates range from 8.38% to 19.42% p.a. ${available ? '' : 'Not available for this vehicle. '}Approved applicants only; fees, charges and lending criteria apply.`.replace('  ', ' '),
  };
  const result: Record<string, unknown> = { [key]: info };
  if (random.chance(0.2)) result.plenti = { ...info, interestRate: rate + 1, comparisonRate: comparison + 1 };
  return result;
}

/** What kind of vehicle a body is, as the feed's `item_type` names it. */
export type ItemType = 'car' | 'motorcycle' | 'truck' | 'caravan';

export function itemTypeOf(body: Body): ItemType {
  return body === 'Motorcycle' ? 'motorcycle' : body === 'Truck' ? 'truck' : body === 'Caravan' ? 'caravan' : 'car';
}

/** Oldest used vehicle year the demo dealers take in. */
const OLDEST_USED_YEAR = 2008;

/**
 * The model years a vehicle of `model` can have, [first, last], on the reference year `currentYear`:
 * new and demo vehicles this year or last; used ones from 2008 to last year (this year for a model that
 * only arrived this year); never before the model's first year.
 */
export function modelYears(model: Pick<CatalogModel, 'firstYear'>, carType: 'new' | 'demo' | 'used', currentYear: number): [number, number] {
  const first = Math.min(currentYear, model.firstYear);
  if (carType !== 'used') return [Math.max(first, currentYear - 1), currentYear];
  const from = Math.max(first, OLDEST_USED_YEAR);
  return [from, Math.max(from, currentYear - 1)];
}

/** Kilometres a year, by kind: [least, most]. A caravan has no odometer. */
export const KM_PER_YEAR: Record<ItemType, [number, number] | null> = {
  car: [9_000, 24_000],
  motorcycle: [2_000, 8_000],
  truck: [40_000, 90_000],
  caravan: null,
};

/** Engine sizes (cc) of the motorcycles and trucks, by model; cars draw theirs from their body and fuel. */
const ENGINE_CC: Record<string, number> = {
  'MT-07': 689, 'YZF-R3': 321, 'Ninja 650': 649, 'Street Glide': 1868, Monster: 937, '390 Duke': 373,
  'N Series NPR': 5193, '300 Series': 4009, Canter: 2998, FH: 12800,
};

/** How a vehicle is driven: what a caravan has none of, and what fits a motorcycle, a truck or a car. */
export interface Drivetrain {
  fuel: string | null;
  trans: string | null;
  gearnum: number | null;
  engine_size: number | null;
  drive: string | null;
  cylinders: number | null;
}

function drivetrainOf(random: Random, model: CatalogModel): Drivetrain {
  const kind = itemTypeOf(model.body);
  if (kind === 'caravan' || model.fuel === null) return { fuel: null, trans: null, gearnum: null, engine_size: null, drive: null, cylinders: null };
  if (kind === 'motorcycle') {
    const cc = ENGINE_CC[model.model] ?? 650;
    return { fuel: model.fuel, trans: '6 Speed Manual', gearnum: 6, engine_size: cc, drive: null, cylinders: cc > 1000 ? 2 : cc < 400 ? 1 : 2 };
  }
  if (kind === 'truck') {
    const trans = random.pick(['Automatic', '6 Speed Manual', '12 Speed AMT']);
    const cc = ENGINE_CC[model.model] ?? 5193;
    return { fuel: model.fuel, trans, gearnum: trans.startsWith('12') ? 12 : 6, engine_size: cc, drive: 'RWD', cylinders: cc > 10_000 ? 6 : 4 };
  }
  const drive = model.body === 'Ute' || model.body === 'SUV' ? random.pick(['4x4', 'AWD', 'FWD']) : random.pick(['FWD', 'RWD']);
  if (model.fuel === 'Electric') return { fuel: model.fuel, trans: 'Reduction Gear', gearnum: 1, engine_size: null, drive, cylinders: null };
  const manual = model.fuel !== 'Hybrid' && model.fuel !== 'Plug-in Hybrid' && !random.chance(0.85);
  const sizes = model.body === 'Ute' || model.body === 'Van' ? [2393, 2755, 2993] : model.body === 'SUV' || model.body === 'Wagon' ? [1998, 2488] : model.body === 'Coupe' || model.body === 'Convertible' ? [1998, 2993] : [1499, 1598, 1998];
  const engine = random.pick(sizes);
  return {
    fuel: model.fuel,
    trans: manual ? '6 Speed Manual' : 'Automatic',
    gearnum: manual ? 6 : random.pick([6, 7, 8, 10]),
    engine_size: engine,
    drive,
    cylinders: engine < 1550 ? 3 : engine < 2900 ? 4 : 6,
  };
}

const EQUIPMENT_BY_KIND: Record<Exclude<ItemType, 'car'>, string[]> = {
  motorcycle: ['ABS', 'Traction control', 'LED headlight', 'TFT display', 'Ride modes', 'Slipper clutch', 'Quickshifter', 'Cruise control', 'USB charging'],
  truck: ['Air suspension', 'Exhaust brake', 'Reversing camera', 'Cruise control', 'Autonomous emergency braking', 'Bluetooth', 'Sleeper cab', 'Tautliner body', 'Tipper body'],
  caravan: ['Queen bed', 'Ensuite', 'Solar panels', 'Lithium battery', 'Diesel heater', '12V fridge', 'Gas cooktop', 'Microwave', 'Roll-out awning', 'Twin 95 L water tanks'],
};

interface VehicleContext {
  slug: string;
  seed: number;
  asOf: number;
  profile: SiteProfile;
  locations: Array<Record<string, unknown>>;
  pool: { photos: Set<string>; spins: Set<string>; videos: Set<string> };
}

function vehicleAt(ctx: VehicleContext, index: number): Record<string, unknown> {
  const random = new Random(ctx.seed, ctx.slug, 'vehicle', index);
  const { profile, asOf } = ctx;
  const id = profile.idBase + index + 1;
  const roll = random.int(0, 999) / 1000;
  const carType = roll < profile.mix.new ? 'new' : roll < profile.mix.new + profile.mix.demo ? 'demo' : 'used';
  const catalog = carType === 'used' ? profile.usedModels : profile.newModels;
  const model = random.pick(catalog);
  const currentYear = new Date(asOf).getUTCFullYear();
  const [firstYear, lastYear] = modelYears(model, carType, currentYear);
  // Used: mostly the last 12 years; about 8% older, where the model is old enough.
  const older = carType === 'used' && firstYear <= currentYear - 13 && random.chance(0.08);
  const year = older ? random.int(firstYear, currentYear - 13) : random.int(Math.max(firstYear, Math.min(lastYear, currentYear - 12)), lastYear);
  const age = currentYear - year;
  const itemType = itemTypeOf(model.body);
  const drivetrain = drivetrainOf(random, model);
  const badge = random.pick(model.badges);
  const series = model.series && random.chance(0.5) ? random.pick(model.series) : null;
  // Spin sets are mostly shot in white, so a handful of sets serves most spin vehicles; a few early
  // vehicles of every site have a set in their own colour, so each demo site has several to show.
  const whiteSpin = index % 97 === 5;
  const colour: Colour = whiteSpin ? 'White' : random.pick(COLOURS);
  // The spin sets' hotspots name a car's headlights, wheels and touchscreen, so only cars have them.
  const hasSpin = itemType === 'car' && (whiteSpin || (index < 200 && index % 40 === 27));
  const perYear = KM_PER_YEAR[itemType];
  // Used: a year's driving per year of age (half a year for this year's), plus a little.
  const km = perYear === null ? null : carType === 'new' ? random.int(0, 25) : carType === 'demo' ? random.int(500, 9000) : Math.round(Math.max(0.5, age) * random.int(...perYear)) + random.int(0, 3000);
  const depreciation = carType === 'new' ? 1 : carType === 'demo' ? 0.92 : Math.max(0.15, 0.85 - age * 0.06 - (km ?? 0) / 1_000_000);
  let price = Math.round((model.price * depreciation) / 10) * 10 - 10;

  // Status: mostly in stock; runs of consecutive sold vehicles every 40 records; a few other statuses.
  let status = 'in_stock';
  const runPosition = index % 40;
  if (runPosition >= 20 && runPosition < 23) status = 'sold';
  else if (random.chance(0.07)) status = 'sold';
  else if (random.chance(0.05)) status = 'coming_soon';
  else if (random.chance(0.01)) status = 'on_hold';
  const sold = status === 'sold';
  // Sold within the last 10 days: about a third within the 3-day window.
  const soldAt = sold ? asOf - random.int(0, 10) * DAY - random.int(0, 86_399) * 1000 : null;

  const preorder = status === 'coming_soon' && carType === 'new' && random.chance(0.4);
  if (preorder || random.chance(0.02)) price = 0;
  const offerPrice = price > 0 && carType !== 'used' && random.chance(0.12) ? price - random.amount(500, 4000, 100) : null;
  const beforePrice = price > 0 && offerPrice === null && random.chance(0.1) ? price + random.amount(500, 3000, 100) : null;
  // One price convention per site: a subscription dealer prices every vehicle it prices by the week.
  const subscriptionPrice = profile.subscriptions && price > 0 ? random.amount(129, 349, 1) : null;

  let tag: string | null = null;
  if (carType === 'new' && random.chance(0.06)) tag = 'runout sale';
  else if (carType === 'demo' && random.chance(0.25)) tag = 'Test Drive Only';
  else if (carType === 'used' && random.chance(0.1)) tag = random.pick(TAGS_USED);
  const reserved = !sold && random.chance(0.03);
  const certified = profile.certified && carType === 'used' && ['Toyota', 'Hyundai'].includes(model.make) && random.chance(0.4);

  // Created in the last 8 days for about 8%; otherwise up to half a year ago.
  const createdAt = asOf - (random.chance(0.08) ? random.int(0, 7) : random.int(9, 180)) * DAY - random.int(0, 86_399) * 1000;
  const updatedAt = Math.min(asOf, createdAt + random.int(0, 20) * DAY);

  const location = ctx.locations.filter((l) => {
    const makes = (l.manufacturers as string[] | null) ?? [];
    return makes.length === 0 || makes.includes(slugify(model.make));
  });
  const home = random.pick(location.length > 0 ? location : ctx.locations);
  const address = home.address as Record<string, unknown>;

  // Images: 10% have three or fewer photos (no thumbnail strip); a few have spin sets.
  const photoCount = random.chance(0.1) ? random.int(1, 3) : random.int(6, 12);
  ctx.pool.photos.add(`${model.body}|${colour}`);
  const images: Array<Record<string, unknown>> = Array.from({ length: photoCount }, (_, i) => {
    // A motorcycle has no cabin to photograph.
    const angles = itemType === 'motorcycle' ? ANGLES.filter((a) => a !== 'interior') : ANGLES;
    const p = photoPath(model.body, colour, angles[i % angles.length]!);
    return { image: p, thumb: p, isVideo: false };
  });
  const hasVideo = random.chance(0.05);
  if (hasVideo) images.splice(1, 0, { image: photoPath(model.body, colour, 'side'), thumb: photoPath(model.body, colour, 'side'), isVideo: true });
  if (hasSpin) ctx.pool.spins.add(`${model.body}|${colour}`);
  if (hasVideo) ctx.pool.videos.add(`${model.body}|${colour}`);
  const hotspotAt = hasSpin ? spinHotspotPositions(model.body) : null;

  const name = `${year} ${model.make} ${model.model} ${badge}`;
  const fuel = drivetrain.fuel;
  const stocknum = `${ctx.slug.split('-').map((w) => w[0]!.toUpperCase()).join('')}${carType[0]!.toUpperCase()}${String(id).slice(-5)}`;
  const state = String(address.state ?? 'QLD');
  const regoExpiry = carType === 'used' ? iso(asOf + (random.chance(0.15) ? -random.int(5, 200) : random.int(10, 360)) * DAY) : null;
  // Market averages sit near the price, never below a floor: cheap cars must not get negative averages.
  const marketBase = price > 0 && carType === 'used' && random.chance(0.6) ? Math.max(1000, price + random.amount(-3000, 5000, 50)) : null;

  return {
    id,
    // A few records leave the slug to the platform's normalisation.
    slug: index % 250 === 11 ? null : slugify(`${year}-${model.make}-${model.model}-${badge}-${id}`),
    name,
    year,
    make: model.make,
    model: model.model,
    badge,
    series,
    colour,
    interior_colour: itemType === 'motorcycle' ? null : random.pick(['Black Cloth', 'Black Leather', 'Grey Cloth', 'Tan Leather']),
    gearnum: drivetrain.gearnum,
    trans: drivetrain.trans,
    bodyconfiguration: model.body === 'Ute' ? random.pick(['Dual Cab', 'Single Cab', 'Space Cab']) : null,
    body: model.body,
    fuel,
    seats: model.body === 'Motorcycle' ? 2 : model.body === 'Van' ? 8 : model.body === 'Truck' ? 3 : model.body === 'Caravan' ? null : 5,
    doors: model.body === 'Motorcycle' || model.body === 'Caravan' ? null : model.body === 'Coupe' || model.body === 'Convertible' || model.body === 'Truck' ? 2 : 4,
    drive: drivetrain.drive,
    engine_size: drivetrain.engine_size,
    km,
    stocknum,
    views: random.int(0, 900),
    vin: vin(random),
    nvic: random.chance(0.7) ? `0${random.int(10000, 99999)}` : null,
    has_nvic: true,
    regplate: carType === 'used' ? `${random.int(100, 999)}${random.pick(['ABC', 'XYZ', 'KLM', 'QRS'])}` : null,
    rego_expiry: regoExpiry,
    build_date: `${year}-${String(random.int(1, 12)).padStart(2, '0')}`,
    compliance_date: null,
    price,
    before_price: beforePrice,
    offer_price: offerPrice,
    subscription_price: subscriptionPrice,
    preorder,
    price_type: carType === 'new' ? 'Drive Away' : null,
    car_type: carType,
    status,
    sold,
    sold_date_timestamp: soldAt === null ? null : Math.floor(soldAt / 1000),
    tag,
    reserved,
    certified,
    file: carType === 'used' && random.chance(0.3) ? `https://reports.dealer-platform.example/history/${stocknum}.pdf` : null,
    created_at: iso(createdAt),
    updated_at: iso(updatedAt),
    images,
    primary_image_url: images[0]?.image ?? null,
    photos_count: images.length,
    // A walk-round clip in the feed folder, served by the site like the photos.
    video_url: hasVideo ? videoPath(model.body, colour) : null,
    spin_images: hasSpin ? Array.from({ length: SPIN_FRAMES }, (_, f) => spinFramePath(model.body, colour, f)) : null,
    spin_interior_image: hasSpin ? photoPath(model.body, colour, 'interior') : null,
    hotspots: hotspotAt
      ? {
          exterior: [
            { id: 'h1', description: 'LED headlights with automatic high beam', anchors: null },
            { id: 'h2', description: '18-inch alloy wheels', anchors: null },
          ],
          interior: [{ id: 'h3', description: '12.3-inch touchscreen', anchors: null }],
          // Percent of the frame, where the drawing puts the headlight (frame 1) and the front wheel (frame 10).
          exteriorHotspotPositions: [
            { hotspotId: 'h1', activeAngle: 0, ...hotspotAt.headlight },
            { hotspotId: 'h2', activeAngle: 9, ...hotspotAt.wheel },
          ],
          interiorHotspotPositions: [{ hotspotId: 'h3', activeAngle: 0, posX: 60, posY: 62 }],
        }
      : null,
    standardEquipment: equipmentOf(itemType, random.int(4, 14), index),
    dealercomments: dealerComments(random, index, name),
    dealership_id: home.dealership_id,
    dealership_ids: [home.dealership_id],
    dealership_slug: home.dealership_slug,
    location_id: home.id,
    location_name: home.name,
    location: {
      id: home.id,
      name: home.name,
      phone: (home.contact_detail as Record<string, unknown>).phone,
      slug: home.slug,
      place_url: address.place_url,
      address: { street: address.street, city: address.city, state: address.state, postcode: address.postcode, lat: address.lat, long: address.long },
      distribution_locations: home.distribution_locations ?? null,
    },
    city: address.city,
    state,
    item_type: itemType,
    caravan_specs:
      itemType === 'caravan'
        ? { body_width: '2.4 m', body_length: `${random.int(55, 75) / 10} m`, tare_weight: `${random.int(1800, 2900)} kg`, axle_type: random.pick(['Single', 'Tandem']), sleeps: random.int(2, 6), aggregate_trailer_mass: `${random.int(2500, 3500)} kg` }
        : null,
    variant_specs:
      itemType === 'car' || itemType === 'truck'
        ? {
            cylinders: drivetrain.cylinders,
            enginesize: drivetrain.engine_size,
            induction: model.fuel === 'Electric' ? null : itemType === 'truck' ? 'Turbo' : random.pick(['Turbo', 'Aspirated']),
            fuelconsumptioncombined: model.fuel === 'Electric' ? null : itemType === 'truck' ? random.int(140, 320) / 10 : random.int(38, 110) / 10,
            fuelcapacity: model.fuel === 'Electric' ? null : itemType === 'truck' ? random.int(100, 400) : random.int(40, 80),
            grossvehiclemass: itemType === 'truck' ? random.int(4500, 26000) : random.int(1600, 3300),
            vehiclelength: itemType === 'truck' ? random.int(5900, 9800) : random.int(3900, 5400),
            vehicleheight: itemType === 'truck' ? random.int(2200, 3600) : random.int(1400, 1900),
            vehiclewidth: itemType === 'truck' ? random.int(1900, 2500) : random.int(1700, 2000),
            towingcapacitybraked: random.chance(0.2) ? 'null' : random.pick([750, 1500, 2000, 3500]),
            torque: `${itemType === 'truck' ? random.int(400, 2600) : random.int(150, 600)} Nm`,
            ancaprating: itemType === 'truck' || random.chance(0.3) ? '' : random.pick([4, 5]),
            geartype: drivetrain.trans,
          }
        : null,
    show_on_dealer_website: !random.chance(0.01),
    autograb_data: marketData(ctx, index, marketBase === null ? null : { state_average_market_price: random.chance(0.2) ? null : marketBase, average_market_price: Math.max(1000, marketBase + random.amount(-800, 800, 50)) }),
    finance_lenders: financeLenders(random, profile.financeKey, offerPrice ?? price, !sold),
    youxQuote: price > 0 && random.chance(0.1) ? { weeklyRepaymentAmount: payment(price, 9.5, 5, 52), comparisonRate: 10.12, advertisedRate: 9.5 } : null,
    price_history: priceHistory(ctx, index, offerPrice ?? price, createdAt, status),
  };
}

// Market data and price histories draw from streams of their own, so the rest of a record stays as it was.

/**
 * Market data as drawn above, except that one in 25 vehicles with a state average gets a national
 * average far from it: the two disagree, so the price comparison is too unsure to show.
 */
function marketData(ctx: VehicleContext, index: number, data: { state_average_market_price: number | null; average_market_price: number } | null) {
  if (!data || data.state_average_market_price === null) return data;
  const random = new Random(ctx.seed, ctx.slug, 'market', index);
  if (!random.chance(0.04)) return data;
  return { ...data, average_market_price: Math.round((data.state_average_market_price * random.int(145, 170)) / 100 / 50) * 50 };
}

/**
 * The platform's record of earlier price changes, for about a quarter of the vehicles listed 10 days
 * or more before the reference day with a price: one to three changes, oldest first, mostly drops of
 * $250 to $3,000, the last one to the vehicle's current listed price (its offer price where it has one).
 */
function priceHistory(ctx: VehicleContext, index: number, listed: number, createdAt: number, status: string): Array<{ at: string; from: number; to: number }> | null {
  const random = new Random(ctx.seed, ctx.slug, 'price-history', index);
  const listedDays = Math.floor((ctx.asOf - createdAt) / DAY);
  if (listed <= 1000 || listedDays < 10 || status === 'on_hold' || !random.chance(0.25)) return null;
  const count = random.int(1, Math.min(3, Math.floor(listedDays / 10)));
  // Change days counted back from the reference day, newest first, at least 3 days apart.
  let daysAgo = random.int(1, Math.min(20, listedDays - 3 * count));
  const changes: Array<{ at: string; from: number; to: number }> = [];
  let to = listed;
  for (let i = 0; i < count; i++) {
    const rise = i > 0 && random.chance(0.15);
    const step = random.amount(250, 3000, 250);
    const from = rise ? Math.max(1000, to - step) : to + step;
    changes.unshift({ at: iso(ctx.asOf - daysAgo * DAY + random.int(8, 17) * 3_600_000), from, to });
    to = from;
    daysAgo += random.int(3, 15);
    if (ctx.asOf - daysAgo * DAY <= createdAt) break;
  }
  return changes;
}

// ---------------------------------------------------------------- site feed

function locationsFor(ctx: Omit<VehicleContext, 'locations' | 'pool'>): Array<Record<string, unknown>> {
  return ctx.profile.locations.map((seed, i) => {
    const random = new Random(ctx.seed, ctx.slug, 'location', i);
    const id = ctx.profile.idBase / 100 + i + 1;
    const slug = slugify(seed.name);
    const jitter = () => random.int(-150, 150) / 10_000;
    const lat = Math.round((seed.lat + jitter()) * 1e6) / 1e6;
    const long = Math.round((seed.long + jitter()) * 1e6) / 1e6;
    const reviewCount = random.int(6, 14);
    return {
      id,
      name: seed.name,
      slug,
      location_type: seed.type,
      location_subtype: i === 0 ? ['sales', 'buying'] : null,
      visible: true,
      primary: i === 0,
      dealership_id: id,
      dealership_slug: slug,
      manufacturers: seed.makes.map(slugify),
      address: {
        street: `${random.int(1, 899)} ${random.pick(['Old Cleveland Road', 'Gympie Road', 'Logan Road', 'Main Street', 'Pacific Highway', 'Princes Highway'])}`,
        city: seed.suburb,
        state: seed.state,
        postcode: seed.postcode,
        lat,
        long,
        place_id: null,
        place_url: `https://www.google.com/maps/search/?api=1&query=${lat},${long}`,
        map_key: null,
      },
      contact_detail: {
        phone: `${AREA_CODES[seed.state] ?? '07'} ${random.int(3000, 3999)} ${random.int(1000, 9999)}`,
        landline_phone: null,
        // The third location has no hours at all.
        opening_hours: i === 2 ? [] : openingHours(i),
      },
      special_hours: specialHours(id, ctx.asOf),
      image: { image: { url: photoPath('SUV', 'White', 'front'), thumb: { url: photoPath('SUV', 'White', 'front') } } },
      review_count: reviewCount,
      dealer_license_number: `MD${random.int(10000, 99999)}`,
      motor_vehicle_repairer: random.chance(0.5) ? `MVR${random.int(1000, 9999)}` : null,
      // The primary location distributes to the second (a dealership picker on the test-drive form).
      distribution_locations: i === 0 && ctx.profile.locations.length > 1 ? [{ id: id + 1, name: ctx.profile.locations[1]!.name, slug: slugify(ctx.profile.locations[1]!.name), dealership_slug: slugify(ctx.profile.locations[1]!.name) }] : null,
    };
  });
}

/** Generates one site's feed: vehicles, locations (with hours and review summaries), reviews and dealerships. */
export function generateSiteFeed(slug: string, vehicles: number, seed: number, asOf: string): { feed: DemoFeed; pool: PoolRequest } {
  const asOfMs = Date.parse(`${asOf}T00:00:00Z`);
  if (Number.isNaN(asOfMs)) throw new Error(`asOf must be a date like 2026-11-22, got "${asOf}"`);
  const profile = profileFor(slug);
  const base = { slug, seed, asOf: asOfMs, profile };
  const locations = locationsFor(base);
  const reviews = locations.flatMap((l) => reviewsFor(l.id as number, slug, seed, asOfMs, l.review_count as number));
  for (const location of locations) {
    const own = reviews.filter((r) => r.location_id === location.id);
    const average = own.reduce((sum, r) => sum + (r.rating as number), 0) / own.length;
    location.average_rating = Math.round(average * 10) / 10;
    location.reviews = { average_rating: Math.round(average * 10) / 10, count: own.length };
  }
  const pool = { photos: new Set<string>(['SUV|White']), spins: new Set<string>(), videos: new Set<string>() };
  const ctx: VehicleContext = { ...base, locations, pool };
  const list = Array.from({ length: vehicles }, (_, i) => vehicleAt(ctx, i));
  const dealerships = locations.map((l) => ({ id: l.dealership_id, name: l.name, slug: l.dealership_slug, average_rating: l.average_rating, review_count: l.review_count }));
  const split = (key: string) => key.split('|') as [Body, Colour];
  return {
    feed: {
      meta: { site: slug, seed, asOf, vehicles: list.length, locations: locations.length, reviews: reviews.length },
      vehicles: list,
      locations,
      reviews,
      dealerships,
    },
    pool: { photos: [...pool.photos].sort().map(split), spins: [...pool.spins].sort().map(split), videos: [...pool.videos].sort().map(split) },
  };
}

/** Splits a total across the given sites in proportion to their default sizes. */
export function splitSizes(total: number, slugs: string[]): Record<string, number> {
  const weights = slugs.map((s) => DEFAULT_SIZES[s] ?? 250);
  const sum = weights.reduce((a, b) => a + b, 0);
  const sizes = weights.map((w) => Math.floor((total * w) / sum));
  sizes[sizes.indexOf(Math.max(...sizes))]! += total - sizes.reduce((a, b) => a + b, 0);
  return Object.fromEntries(slugs.map((s, i) => [s, sizes[i]!]));
}

/**
 * A vehicle in the stock feed: everything the search cards, the vehicle page and the dealer
 * blocks read. Feed records are plain objects (unknown keys are dropped) because the platform
 * keeps adding fields; nearly everything is optional and may be null.
 */
import { z } from 'zod';
import {
  carType,
  href,
  id,
  imageUrl,
  isoDateTime,
  money,
  nullishLongText,
  nullishString,
  numberFromString,
  slug,
  specValue,
  vehicleName,
  year,
} from './common.ts';
import { FinanceLenderInfoSchema, financeProviderKey } from './finance.ts';
import { PriceChangeSchema } from './price-history.ts';
import { VehicleLocationSchema } from './vehicle-location.ts';

/** Statuses the site knows how to show. The platform has others; any non-empty string is accepted. */
export const KNOWN_VEHICLE_STATUSES = ['in_stock', 'coming_soon', 'sold'] as const;

/** One gallery slide. */
export const VehicleImageSchema = z.object({
  /**
   * Full-size image URL or path.
   * @example 'images/suv-red-1.jpg'
   */
  image: imageUrl,
  /**
   * Thumbnail URL or path.
   * @example 'images/suv-red-1-thumb.jpg'
   */
  thumb: imageUrl.nullish(),
  /** True when this slide is a video rather than a photo. */
  isVideo: z.boolean().nullish(),
});
export type VehicleImage = z.output<typeof VehicleImageSchema>;

// Hotspot and position ids are numbers or strings depending on the spin provider.
const hotspotId = z.union([z.number().int(), z.string().min(1)]);

/** A point of interest in the 360 spin view. */
export const HotspotSchema = z.object({
  /** Hotspot id, referenced by positions. */
  id: hotspotId,
  /**
   * Text shown when the hotspot is opened.
   * @example 'LED daytime running lights'
   */
  description: nullishString,
  /** Anchor data from the spin provider, passed through to the viewer as given (shape not specified). */
  anchors: z.array(z.unknown()).nullish(),
});
export type Hotspot = z.output<typeof HotspotSchema>;

/** Where a hotspot sits on one frame of the spin. */
export const HotspotPositionSchema = z.object({
  /** Id of the hotspot this position places. */
  hotspotId,
  /**
   * Frame (angle index) of the spin on which the hotspot shows.
   * @example 12
   */
  activeAngle: z.number().int().nonnegative(),
  /**
   * Horizontal position on the frame, as the spin provider gives it.
   * @example 43.5
   */
  posX: z.number(),
  /**
   * Vertical position on the frame, as the spin provider gives it.
   * @example 61.2
   */
  posY: z.number(),
});
export type HotspotPosition = z.output<typeof HotspotPositionSchema>;

/** Hotspots of the exterior and interior spin views. */
export const VehicleHotspotsSchema = z.object({
  /** Exterior hotspots. */
  exterior: z.array(HotspotSchema).nullish(),
  /** Interior hotspots. */
  interior: z.array(HotspotSchema).nullish(),
  /** Placement of the exterior hotspots per frame. */
  exteriorHotspotPositions: z.array(HotspotPositionSchema).nullish(),
  /** Placement of the interior hotspots per frame. */
  interiorHotspotPositions: z.array(HotspotPositionSchema).nullish(),
});
export type VehicleHotspots = z.output<typeof VehicleHotspotsSchema>;

/** Caravan specification rows (item_type caravan). Values are shown as given, units included. */
export const CaravanSpecsSchema = z.object({
  /** Body width. @example '2.49m' */
  body_width: specValue,
  /** Body length. @example '7.3m' */
  body_length: specValue,
  /** Tare weight (kg). @example 2450 */
  tare_weight: specValue,
  /** Axle type. @example 'Tandem' */
  axle_type: specValue,
  /** Number of people it sleeps. @example 4 */
  sleeps: specValue,
  /** Aggregate trailer mass (kg). @example 3200 */
  aggregate_trailer_mass: specValue,
});
export type CaravanSpecs = z.output<typeof CaravanSpecsSchema>;

/** Variant (model-level) specification rows. Values are shown as given, units included. */
export const VariantSpecsSchema = z.object({
  /** Number of cylinders. @example 4 */
  cylinders: specValue,
  /** Engine capacity in cc. @example 1987 */
  enginesize: specValue,
  /** Engine capacity in litres. @example 2.0 */
  enginesize_litres: specValue,
  /** Induction. @example 'Aspirated' */
  induction: specValue,
  /** Combined fuel consumption, L/100km. @example 4.2 */
  fuelconsumptioncombined: specValue,
  /** Fuel tank capacity, litres. @example 43 */
  fuelcapacity: specValue,
  /** Gross vehicle mass, kg. @example 1850 */
  grossvehiclemass: specValue,
  /** Length, mm. @example 4375 */
  vehiclelength: specValue,
  /** Height, mm. @example 1435 */
  vehicleheight: specValue,
  /** Width, mm. @example 1790 */
  vehiclewidth: specValue,
  /** Braked towing capacity, kg. @example 750 */
  towingcapacitybraked: specValue,
  /** Body configuration. @example 'Hatchback' */
  bodyconfiguration: specValue,
  /** Torque. @example '205Nm' */
  torque: specValue,
  /** ANCAP safety rating (stars). @example 5 */
  ancaprating: specValue,
  /** Gear type. @example 'CVT' */
  geartype: specValue,
});
export type VariantSpecs = z.output<typeof VariantSpecsSchema>;

/** A finance quote fetched from the YouX quote service (POST /api/youx/quote). */
export const YouxQuoteSchema = z.object({
  /** Weekly repayment, dollars. @example 119 */
  weeklyRepaymentAmount: z.number().nullish(),
  /** Comparison rate, percent per year. @example 9.12 */
  comparisonRate: z.number().nullish(),
  /** Advertised rate, percent per year. @example 8.49 */
  advertisedRate: z.number().nullish(),
});
export type YouxQuote = z.output<typeof YouxQuoteSchema>;

/** Market prices from the vehicle-report (autograb) service. */
export const AutograbDataSchema = z.object({
  /** Average market price in the vehicle's state, dollars. @example 26500 */
  state_average_market_price: money.nullish(),
  /** National average market price, dollars. @example 27100 */
  average_market_price: money.nullish(),
});
export type AutograbData = z.output<typeof AutograbDataSchema>;

const count = z.number().int().nonnegative();

export const VehicleSchema = z.object({
  // ---- identity ----
  /** Platform vehicle id. @example 123456 */
  id,
  /**
   * URL slug of the vehicle page (/cars/{slug}). Derived from year, make, model and id when the
   * feed leaves it out, or sends one that is not a slug (lowercase letters, digits and single
   * hyphens); the replacement is reported, and the vehicle still published.
   * @example '2021-toyota-corolla-ascent-sport-123456'
   */
  slug: z.string().trim().nullish(),
  /** Full display name. @example '2021 Toyota Corolla Ascent Sport Auto' */
  name: nullishString,
  /** Model year, 1900 to 2100. @example 2021 */
  year,
  /** Make, at most 40 characters, a name (no markup); see vehicleName. @example 'Toyota' */
  make: vehicleName(40),
  /** Model, at most 60 characters, a name (no markup); see vehicleName. @example 'Corolla' */
  model: vehicleName(60),
  /** Badge (trim level). @example 'Ascent Sport' */
  badge: nullishString,
  /** Series; values such as 'duo', 'city', 'sport' are used for optional sorting. @example 'sport' */
  series: nullishString,
  /** Derived "make model" string used as a search facet. @example 'Toyota Corolla' */
  make_model: nullishString,

  // ---- description ----
  /** Exterior colour. @example 'Eclipse Black' */
  colour: nullishString,
  /** Interior colour. @example 'Black Cloth' */
  interior_colour: nullishString,
  /** Number of gears. @example 6 */
  gearnum: count.nullish(),
  /** Transmission as the feed writes it. @example 'Constantly Variable Transmission' */
  trans: nullishString,
  /** Normalised transmission for filters and cards. @example 'Automatic' */
  simple_transmission: nullishString,
  /** Body configuration. @example 'Hatchback' */
  bodyconfiguration: nullishString,
  /** Body as the feed writes it. @example 'Hatch' */
  body: nullishString,
  /** Normalised body for filters and cards. @example 'Hatchback' */
  simple_body: nullishString,
  /** Normalised fuel for filters; 'Electric' hides the fuel calculator. @example 'Petrol' */
  simple_fuel: nullishString,
  /** Fuel as the feed writes it. @example 'Unleaded Petrol' */
  fuel: nullishString,
  /** Seats. @example 5 */
  seats: count.nullish(),
  /** Doors. @example 5 */
  doors: count.nullish(),
  /** Drive type. @example 'FWD' */
  drive: nullishString,
  /** Engine capacity in cc. @example 1987 */
  engine_size: z.number().nonnegative().nullish(),
  /** Engine capacity in litres (numeric strings are converted). @example 2 */
  engine_size_litres: numberFromString.pipe(z.number().nonnegative()).nullish(),
  /** Odometer, kilometres. @example 42150 */
  km: z.number().nonnegative().nullish(),
  /** Dealer stock number. @example 'U12345' */
  stocknum: nullishString,
  /** Page views count. @example 87 */
  views: count.nullish(),
  /** Vehicle identification number. @example 'JTNK4RBE803123456' */
  vin: nullishString,
  /** Redbook NVIC code. @example '0A1B21' */
  nvic: nullishString,
  /** True when the vehicle has an NVIC (gates the personalised finance route). */
  has_nvic: z.boolean().nullish(),
  /** Registration plate. @example '123ABC' */
  regplate: nullishString,
  /** Registration expiry; a past date shows 'Unregistered' or nothing. @example '2026-03-14' */
  rego_expiry: isoDateTime.nullish(),
  // Build and compliance dates are display-only and arrive in several formats ("2021-06", "06/2021").
  /** Build date, shown as given. @example '2021-06' */
  build_date: nullishString,
  /** Compliance date, shown as given. @example '2021-07' */
  compliance_date: nullishString,
  /** Item type; 'caravan' switches on the caravan specification rows. @example 'caravan' */
  item_type: nullishString,
  /** Caravan specification rows (caravans only). */
  caravan_specs: CaravanSpecsSchema.nullish(),
  /** Variant specification rows. */
  variant_specs: VariantSpecsSchema.nullish(),
  /** Standard equipment: a plain list, or lists grouped by category. @example ['Reversing camera', 'Apple CarPlay'] */
  standardEquipment: z.union([z.array(z.string()), z.record(z.string(), z.array(z.string()))]).nullish(),
  /**
   * Dealer comments (may contain line breaks or HTML), cut at 400 characters on the page behind a 'more'
   * toggle. Clipped at a word to COMMENTS_MAX characters when the snapshot is made, with the clip reported.
   */
  dealercomments: nullishLongText,

  // ---- price ----
  /** Advertised price in dollars; 0 means no price ('Enquire for price.'). @example 24990 */
  price: money,
  /** Previous (was) price, dollars. @example 26990 */
  before_price: money.nullish(),
  /** Reduced or offer price, dollars. @example 23990 */
  offer_price: money.nullish(),
  /** Subscription price (subscription sites), dollars per week. @example 189 */
  subscription_price: money.nullish(),
  /** True when the vehicle can be pre-ordered (shows PREORDER when there is no price). */
  preorder: z.boolean().nullish(),
  /** Price type as the platform writes it. @example 'drive_away' */
  price_type: nullishString,
  /** Market price comparison data from the vehicle-report service. */
  autograb_data: AutograbDataSchema.nullish(),
  /** Finance figures per lender, keyed by lowercase provider key. @example { plenti: { interestRate: 8.99, comparisonRate: 9.87 } } */
  finance_lenders: z.record(financeProviderKey, FinanceLenderInfoSchema).nullish(),
  /** YouX finance quote. */
  youxQuote: YouxQuoteSchema.nullish(),
  /**
   * Earlier changes of the advertised price, where the platform kept them (oldest first). They
   * start the vehicle's price history when a site first lists it; from then on the snapshot records
   * the changes it sees itself, in pulls and webhook updates, and this field is not read again.
   * @example [{ at: '2026-11-12T03:15:00Z', from: 31990, to: 30990 }]
   */
  price_history: z.array(PriceChangeSchema).nullish(),

  // ---- status ----
  /** Car type. @example 'used' */
  car_type: carType,
  /**
   * Stock status. Known values: in_stock, coming_soon (both available) and sold; the platform
   * has others, so any non-empty string is accepted and treated as not available.
   * @example 'in_stock'
   */
  status: z.string().trim().min(1),
  /** True when the vehicle has been sold. */
  sold: z.boolean().nullish(),
  /** When the vehicle was sold, seconds since the Unix epoch (UTC). @example 1751328000 */
  sold_date_timestamp: z.number().int().nonnegative().nullish(),
  /** Custom tag shown as a card badge ('runout sale' is green, others red). @example 'Test Drive Only' */
  tag: nullishString,
  /** True when the vehicle is reserved. */
  reserved: z.boolean().nullish(),
  /** True when the vehicle is manufacturer certified. */
  certified: z.boolean().nullish(),
  /** Vehicle history report link; the history-report button shows only when set. */
  file: href.nullish(),
  /** Whether the dealer shows the vehicle on its own website. */
  show_on_dealer_website: z.boolean().nullish(),
  /** When the record was created (drives the 8-day new-arrival tag). @example '2025-06-20T09:15:00+10:00' */
  created_at: isoDateTime.nullish(),
  /** When the record last changed. @example '2025-06-21T11:00:00+10:00' */
  updated_at: isoDateTime.nullish(),

  // ---- media ----
  /** Gallery slides, in order. */
  images: z.array(VehicleImageSchema).nullish(),
  /** Thumbnail URLs (the strip shows only with more than 3 images). */
  thumbnails: z.array(imageUrl).nullish(),
  /** Main image for cards and sharing. @example 'images/suv-red-1.jpg' */
  primary_image_url: imageUrl.nullish(),
  /** Number of photos. @example 24 */
  photos_count: count.nullish(),
  /** Hosted video URL. */
  video_url: href.nullish(),
  /** External video URL (e.g. YouTube). @example 'https://www.youtube.com/watch?v=abc' */
  external_video_url: href.nullish(),
  /** Exterior 360 spin frames, in order. */
  spin_images: z.array(imageUrl).nullish(),
  /** Code for the external 360 spin viewer. @example 'AB12CD' */
  spin_code: nullishString,
  /** Interior 360 panorama image. */
  spin_interior_image: imageUrl.nullish(),
  /** Spin-view hotspots. */
  hotspots: VehicleHotspotsSchema.nullish(),

  // ---- where ----
  /** Dealership that owns the vehicle. @example 42 */
  dealership_id: id.nullish(),
  /** All dealerships that list the vehicle. @example [42, 43] */
  dealership_ids: z.array(id).nullish(),
  /** Slug of the owning dealership (/search/{dealership_slug}). @example 'brisbane-toyota' */
  dealership_slug: slug.nullish(),
  /** Location id. @example 7 */
  location_id: id.nullish(),
  /** Location name. @example 'Brisbane Toyota Woolloongabba' */
  location_name: nullishString,
  /** Location details (address, phone, map link, distribution locations). */
  location: VehicleLocationSchema.nullish(),
  /** City of the vehicle's location; the location bar shows when it differs from the primary location's. @example 'Brisbane' */
  city: nullishString,
  /** State of the vehicle's location. @example 'QLD' */
  state: nullishString,
  /** Suburb of a private seller. @example 'Paddington' */
  private_suburb: nullishString,
  /** Postcode of a private seller, kept as a string. @example '4064' */
  private_postcode: nullishString,
});
export type Vehicle = z.output<typeof VehicleSchema>;
export type VehicleInput = z.input<typeof VehicleSchema>;

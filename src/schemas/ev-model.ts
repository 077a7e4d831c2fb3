/**
 * The electric microsite: model variants compared side by side (written by hand, so strict) and
 * the paint/trim colours read from the platform (a feed record, so unknown keys are dropped).
 */
import { z } from 'zod';
import { id, imageUrl, isoDateTime, nullishString, slug } from './common.ts';

export const EvModelVariantSchema = z.strictObject({
  /** Variant id. @example 'im5-performance' */
  id: slug,
  /** Model base id used in /models/{baseId} and the search query. @example 'im5' */
  baseId: slug,
  /** Display name. @example 'IM5 Performance' */
  name: z.string().trim().min(1),
  /** Dimensions. */
  dimensions: z.strictObject({
    /** Length, mm. @example 4931 */
    length: z.number().positive(),
    /** Width, mm. @example 1960 */
    width: z.number().positive(),
    /** Height, mm. @example 1474 */
    height: z.number().positive(),
    /** Wheelbase, mm. @example 3000 */
    wheelbase: z.number().positive(),
    /** Gross vehicle mass, kg. @example 2540 */
    grossVehicleMass: z.number().positive(),
    /** Drag coefficient (Cd). @example 0.23 */
    dragCoefficient: z.number().positive(),
  }),
  // Performance figures are display text: some combine values ("200/372kW").
  /** Performance figures, shown as written. */
  performance: z.strictObject({
    /** Drivetrain. @example 'Dual motor AWD' */
    drivetrain: z.string(),
    /** Maximum power. @example '200/372kW' */
    maximumPower: z.string(),
    /** Maximum torque. @example '802Nm' */
    maximumTorque: z.string(),
    /** 0-100 km/h time. @example '3.2s' */
    zeroToHundred: z.string(),
    /** Driving range. @example '575 km (WLTP)' */
    drivingRange: z.string(),
    /** Wheels. @example '21-inch alloy' */
    wheels: z.string(),
    /** Turning radius. @example '5.5 m' */
    turningRadius: z.string(),
  }),
  /** Feature list, in display order. @example ['Panoramic glass roof', '26.3-inch display'] */
  features: z.array(z.string().trim().min(1)).default([]),
});
export type EvModelVariant = z.output<typeof EvModelVariantSchema>;
export type EvModelVariantInput = z.input<typeof EvModelVariantSchema>;

export const ColourSchema = z.object({
  /** Colour id. @example 301 */
  id,
  /** Swatch colour, CSS hex. @example '#1c1c1e' */
  hexCode: z
    .string()
    .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Expected a CSS hex colour such as #1c1c1e')
    .nullish(),
  /** Colour name. @example 'Stellar Black' */
  name: z.string().trim().min(1),
  /** Manufacturer paint code. @example 'B9T' */
  colourCode: nullishString,
  /** Variant the colour belongs to. @example 12 */
  model_variant_id: id.nullish(),
  /** Model the colour belongs to. @example 4 */
  model_id: id.nullish(),
  /** Manufacturer's own id. @example 'IM5-B9T' */
  oem_id: z.union([z.string(), z.number()]).nullish(),
  /** When the record was created. @example '2025-03-01T10:00:00Z' */
  created_at: isoDateTime.nullish(),
  /** Where the record came from. @example 'oem' */
  source: nullishString,
  /** Car image in this colour. @example 'images/ev/im5-stellar-black.png' */
  image_url: imageUrl.nullish(),
  /** The variant, by id and name. */
  model_variant: z
    .object({
      /** Variant id. @example 12 */
      id,
      /** Variant name. @example 'IM5 Performance' */
      name: nullishString,
    })
    .nullish(),
});
export type Colour = z.output<typeof ColourSchema>;

/**
 * An interior trim of a model (the microsite's interior colour carousel). Written by hand beside
 * the variants, so strict.
 */
export const EvInteriorSchema = z.strictObject({
  /** Trim id, unique in the file. @example 'im5-jet-black' */
  id: slug,
  /** Model base id the trim belongs to, as the variants' `baseId`. @example 'im5' */
  baseId: slug,
  /** Trim name. @example 'Jet Black' */
  name: z.string().trim().min(1),
  /** Swatch colour, CSS hex. @example '#1b1c1f' */
  hexCode: z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Expected a CSS hex colour such as #1b1c1f'),
  /**
   * Cabin image in this trim: an http(s) URL, or a path relative to the feed folder like the
   * vehicle photos (the demo data writer draws `images/ev/...` there).
   * @example 'images/ev/interior-im5-jet-black.jpg'
   */
  image_url: imageUrl.nullish(),
});
export type EvInterior = z.output<typeof EvInteriorSchema>;

/**
 * The electric microsite: model variants compared side by side (written by hand, so strict) and
 * the paint/trim colours read from the platform (a feed record, so unknown keys are dropped).
 */
import { z } from 'zod';
import { id, imageUrl, isoDateTime, nullishString, slug } from './common.ts';

export const EvModelVariantSchema = z.strictObject({
  id: slug.meta({ description: "Variant id. @example 'im5-performance'" }),
  baseId: slug.meta({ description: "Model base id used in /models/{baseId} and the search query. @example 'im5'" }),
  name: z.string().trim().min(1).meta({ description: "Display name. @example 'IM5 Performance'" }),
  dimensions: z.strictObject({
    length: z.number().positive().meta({ description: 'Length, mm. @example 4931' }),
    width: z.number().positive().meta({ description: 'Width, mm. @example 1960' }),
    height: z.number().positive().meta({ description: 'Height, mm. @example 1474' }),
    wheelbase: z.number().positive().meta({ description: 'Wheelbase, mm. @example 3000' }),
    grossVehicleMass: z.number().positive().meta({ description: 'Gross vehicle mass, kg. @example 2540' }),
    dragCoefficient: z.number().positive().meta({ description: 'Drag coefficient (Cd). @example 0.23' }),
  }).meta({ description: 'Dimensions.' }),
  // Performance figures are display text: some combine values ("200/372kW").
  performance: z.strictObject({
    drivetrain: z.string().meta({ description: "Drivetrain. @example 'Dual motor AWD'" }),
    maximumPower: z.string().meta({ description: "Maximum power. @example '200/372kW'" }),
    maximumTorque: z.string().meta({ description: "Maximum torque. @example '802Nm'" }),
    zeroToHundred: z.string().meta({ description: "0-100 km/h time. @example '3.2s'" }),
    drivingRange: z.string().meta({ description: "Driving range. @example '575 km (WLTP)'" }),
    wheels: z.string().meta({ description: "Wheels. @example '21-inch alloy'" }),
    turningRadius: z.string().meta({ description: "Turning radius. @example '5.5 m'" }),
  }).meta({ description: 'Performance figures, shown as written.' }),
  features: z.array(z.string().trim().min(1)).default([]).meta({ description: "Feature list, in display order. @example ['Panoramic glass roof', '26.3-inch display']" }),
});
export type EvModelVariant = z.output<typeof EvModelVariantSchema>;
export type EvModelVariantInput = z.input<typeof EvModelVariantSchema>;

export const ColourSchema = z.object({
  /** Colour id. @example 301 */
  id,
  hexCode: z
    .string()
    .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Expected a CSS hex colour such as #1c1c1e')
    .nullish().meta({ description: "Swatch colour, CSS hex. @example '#1c1c1e'" }),
  name: z.string().trim().min(1).meta({ description: "Colour name. @example 'Stellar Black'" }),
  colourCode: nullishString.meta({ description: "Manufacturer paint code. @example 'B9T'" }),
  model_variant_id: id.nullish().meta({ description: 'Variant the colour belongs to. @example 12' }),
  model_id: id.nullish().meta({ description: 'Model the colour belongs to. @example 4' }),
  oem_id: z.union([z.string(), z.number()]).nullish().meta({ description: "Manufacturer's own id. @example 'IM5-B9T'" }),
  created_at: isoDateTime.nullish().meta({ description: "When the record was created. @example '2025-03-01T10:00:00Z'" }),
  source: nullishString.meta({ description: "Where the record came from. @example 'oem'" }),
  image_url: imageUrl.nullish().meta({ description: "Car image in this colour. @example 'images/ev/im5-stellar-black.png'" }),
  model_variant: z
    .object({
      /** Variant id. @example 12 */
      id,
      name: nullishString.meta({ description: "Variant name. @example 'IM5 Performance'" }),
    })
    .nullish().meta({ description: 'The variant, by id and name.' }),
});
export type Colour = z.output<typeof ColourSchema>;

/**
 * An interior trim of a model (the microsite's interior colour carousel). Written by hand beside
 * the variants, so strict.
 */
export const EvInteriorSchema = z.strictObject({
  id: slug.meta({ description: "Trim id, unique in the file. @example 'im5-jet-black'" }),
  baseId: slug.meta({ description: "Model base id the trim belongs to, as the variants' `baseId`. @example 'im5'" }),
  name: z.string().trim().min(1).meta({ description: "Trim name. @example 'Jet Black'" }),
  hexCode: z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Expected a CSS hex colour such as #1b1c1f').meta({ description: "Swatch colour, CSS hex. @example '#1b1c1f'" }),
  /** @example 'images/ev/interior-im5-jet-black.jpg' */
  image_url: imageUrl.nullish().meta({ description: 'Cabin image in this trim: an http(s) URL, or a path relative to the feed folder like the vehicle photos (the demo data writer draws `images/ev/...` there).' }),
});
export type EvInterior = z.output<typeof EvInteriorSchema>;

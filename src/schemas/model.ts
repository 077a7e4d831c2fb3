/** A vehicle model of a make, as listed in the models pages and the mega-menu. */
import { z } from 'zod';
import { href, imageUrl, nullishString, slug } from './common.ts';

/** Mega-menu groups, in menu order. */
export const MODEL_BODY_GROUPS = ['hatchback-sedan', 'suv', 'premium', 'petrol-diesel', 'electric', 'hybrid', 'coming-soon'] as const;

export const ModelSchema = z.object({
  /** Model name. @example 'MG4' */
  name: z.string().trim().min(1),
  /** Model slug (/{model slug}). @example 'mg4' */
  slug,
  /** Link used instead of /{slug} when set. @example '/models/mg4-electric' */
  override_url: href.nullish(),
  /** Make name. @example 'MG' */
  manufacturer_name: nullishString,
  /** Model status; 'coming_soon' shows a Coming Soon badge, other values show nothing. @example 'coming_soon' */
  status: nullishString,
  /** Model image URL or path. @example 'images/models/mg4.png' */
  image: imageUrl.nullish(),
  /** Newer CDN image, preferred when present. @example 'https://d1234.cloudfront.net/models/mg4.png' */
  cloudfront_new_image_url: imageUrl.nullish(),
  /** Manufacturer's primary body type. @example 'Hatch' */
  manufacturer_body: nullishString,
  /** Second body type or powertrain label. @example 'Electric' */
  manufacturer_body2: nullishString,
  /** Third body type or powertrain label. */
  manufacturer_body3: nullishString,
  /** Mega-menu group the model is listed under. @example 'electric' */
  body_group: z.enum(MODEL_BODY_GROUPS).nullish(),
});
export type Model = z.output<typeof ModelSchema>;

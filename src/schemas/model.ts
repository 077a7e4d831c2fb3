/** A vehicle model of a make, as listed in the models pages and the mega-menu. */
import { z } from 'zod';
import { href, imageUrl, nullishString, slug } from './common.ts';

/** Mega-menu groups, in menu order. */
export const MODEL_BODY_GROUPS = ['hatchback-sedan', 'suv', 'premium', 'petrol-diesel', 'electric', 'hybrid', 'coming-soon'] as const;

export const ModelSchema = z.object({
  name: z.string().trim().min(1).meta({ description: "Model name. @example 'MG4'" }),
  /** Model slug (/{model slug}). @example 'mg4' */
  slug,
  override_url: href.nullish().meta({ description: "Link used instead of /{slug} when set. @example '/models/mg4-electric'" }),
  manufacturer_name: nullishString.meta({ description: "Make name. @example 'MG'" }),
  status: nullishString.meta({ description: "Model status; 'coming_soon' shows a Coming Soon badge, other values show nothing. @example 'coming_soon'" }),
  image: imageUrl.nullish().meta({ description: "Model image URL or path. @example 'images/models/mg4.png'" }),
  cloudfront_new_image_url: imageUrl.nullish().meta({ description: "Newer CDN image, preferred when present. @example 'https://d1234.cloudfront.net/models/mg4.png'" }),
  manufacturer_body: nullishString.meta({ description: "Manufacturer's primary body type. @example 'Hatch'" }),
  manufacturer_body2: nullishString.meta({ description: "Second body type or powertrain label. @example 'Electric'" }),
  manufacturer_body3: nullishString.meta({ description: 'Third body type or powertrain label.' }),
  body_group: z.enum(MODEL_BODY_GROUPS).nullish().meta({ description: "Mega-menu group the model is listed under. @example 'electric'" }),
});
export type Model = z.output<typeof ModelSchema>;

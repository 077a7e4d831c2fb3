/**
 * The models mega-menu (spec section 2, "Menus"): models grouped by body type or powertrain in a
 * fixed order, each tile linking to its page.
 */
import { MODEL_BODY_GROUPS, type Model } from '../schemas/model.ts';

export type ModelBodyGroup = (typeof MODEL_BODY_GROUPS)[number];

/** Group headings, in menu order. */
export const MODEL_GROUP_LABELS: Readonly<Record<ModelBodyGroup, string>> = {
  'hatchback-sedan': 'Hatchback & Sedan',
  suv: 'SUV',
  premium: 'Premium',
  'petrol-diesel': 'Petrol & Diesel',
  electric: 'Electric',
  hybrid: 'Hybrid',
  'coming-soon': 'Coming Soon',
};

/** Badge on a model whose status is coming_soon. */
export const COMING_SOON_BADGE = 'Coming Soon';

/** The part of a model the menu reads. */
export type MenuModel = Pick<Model, 'name' | 'slug'> &
  Partial<Pick<Model, 'override_url' | 'status' | 'image' | 'cloudfront_new_image_url' | 'body_group'>>;

/** One model tile. */
export interface ModelTile {
  name: string;
  slug: string;
  /** `override_url` when set, otherwise `/{slug}`. */
  href: string;
  /** `cloudfront_new_image_url` when set, otherwise `image`. */
  image: string | null;
  /** 'Coming Soon' when the model's status is coming_soon. */
  badge: typeof COMING_SOON_BADGE | null;
}

/** A group of the mega-menu. */
export interface ModelGroup {
  group: ModelBodyGroup;
  label: string;
  tiles: ModelTile[];
}

/** A model's tile: link to `override_url` or `/{slug}`, Coming Soon badge when status is coming_soon. */
export function modelTile(model: MenuModel): ModelTile {
  return {
    name: model.name,
    slug: model.slug,
    href: model.override_url ?? `/${model.slug}`,
    image: model.cloudfront_new_image_url ?? model.image ?? null,
    badge: model.status === 'coming_soon' ? COMING_SOON_BADGE : null,
  };
}

/** The groups a model is listed under: its `body_group`, and coming-soon too when its status is coming_soon. */
export function modelGroups(model: MenuModel): ModelBodyGroup[] {
  const groups: ModelBodyGroup[] = model.body_group ? [model.body_group] : [];
  if (model.status === 'coming_soon' && !groups.includes('coming-soon')) groups.push('coming-soon');
  return groups;
}

/**
 * The mega-menu: groups in the order hatchback & sedan, suv, premium, petrol & diesel, electric,
 * hybrid, coming soon; models in their given order within a group. A model with status
 * coming_soon appears under its own group and under coming soon. Empty groups are left out, and
 * so is a model with neither a `body_group` nor coming_soon status.
 *
 * `filter` narrows the menu to one body type or powertrain group ('all' keeps every group).
 */
export function modelsMenu(models: readonly MenuModel[], filter: ModelBodyGroup | 'all' = 'all'): ModelGroup[] {
  const byGroup = new Map<ModelBodyGroup, ModelTile[]>();
  for (const model of models) {
    for (const group of modelGroups(model)) {
      const tiles = byGroup.get(group) ?? [];
      tiles.push(modelTile(model));
      byGroup.set(group, tiles);
    }
  }
  return MODEL_BODY_GROUPS.filter((group) => (filter === 'all' || filter === group) && byGroup.has(group)).map((group) => ({
    group,
    label: MODEL_GROUP_LABELS[group],
    tiles: byGroup.get(group)!,
  }));
}

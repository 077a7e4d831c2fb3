/**
 * The models mega-menu (spec section 2, "Menus"): models grouped by body type or powertrain in a
 * fixed order, each tile linking to its page. A model sits in every group its `body_group` and its
 * manufacturer body labels (`manufacturer_body`, `manufacturer_body2`, `manufacturer_body3`) name.
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
  Partial<
    Pick<Model, 'override_url' | 'status' | 'image' | 'cloudfront_new_image_url' | 'body_group' | 'manufacturer_body' | 'manufacturer_body2' | 'manufacturer_body3'>
  >;

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

// Manufacturer body labels that name a menu group, tried in this order ('Plug-in Hybrid EV' is a hybrid).
const BODY_LABEL_GROUPS: ReadonlyArray<[RegExp, ModelBodyGroup]> = [
  [/\b(hatch|hatchback|sedan)\b/i, 'hatchback-sedan'],
  [/\bsuv\b/i, 'suv'],
  [/\bpremium\b/i, 'premium'],
  [/\b(petrol|diesel)\b/i, 'petrol-diesel'],
  [/\b(hybrid|phev)\b/i, 'hybrid'],
  [/\b(electric|ev|bev)\b/i, 'electric'],
  [/\bcoming soon\b/i, 'coming-soon'],
];

/**
 * The menu group a manufacturer body label names ('Hatch' and 'Sedan' are hatchback & sedan,
 * 'Petrol' and 'Diesel' petrol & diesel, 'Plug-in Hybrid' hybrid, 'EV' electric), or null for a
 * label no group covers ('Ute', 'Convertible').
 */
export function bodyLabelGroup(label: string | null | undefined): ModelBodyGroup | null {
  if (!label) return null;
  return BODY_LABEL_GROUPS.find(([pattern]) => pattern.test(label))?.[1] ?? null;
}

/**
 * The groups a model is listed under, in menu order: its `body_group`, the groups its manufacturer body
 * labels name, and coming soon too when its status is coming_soon.
 */
export function modelGroups(model: MenuModel): ModelBodyGroup[] {
  const named = new Set<ModelBodyGroup>();
  if (model.body_group) named.add(model.body_group);
  for (const label of [model.manufacturer_body, model.manufacturer_body2, model.manufacturer_body3]) {
    const group = bodyLabelGroup(label);
    if (group) named.add(group);
  }
  if (model.status === 'coming_soon') named.add('coming-soon');
  return MODEL_BODY_GROUPS.filter((group) => named.has(group));
}

/**
 * The mega-menu: groups in the order hatchback & sedan, suv, premium, petrol & diesel, electric,
 * hybrid, coming soon; models in their given order within a group. A model is listed in every group
 * it belongs to (see {@link modelGroups}): one with status coming_soon appears under its own group and
 * under coming soon. Empty groups are left out, and so is a model that belongs to none.
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

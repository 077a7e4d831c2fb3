/** Model pages of single-brand sites: the models menu page and a model's page. */
import type { SiteData } from '../data/site-data.ts';
import { countLabel, slugify } from '../lib/text.ts';
import { ALL_STOCK_PATH, internalHref, pagePath } from '../lib/urls.ts';
import { modelsMenu, type ModelTile } from '../rules/models-menu.ts';
import type { Model } from '../schemas/model.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { NormalisedVehicle } from '../schemas/snapshot.ts';
import { searchVehicles, type SearchFilter } from '../search/query.ts';
import { metaDescription, type RouteOf } from './common.ts';

export interface ModelTileView extends ModelTile {
  href: string;
}

export interface ModelsPageView {
  groups: Array<{ group: string; label: string; tiles: ModelTileView[] }>;
}

export function modelsPageView(models: readonly Model[]): ModelsPageView {
  return {
    groups: modelsMenu(models).map((g) => ({ group: g.group, label: g.label, tiles: g.tiles.map((t) => ({ ...t, href: internalHref(t.href) })) })),
  };
}

/**
 * The stock filter of a model page: the model's make (its manufacturer, else the site's) and
 * model slug. Model slugs in the range file may carry the make as a prefix ('mg-zs') where the
 * stock uses 'zs', so the prefix is dropped when only that matches.
 */
export function modelStockFilter(model: Pick<Model, 'slug' | 'manufacturer_name'>, site: Pick<SiteConfig, 'manufacturer'>, vehicles: readonly NormalisedVehicle[]): SearchFilter {
  const make = slugify(model.manufacturer_name ?? site.manufacturer ?? '');
  const unprefixed = model.slug.startsWith(`${make}-`) ? model.slug.slice(make.length + 1) : model.slug;
  const has = (slug: string) => vehicles.some((v) => v.make_slug === make && v.model_slug === slug);
  return { make, model: has(model.slug) || !has(unprefixed) ? model.slug : unprefixed };
}

export interface ModelPageView {
  model: Model;
  badge: string | null;
  bodies: string[];
  vehicles: NormalisedVehicle[];
  total: number;
  stockHref: string;
  description: string;
}

export function modelPageView(site: SiteConfig, data: SiteData, route: RouteOf<'model'>): ModelPageView {
  const model = data.models.find((m) => m.slug === route.modelSlug);
  if (!model) throw new Error(`model ${route.modelSlug} is in the manifest but not in the site's models`);
  const filter = modelStockFilter(model, site, data.vehicles);
  const result = searchVehicles(data.vehicles, site, { filter });
  const hasModelSearch = result.nbHits > 0;
  const bodies = [model.manufacturer_body, model.manufacturer_body2, model.manufacturer_body3].filter((b): b is string => Boolean(b?.trim()));
  return {
    model,
    badge: modelsPageView([model]).groups[0]?.tiles[0]?.badge ?? null,
    bodies,
    vehicles: result.hits,
    total: result.nbHits,
    stockHref: hasModelSearch ? pagePath('search', filter.make!, filter.model!) : filter.make && data.vehicles.some((v) => v.make_slug === filter.make) ? pagePath('search', filter.make) : ALL_STOCK_PATH,
    description: metaDescription(`The ${model.name}${bodies[0] ? ` ${bodies[0].toLowerCase()}` : ''} at ${site.name}: ${countLabel(result.nbHits, 'vehicle')} in stock. Enquire, book a test drive or see finance options.`),
  };
}

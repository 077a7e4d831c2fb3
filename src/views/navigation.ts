import type { SiteData } from '../data/site-data.ts';
import { carTypeCarsLabel } from '../lib/labels.ts';
import { slugify } from '../lib/text.ts';
import { ALL_STOCK_PATH, internalHref, locationPath, pagePath, searchPathForCarType } from '../lib/urls.ts';
import { modelsMenu, type ModelGroup } from '../rules/models-menu.ts';
import type { MenuItem } from '../schemas/content.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import { namesOf } from '../search/query.ts';

/**
 * Id of an empty element at the end of the site header: pages hold their first paint until it is parsed
 * (BaseLayout's `paintAfter`), so the header is never painted part-way through.
 */
export const HEADER_PARSED_ID = 'header-parsed';

/**
 * Id of an empty element at the end of the home page's first screen (the promotions slider and the intro
 * that every template opens with): the home page holds its first paint until it is parsed, so a phone that
 * paints part-way through the slider's controls or the intro's buttons never sees them move as the rest
 * arrives.
 */
export const HOME_FIRST_SCREEN_PARSED_ID = 'first-screen-parsed';

/** A resolved menu link. */
export interface NavLink {
  label: string;
  href?: string;
  children: NavLink[];
  /** The models mega-menu's groups, on the item that lists the models (`dynamic: models`). */
  modelGroups?: ModelGroup[];
}

/** Items behind a `dynamic` menu entry, derived from the site's data. */
function dynamicLinks(source: NonNullable<MenuItem['dynamic']>, site: SiteConfig, data: SiteData): NavLink[] {
  switch (source) {
    case 'models':
      return data.models.map((m) => ({ label: m.name, href: m.override_url ?? pagePath(m.slug), children: [] }));
    case 'stock': {
      const types = site.search.carTypeOrder.filter((t) => data.vehicles.some((v) => v.car_type === t));
      return [
        { label: 'All Stock', href: ALL_STOCK_PATH, children: [] },
        ...types.map((t) => ({ label: carTypeCarsLabel(t), href: searchPathForCarType(t), children: [] })),
      ];
    }
    case 'brands': {
      const makes = [...new Set(data.vehicles.map((v) => v.make))].sort((a, b) => a.localeCompare(b));
      return makes.map((make) => ({ label: make, href: pagePath(slugify(make), 'overview'), children: [] }));
    }
    case 'locations':
      return data.locations.map((l) => ({ label: l.name, href: locationPath(site, l.slug ?? slugify(l.name)), children: [] }));
  }
}

// Every page of a site shows the same menus, and the dynamic ones read the whole catalogue (the makes in
// stock), so each menu is resolved once per site's data and shared, read-only, by the pages. The dynamic
// entries read the vehicles' names, the models and the locations, nothing else of the data: data whose
// vehicles are named as before (an update's price change or sale) and which keeps those lists takes the
// menus resolved before.
const resolved = new WeakMap<SiteData, WeakMap<MenuItem[], NavLink[]>>();
const byNames = new WeakMap<object, { models: SiteData['models']; locations: SiteData['locations']; menus: WeakMap<MenuItem[], NavLink[]> }>();

function menusOf(data: SiteData): WeakMap<MenuItem[], NavLink[]> {
  let menus = resolved.get(data);
  if (menus) return menus;
  const names = namesOf(data.vehicles);
  const known = byNames.get(names);
  menus = known && known.models === data.models && known.locations === data.locations ? known.menus : new WeakMap();
  byNames.set(names, { models: data.models, locations: data.locations, menus });
  resolved.set(data, menus);
  return menus;
}

/** Resolves a configured menu into links, expanding dynamic entries. The result is shared: do not change it. */
export function resolveMenu(items: MenuItem[], site: SiteConfig, data: SiteData): NavLink[] {
  const menus = menusOf(data);
  let links = menus.get(items);
  if (!links) menus.set(items, (links = resolveItems(items, site, data)));
  return links;
}

/** The header menu and each footer group's links, as every page of the site shows them. */
export function siteMenus(site: SiteConfig, data: SiteData): { header: NavLink[]; footer: NavLink[][] } {
  return { header: resolveMenu(data.content.menus.header, site, data), footer: data.content.menus.footer.map((g) => resolveMenu(g.items, site, data)) };
}

function resolveItems(items: MenuItem[], site: SiteConfig, data: SiteData): NavLink[] {
  return items.map((item) => {
    const children = [
      ...(item.dynamic ? dynamicLinks(item.dynamic, site, data) : []),
      ...resolveMenu(item.children ?? [], site, data),
    ];
    const megaMenu = item.dynamic === 'models' ? { modelGroups: modelsMenu(data.models).map((g) => ({ ...g, tiles: g.tiles.map((t) => ({ ...t, href: internalHref(t.href) })) })) } : {};
    return { label: item.label, ...(item.href ? { href: item.href } : {}), children, ...megaMenu };
  });
}

/**
 * The links of a dropdown: 'All {label}' to the item's own page first, where it has one and no child goes
 * there already (the Stock menu lists 'All Stock' itself), then its children, links only.
 */
export function dropdownLinks(link: NavLink): Array<{ label: string; href: string }> {
  const children = link.children.filter((c): c is NavLink & { href: string } => typeof c.href === 'string');
  // '/search/used-cars' and '/search/used-cars/' are one page.
  const page = (href: string) => href.replace(/(?<=.)\/+(?=$|[?#])/, '');
  const own = link.href && !children.some((c) => page(c.href) === page(link.href!)) ? [{ label: `All ${link.label}`, href: link.href }] : [];
  return [...own, ...children.map((c) => ({ label: c.label, href: c.href }))];
}

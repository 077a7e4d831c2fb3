import type { MenuItem } from '../schemas/content.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { SiteData } from '../data/site-data.ts';
import { slugify } from '../data/manufacturers.ts';
import { pagePath, searchPathForCarType } from './urls.ts';

/** A resolved menu link. */
export interface NavLink {
  label: string;
  href?: string;
  children: NavLink[];
}

/** Location detail page of a location slug, per the site's URL shape. */
export function locationPath(site: SiteConfig, locationSlug: string): string {
  return pagePath(site.urls.locationBase, locationSlug);
}

/** Items behind a `dynamic` menu entry, derived from the site's data. */
function dynamicLinks(source: NonNullable<MenuItem['dynamic']>, site: SiteConfig, data: SiteData): NavLink[] {
  switch (source) {
    case 'models':
      return data.models.map((m) => ({ label: m.name, href: m.override_url ?? pagePath(m.slug), children: [] }));
    case 'stock': {
      const types = site.search.carTypeOrder.filter((t) => data.vehicles.some((v) => v.car_type === t));
      return [
        { label: 'All Stock', href: pagePath('search', 'new-used-and-demo-cars'), children: [] },
        ...types.map((t) => ({ label: `${t[0]!.toUpperCase()}${t.slice(1)} Cars`, href: searchPathForCarType(t), children: [] })),
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

/** Resolves a configured menu into links, expanding dynamic entries. */
export function resolveMenu(items: MenuItem[], site: SiteConfig, data: SiteData): NavLink[] {
  return items.map((item) => {
    const children = [
      ...(item.dynamic ? dynamicLinks(item.dynamic, site, data) : []),
      ...resolveMenu(item.children ?? [], site, data),
    ];
    return { label: item.label, ...(item.href ? { href: item.href } : {}), children };
  });
}

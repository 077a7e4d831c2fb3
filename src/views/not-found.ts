/** The 404 page: a stock search box (SiteSearch), popular pages, and the makes and body types most in stock. */
import type { SiteData } from '../data/site-data.ts';
import { carTypeCarsLabel } from '../lib/labels.ts';
import { slugify } from '../lib/text.ts';
import { pagePath, searchPathForCarType } from '../lib/urls.ts';
import { popularBodyTypes } from '../rules/locations.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import { countBy, presentCarTypes, type LinkView } from './common.ts';

/** Makes offered on the 404 page, most in stock first. */
export const NOT_FOUND_MAKES = 8;

/** Popular pages offered on the 404 page; every one is a page the site builds. */
export function notFoundLinks(site: SiteConfig, data: Pick<SiteData, 'vehicles'> & Partial<Pick<SiteData, 'models' | 'locations'>>): LinkView[] {
  const internal = (href: string) => href.startsWith('/');
  return [
    { label: 'Home', href: '/' },
    ...presentCarTypes(site, data.vehicles).map((t) => ({ label: carTypeCarsLabel(t), href: searchPathForCarType(t) })),
    ...((data.models?.length ?? 0) > 0 ? [{ label: 'Our Models', href: pagePath('models') }] : []),
    { label: 'Special Offers', href: pagePath('special-offers') },
    ...(internal(site.finance.pageLink) ? [{ label: 'Finance', href: pagePath(site.finance.pageLink) }] : []),
    ...(internal(site.urls.serviceBooking) ? [{ label: 'Book a Service', href: pagePath(site.urls.serviceBooking) }] : []),
    { label: 'Book a Test Drive', href: pagePath('book-test-drive') },
    { label: 'Sell Your Car', href: pagePath(site.urls.sellMyCar) },
    { label: (data.locations?.length ?? 0) > 1 ? 'Our Locations' : 'Contact Us', href: pagePath(site.urls.contact) },
  ];
}

export interface NotFoundView {
  links: LinkView[];
  /** Makes with the most vehicles in stock, to their search pages. */
  makes: LinkView[];
  /** Body types with the most vehicles in stock (the popular car types rule), to their search pages. */
  bodies: LinkView[];
}

export function notFoundView(site: SiteConfig, data: Pick<SiteData, 'vehicles' | 'models' | 'locations'>, now: Date): NotFoundView {
  const names = new Map(data.vehicles.map((v) => [v.make_slug, v.make]));
  const makes = [...countBy(data.vehicles, (v) => v.make_slug)].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, NOT_FOUND_MAKES);
  return {
    links: notFoundLinks(site, data),
    makes: makes.map(([slug]) => ({ label: names.get(slug) ?? slug, href: pagePath('search', slug) })),
    bodies: popularBodyTypes(data.vehicles, now, site).map((b) => ({ label: b.value, href: pagePath('search', slugify(b.value)) })),
  };
}

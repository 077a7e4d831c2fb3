/** The 404 page's links. */
import type { SiteData } from '../data/site-data.ts';
import { carTypeCarsLabel } from '../lib/labels.ts';
import { pagePath, searchPathForCarType } from '../lib/urls.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import { presentCarTypes, type LinkView } from './common.ts';

/** Popular pages offered on the 404 page; every one is a page the site builds. */
export function notFoundLinks(site: SiteConfig, data: Pick<SiteData, 'vehicles'>): LinkView[] {
  const internal = (href: string) => href.startsWith('/');
  return [
    { label: 'Home', href: '/' },
    ...presentCarTypes(site, data.vehicles).map((t) => ({ label: carTypeCarsLabel(t), href: searchPathForCarType(t) })),
    { label: 'Special Offers', href: pagePath('special-offers') },
    ...(internal(site.finance.pageLink) ? [{ label: 'Finance', href: pagePath(site.finance.pageLink) }] : []),
    ...(internal(site.urls.serviceBooking) ? [{ label: 'Book a Service', href: pagePath(site.urls.serviceBooking) }] : []),
    { label: 'Sell Your Car', href: pagePath(site.urls.sellMyCar) },
    { label: 'Contact Us', href: pagePath(site.urls.contact) },
  ];
}

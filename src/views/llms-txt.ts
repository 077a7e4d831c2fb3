/**
 * `/llms.txt` (the llmstxt.org convention): the dealer described in Markdown for a language model or an
 * assistant acting for a shopper: who the dealer is, where its locations are, how to search its stock and
 * read a vehicle page, where its offers are, and where the sitemap and inventory feeds are. Kept short and
 * free of figures that change with every sale, so it changes when the dealer does.
 */
import type { SiteData } from '../data/site-data.ts';
import { absoluteUrl, ALL_STOCK_PATH, locationPath, pagePath, searchPathForCarType } from '../lib/urls.ts';
import { carTypeCarsLabel } from '../lib/labels.ts';
import { isAvailable } from '../rules/availability.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import { addressText, presentCarTypes } from './common.ts';
import { INVENTORY_FEEDS } from './inventory-feeds.ts';
import { locationPhone, orderedLocations } from './locations.ts';

/** Most makes listed by name (a group may stock forty). */
export const LLMS_MAKES_LIMIT = 12;

/** Markdown text that cannot break the list it sits in: one line, no link brackets. */
const inline = (text: string) => text.replace(/\s+/g, ' ').replace(/[[\]]/g, '').trim();

export function llmsTxt(site: SiteConfig, data: Pick<SiteData, 'vehicles' | 'locations' | 'offers' | 'content'>): string {
  const url = (path: string) => absoluteUrl(site, path);
  const available = data.vehicles.filter(isAvailable);
  const makes = new Map<string, { name: string; count: number }>();
  for (const v of available) {
    const entry = makes.get(v.make_slug) ?? { name: v.make, count: 0 };
    entry.count++;
    makes.set(v.make_slug, entry);
  }
  const topMakes = [...makes.entries()].sort(([, a], [, b]) => b.count - a.count || a.name.localeCompare(b.name)).slice(0, LLMS_MAKES_LIMIT);
  const carTypes = presentCarTypes(site, available);
  const copy = data.content.copy;
  const lines: string[] = [`# ${inline(site.name)}`, '', `> ${inline(site.description ?? copy.tagline)}`, ''];
  lines.push(inline(copy.heroText), '');

  lines.push('## Stock', '');
  lines.push(`- [All stock](${url(ALL_STOCK_PATH)}): every vehicle for sale, with its price, kilometres and location`);
  for (const type of carTypes) lines.push(`- [${carTypeCarsLabel(type)}](${url(searchPathForCarType(type))})`);
  for (const [slug, make] of topMakes) lines.push(`- [${inline(make.name)}](${url(pagePath('search', slug))})`);
  lines.push(
    '',
    `Search pages take a make and model in the path (${url(pagePath('search', '{make}', '{model}'))}) and refinements in the query string: ` +
      '`refinementList[body][0]=SUV`, `refinementList[fuel][0]=Electric`, `range[price]=5000:30000`, `range[km]=:50000`, `sortBy=lowestPrice` (or `highestPrice`, `latest`), `page=2`, `query=` for words.',
    `Each vehicle has a page at ${url(pagePath('cars', '{vehicle}'))}: its JSON-LD (a schema.org Car with an Offer) gives the price shown, the odometer, the VIN, whether it is in stock and the location it is at.`,
    '',
  );

  const locations = orderedLocations(data.locations).filter((l) => l.visible !== false);
  if (locations.length > 0) {
    lines.push('## Locations', '');
    for (const location of locations) {
      const phone = site.vehicle.showPhoneImmediately ? locationPhone(location, site) : null;
      const details = [addressText(location.address), phone ? `phone ${phone.text}` : null].filter(Boolean).join('; ');
      const page = location.slug ? `[${inline(location.name)}](${url(locationPath(site, location.slug))})` : inline(location.name);
      lines.push(`- ${page}${details ? `: ${inline(details)}` : ''}`);
    }
    lines.push('');
  }

  // Offers open and close by the clock; the page lists those running now.
  if (data.offers.length > 0) lines.push('## Offers', '', `- [Current offers](${url(pagePath('special-offers'))}): each with its terms and an enquiry form`, '');

  lines.push('## Optional', '');
  lines.push(`- [Sitemap](${url('/sitemap.xml')}): every page`);
  lines.push(`- [${INVENTORY_FEEDS.google.name} feed](${url(INVENTORY_FEEDS.google.path)}): vehicles in stock, as CSV`);
  lines.push(`- [${INVENTORY_FEEDS.meta.name} feed](${url(INVENTORY_FEEDS.meta.path)}): the same vehicles, as CSV`);
  lines.push('');
  return lines.join('\n');
}

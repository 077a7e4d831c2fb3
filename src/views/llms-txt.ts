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
import type { NormalisedVehicle } from '../schemas/snapshot.ts';
import { oneToOneNames, replacedInPlace } from '../search/query.ts';
import { addressText } from './common.ts';
import { INVENTORY_FEEDS } from './inventory-feeds.ts';
import { locationPhone, orderedLocations } from './locations.ts';

/** Most makes listed by name (a group may stock forty). */
export const LLMS_MAKES_LIMIT = 12;

/** Markdown text that cannot break the list it sits in: one line, no link brackets. */
const inline = (text: string) => text.replace(/\s+/g, ' ').replace(/[[\]]/g, '').trim();

/** What the file reads of the stock: the available vehicles of each make (by slug, named as the first is) and of each car type. */
interface AvailableStock {
  makes: Map<string, { name: string; count: number }>;
  carTypes: Map<string, number>;
}

// Kept per catalogue: an update that replaced a few vehicles carries the previous catalogue's counts.
const stockOf = new WeakMap<readonly NormalisedVehicle[], AvailableStock>();

function availableStock(vehicles: readonly NormalisedVehicle[]): AvailableStock {
  let known = stockOf.get(vehicles);
  if (known) return known;
  const step = replacedInPlace(vehicles);
  const before = step && stockOf.get(step.previous);
  // With one name per make and no two makes named alike, carried counts name each make as counting afresh
  // does (by its first available vehicle), and no order among makes rests on which was counted first.
  known = before && oneToOneNames(step.previous, 'make').all && oneToOneNames(vehicles, 'make').all ? carried(before, step.replaced) : counted(vehicles);
  stockOf.set(vehicles, known);
  return known;
}

function counted(vehicles: readonly NormalisedVehicle[]): AvailableStock {
  const stock: AvailableStock = { makes: new Map(), carTypes: new Map() };
  for (const v of vehicles) if (isAvailable(v)) tally(stock, v, 1);
  return stock;
}

function carried(before: AvailableStock, replaced: ReadonlyArray<{ was: NormalisedVehicle; now: NormalisedVehicle }>): AvailableStock {
  const stock: AvailableStock = { makes: new Map([...before.makes].map(([slug, make]) => [slug, { ...make }])), carTypes: new Map(before.carTypes) };
  for (const { was, now } of replaced) {
    if (isAvailable(was)) tally(stock, was, -1);
    if (isAvailable(now)) tally(stock, now, 1);
  }
  return stock;
}

function tally(stock: AvailableStock, v: NormalisedVehicle, by: 1 | -1): void {
  const make = stock.makes.get(v.make_slug) ?? { name: v.make, count: 0 };
  make.count += by;
  if (make.count === 0) stock.makes.delete(v.make_slug);
  else stock.makes.set(v.make_slug, make);
  const type = (stock.carTypes.get(v.car_type) ?? 0) + by;
  if (type === 0) stock.carTypes.delete(v.car_type);
  else stock.carTypes.set(v.car_type, type);
}

export function llmsTxt(site: SiteConfig, data: Pick<SiteData, 'vehicles' | 'locations' | 'offers' | 'content'>): string {
  const url = (path: string) => absoluteUrl(site, path);
  const { makes, carTypes: types } = availableStock(data.vehicles);
  const topMakes = [...makes.entries()].sort(([, a], [, b]) => b.count - a.count || a.name.localeCompare(b.name)).slice(0, LLMS_MAKES_LIMIT);
  const carTypes = site.search.carTypeOrder.filter((t) => types.has(t));
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

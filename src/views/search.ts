/** Search landing pages: what surrounds the stock search island (titles, description, links to the other landing pages). */
import type { SiteData } from '../data/site-data.ts';
import { carTypeCarsLabel, carTypeLabel } from '../lib/labels.ts';
import { countLabel, slugify } from '../lib/text.ts';
import { ALL_STOCK_PATH, pagePath, searchPathForCarType } from '../lib/urls.ts';
import { displayedStockCount, makeOptions, STOCK_COUNT_LIMIT } from '../rules/search-rules.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { NormalisedVehicle } from '../schemas/snapshot.ts';
import { matchesByCarType, matchingVehicles, namesOf, type SearchFilter } from '../search/query.ts';
import { countBy, metaDescription, presentCarTypes, type LinkView, type RouteOf } from './common.ts';

export interface RefinementGroup {
  title: string;
  links: LinkView[];
  /** Further links shown behind a disclosure (all makes after the popular ones). */
  more: LinkView[];
}

interface LinkTable {
  types: Array<{ label: string; href: string }>;
  makes: { title: string; links: Array<{ label: string; href: string }>; more: Array<{ label: string; href: string }> };
  modelsOf: Map<string, { title: string; links: Array<{ label: string; href: string }> }>;
  bodies: Array<{ label: string; href: string }>;
}

const linkTables = new WeakMap<object, LinkTable>();

/**
 * Every landing link of a site's stock. The links read the vehicles' names alone (car type, make, model,
 * body) and how many carry each make, so they are worked out once per names ({@link namesOf}): an update
 * that replaced vehicles with ones named alike (a price change, a sale) keeps them.
 */
function linkTable(site: SiteConfig, vehicles: readonly NormalisedVehicle[]): LinkTable {
  const key = namesOf(vehicles);
  const cached = linkTables.get(key);
  if (cached) return cached;
  const carTypes = presentCarTypes(site, vehicles);
  const types = [{ label: 'All stock', href: ALL_STOCK_PATH }, ...carTypes.map((t) => ({ label: carTypeCarsLabel(t), href: searchPathForCarType(t) }))];
  if (carTypes.includes('new') || carTypes.includes('demo')) types.push({ label: 'New and Demo Cars', href: pagePath('search', 'new-and-demo-cars') });
  const makeSlugs = new Map(vehicles.map((v) => [v.make, v.make_slug]));
  const options = makeOptions(Object.fromEntries(countBy(vehicles, (v) => v.make)), site);
  const makeLink = (o: { value: string }) => ({ label: o.value, href: pagePath('search', makeSlugs.get(o.value)!) });
  const makes = options.popular.length > 0 ? { title: 'Popular makes', links: options.popular.map(makeLink), more: options.all.map(makeLink) } : { title: 'Make', links: options.all.map(makeLink), more: [] };
  const byMake = new Map<string, { make: string; models: Map<string, string> }>();
  for (const v of vehicles) {
    const entry = byMake.get(v.make_slug) ?? { make: v.make, models: new Map<string, string>() };
    entry.models.set(v.model_slug, v.model);
    byMake.set(v.make_slug, entry);
  }
  const modelsOf = new Map(
    [...byMake].map(([slug, { make, models }]) => [
      slug,
      { title: `${make} models`, links: [...models].sort((a, b) => a[1].localeCompare(b[1])).map(([model, name]) => ({ label: name, href: pagePath('search', slug, model) })) },
    ]),
  );
  const bodies = [...new Set(vehicles.map((v) => v.simple_body).filter(Boolean))].sort((a, b) => a.localeCompare(b)).map((body) => ({ label: body, href: pagePath('search', slugify(body)) }));
  const table = { types, makes, modelsOf, bodies };
  linkTables.set(key, table);
  return table;
}

/**
 * Links to the other search landing pages, as simple refinements: car types, makes (popular
 * makes first on sites that list them, the make list rule), the models of the current make, and
 * body types. Every link goes to a page in the route manifest.
 */
export function searchRefinements(site: SiteConfig, vehicles: readonly NormalisedVehicle[], filter: SearchFilter, currentPath: string): RefinementGroup[] {
  // Links carry no counts: a count on every link would make every landing page depend on every other
  // page's results, so one sale would re-render them all. Each page shows its own count.
  const mark = (links: ReadonlyArray<{ label: string; href: string }>): LinkView[] => links.map((l) => ({ ...l, current: l.href === currentPath }));
  const table = linkTable(site, vehicles);
  const groups: RefinementGroup[] = [
    { title: 'Car type', links: mark(table.types), more: [] },
    { title: table.makes.title, links: mark(table.makes.links), more: mark(table.makes.more) },
  ];
  const models = filter.make ? table.modelsOf.get(filter.make) : undefined;
  if (models) groups.push({ title: models.title, links: mark(models.links), more: [] });
  groups.push({ title: 'Body type', links: mark(table.bodies), more: [] });
  return groups;
}

/**
 * What a landing page lists and where, for its document title and description. A page of one make, model or
 * body whose vehicles are all of one car type names it ('Used Toyota Corolla'); the place is the city of the
 * page's location, or of the site's primary location. Location and dealership pages already name their place.
 */
export function landingTitle(
  data: Pick<SiteData, 'vehicles' | 'locations'>,
  route: RouteOf<'search'>,
  /** The vehicles the route's filter matches, when the caller has them already. */
  matched?: readonly NormalisedVehicle[],
): string {
  const { filter } = route;
  if (filter.location || filter.dealership) return route.title;
  // The whole stock's title already names its car types; 'All' keeps it apart from a car type's own page.
  const everything = Object.keys(filter).length === 0;
  const matching = filter.carTypes || everything ? [] : (matched ?? matchingVehicles(data.vehicles, filter));
  const type = soleCarType(matching);
  const what = everything ? `All ${route.title}` : type ? `${carTypeLabel(type)} ${route.title}` : route.title;
  const primary = data.locations.find((l) => l.primary) ?? data.locations[0];
  const city = primary?.address?.city;
  return city ? `${what} for sale in ${city}` : `${what} for sale`;
}

/** The car type all of `vehicles` are of; undefined for none, or for more than one. */
function soleCarType(vehicles: readonly NormalisedVehicle[]): NormalisedVehicle['car_type'] | undefined {
  const type = vehicles[0]?.car_type;
  for (const vehicle of vehicles) if (vehicle.car_type !== type) return undefined;
  return type;
}

export interface SearchLandingView {
  /** The page heading: what it lists ('Toyota Corolla'). */
  title: string;
  /** The document title before the site name: what it lists and where ('Used Toyota Corolla for sale in Brisbane'). */
  documentTitle: string;
  description: string;
  /** Links to the other landing pages, under "Browse stock". */
  refinements: RefinementGroup[];
}

/**
 * What a search landing page shows around the stock search island: its heading, title and description
 * (with the count the island shows first, the stock-count rule applied) and the links to the other landing
 * pages. The links are worked out once per site's data and only marked per page.
 */
export function searchLandingView(site: SiteConfig, data: SiteData, route: RouteOf<'search'>): SearchLandingView {
  const matching = matchingVehicles(data.vehicles, route.filter);
  // Past the limit the rule sums the car-type facet counts of the page's matches.
  const count = displayedStockCount(matching.length, matching.length > STOCK_COUNT_LIMIT ? matchesByCarType(data.vehicles, route.filter) : {}, site);
  const documentTitle = landingTitle(data, route, matching);
  return {
    title: route.title,
    documentTitle,
    description: metaDescription(`Browse ${countLabel(count, 'vehicle')} for sale at ${site.name}: ${documentTitle}. Compare prices, enquire or book a test drive online.`),
    refinements: searchRefinements(site, data.vehicles, route.filter, route.path),
  };
}

/** Search landing pages: the first page of results with promo cards, page links and refinements. */
import type { SiteData } from '../data/site-data.ts';
import { carTypeCarsLabel, carTypeLabel } from '../lib/labels.ts';
import { countLabel, slugify } from '../lib/text.ts';
import { ALL_STOCK_PATH, internalHref, pagePath, searchPathForCarType } from '../lib/urls.ts';
import { insertPromoCards, type GridItem } from '../rules/promo-insertion.ts';
import { displayedStockCount, emptyResultsCard, makeOptions, noResultsMessage, STOCK_COUNT_LIMIT } from '../rules/search-rules.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { NormalisedVehicle } from '../schemas/snapshot.ts';
import { matchesFilter, searchAll, searchVehicles, type SearchFilter } from '../search/query.ts';
import { seededRandom } from './seeded-random.ts';
import { countBy, metaDescription, presentCarTypes, type LinkView, type RouteOf } from './common.ts';

export interface RefinementGroup {
  title: string;
  links: LinkView[];
  /** Further links shown behind a disclosure (all makes after the popular ones). */
  more: LinkView[];
}

export interface PaginationView {
  current: number;
  total: number;
  items: Array<{ page: number; href: string; current: boolean } | { gap: true }>;
  next: string | null;
}

/**
 * Page links: page 1 is the landing page itself, later pages are `?page=N` (answered by the
 * search island; the static page always holds page 1). Shows the first, last and the two pages
 * either side of the current one.
 */
export function paginationView(basePath: string, current: number, total: number): PaginationView {
  const href = (page: number) => (page === 1 ? basePath : `${basePath}?page=${page}`);
  const items: PaginationView['items'] = [];
  let last = 0;
  for (let page = 1; page <= total; page++) {
    if (page !== 1 && page !== total && Math.abs(page - current) > 2) continue;
    if (page - last > 1) items.push({ gap: true });
    items.push({ page, href: href(page), current: page === current });
    last = page;
  }
  return { current, total, items, next: current < total ? href(current + 1) : null };
}

/**
 * Links to the other search landing pages, as simple refinements: car types, makes (popular
 * makes first on sites that list them, the make list rule), the models of the current make, and
 * body types. Every link goes to a page in the route manifest.
 */
export function searchRefinements(site: SiteConfig, vehicles: readonly NormalisedVehicle[], filter: SearchFilter, currentPath: string): RefinementGroup[] {
  // Links carry no counts: a count on every link would make every landing page depend on every other
  // page's results, so one sale would re-render them all. Each page shows its own count.
  const link = (label: string, href: string): LinkView => ({ label, href, current: href === currentPath });
  const carTypes = presentCarTypes(site, vehicles);
  const types: LinkView[] = [link('All stock', ALL_STOCK_PATH), ...carTypes.map((t) => link(carTypeCarsLabel(t), searchPathForCarType(t)))];
  if (carTypes.includes('new') || carTypes.includes('demo')) types.push(link('New and Demo Cars', pagePath('search', 'new-and-demo-cars')));
  const groups: RefinementGroup[] = [{ title: 'Car type', links: types, more: [] }];

  const makeSlugs = new Map(vehicles.map((v) => [v.make, v.make_slug]));
  const options = makeOptions(Object.fromEntries(countBy(vehicles, (v) => v.make)), site);
  const makeLink = (o: { value: string }) => link(o.value, pagePath('search', makeSlugs.get(o.value)!));
  groups.push(options.popular.length > 0 ? { title: 'Popular makes', links: options.popular.map(makeLink), more: options.all.map(makeLink) } : { title: 'Make', links: options.all.map(makeLink), more: [] });

  if (filter.make) {
    const make = filter.make;
    const ofMake = vehicles.filter((v) => v.make_slug === make);
    const models = [...new Map(ofMake.map((v) => [v.model_slug, v.model]))].sort((a, b) => a[1].localeCompare(b[1]));
    groups.push({ title: `${ofMake[0]?.make ?? make} models`, links: models.map(([slug, name]) => link(name, pagePath('search', make, slug))), more: [] });
  }

  const bodies = [...new Set(vehicles.map((v) => v.simple_body).filter(Boolean))].sort((a, b) => a.localeCompare(b));
  groups.push({ title: 'Body type', links: bodies.map((body) => link(body, pagePath('search', slugify(body)))), more: [] });
  return groups;
}

/**
 * What a landing page lists and where, for its document title and description. A page of one make, model or
 * body whose vehicles are all of one car type names it ('Used Toyota Corolla'); the place is the city of the
 * page's location, or of the site's primary location. Location and dealership pages already name their place.
 */
export function landingTitle(data: Pick<SiteData, 'vehicles' | 'locations'>, route: RouteOf<'search'>): string {
  const { filter } = route;
  if (filter.location || filter.dealership) return route.title;
  const matching = filter.carTypes ? [] : data.vehicles.filter((v) => matchesFilter(v, filter));
  const types = new Set(matching.map((v) => v.car_type));
  const what = types.size === 1 ? `${carTypeLabel([...types][0]!)} ${route.title}` : route.title;
  const primary = data.locations.find((l) => l.primary) ?? data.locations[0];
  const city = primary?.address?.city;
  return city ? `${what} for sale in ${city}` : `${what} for sale`;
}

export interface SearchPageView {
  /** The page heading: what it lists ('Toyota Corolla'). */
  title: string;
  /** The document title before the site name: what it lists and where ('Used Toyota Corolla for sale in Brisbane'). */
  documentTitle: string;
  description: string;
  count: number;
  countText: string;
  grid: GridItem<NormalisedVehicle>[];
  /** Cards whose image loads eagerly (above the fold). */
  eagerCount: number;
  empty: { text: string; buttonLabel: string; clearHref: string; card: { title: string; text: string; link: string } } | null;
  pagination: PaginationView;
  refinements: RefinementGroup[];
}

/**
 * A search landing page: its first page of results with the promo cards inserted, the result
 * count, the no-results block, page links and links to the other landing pages.
 *
 * Promo insertion needs randomness for the random start offset and the shuffle (sites that turn
 * them on). The build passes {@link seededRandom} seeded with the page's path, so each page has
 * its own arrangement and the same data always gives the same HTML; the search island may
 * re-draw on the client for later pages.
 */
export function searchPageView(site: SiteConfig, data: SiteData, route: RouteOf<'search'>, now: Date): SearchPageView {
  const result = searchVehicles(data.vehicles, site, { filter: route.filter });
  // The car-type facet counts only matter above the display limit; skip the second pass otherwise.
  const facet = result.nbHits > STOCK_COUNT_LIMIT ? Object.fromEntries(countBy(searchAll(data.vehicles, site, route.filter), (v) => v.car_type)) : {};
  const count = displayedStockCount(result.nbHits, facet, site);
  const grid = insertPromoCards({
    results: result.hits,
    cards: data.content.promoCards,
    activeCarTypes: route.filter.carTypes ?? [],
    now,
    settings: site.promoCards,
    random: seededRandom(route.path),
  });
  const none = noResultsMessage(site);
  const card = emptyResultsCard(site);
  return {
    title: route.title,
    documentTitle: landingTitle(data, route),
    description: metaDescription(`Browse ${countLabel(count, 'vehicle')} for sale at ${site.name}: ${landingTitle(data, route)}. Compare prices, enquire or book a test drive online.`),
    count,
    countText: `${countLabel(count, 'vehicle')} found`,
    grid,
    eagerCount: 3,
    empty: result.nbHits === 0 ? { text: none.text, buttonLabel: none.buttonLabel, clearHref: ALL_STOCK_PATH, card: { ...card, link: internalHref(card.link) } } : null,
    pagination: paginationView(route.path, result.page, result.nbPages),
    refinements: searchRefinements(site, data.vehicles, route.filter, route.path),
  };
}

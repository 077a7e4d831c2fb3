/**
 * The search landing pages a site has, in the island's terms: each page's path and the refinements it
 * stands for, named by display value as the index holds them ('Toyota', not 'toyota'). The routing module
 * writes a state on the path whose refinements it includes. Made once per site at build time, from the
 * same route manifest that decides which landing pages are prerendered, so the island never links to a
 * page that does not exist.
 */
import type { Route } from '../data/route-manifest.ts';
import type { Snapshot } from '../schemas/snapshot.ts';
import type { SearchLanding } from './routing.ts';

export function searchLandings(routes: readonly Route[], data: Pick<Snapshot, 'vehicles' | 'locations' | 'dealerships'>): SearchLanding[] {
  const makes = new Map(data.vehicles.map((v) => [v.make_slug, v.make]));
  const models = new Map(data.vehicles.map((v) => [`${v.make_slug}/${v.model_slug}`, v.model]));
  const locations = new Map(data.locations.filter((l) => l.slug).map((l) => [l.slug!, l.name]));
  const dealerships = new Map(data.dealerships.filter((d) => d.slug).map((d) => [d.slug!, d.name ?? d.slug!]));
  const landings: SearchLanding[] = [];
  for (const route of routes) {
    // Twins under /used-car/ are canonical to their /search/ page: the island writes the canonical one.
    if (route.kind !== 'search' || route.canonicalPath) continue;
    const { filter } = route;
    const refinements: SearchLanding['refinements'] = {};
    if (filter.carTypes) refinements.car_type = [...filter.carTypes];
    if (filter.make) refinements.make = [makes.get(filter.make) ?? filter.make];
    if (filter.make && filter.model) refinements.model = [models.get(`${filter.make}/${filter.model}`) ?? filter.model];
    if (filter.body) refinements.body = [filter.body];
    if (filter.location) refinements.location_name = [locations.get(filter.location) ?? filter.location];
    if (filter.dealership) refinements.dealership_name = [dealerships.get(filter.dealership) ?? filter.dealership];
    landings.push({ path: route.path, refinements });
  }
  return landings;
}

import { readYaml } from '../../src/data/content-files.ts';
import { generateSiteFeed } from '../../src/data/demo/generate.ts';
import { normaliseVehicles, offersForSite } from '../../src/data/normalise.ts';
import { buildRouteManifest } from '../../src/data/route-manifest.ts';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { loadSiteContent, siteData } from '../../src/data/site-data.ts';
import { DealershipSchema } from '../../src/schemas/dealership.ts';
import { LocationSchema } from '../../src/schemas/location.ts';
import { OfferSchema } from '../../src/schemas/offer.ts';
import { VehicleSchema } from '../../src/schemas/vehicle.ts';

/** The reference day the demo data and its normalising are judged at in these tests. */
export const DEMO_NOW = new Date('2026-11-22T00:00:00Z');
const sites = loadAllSiteConfigs('sites');

/** A demo site's data made in memory from a generated feed of `vehicles` vehicles, and its route manifest. */
export function demoManifest(slug: string, vehicles: number) {
  const site = findSite(sites, slug);
  const { feed } = generateSiteFeed(slug, vehicles, 20251122, '2026-11-22');
  const normalised = normaliseVehicles(feed.vehicles.map((v) => VehicleSchema.parse(v)), site, DEMO_NOW).vehicles;
  const data = siteData(
    {
      meta: { site: slug, pulledAt: DEMO_NOW.toISOString(), source: 'test', counts: { pulled: 0, quarantined: 0, duplicates: 0, filtered: 0, published: 0, available: 0 } },
      vehicles: normalised,
      locations: feed.locations.map((l) => LocationSchema.parse(l)),
      reviews: [],
      dealerships: feed.dealerships.map((d) => DealershipSchema.parse(d)),
      offers: offersForSite((readYaml(`content/${slug}/offers.yaml`, []) as unknown[]).map((o) => OfferSchema.parse(o)), site),
      models: [],
      removed: [],
    },
    loadSiteContent(slug),
  );
  return { site, data, routes: buildRouteManifest(site, data) };
}

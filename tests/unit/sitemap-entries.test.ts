import { describe, expect, it } from 'vitest';
import { buildRouteManifest } from '../../src/data/route-manifest.ts';
import { sitemapEntries } from '../../src/generator/build.ts';
import { demoManifest } from '../support/demo-manifest.ts';

describe('sitemap entries', () => {
  const { site, data } = demoManifest('summit-motor-group', 120);
  const routes = buildRouteManifest(site, data);
  const fresh = (list: ReturnType<typeof sitemapEntries>) => list.map((e) => ({ ...e }));

  it('list the indexable pages, each vehicle page dated by its vehicle, and keep an entry while its route and date are the same', () => {
    const first = sitemapEntries(routes, data);
    expect(first.some((e) => e.path.endsWith('/print/'))).toBe(false);
    const vehicle = data.vehicles.find((v) => v.updated_at)!;
    const route = routes.find((r) => r.kind === 'vehicle' && r.vehicleId === Number(vehicle.id))!;
    expect(first.find((e) => e.path === route.path)).toEqual({ path: route.path, lastmod: vehicle.updated_at });
    // The same routes and dates: the same entry objects, in the same order.
    const again = sitemapEntries(routes, data);
    expect(again).toHaveLength(first.length);
    expect(again.every((e, i) => e === first[i])).toBe(true);

    // The vehicle changed later: its page's entry carries the new date; the others are kept.
    const later = '2030-05-06T07:08:09Z';
    const changed = { ...data, vehicles: data.vehicles.map((v) => (v === vehicle ? { ...v, updated_at: later } : v)) };
    const next = sitemapEntries(routes, changed);
    expect(fresh(next)).toEqual(fresh(first).map((e) => (e.path === route.path ? { path: route.path, lastmod: later } : e)));
    expect(next.filter((e, i) => e !== first[i]).map((e) => e.path)).toEqual([route.path]);
  });
});

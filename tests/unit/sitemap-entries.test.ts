import { describe, expect, it } from 'vitest';
import { buildRouteManifest, updateRouteManifest, type Route } from '../../src/data/route-manifest.ts';
import type { SiteData } from '../../src/data/site-data.ts';
import { sitemapEntries } from '../../src/generator/build.ts';
import { sitemapParts } from '../../src/generator/host-files.ts';
import type { NormalisedVehicle } from '../../src/schemas/snapshot.ts';
import { catalogueFollows } from '../../src/search/query.ts';
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

  /** `before`'s catalogue with `change` made to the vehicles `ids`, as an update makes it (the rest kept as they were). */
  const updated = (before: SiteData, ids: number[], change: (v: NormalisedVehicle, n: number) => NormalisedVehicle): SiteData => {
    const vehicles = before.vehicles.map((v) => (ids.includes(Number(v.id)) ? change(v, ids.indexOf(Number(v.id))) : v));
    catalogueFollows(vehicles, before.vehicles);
    return { ...before, vehicles };
  };
  const sitemapText = (entries: ReturnType<typeof sitemapEntries>) => sitemapParts(site, entries, 100).map((part) => part.lines.map((line) => line.text).join('\n'));

  it('follow the manifest an update derived, and give the lines a fresh manifest gives', () => {
    const start = { data, routes: [...routes] };
    let live = { data: start.data, routes: start.routes as Route[] };
    sitemapText(sitemapEntries(live.routes, live.data));
    const ids = data.vehicles.filter((v) => v.updated_at).map((v) => Number(v.id));
    const steps: Array<[number[], (v: NormalisedVehicle, n: number) => NormalisedVehicle]> = [
      [[ids[0]!], (v) => ({ ...v, price: v.price - 500, updated_at: '2031-01-02T03:04:05Z' })],
      [[ids[1]!, ids[2]!], (v, n) => ({ ...v, status: 'sold', updated_at: `2031-02-0${n + 1}T10:00:00Z` })],
      // A change that leaves the date as it was: the entry's text does not move.
      [[ids[3]!], (v) => ({ ...v, price: v.price + 1 })],
    ];
    for (const [changed, change] of steps) {
      const after = updated(live.data, changed, change);
      const derived = updateRouteManifest(site, live, after, new Set(changed)) ?? buildRouteManifest(site, after);
      const entries = sitemapEntries(derived, after, live.routes);
      const again = buildRouteManifest(site, after);
      expect(fresh(entries)).toEqual(fresh(sitemapEntries(again, after)));
      expect(sitemapText(entries)).toEqual(sitemapText(sitemapEntries(again, { ...after, vehicles: [...after.vehicles] })));
      live = { data: after, routes: derived };
    }
    expect(sitemapParts(site, sitemapEntries(live.routes, live.data), 100).length).toBeGreaterThan(1);
  });

  it('date again a vehicle page whose route was kept while its vehicle was replaced', () => {
    const before = sitemapEntries(routes, data);
    const vehicle = data.vehicles.find((v) => v.updated_at)!;
    const after = updated(data, [Number(vehicle.id)], (v) => ({ ...v, updated_at: '2032-03-04T05:06:07Z' }));
    // The same route objects: only the catalogue tells the date moved.
    const entries = sitemapEntries([...routes], after, routes);
    const path = routes.find((r) => r.kind === 'vehicle' && r.vehicleId === Number(vehicle.id))!.path;
    expect(entries.find((e) => e.path === path)?.lastmod).toBe('2032-03-04T05:06:07Z');
    expect(entries.filter((e, i) => e !== before[i]).map((e) => e.path)).toEqual([path]);
    expect(sitemapText(entries).join('\n')).toContain('2032-03-04');
  });

  it('are worked out afresh when a changed route takes another path', () => {
    sitemapText(sitemapEntries(routes, data));
    const indexed = routes.filter((r) => r.kind === 'vehicle');
    const at = routes.indexOf(indexed[0]!);
    // The route now claims another page's path: the sitemap lists that path once, as a fresh one does.
    const moved = [...routes];
    moved[at] = { ...routes[at]!, path: indexed[1]!.path } as Route;
    const text = sitemapText(sitemapEntries(moved, data, routes)).join('\n');
    expect(text).toBe(sitemapText(sitemapEntries([...moved], { ...data, vehicles: [...data.vehicles] })).join('\n'));
    expect(text.split(indexed[1]!.path).length).toBe(2);
    expect(text).not.toContain(indexed[0]!.path);
  });
});

describe('sitemap lines of one list of entries', () => {
  it('are made for the site asked about', () => {
    const { site, data } = demoManifest('summit-motor-group', 40);
    const entries = sitemapEntries(buildRouteManifest(site, data), data);
    const elsewhere = { ...site, url: 'https://elsewhere.example' };
    const text = (s: typeof site) => sitemapParts(s, entries).flatMap((part) => part.lines.map((line) => line.text)).join('\n');
    expect(text(site)).toContain(site.url);
    expect(text(elsewhere)).toContain('https://elsewhere.example/');
    expect(text(elsewhere)).not.toContain(site.url);
  });
});

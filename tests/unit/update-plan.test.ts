import { describe, expect, it } from 'vitest';
import { buildRouteManifest, updateRouteManifest } from '../../src/data/route-manifest.ts';
import { siteData } from '../../src/data/site-data.ts';
import { planUpdate, type UpdatePlanResult } from '../../src/generator/incremental.ts';
import type { NormalisedVehicle } from '../../src/schemas/snapshot.ts';
import { catalogueFollows, matchesFilter } from '../../src/search/query.ts';
import { BRAND_GRID_SIZE, brandStock } from '../../src/views/brands.ts';
import { DEMO_NOW, demoManifest } from '../support/demo-manifest.ts';

// What an update renders when one vehicle changes. A running site plans against the live manifest and takes
// shortcuts by identity (routes the derived manifest kept as they were, lists and names an update left as
// they were); the plan must be the one a comparison of everything gives.
describe('planning an update of one vehicle', () => {
  const before = demoManifest('summit-motor-group', 400);
  const target = before.data.vehicles.find((v) => v.status === 'in_stock' && v.price > 5000)!;
  const paths = (plan: UpdatePlanResult) => ({
    render: plan.render.map((r) => r.path).sort(),
    patch: plan.patch.map((r) => r.path).sort(),
    recheck: plan.recheck.map((r) => r.path).sort(),
    everything: plan.everything,
  });

  /** The plan for `change` to the target vehicle as a running site makes it, and as a comparison of everything makes it. */
  function plans(change: (v: NormalisedVehicle) => NormalisedVehicle, base: typeof before = before, vehicle: NormalisedVehicle = target) {
    const { snapshot: meta, content, ...records } = base.data;
    const vehicles = base.data.vehicles.map((v) => (v === vehicle ? change(v) : v));
    const touched = new Set([Number(vehicle.id)]);
    const changed = { vehicles: touched, content: new Set<string>() };
    const data = siteData({ ...records, meta, vehicles }, content);
    catalogueFollows(data.vehicles, base.data.vehicles);
    const derived = updateRouteManifest(base.site, base, data, touched) ?? buildRouteManifest(base.site, data);
    const running = planUpdate(base, { data, routes: derived }, changed, DEMO_NOW);
    // Every list a new object and every route made afresh: nothing to take by identity.
    const copy = structuredClone({ ...records, meta, vehicles });
    const fresh = siteData(copy, content);
    const reference = planUpdate(base, { data: fresh, routes: buildRouteManifest(base.site, fresh) }, changed, DEMO_NOW);
    return { running, reference };
  }

  it('asks the search pages that list a vehicle whose price changed, and no other, and renders its page', () => {
    const { running, reference } = plans((v) => ({ ...v, price: v.price - 500 }));
    expect(paths(running)).toEqual(paths(reference));
    const matching = before.routes.filter((r) => r.kind === 'search' && matchesFilter(target, r.filter)).map((r) => r.path);
    // Each page listing it is rendered, or has its searches asked again and is rendered if they answer otherwise.
    const searchPages = [...running.render, ...running.recheck].filter((r) => r.kind === 'search').map((r) => r.path);
    expect(searchPages.sort()).toEqual(matching.sort());
    expect(running.recheck.length).toBeGreaterThan(0);
    expect(running.render.map((r) => r.path)).toContain(`/cars/${target.slug}/`);
  });

  it.each([
    ['sold', (v: NormalisedVehicle) => ({ ...v, status: 'sold' as const, sold: true })],
    ['renamed model', (v: NormalisedVehicle) => ({ ...v, model: `${v.model} Sport` })],
    ['another body', (v: NormalisedVehicle) => ({ ...v, simple_body: v.simple_body === 'SUV' ? 'Sedan' : 'SUV' })],
    ['renamed make', (v: NormalisedVehicle) => ({ ...v, make: `${v.make} Motors` })],
  ])('plans as a comparison of everything does when the vehicle is %s', (_name, change) => {
    const { running, reference } = plans(change);
    expect(paths(running)).toEqual(paths(reference));
  });

  it("leaves the vehicle's location page alone for a price change or a sale, and renders it for another body", () => {
    const locationPage = before.routes.find((r) => r.kind === 'location' && r.deps.facets?.includes(`location:${target.location?.slug}`))!;
    expect(locationPage).toBeDefined();
    const rendered = (plan: UpdatePlanResult) => plan.render.map((r) => r.path);
    for (const change of [(v: NormalisedVehicle) => ({ ...v, price: v.price - 500 }), (v: NormalisedVehicle) => ({ ...v, status: 'sold' as const, sold: true, sold_date_timestamp: Math.floor(DEMO_NOW.getTime() / 1000) })]) {
      const { running, reference } = plans(change);
      expect(paths(running)).toEqual(paths(reference));
      expect(rendered(running)).not.toContain(locationPage.path);
    }
    const { running } = plans((v) => ({ ...v, simple_body: v.simple_body === 'SUV' ? 'Sedan' : 'SUV' }));
    expect(rendered(running)).toContain(locationPage.path);
  });

  it("renders a make's page for a price change of a vehicle it shows, and not of one it only counts", () => {
    const brandPage = (v: NormalisedVehicle) => before.routes.find((r) => r.kind === 'brand' && r.makeSlug === v.make_slug)!;
    const make = before.routes.filter((r) => r.kind === 'brand').map((r) => (r as { makeSlug: string }).makeSlug).find((slug) => brandStock(before.site, before.data.vehicles, slug).all.length > 3 * BRAND_GRID_SIZE)!;
    const { all, sections } = brandStock(before.site, before.data.vehicles, make);
    const shown = sections.flatMap((s) => s.vehicles).find((v) => v.status === 'in_stock' && v.price > 5000)!;
    const counted = all.find((v) => v.status === 'in_stock' && v.price > 5000 && !sections.some((s) => s.vehicles.includes(v)))!;
    const cut = (v: NormalisedVehicle) => ({ ...v, price: v.price - 500 });
    for (const [vehicle, rendered] of [[shown, true], [counted, false]] as const) {
      const { running, reference } = plans(cut, before, vehicle);
      expect(paths(running)).toEqual(paths(reference));
      expect(running.render.map((r) => r.path).includes(brandPage(vehicle).path), `vehicle ${vehicle.id}`).toBe(rendered);
    }
  });

  it('renders every search page when the vehicle, its names kept, opens the landing page of a location that had no stock', () => {
    // The island on every search page carries the table of landing pages, which gains the location's page.
    const { snapshot: meta, content, ...records } = before.data;
    const spare = { ...records.locations[0]!, id: 999_999, name: 'Summit Pop-up Store', slug: 'summit-pop-up-store' };
    const start = siteData({ ...records, meta, locations: [...records.locations, spare] }, content);
    const base = { ...before, data: start, routes: buildRouteManifest(before.site, start) };
    const { running, reference } = plans((v) => ({ ...v, location: spare }), base);
    expect(paths(running)).toEqual(paths(reference));
    const searchPages = base.routes.filter((r) => r.kind === 'search' && !r.canonicalPath).map((r) => r.path);
    expect(running.render.map((r) => r.path)).toEqual(expect.arrayContaining([...searchPages, '/search/summit-pop-up-store/']));
  });
});

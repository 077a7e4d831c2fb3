import { describe, expect, it } from 'vitest';
import { slugify } from '../../src/lib/text.ts';
import { buildRouteManifest, manifestParts, updateRouteManifest, vehicleFacets, type Route } from '../../src/data/route-manifest.ts';
import { catalogueFollows, matchesFilter, matchingVehicles, type SearchFilter } from '../../src/search/query.ts';
import { demoManifest } from '../support/demo-manifest.ts';

const manifestFor = demoManifest;

describe.each(['bayside-mg', 'summit-motor-group', 'northside-used'])('route manifest of %s', (slug) => {
  const { site, data, routes } = manifestFor(slug, slug === 'summit-motor-group' ? 1500 : 300);
  const paths = routes.map((r) => r.path);

  it('has unique paths, each with a trailing slash', () => {
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of paths) expect(p.endsWith('/')).toBe(true);
  });

  it('has a page for every published vehicle, with its sub-pages per the site switches', () => {
    const byKind = (kind: Route['kind']) => new Set(routes.filter((r) => r.kind === kind).map((r) => (r as { vehicleId: number }).vehicleId));
    const ids = data.vehicles.map((v) => Number(v.id));
    expect([...byKind('vehicle')].sort()).toEqual([...ids].sort());
    expect(byKind('vehicle-print').size).toBe(site.features.print === 'off' ? 0 : ids.length);
    expect(byKind('vehicle-trade-in').size).toBe(site.features.tradeIn ? ids.length : 0);
    expect(byKind('vehicle-checkout').size).toBe(site.features.reserve || site.features.onlinePurchase ? ids.length : 0);
    const checkout = routes.find((r) => r.kind === 'vehicle-checkout');
    if (checkout) expect(checkout.path.endsWith(`/${site.urls.checkoutSegment}/`)).toBe(true);
  });

  it('has a search landing page for every facet value in the stock', () => {
    const searchRoutes = routes.filter((r): r is Extract<Route, { kind: 'search' }> => r.kind === 'search');
    const facetsWithPages = new Set<string>();
    for (const route of searchRoutes) {
      for (const v of data.vehicles) if (matchesFilter(v, route.filter)) for (const f of route.deps.facets ?? []) facetsWithPages.add(f);
    }
    const facets = new Set(data.vehicles.flatMap(vehicleFacets));
    for (const facet of facets) expect(facetsWithPages, `no landing page for ${facet}`).toContain(facet);
    expect(paths).toContain('/search/new-used-and-demo-cars/');
    for (const type of new Set(data.vehicles.map((v) => v.car_type))) expect(paths).toContain(`/search/${type}-cars/`);
    for (const v of data.vehicles) {
      expect(paths).toContain(`/search/${v.make_slug}/`);
      expect(paths).toContain(`/search/${v.make_slug}/${v.model_slug}/`);
      expect(paths).toContain(`/search/${slugify(v.simple_body)}/`);
    }
  });

  it('builds no landing page that would list nothing: a location or dealership without vehicles has none', () => {
    for (const route of routes) {
      if (route.kind !== 'search' || route.path === '/search/new-used-and-demo-cars/') continue;
      expect(data.vehicles.some((v) => matchesFilter(v, route.filter)), route.path).toBe(true);
    }
    const location = data.locations.find((l) => l.slug)!;
    const without = buildRouteManifest(site, { ...data, vehicles: data.vehicles.filter((v) => v.location?.slug !== location.slug) });
    expect(without.some((r) => r.kind === 'search' && r.filter.location === location.slug)).toBe(false);
  });

  it('lists the first page of results as each landing page\'s vehicle dependencies', () => {
    const all = routes.find((r) => r.path === '/search/new-used-and-demo-cars/')!;
    expect(all.deps.vehicles).toHaveLength(Math.min(site.search.pageSize, data.vehicles.length));
  });

  it('has every location page, offers under both shapes, forms, content pages and the 404', () => {
    for (const location of data.locations) expect(paths).toContain(`/${site.urls.locationBase}/${location.slug}/`);
    expect(paths).toContain('/special-offers/');
    for (const page of data.content.pages) expect(paths).toContain(`/${page.slug}/`);
    for (const p of ['/', '/book-test-drive/', '/success/', '/sign-in/', '/404/', `${site.urls.sellMyCar}/`]) expect(paths).toContain(p);
  });

  it("builds the site's own booking page where its service page frames one, and no other", () => {
    const { mode, iframeUrl } = site.forms.servicePage;
    const booking = routes.filter((r) => r.kind === 'booking-page').map((r) => r.path);
    expect(booking).toEqual(mode !== 'form' && iframeUrl?.startsWith('/') ? [`${iframeUrl.replace(/\/$/, '')}/`] : []);
    if (slug === 'bayside-mg') expect(booking).toEqual(['/service/online-booking/']);
  });

  it('gives vehicle pages their similar vehicles as dependencies', () => {
    const withSimilar = routes.filter((r) => r.kind === 'vehicle' && (r.similar?.length ?? 0) > 0);
    expect(withSimilar.length).toBeGreaterThan(0);
    for (const r of withSimilar) expect(r.deps.vehicles!.slice(1)).toEqual((r as { similar: number[] }).similar);
  });
});

describe('site-specific routes', () => {
  it('gives the group its brand pages and the brand site its model and EV pages', () => {
    const group = manifestFor('summit-motor-group', 300).routes.map((r) => r.path);
    expect(group).toContain('/brands/');
    expect(group).toContain('/toyota/overview/');
    const brand = manifestFor('bayside-mg', 100).routes.map((r) => r.path);
    expect(brand).toEqual(expect.arrayContaining(['/pages/mg-im/', '/pages/mg-im/compare/', '/models/im5/', '/models/im6/']));
    expect(brand).not.toContain('/brands/');
  });

  it('puts every offer under both URL shapes, the manufacturer one canonical, and leaves out offers excluded for the site', () => {
    const { data, routes } = manifestFor('bayside-mg', 10);
    expect(data.offers.length).toBeGreaterThan(0);
    expect(data.offers.map((o) => String(o.id))).not.toContain('mg-national-fleet-rebate');
    for (const offer of data.offers) {
      const shapes = routes.filter((r) => r.kind === 'offer' && r.offerId === String(offer.id));
      expect(shapes.map((r) => r.path).sort()).toEqual([`/offers/${slugify(offer.manufacturer!)}/${offer.id}/`, `/offers/${offer.id}/`].sort());
      for (const r of shapes) expect((r as { canonicalPath: string }).canonicalPath).toBe(`/offers/${slugify(offer.manufacturer!)}/${offer.id}/`);
    }
  });
});

describe('updating the manifest after vehicle changes', () => {
  it('equals building it from scratch, for price changes, sales, additions and deletions', () => {
    const { site, data, routes } = manifestFor('summit-motor-group', 600);
    const extra = manifestFor('summit-motor-group', 700).data.vehicles.filter((v) => !data.vehicles.some((d) => d.id === v.id));
    const facetsOf = (list: typeof data.vehicles) => new Set(list.flatMap(vehicleFacets));
    const known = facetsOf(data.vehicles);
    const newcomer = extra.find((v) => vehicleFacets(v).every((f) => known.has(f)))!;
    const inStock = data.vehicles.filter((v) => v.status === 'in_stock');
    // Vehicles whose removal leaves every facet value in place.
    const removable = inStock.find((v) => vehicleFacets(v).every((f) => data.vehicles.some((o) => o.id !== v.id && vehicleFacets(o).includes(f))))!;
    const changes: Array<{ touched: number[]; vehicles: typeof data.vehicles }> = [
      { touched: [Number(inStock[3]!.id)], vehicles: data.vehicles.map((v) => (v.id === inStock[3]!.id ? { ...v, price: v.price - 2500 } : v)) },
      { touched: [Number(inStock[9]!.id)], vehicles: data.vehicles.map((v) => (v.id === inStock[9]!.id ? { ...v, status: 'sold' } : v)) },
      { touched: [Number(newcomer.id)], vehicles: [...data.vehicles, newcomer].sort((a, b) => Number(a.id) - Number(b.id)) },
      { touched: [Number(removable.id)], vehicles: data.vehicles.filter((v) => v.id !== removable.id) },
      // A price far out of the vehicle's old band, and over the wide-band threshold.
      { touched: [Number(inStock[5]!.id)], vehicles: data.vehicles.map((v) => (v.id === inStock[5]!.id ? { ...v, price: v.price + 60_000 } : v)) },
      // Relisted as the newest vehicle with no photos: its place in relevance order moves both ways.
      { touched: [Number(inStock[7]!.id)], vehicles: data.vehicles.map((v) => (v.id === inStock[7]!.id ? { ...v, created_at: '2030-01-01T00:00:00Z', images: [] } : v)) },
      // Back in stock, and two vehicles at once.
      {
        touched: [Number(inStock[11]!.id), Number(inStock[12]!.id)],
        vehicles: data.vehicles.map((v) => (v.id === inStock[11]!.id ? { ...v, status: 'coming_soon' as const } : v.id === inStock[12]!.id ? { ...v, price: Math.max(1, v.price - 12_000) } : v)),
      },
    ];
    for (const change of changes) {
      const after = { ...data, vehicles: change.vehicles };
      const updated = updateRouteManifest(site, { data, routes }, after, new Set(change.touched));
      expect(updated, 'a vehicle-only change updates in place').not.toBeNull();
      expect(updated).toEqual(buildRouteManifest(site, after));
    }
  });

  it('equals building it from scratch across a chain of updates, each derived from the one before', () => {
    const { site, data, routes } = manifestFor('summit-motor-group', 600);
    const inStock = data.vehicles.filter((v) => v.status === 'in_stock');
    let current = { data, routes };
    for (const [i, v] of inStock.slice(0, 11).entries()) {
      const vehicles = current.data.vehicles.map((x) => (x.id === v.id ? (i % 2 === 0 ? { ...x, price: x.price + 1500 * (i + 1) } : { ...x, status: 'sold' as const }) : x));
      const after = { ...current.data, vehicles };
      const updated = updateRouteManifest(site, current, after, new Set([Number(v.id)]));
      expect(updated, `update ${i}`).not.toBeNull();
      const fresh = buildRouteManifest(site, after);
      expect(updated).toEqual(fresh);
      // Its vehicles' groups, read through the updates before it (and put into one map again on the way), are
      // the fresh manifest's, by id and in order.
      const [groups, freshGroups] = [manifestParts(updated!).groups, manifestParts(fresh).groups];
      expect([...groups]).toEqual([...freshGroups]);
      for (const id of [Number(v.id), ...[...freshGroups.keys()].slice(0, 50)]) expect(groups.get(id)).toEqual(freshGroups.get(id));
      current = { data: after, routes: updated! };
    }
  });

  it("carries each filter's matches through an update whose pages ask for none of them", () => {
    const { site, data, routes } = manifestFor('summit-motor-group', 600);
    const first = data.vehicles.map((v) => ({ ...v }));
    // A filter of one make and two car types: its matches are a list of their own, not a facet's.
    const filter: SearchFilter = { make: first[0]!.make_slug, carTypes: ['new', 'demo'] };
    const matches = matchingVehicles(first, filter);
    let current = { data: { ...data, vehicles: first }, routes };
    // Two price changes to a vehicle the filter does not match: the list stays the same object throughout.
    const other = first.find((v) => v.status === 'in_stock' && !matchesFilter(v, filter))!;
    for (const step of [1, 2]) {
      const after = { ...current.data, vehicles: current.data.vehicles.map((v) => (v.id === other.id ? { ...v, price: v.price + 100 * step } : v)) };
      catalogueFollows(after.vehicles, current.data.vehicles);
      const updated = updateRouteManifest(site, current, after, new Set([Number(other.id)]));
      expect(updated, `update ${step}`).not.toBeNull();
      current = { data: after, routes: updated! };
    }
    expect(matchingVehicles(current.data.vehicles, filter)).toBe(matches);
  });

  it('equals building it from scratch for sales and price moves across the catalogue', () => {
    const { site, data, routes } = manifestFor('summit-motor-group', 600);
    const inStock = data.vehicles.filter((v) => v.status === 'in_stock' && v.price > 0);
    const onSimilarLists = new Set(routes.flatMap((r) => (r.kind === 'vehicle' ? (r.similar ?? []) : [])));
    // Vehicles on others' similar lists and vehicles on none, each sold and priced a little and a lot lower.
    const picks = [...inStock.filter((v) => onSimilarLists.has(Number(v.id))).slice(0, 12), ...inStock.filter((v) => !onSimilarLists.has(Number(v.id))).slice(0, 12)];
    expect(picks.length).toBeGreaterThan(12);
    const moves: Array<(v: (typeof data.vehicles)[number]) => (typeof data.vehicles)[number]> = [
      (v) => ({ ...v, status: 'sold' as const }),
      (v) => ({ ...v, price: v.price - 100 }),
      (v) => ({ ...v, price: v.price + 9_000 }),
      // Relisted as the newest: the same price, a new place in every list.
      (v) => ({ ...v, created_at: '2030-01-01T00:00:00Z' }),
    ];
    for (const v of picks) {
      for (const [m, move] of moves.entries()) {
        const after = { ...data, vehicles: data.vehicles.map((x) => (x.id === v.id ? move(x) : x)) };
        const updated = updateRouteManifest(site, { data, routes }, after, new Set([Number(v.id)]));
        expect(updated, `vehicle ${v.id}, move ${m}`).toEqual(buildRouteManifest(site, after));
      }
    }
  });

  it('equals building it from scratch when one model name belongs to two makes', () => {
    const { site, data: demo } = manifestFor('summit-motor-group', 300);
    const base = demo.vehicles.find((v) => v.status === 'in_stock' && v.price > 0 && (v.images?.length ?? 0) > 3)!;
    let id = 900_000;
    const car = (make: string, model: string, body: string, createdAt: string) => {
      id++;
      return { ...base, id: id as typeof base.id, slug: `car-${id}`, make, make_slug: slugify(make), model, model_slug: slugify(model), simple_body: body, created_at: createdAt };
    };
    // An Alpha X SUV whose similar list has two other Alpha Xs (sedans), then four of Alpha's other
    // models, newest first. Its body's ten newest SUVs are Gammas; the eleventh is a Beta named X too.
    const vehicle = car('Alpha', 'X', 'SUV', '2020-01-01T00:00:00Z');
    const sameModel = [car('Alpha', 'X', 'Sedan', '2021-06-02T00:00:00Z'), car('Alpha', 'X', 'Sedan', '2021-06-01T00:00:00Z')];
    const sameMake = Array.from({ length: 12 }, (_, i) => car('Alpha', 'Y', 'Sedan', `2021-05-${String(i + 1).padStart(2, '0')}T00:00:00Z`));
    const sameBody = Array.from({ length: 10 }, (_, i) => car('Gamma', 'Z', 'SUV', `2021-04-${String(i + 1).padStart(2, '0')}T00:00:00Z`));
    const namesake = car('Beta', 'X', 'SUV', '2021-01-01T00:00:00Z');
    const data = { ...demo, vehicles: [vehicle, ...sameModel, ...sameMake, ...sameBody, namesake] };
    const routes = buildRouteManifest(site, data);
    const similarOf = (list: Route[]) => (list.find((r) => r.kind === 'vehicle' && r.vehicleId === Number(vehicle.id)) as { similar: number[] }).similar;
    expect(similarOf(routes)).not.toContain(Number(sameBody[0]!.id));
    // Selling a Gamma that is not on the list lets the Beta X into the body's ten, and same model goes first.
    const after = { ...data, vehicles: data.vehicles.map((v) => (v.id === sameBody[9]!.id ? { ...v, status: 'sold' as const } : v)) };
    const built = buildRouteManifest(site, after);
    expect(similarOf(built)).toContain(Number(namesake.id));
    expect(updateRouteManifest(site, { data, routes }, after, new Set([Number(sameBody[9]!.id)]))).toEqual(built);
  });

  it('declines structural changes, leaving them to a full manifest build', () => {
    const { site, data, routes } = manifestFor('summit-motor-group', 300);
    const v = data.vehicles[0]!;
    const renamedMake = { ...data, vehicles: data.vehicles.map((x) => (x.id === v.id ? { ...x, make: 'Zzyzx', make_slug: 'zzyzx' } : x)) };
    expect(updateRouteManifest(site, { data, routes }, renamedMake, new Set([Number(v.id)]))).toBeNull();
    const newOffers = { ...data, offers: [] };
    expect(updateRouteManifest(site, { data, routes }, newOffers, new Set())).toBeNull();
    // A vehicle takes the slug of a later one, which normalising then publishes under another: the later
    // vehicle was not touched, but its pages move.
    const [first, later] = [data.vehicles[1]!, data.vehicles[2]!];
    const slugTaken = {
      ...data,
      vehicles: data.vehicles.map((x) => (x.id === first.id ? { ...x, slug: later.slug } : x.id === later.id ? { ...x, slug: `${later.slug}-${later.id}` } : x)),
    };
    expect(updateRouteManifest(site, { data, routes }, slugTaken, new Set([Number(first.id)]))).toBeNull();
  });
});

import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../../src/generator/collect-garbage.ts';
import type { SortOption } from '../../src/schemas/search-state.ts';
import type { NormalisedVehicle } from '../../src/schemas/snapshot.ts';
import { stockTally } from '../../src/generator/incremental.ts';
import { similarPriceBand, similarVehicles } from '../../src/rules/similar.ts';
import { catalogueFollows, firstPageAfterAvailability, namesOf, matchesByCarType, matchesFilter, matchingVehicles, searchAll, searchVehicles, similarIndex, vehiclesById, type SearchFilter } from '../../src/search/query.ts';
import { demoManifest } from '../support/demo-manifest.ts';

const SORTS: SortOption[] = ['mostRelevant', 'latest', 'highestPrice', 'lowestPrice'];

describe('a catalogue that follows another by an update', () => {
  const { site, data } = demoManifest('summit-motor-group', 600);
  const ids = (list: readonly NormalisedVehicle[]) => list.map((v) => v.id);
  // The same vehicles as a catalogue no search has seen: its orders come from a sort of its own.
  const fresh = (vehicles: readonly NormalisedVehicle[]) => vehicles.map((v) => ({ ...v }));
  const NOW = new Date(data.snapshot.pulledAt);
  /** The landing filters of a catalogue: each car type, make, model, body, location and dealership, and some pairs. */
  const filtersOf = (vehicles: readonly NormalisedVehicle[]): SearchFilter[] => {
    const filters: SearchFilter[] = [{}, { carTypes: ['new', 'demo'] }];
    for (const v of vehicles.slice(0, 200)) {
      filters.push({ carTypes: [v.car_type] }, { make: v.make_slug }, { make: v.make_slug, model: v.model_slug }, { body: v.simple_body }, { make: v.make_slug, carTypes: [v.car_type] }, { make: v.make_slug, carTypes: ['new', 'demo'] });
      if (v.location?.slug) filters.push({ location: v.location.slug });
      if (v.dealership_slug) filters.push({ dealership: v.dealership_slug, body: v.simple_body });
    }
    return [...new Map(filters.map((f) => [JSON.stringify(f), f])).values()];
  };

  it('is searched in the same order as a sort of the whole catalogue, across a chain of updates', () => {
    let before = data.vehicles;
    for (const sortBy of SORTS) searchAll(before, site, {}, sortBy);
    const [a, b, c, d] = [before[3]!, before[40]!, before[41]!, before[500]!];
    const steps: Array<(list: readonly NormalisedVehicle[]) => NormalisedVehicle[]> = [
      // A price cut: the vehicle is a new object, the rest are kept.
      (list) => list.map((v) => (v === a ? { ...v, price: Math.max(1, v.price - 2500) } : v)),
      // Two changes at once, one of them to the newest listing.
      (list) => list.map((v) => (v.id === b.id ? { ...v, price: v.price + 9000 } : v.id === c.id ? { ...v, created_at: '2030-01-01T00:00:00Z' } : v)),
      // Two vehicles trade places in the list and a third is replaced: the same length, read position by position.
      (list) => {
        const next = list.map((v) => (v.id === d.id ? { ...v, price: v.price + 1 } : v));
        [next[10], next[20]] = [next[20]!, next[10]!];
        return next;
      },
      // A sale, a deletion and a new vehicle.
      (list) => [...list.filter((v) => v.id !== d.id).map((v) => (v.id === a.id ? { ...v, status: 'sold' as const, price: 0 } : v)), { ...b, id: 999_001, slug: `${b.slug}-2`, price: 12_345 }],
    ];
    for (const step of steps) {
      const after = step(before);
      catalogueFollows(after, before);
      for (const sortBy of SORTS) {
        expect(ids(searchAll(after, site, {}, sortBy)), sortBy).toEqual(ids(searchAll(fresh(after), site, {}, sortBy)));
        expect(ids(searchAll(after, site, { make: a.make_slug }, sortBy)), `${sortBy}, one make`).toEqual(ids(searchAll(fresh(after), site, { make: a.make_slug }, sortBy)));
      }
      const similar = similarIndex(after);
      const reference = similarIndex(fresh(after));
      for (const v of after.slice(0, 120)) expect(ids(similar(v))).toEqual(ids(reference(v)));
      // And as the spec's three queries say: in stock, same model / make / body, in the price band, 10 each
      // in relevance order, then the similar-vehicles rule.
      const ranked = matchingVehicles(fresh(after), {});
      for (const v of after.slice(0, 120)) {
        const band = similarPriceBand(v.price);
        const hits = (same: (c: NormalisedVehicle) => boolean) =>
          ranked.filter((c) => c.status === 'in_stock' && c.id !== v.id && c.price >= band.min && c.price <= band.max && same(c)).slice(0, 10);
        const expected = similarVehicles(v, [
          ...hits((c) => c.make_slug === v.make_slug && c.model_slug === v.model_slug),
          ...hits((c) => c.make_slug === v.make_slug),
          ...hits((c) => c.simple_body === v.simple_body),
        ]);
        expect(ids(similar(v))).toEqual(ids(expected));
      }
      // Each landing filter's matches come from the facet lists and the filters' own lists, brought forward: the
      // catalogue's order, filtered.
      const everything = matchingVehicles(fresh(after), {});
      for (const filter of filtersOf(after)) {
        const matches = everything.filter((v) => matchesFilter(v, filter));
        expect(ids(matchingVehicles(after, filter)), JSON.stringify(filter)).toEqual(ids(matches));
        const byType: Record<string, number> = {};
        for (const v of matches) byType[v.car_type] = (byType[v.car_type] ?? 0) + 1;
        expect(matchesByCarType(after, filter), JSON.stringify(filter)).toEqual(byType);
      }
      // The stock tally by facet, brought forward by the vehicles that left and joined, is the one counted afresh.
      expect([...stockTally(site, after, NOW)].sort()).toEqual([...stockTally(site, fresh(after), NOW)].sort());
      before = after;
    }
  });

  it('finds each vehicle by id, in id order or not, and no vehicle for an id it does not hold', () => {
    const inOrder = fresh(data.vehicles).sort((a, b) => Number(a.id) - Number(b.id));
    const shuffled = [...inOrder.slice(300), ...inOrder.slice(0, 300)];
    for (const catalogue of [inOrder, shuffled]) {
      const byId = vehiclesById(catalogue);
      for (const v of catalogue) expect(byId.get(Number(v.id))).toBe(v);
      const ids = catalogue.map((v) => Number(v.id));
      for (const id of [Math.min(...ids) - 1, Math.max(...ids) + 1, ...ids.map((id) => id + 0.5).slice(0, 20)]) {
        expect(byId.get(id)).toBeUndefined();
        expect(byId.has(id)).toBe(false);
      }
    }
  });

  it('lets the catalogues before the one it follows go, with what is kept for them', async () => {
    let current: readonly NormalisedVehicle[] = fresh(data.vehicles);
    const held: Array<WeakRef<readonly NormalisedVehicle[]>> = [];
    for (let step = 0; step < 20; step++) {
      // An update's change, then the searches and sorts a running site's plan and pages ask of it.
      const after = current.map((v, i) => (i === step ? { ...v, price: v.price + 100 } : v));
      catalogueFollows(after, current);
      for (const sortBy of SORTS) searchAll(after, site, { make: after[step]!.make_slug }, sortBy);
      held.push(new WeakRef(current));
      current = after;
    }
    // A weak reference made in this turn holds its target until the turn ends.
    await nextTurn();
    collectGarbage();
    // The catalogue the current one follows is still wanted; every one before it is gone.
    expect(held.map((ref) => ref.deref() !== undefined)).toEqual([...Array<boolean>(19).fill(false), true]);
    expect(current).toHaveLength(data.vehicles.length);
  });

  it('keeps what its vehicles are named across updates that replace vehicles with ones named alike', () => {
    const first = fresh(data.vehicles);
    const names = namesOf(first);
    const sold = first.map((v, i) => (i === 7 ? { ...v, status: 'sold' as const, price: v.price - 900 } : v));
    catalogueFollows(sold, first);
    // Each update asks as it plans, before the next catalogue follows.
    expect(namesOf(sold)).toBe(names);
    const cut = sold.map((v, i) => (i === 8 ? { ...v, price: v.price - 100 } : v));
    catalogueFollows(cut, sold);
    expect(namesOf(cut)).toBe(names);
    // Another model: named otherwise from then on.
    const renamed = cut.map((v, i) => (i === 9 ? { ...v, model: `${v.model} X`, model_slug: `${v.model_slug}-x` } : v));
    catalogueFollows(renamed, cut);
    expect(namesOf(renamed)).not.toBe(names);
    // A catalogue that follows none has names of its own, however alike.
    expect(namesOf(fresh(first))).not.toBe(names);
  });

  it('is sorted afresh when most of it is new, with the same result', () => {
    const before = data.vehicles;
    searchAll(before, site, {}, 'lowestPrice');
    const after = before.map((v, i) => (i % 2 === 0 ? { ...v, price: v.price + i } : v));
    catalogueFollows(after, before);
    expect(ids(searchAll(after, site, {}, 'lowestPrice'))).toEqual(ids(searchAll(fresh(after), site, {}, 'lowestPrice')));
  });
});

describe('one page of a search', () => {
  const { site, data } = demoManifest('summit-motor-group', 300);
  // Runs of sold vehicles among the available ones, so collapsing has something to do, and some without a price.
  const vehicles = data.vehicles.map((v, i) => (i % 7 < 3 ? { ...v, status: 'sold' as const } : i % 11 === 0 ? { ...v, price: 0 } : v));

  it('is the page of the whole collapsed list, with its count, for every sort, page and collapse setting', () => {
    const filters: SearchFilter[] = [{}, { carTypes: ['used'] }, { make: vehicles[5]!.make_slug }, { carTypes: ['new', 'demo'] }, { make: 'no-such-make' }];
    for (const collapseSold of [true, false]) {
      for (const lowestPriceExcludesZero of [true, false]) {
        const s = { ...site, search: { ...site.search, collapseSold, lowestPriceExcludesZero, pageSize: 12 } };
        for (const filter of filters) {
          for (const sortBy of SORTS) {
            const all = searchAll(vehicles, s, filter, sortBy);
            const nbPages = Math.max(1, Math.ceil(all.length / 12));
            for (const asked of [1, 2, nbPages, nbPages + 3]) {
              const page = Math.min(asked, nbPages);
              expect(searchVehicles(vehicles, s, { filter, sortBy, page: asked }), JSON.stringify({ collapseSold, lowestPriceExcludesZero, filter, sortBy, asked })).toEqual({
                hits: all.slice((page - 1) * 12, page * 12),
                nbHits: all.length,
                page,
                nbPages,
              });
            }
          }
        }
      }
    }
  });

  it('shows every sold vehicle when none is available', () => {
    const sold = vehicles.slice(0, 30).map((v) => ({ ...v, status: 'sold' as const }));
    expect(searchVehicles(sold, site, {}).nbHits).toBe(30);
  });
});

describe('the first page after vehicles change availability', () => {
  const { site, data } = demoManifest('summit-motor-group', 300);
  const s = { ...site, search: { ...site.search, pageSize: 12 } };
  const vehicles = data.vehicles.map((v, i) => (i % 7 < 3 ? { ...v, status: 'sold' as const } : v));
  const filters: SearchFilter[] = [{}, { carTypes: ['used'] }, { make: vehicles[5]!.make_slug }, { carTypes: ['new', 'demo'] }];
  const flip = (v: NormalisedVehicle): NormalisedVehicle => ({ ...v, status: v.status === 'sold' ? (Number(v.id) % 2 ? 'in_stock' : 'coming_soon') : 'sold' });
  const after = (catalogue: readonly NormalisedVehicle[], ids: ReadonlySet<number>) => catalogue.map((v) => (ids.has(v.id) ? flip(v) : v));

  it('equals a search of the whole catalogue: sales and returns, alone, side by side, at the start and the end of runs', () => {
    const order = searchAll(vehicles, { ...s, search: { ...s.search, collapseSold: false } }, {});
    // Pairs and triples of neighbours in relevance order flip together, as do vehicles far apart.
    const picks = [[0], [1], [2], [3], [0, 1], [3, 4], [5, 6, 7], [order.length - 1], [order.length - 2, order.length - 1], [4, 40, 120], [10, 11, 200, 201]];
    let compared = 0;
    for (const collapseSold of [true, false]) {
      const sc = { ...s, search: { ...s.search, collapseSold } };
      for (const pick of picks) {
        const ids = new Set(pick.map((at) => order[at]!.id));
        const next = after(vehicles, ids);
        const changes = [...ids].map((id) => ({ was: vehicles.find((v) => v.id === id), now: next.find((v) => v.id === id) }));
        for (const filter of filters) {
          const before = searchVehicles(vehicles, sc, { filter });
          const expected = searchVehicles(next, sc, { filter });
          const derived = firstPageAfterAvailability(next, sc, filter, changes, before.nbHits);
          expect(derived, JSON.stringify({ collapseSold, pick, filter })).toEqual({ hits: expected.hits, nbHits: expected.nbHits });
          compared++;
        }
      }
    }
    expect(compared).toBe(2 * picks.length * filters.length);
  });

  it('declines a change that joins or leaves the filter, moves in relevance, or starts or stops the collapsing', () => {
    const [v] = vehicles.filter((x) => x.status === 'in_stock');
    const count = searchVehicles(vehicles, s, {}).nbHits;
    const cheaper = { ...v!, price: 0 };
    expect(firstPageAfterAvailability(vehicles.map((x) => (x === v ? cheaper : x)), s, {}, [{ was: v, now: cheaper }], count)).toBeNull();
    const otherMake = { ...v!, make_slug: 'no-such-make' };
    expect(firstPageAfterAvailability(vehicles, s, { make: v!.make_slug }, [{ was: v, now: otherMake }], count)).toBeNull();
    expect(firstPageAfterAvailability(vehicles, s, {}, [{ was: v, now: undefined }], count)).toBeNull();
    // The last available vehicle of a list sells: every sold one shows from then on.
    const few = vehicles.slice(0, 20).map((x, i) => ({ ...x, status: i === 8 ? ('in_stock' as const) : ('sold' as const) }));
    const lastSold = few.map((x, i) => (i === 8 ? { ...x, status: 'sold' as const } : x));
    expect(firstPageAfterAvailability(lastSold, s, {}, [{ was: few[8], now: lastSold[8] }], searchVehicles(few, s, {}).nbHits)).toBeNull();
  });
});

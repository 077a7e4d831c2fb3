import { mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { searchFiles, searchIndexText, writeSearchFiles } from '../../src/generator/search-files.ts';
import { createSearchEngine, preparedOf, type EngineConfig, type SearchEngine, type SearchParams, type SearchRecord } from '../../src/search/engine.ts';
import { searchEngineAfter } from '../../src/search/engine-update.ts';
import { decodeIndex, type EncodedIndex } from '../../src/search/index-codec.ts';
import { searchLandings } from '../../src/search/landings.ts';
import { cardFilePath, cardGroup, EMBEDDED_INDEX, LISTING_FACETS, listingEngineConfig, sortIndexName, type ListingRecord, type SearchIndexFile } from '../../src/search/listing.ts';
import { catalogueFollows, matchesFilter } from '../../src/search/query.ts';
import { SORT_OPTIONS } from '../../src/search/state.ts';
import { listingNames, listingRecord } from '../../src/views/search-records.ts';
import { demoManifest, DEMO_NOW } from '../support/demo-manifest.ts';
import { referenceSearch } from '../support/search-reference.ts';
import { seededRandom } from '../support/seeded-random.ts';

// The listing index is what the island searches: it must answer exactly as a plain reference does over
// the same records, and every landing page's refinements must find exactly the vehicles that page lists.

const { site, data, routes } = demoManifest('summit-motor-group', 900);
const names = listingNames(data);
const records = [...data.vehicles].sort((a, b) => a.id - b.id).map((v) => listingRecord(v, names, site, DEMO_NOW));
const config = listingEngineConfig(EMBEDDED_INDEX);
const engine = createSearchEngine(records, config);

const random = seededRandom;

const valuesOf = (attribute: keyof ListingRecord) =>
  [...new Set(records.flatMap((r) => (Array.isArray(r[attribute]) ? (r[attribute] as string[]) : r[attribute] === null ? [] : [String(r[attribute])])))].sort();

/** A query as the island sends it: refinements as OR groups, a chosen price range, a sort replica, text. */
function islandQuery(seed: number): { indexName: string; params: SearchParams } {
  const r = random(seed);
  const facetFilters: string[][] = [];
  for (const attribute of ['make', 'car_type', 'body', 'fuel', 'year', 'location_name', 'certified', 'tag', 'filtered_features'] as const) {
    if (r.chance(0.18)) facetFilters.push(Array.from({ length: 1 + Math.floor(r.next() * 2) }, () => `${attribute}:${r.pick(valuesOf(attribute))}`));
  }
  const numericFilters: string[] = [];
  if (r.chance(0.3)) numericFilters.push(`price>=${5000 + Math.floor(r.next() * 30) * 1000}`);
  if (r.chance(0.3)) numericFilters.push(`price<=${20000 + Math.floor(r.next() * 60) * 1000}`);
  const sort = r.pick(SORT_OPTIONS);
  if (sort === 'lowestPrice' && site.search.lowestPriceExcludesZero) numericFilters.push('price>0');
  const record = r.pick(records);
  const query = r.chance(0.35) ? r.pick([record.make, record.model, record.colour ?? record.body, record.stocknum ?? record.make]).toLowerCase().slice(0, 3 + Math.floor(r.next() * 4)) : '';
  return {
    indexName: sortIndexName(EMBEDDED_INDEX, sort),
    params: { query, facetFilters, numericFilters, facets: [...LISTING_FACETS, 'price'], hitsPerPage: site.search.pageSize, page: r.chance(0.3) ? 1 : 0, maxValuesPerFacet: 1000 },
  };
}

describe('the listing index', () => {
  it('answers 300 island queries (refinements, price ranges, every sort, pages, text) exactly as the plain reference', () => {
    let withHits = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const { indexName, params } = islandQuery(seed);
      const [result] = engine.search([{ indexName, params }]).results;
      const expected = referenceSearch(records, config, indexName, params);
      const label = `query ${seed}: ${indexName} ${JSON.stringify(params)}`;
      expect(result!.nbHits, label).toBe(expected.nbHits);
      expect(result!.hits.map((h) => h.objectID), label).toEqual(expected.ids);
      expect(result!.facets, label).toEqual(expected.facets);
      if (expected.nbHits > 0) withHits++;
    }
    expect(withHits).toBeGreaterThan(150);
  });

  it('finds exactly the vehicles of every landing page from that page\'s refinements', () => {
    const landings = searchLandings(routes, data);
    const searchRoutes = new Map(routes.filter((r) => r.kind === 'search' && !r.canonicalPath).map((r) => [r.path, r]));
    expect(landings.length).toBe(searchRoutes.size);
    for (const landing of landings) {
      const route = searchRoutes.get(landing.path)!;
      if (route.kind !== 'search') throw new Error('not a search route');
      const facetFilters = Object.entries(landing.refinements).map(([attribute, values]) => values.map((v) => `${attribute}:${v}`));
      const [result] = engine.search([{ indexName: EMBEDDED_INDEX, params: { facetFilters, hitsPerPage: 10_000 } }]).results;
      const expected = data.vehicles.filter((v) => matchesFilter(v, route.filter)).map((v) => String(v.id)).sort();
      expect(result!.hits.map((h) => h.objectID).sort(), landing.path).toEqual(expected);
    }
  });

  it('sorts lowest price first by the price a card shows, and leaves out $0 where the site asks', () => {
    const [result] = engine.search([{ indexName: sortIndexName(EMBEDDED_INDEX, 'lowestPrice'), params: { numericFilters: ['price>0'], hitsPerPage: 50 } }]).results;
    const prices = result!.hits.map((h) => h.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices[0]).toBeGreaterThan(0);
  });
});

describe('the engine of an updated catalogue', () => {
  it('starts from the previous engine and answers every query as an engine built afresh, the previous one unchanged', () => {
    const queries = [
      ...Array.from({ length: 150 }, (_, i) => islandQuery(1000 + i)),
      // No filter and no text, as the stock page and each refinement list's own counts ask: counted from
      // the tallies over every record, which the update carries.
      { indexName: EMBEDDED_INDEX, params: { facets: [...LISTING_FACETS, 'price'], hitsPerPage: site.search.pageSize, maxValuesPerFacet: 1000 } },
      { indexName: sortIndexName(EMBEDDED_INDEX, 'lowestPrice'), params: { facets: ['*'], hitsPerPage: site.search.pageSize, page: 1 } },
      { indexName: EMBEDDED_INDEX, params: { facets: 'make', hitsPerPage: 0, maxValuesPerFacet: 200 } },
      // Filters whose counts the update carries: a negated value, a group written as one string, a price
      // range with the price's statistics, a refinement list's count with its own refinement left out.
      { indexName: EMBEDDED_INDEX, params: { facetFilters: ['car_type:-new', [`make:${records[10]!.make}`, `make:${records[30]!.make}`]], facets: ['*', 'price'], hitsPerPage: 20, page: 1 } },
      { indexName: sortIndexName(EMBEDDED_INDEX, 'highestPrice'), params: { facetFilters: [[`body:${records[60]!.body}`]], numericFilters: ['price>=10000'], facets: ['price', 'make'], hitsPerPage: 20 } },
      { indexName: EMBEDDED_INDEX, params: { facetFilters: [[`make:${records[10]!.make}`]], facets: 'model', hitsPerPage: 0, maxValuesPerFacet: 200 } },
    ];
    // Everything but the time taken.
    const answers = (e: typeof engine) => queries.map(({ indexName, params }) => ({ ...e.search([{ indexName, params }]).results[0]!, processingTimeMS: 0 }));
    const facetSearch = (e: typeof engine) => ({
      ...e.searchForFacetValues({ indexName: EMBEDDED_INDEX, params: { facetName: 'make', facetQuery: records[5]!.make.slice(0, 2), facetFilters: [['car_type:used', 'car_type:new']] } }),
      processingTimeMS: 0,
    });
    let before = records;
    let previous = engine;
    const steps: Array<(list: ListingRecord[]) => ListingRecord[]> = [
      // A price cut: one number moves, in one record.
      (list) => list.map((r, i) => (i === 10 ? { ...r, price: Math.max(1, (r.price ?? 0) - 3000) } : r)),
      // A vehicle sold, another given a make no other vehicle has (a new facet value and new words), a third
      // losing its colour and its features.
      (list) => list.map((r, i) => (i === 20 ? { ...r, status: 'sold' } : i === 30 ? { ...r, make: 'Zzyzx', model: 'Quokka' } : i === 40 ? { ...r, colour: null, filtered_features: [] } : r)),
      // The one vehicle of that make changes back, so its value and words leave the engine again.
      (list) => list.map((r, i) => (i === 30 ? records[30]! : r)),
      // A vehicle given two tags where each had at most one (the tags are then counted by their sets), and
      // one of a body no other vehicle has, counted by its value's place among the values.
      (list) => list.map((r, i) => (i === 50 ? { ...r, tag: ['certified', 'new arrival'] } : i === 60 ? { ...r, body: 'Hovercraft' } : r)),
      (list) => list.map((r, i) => (i === 50 ? records[50]! : i === 61 ? { ...r, body: 'Hovercraft' } : r)),
      // A price above every other, then down again (the highest price left: counted afresh), then prices
      // with cents (a sum of them is not carried).
      (list) => list.map((r, i) => (i === 70 ? { ...r, price: 999_999 } : r)),
      (list) => list.map((r, i) => (i === 70 ? { ...r, price: 5_000 } : r)),
      (list) => list.map((r, i) => (i === 71 ? { ...r, price: 23_456.3 } : r)),
      (list) => list.map((r, i) => (i === 72 ? { ...r, price: 17_777.7 } : i === 71 ? { ...r, price: 23_001.9 } : r)),
      // A vehicle moved into the first page of a make's results, and a sale.
      (list) => list.map((r, i) => (i === 80 ? { ...r, make: records[10]!.make, created_at: 4_000_000_000 } : i === 90 ? { ...r, status: 'sold' } : r)),
    ];
    for (const step of steps) {
      const after = step(before);
      const earlier = answers(previous);
      const patched = searchEngineAfter(previous, after, config);
      const fresh = createSearchEngine(after, config);
      expect(answers(patched)).toEqual(answers(fresh));
      // Each sort index's order, with every record's position and rank in it, as built afresh.
      const ordersOf = (e: typeof engine) => [...preparedOf(e)!.orders].map(([name, o]) => [name, [...o.sorted], [...o.position], [...o.rank]]);
      expect(ordersOf(patched)).toEqual(ordersOf(fresh));
      expect(facetSearch(patched)).toEqual(facetSearch(fresh));
      expect(answers(previous), 'the previous engine answers as it did').toEqual(earlier);
      before = after;
      previous = patched;
    }
    const zzyzx = { indexName: EMBEDDED_INDEX, params: { query: 'zzyzx quokka', facets: ['make'] } };
    expect(searchEngineAfter(engine, steps[1]!(records), config).search([zzyzx]).results[0]!.nbHits).toBe(1);
    expect(previous.search([zzyzx]).results[0]!.nbHits).toBe(0);
  });
});

describe('the orders of an updated engine', () => {
  // Records the order cannot tell apart share a rank (the place of the first of them); a replaced record
  // can join such a run in its own place or leave one, moving others' ranks beyond the places it touched.
  interface Priced extends SearchRecord {
    price: number;
  }
  const config: EngineConfig<Priced> = { facets: [], numeric: ['price'], searchable: [], indices: { byPrice: { compare: (a, b) => a.price - b.price, beforeRelevance: true } } };
  const list = (prices: number[]): Priced[] => prices.map((price, i) => ({ objectID: String(i), price }));
  const ordersOf = (e: SearchEngine<Priced>) => [...preparedOf(e)!.orders].map(([name, o]) => [name, [...o.sorted], [...o.position], [...o.rank]]);

  it.each([
    ['joins a run in its own place', [100, 150, 200, 200, 200, 300], 1, 200],
    ['leaves a run in its own place', [100, 200, 200, 200, 200, 300], 1, 150],
    ['moves down into a run', [100, 150, 200, 200, 250, 300], 0, 200],
    ['moves up out of a run', [100, 200, 200, 200, 250, 300], 3, 50],
  ] as const)('matches one built afresh when a record %s', (_name, prices, at, price) => {
    const before = list([...prices]);
    const after = before.map((r, i) => (i === at ? { ...r, price } : r));
    expect(ordersOf(searchEngineAfter(createSearchEngine(before, config), after, config))).toEqual(ordersOf(createSearchEngine(after, config)));
  });
});

describe('the counts an updated engine carries', () => {
  interface Priced extends SearchRecord {
    price: number;
  }
  const config: EngineConfig<Priced> = { facets: [], numeric: ['price'], searchable: [], indices: { byPrice: { compare: (a, b) => a.price - b.price, beforeRelevance: true } } };
  const statsOf = (e: SearchEngine<Priced>) => e.search([{ indexName: 'byPrice', params: { facets: ['price'], hitsPerPage: 0 } }]).results[0]!.facets_stats;

  it('adds up a price statistic afresh once a price has cents, as a sum of them depends on the order of adding', () => {
    let records: Priced[] = [1, 5, 9].map((price, i) => ({ objectID: String(i), price }));
    let engine = createSearchEngine(records, config);
    statsOf(engine);
    // Neither changed price is the smallest or the largest when it goes.
    for (const [at, price] of [[1, 0.2], [0, 0.7]] as const) {
      records = records.map((r, i) => (i === at ? { ...r, price } : r));
      engine = searchEngineAfter(engine, records, config);
      // In the index's order 0.2 + 0.7 + 9 is 9.9; carried as 10.2 - 1 + 0.7 it would be 9.899999999999999.
      expect(statsOf(engine)).toEqual(statsOf(createSearchEngine(records, config)));
    }
  });
});

describe('the search files of a release', () => {
  const folders: string[] = [];
  afterAll(async () => Promise.all(folders.map((f) => rm(f, { recursive: true, force: true }))));

  it('hold every listing record and each vehicle\'s card, in files of neighbouring ids named by their content', () => {
    const search = searchFiles(site, data, {}, DEMO_NOW);
    const { files } = search;
    const index = JSON.parse(searchIndexText(search)) as SearchIndexFile<EncodedIndex>;
    expect(decodeIndex(index.index)).toEqual(records.map((r) => ({ ...r })));
    for (const vehicle of data.vehicles.slice(0, 50)) {
      const group = cardGroup(String(vehicle.id));
      const cards = JSON.parse(files.get(`/_search/cards/${group}.${index.cards[group]}.json`)!) as Record<string, { href: string }>;
      expect(cards[String(vehicle.id)]!.href).toBe(`/cars/${vehicle.slug}/`);
    }
  });

  it('made for each catalogue of a chain of updates, are the files made for that catalogue afresh', () => {
    let before = data.vehicles;
    // One image index throughout, as a running site keeps its own while no photos are added.
    const images = {};
    searchFiles(site, data, images, DEMO_NOW);
    const steps: Array<(list: typeof before) => typeof before> = [
      // A price change and a sale in one update.
      (list) => list.map((v, i) => (i === 4 ? { ...v, price: v.price + 700 } : i === 90 ? { ...v, status: 'sold' as const } : v)),
      // Two vehicles of one card group.
      (list) => list.map((v, i) => (i === 5 || i === 6 ? { ...v, price: v.price - 300 } : v)),
      // A vehicle gone and a new one: grouped afresh.
      (list) => [...list.slice(1), { ...list[0]!, id: 990_001, slug: 'new-arrival-990001' }],
      (list) => list.map((v, i) => (i === 7 ? { ...v, price: v.price + 1 } : v)),
    ];
    for (const step of steps) {
      const after = step(before);
      catalogueFollows(after, before);
      const made = searchFiles(site, { ...data, vehicles: after }, images, DEMO_NOW);
      const fresh = searchFiles(site, { ...data, vehicles: after.map((v) => ({ ...v })) }, images, DEMO_NOW);
      expect(Object.fromEntries(made.files)).toEqual(Object.fromEntries(fresh.files));
      expect(searchIndexText(made)).toBe(searchIndexText(fresh));
      expect(made.cards).toEqual(fresh.cards);
      before = after;
    }
  });

  it('rewrite only the card group of a changed vehicle, and keep the previous group file for one more update', async () => {
    const release = await mkdtemp(path.join(tmpdir(), 'search-files-'));
    folders.push(release);
    await writeSearchFiles(release, searchFiles(site, data, {}, DEMO_NOW));
    const before = new Set(await readdir(path.join(release, '_search', 'cards')));

    const changed = data.vehicles[10]!;
    const reprice = (price: number) => ({ ...data, vehicles: data.vehicles.map((v) => (v.id === changed.id ? { ...v, price } : v)) });
    const first = await writeSearchFiles(release, searchFiles(site, reprice(changed.price + 1000), {}, DEMO_NOW));
    expect(first.written).toBe(2); // the changed group and the index
    const after = new Set(await readdir(path.join(release, '_search', 'cards')));
    const added = [...after].filter((f) => !before.has(f));
    expect(added.map((f) => f.split('.')[0])).toEqual([cardGroup(String(changed.id))]);
    expect([...before].every((f) => after.has(f))).toBe(true);

    await writeSearchFiles(release, searchFiles(site, reprice(changed.price + 2000), {}, DEMO_NOW));
    const third = new Set(await readdir(path.join(release, '_search', 'cards')));
    // The file two updates old is gone; the one the previous index named stays.
    expect(third.size).toBe(before.size + 1);
    expect(third.has(added[0]!)).toBe(true);
    const index = JSON.parse(await readFile(path.join(release, '_search', 'index.json'), 'utf8')) as SearchIndexFile;
    expect(Object.values(index.cards).length).toBe(before.size);
  });

  it('keep the card files of an index another writer put in place', async () => {
    const release = await mkdtemp(path.join(tmpdir(), 'search-files-'));
    folders.push(release);
    const changed = data.vehicles[10]!;
    const reprice = (price: number) => ({ ...data, vehicles: data.vehicles.map((v) => (v.id === changed.id ? { ...v, price } : v)) });
    const indexFile = path.join(release, '_search', 'index.json');
    const group = cardGroup(String(changed.id));
    await writeSearchFiles(release, searchFiles(site, data, {}, DEMO_NOW));
    const original = JSON.parse(await readFile(indexFile, 'utf8')) as SearchIndexFile;
    await writeSearchFiles(release, searchFiles(site, reprice(changed.price + 1000), {}, DEMO_NOW));
    // Another process puts back an index naming the first card file of the group, as a rename does.
    await writeFile(`${indexFile}.other`, JSON.stringify(original));
    await rename(`${indexFile}.other`, indexFile);
    await writeSearchFiles(release, searchFiles(site, reprice(changed.price + 2000), {}, DEMO_NOW));
    const cards = await readdir(path.join(release, '_search', 'cards'));
    // The file that index names stays for the pages still holding it.
    expect(cards).toContain(path.basename(cardFilePath(group, original.cards[group]!)));
  });
});

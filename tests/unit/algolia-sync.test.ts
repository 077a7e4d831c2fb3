import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostedRecords, syncHostedIndex } from '../../src/generator/algolia-sync.ts';
import { searchFiles } from '../../src/generator/search-files.ts';
import { algoliaClient } from '../../src/islands/search/search-client.ts';
import { createSearchEngine } from '../../src/search/engine.ts';
import { listingEngineConfig, sortIndexName } from '../../src/search/listing.ts';
import type { SiteConfig } from '../../src/schemas/site-config.ts';
import { demoManifest, DEMO_NOW } from '../support/demo-manifest.ts';
import { startAlgoliaStandin, type AlgoliaStandin } from '../support/algolia-standin.ts';

// A site whose config names a hosted index: the build and the incremental path keep that index equal to the
// site's listing records, checked against a loopback server speaking the Algolia endpoints the client calls.

const INDEX = 'summit_vehicles';
const ADMIN_KEY = 'admin-key-from-the-environment';
const demo = demoManifest('summit-motor-group', 300);
const site: SiteConfig = {
  ...demo.site,
  search: { ...demo.site.search, backend: { kind: 'algolia', appId: 'TESTAPP', searchKey: 'search-only-key', indexName: INDEX, adminKeyEnv: 'SUMMIT_ALGOLIA_ADMIN_KEY' } },
};
const env = { SUMMIT_ALGOLIA_ADMIN_KEY: ADMIN_KEY };
const recordsOf = (data: typeof demo.data) => {
  const search = searchFiles(site, data, {}, DEMO_NOW);
  return hostedRecords(search.records, search.cards);
};

let standin: AlgoliaStandin;
let root: string;
beforeAll(async () => {
  standin = await startAlgoliaStandin(INDEX);
  root = await mkdtemp(path.join(tmpdir(), 'algolia-sync-'));
});
afterAll(async () => {
  await standin.close();
  await rm(root, { recursive: true, force: true });
});

describe('the hosted search index', () => {
  it('is filled on a full build: settings for the primary index and each sort replica, every record with its card', async () => {
    const result = await syncHostedIndex(site, recordsOf(demo.data), { root, mode: 'full', env, hosts: [standin.url] });
    expect(result).toEqual({ saved: demo.data.vehicles.length, deleted: 0, settingsChanged: true });
    expect(standin.indices.get(INDEX)!.size).toBe(demo.data.vehicles.length);
    const stored = standin.indices.get(INDEX)!.get(String(demo.data.vehicles[0]!.id))!;
    expect((stored.card as { href: string }).href).toBe(`/cars/${demo.data.vehicles[0]!.slug}/`);
    expect(standin.settings.get(INDEX)!.replicas).toEqual(['latest', 'highestPrice', 'lowestPrice'].map((s) => `${INDEX}_${s}`));
    expect(standin.settings.get(`${INDEX}_lowestPrice`)!.ranking).toEqual(expect.arrayContaining(['asc(price)']));
    expect((standin.settings.get(`${INDEX}_lowestPrice`)!.ranking as string[])[0]).toBe('asc(price)');
    // Every call carries the admin key from the environment.
    expect(new Set(standin.requests.map((r) => r.apiKey))).toEqual(new Set([ADMIN_KEY]));
  });

  it('gets only what changed from an incremental update: a price change, a sale gone, a new vehicle', async () => {
    standin.requests.length = 0;
    const [changed, gone] = [demo.data.vehicles[3]!, demo.data.vehicles[4]!];
    const added = { ...demo.data.vehicles[5]!, id: 990001, slug: 'new-arrival-990001', stocknum: 'NEW990001' };
    const next = { ...demo.data, vehicles: [...demo.data.vehicles.filter((v) => v.id !== gone.id).map((v) => (v.id === changed.id ? { ...v, price: v.price + 500 } : v)), added] };
    const result = await syncHostedIndex(site, recordsOf(next), { root, mode: 'update', env, hosts: [standin.url] });
    expect(result).toEqual({ saved: 2, deleted: 1, settingsChanged: false });
    expect(standin.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`POST /1/indexes/${INDEX}/batch`]);
    const sent = (standin.requests[0]!.body as { requests: Array<{ action: string; body: { objectID: string } }> }).requests.map((r) => `${r.action} ${r.body.objectID}`);
    expect(sent.sort()).toEqual([`addObject ${added.id}`, `addObject ${changed.id}`, `deleteObject ${gone.id}`].sort());
    expect(standin.indices.get(INDEX)!.get(String(changed.id))!.price).toBe(changed.price + 500);
    expect(standin.indices.get(INDEX)!.has(String(gone.id))).toBe(false);
  });

  it('is repaired by the next full build when it was changed elsewhere', async () => {
    const victim = String(demo.data.vehicles[10]!.id);
    standin.indices.get(INDEX)!.delete(victim);
    standin.requests.length = 0;
    const result = await syncHostedIndex(site, recordsOf(demo.data), { root, mode: 'full', env, hosts: [standin.url] });
    expect(standin.requests.some((r) => r.path === `/1/indexes/${INDEX}/browse`)).toBe(true);
    // The record removed behind its back comes back, and the update's three changes are undone.
    expect(result.saved).toBe(3);
    expect(result.deleted).toBe(1);
    expect(standin.indices.get(INDEX)!.size).toBe(demo.data.vehicles.length);
    expect(standin.indices.get(INDEX)!.has(victim)).toBe(true);
  });

  it('refuses without the admin key, naming the variable to set', async () => {
    await expect(syncHostedIndex(site, recordsOf(demo.data), { root, mode: 'full', env: {}, hosts: [standin.url] })).rejects.toThrow(/SUMMIT_ALGOLIA_ADMIN_KEY is not set/);
  });

  it('answers the island through the lite client as the embedded engine does, each hit with its card', async () => {
    const client = algoliaClient('TESTAPP', 'search-only-key', [standin.url]);
    const make = demo.data.vehicles[0]!.make;
    const params = { facetFilters: [[`make:${make}`]], facets: ['make', 'body', 'price'], hitsPerPage: 21 };
    const { results } = await client.search([{ indexName: sortIndexName(INDEX, 'lowestPrice'), params }]);
    const hosted = results[0] as { nbHits: number; hits: Array<{ objectID: string; card?: unknown }>; facets: unknown };
    const search = searchFiles(site, demo.data, {}, DEMO_NOW);
    const local = createSearchEngine(search.records, listingEngineConfig(INDEX)).search([{ indexName: sortIndexName(INDEX, 'lowestPrice'), params }]).results[0]!;
    expect(hosted.nbHits).toBe(local.nbHits);
    expect(hosted.hits.map((h) => h.objectID)).toEqual(local.hits.map((h) => h.objectID));
    expect(hosted.facets).toEqual(local.facets);
    expect(hosted.hits.every((h) => h.card !== undefined)).toBe(true);
    expect(standin.requests.at(-1)!.apiKey).toBe('search-only-key');
  });
});

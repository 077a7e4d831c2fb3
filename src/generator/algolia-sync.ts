/**
 * Keeps a site's hosted Algolia index equal to its listing records, for sites whose config names one
 * (`search.backend.kind: algolia`). Each record is the listing record with its result card and a content
 * hash; the sync sends only records whose hash changed and deletes the ones that left. A full build reads
 * what the index holds (browsing only the hashes) so it also repairs an index changed elsewhere; an
 * incremental update diffs against the state the last sync left in `data/snapshots/<slug>.search-sync.json`.
 * The admin key comes from the environment variable the config names, never from a file.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { algoliasearch } from 'algoliasearch';
import { writeFileAtomic } from '../data/feed-files.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import { LISTING_FACETS, LISTING_SEARCHABLE, sortIndexName, type ListingRecord } from '../search/listing.ts';
import { SORT_OPTIONS, type SortOption } from '../search/state.ts';
import type { ResultCardData } from '../views/search-records.ts';

type AlgoliaBackend = Extract<SiteConfig['search']['backend'], { kind: 'algolia' }>;

/** A record as the hosted index holds it. */
export type HostedRecord = { [K in keyof ListingRecord as string extends K ? never : K]: ListingRecord[K] } & { card: ResultCardData; _hash: string };

export interface SyncState {
  index: string;
  settings: string;
  records: Record<string, string>;
}

export interface SyncResult {
  saved: number;
  deleted: number;
  settingsChanged: boolean;
}

/** Records sent per batch request (Algolia recommends about 1,000). */
const BATCH = 1000;

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

export const syncStatePath = (slug: string, root = '.') => path.join(root, 'data', 'snapshots', `${slug}.search-sync.json`);

/** The primary index's settings, and each sort replica's ranking. */
export function hostedSettings(backend: AlgoliaBackend, pageSize: number): Array<{ indexName: string; settings: Record<string, unknown> }> {
  const replicas = SORT_OPTIONS.filter((s) => s !== 'mostRelevant').map((s) => sortIndexName(backend.indexName, s));
  const defaultRanking = ['typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact', 'custom'];
  const sortRanking: Record<Exclude<SortOption, 'mostRelevant'>, string> = { latest: 'desc(created)', highestPrice: 'desc(price)', lowestPrice: 'asc(price)' };
  const shared = {
    attributesForFaceting: [...LISTING_FACETS.map((a) => `searchable(${a})`), 'price'],
    searchableAttributes: [...LISTING_SEARCHABLE],
    customRanking: ['desc(rank)', 'desc(created)'],
    hitsPerPage: pageSize,
    attributesToHighlight: [],
  };
  return [
    { indexName: backend.indexName, settings: { ...shared, replicas } },
    ...SORT_OPTIONS.filter((s): s is Exclude<SortOption, 'mostRelevant'> => s !== 'mostRelevant').map((sort) => ({
      indexName: sortIndexName(backend.indexName, sort),
      settings: { ...shared, ranking: [sortRanking[sort], ...defaultRanking], customRanking: ['desc(created)'] },
    })),
  ];
}

export function hostedRecords(records: readonly ListingRecord[], cards: Readonly<Record<string, ResultCardData>>): HostedRecord[] {
  return records.map((record) => {
    const withCard = { ...record, card: cards[record.objectID]! };
    return { ...withCard, _hash: hashOf(withCard) };
  });
}

async function readState(file: string): Promise<SyncState | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as SyncState;
  } catch {
    return null;
  }
}

/**
 * Brings the hosted index to `records`. `mode: 'full'` reads the index's own hashes first; `'update'`
 * trusts the last sync's state (and falls back to reading the index when there is none).
 */
export async function syncHostedIndex(
  site: SiteConfig,
  records: readonly HostedRecord[],
  options: { root?: string; mode: 'full' | 'update'; env?: NodeJS.ProcessEnv; hosts?: string[] },
): Promise<SyncResult> {
  const backend = site.search.backend;
  if (backend.kind !== 'algolia') throw new Error(`${site.slug}: search.backend is not an Algolia index`);
  const env = options.env ?? process.env;
  const adminKey = env[backend.adminKeyEnv];
  if (!adminKey) {
    throw new Error(`${site.slug}: search.backend names the Algolia index "${backend.indexName}", but ${backend.adminKeyEnv} is not set. Set it to the application's admin API key (never the search-only key) so the build can keep the index in step with the site.`);
  }
  const client = algoliasearch(backend.appId, adminKey, options.hosts ? { hosts: options.hosts.map((url) => ({ url: new URL(url).host, protocol: new URL(url).protocol === 'https:' ? 'https' : 'http', accept: 'readWrite' as const })) } : {});
  const stateFile = syncStatePath(site.slug, options.root);
  const previous = options.mode === 'update' ? await readState(stateFile) : null;
  const usable = previous && previous.index === backend.indexName ? previous : null;

  const settings = hostedSettings(backend, site.search.pageSize);
  const settingsHash = hashOf(settings);
  const settingsChanged = usable?.settings !== settingsHash;
  let lastTask: { indexName: string; taskID: number } | null = null;
  if (settingsChanged) {
    for (const { indexName, settings: indexSettings } of settings) {
      const { taskID } = await client.setSettings({ indexName, indexSettings, forwardToReplicas: false });
      lastTask = { indexName, taskID };
    }
  }

  const existing: Record<string, string> = usable ? { ...usable.records } : {};
  if (!usable) {
    let cursor: string | undefined;
    do {
      const page = await client.browse<{ _hash?: string }>({ indexName: backend.indexName, browseParams: { attributesToRetrieve: ['_hash'], hitsPerPage: 1000, ...(cursor ? { cursor } : {}) } });
      for (const hit of page.hits) existing[hit.objectID] = hit._hash ?? '';
      cursor = page.cursor;
    } while (cursor);
  }

  const wanted = new Map(records.map((r) => [r.objectID, r]));
  const requests: Array<{ action: 'addObject' | 'deleteObject'; body: Record<string, unknown> }> = [];
  for (const record of records) if (existing[record.objectID] !== record._hash) requests.push({ action: 'addObject', body: record });
  const saved = requests.length;
  for (const objectID of Object.keys(existing)) if (!wanted.has(objectID)) requests.push({ action: 'deleteObject', body: { objectID } });
  for (let i = 0; i < requests.length; i += BATCH) {
    const { taskID } = await client.batch({ indexName: backend.indexName, batchWriteParams: { requests: requests.slice(i, i + BATCH) } });
    lastTask = { indexName: backend.indexName, taskID };
  }
  // A full build publishes once the index answers with the new records.
  if (options.mode === 'full' && lastTask) await client.waitForTask(lastTask);

  const state: SyncState = { index: backend.indexName, settings: settingsHash, records: Object.fromEntries(records.map((r) => [r.objectID, r._hash])) };
  await writeFileAtomic(stateFile, JSON.stringify(state));
  return { saved, deleted: requests.length - saved, settingsChanged };
}

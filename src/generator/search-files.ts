/**
 * The stock search's files in a release: `_search/index.json` (every listing record by column, and the
 * current file of each card group) and `_search/cards/<group>.<hash>.json` (the result cards of up to
 * {@link CARDS_PER_FILE} neighbouring vehicle ids). Card files are named by their content, so hosts cache
 * them for good and an update writes only the groups whose cards changed; the index is revalidated.
 */
import { createHash } from 'node:crypto';
import { readFile, readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../data/feed-files.ts';
import type { SiteData } from '../data/site-data.ts';
import { KeyedMemo, MemoScope, sameInputs } from '../lib/keyed-memo.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { NormalisedVehicle } from '../schemas/snapshot.ts';
import { IndexTextEncoder } from '../search/index-codec.ts';
import { cardFilePath, cardGroup, SEARCH_INDEX_PATH, type ListingRecord, type SearchIndexFile } from '../search/listing.ts';
import { vehicleImageEntries, type ImageIndex } from '../views/images.ts';
import { compareFacts } from '../views/compare.ts';
import { listingRecords, resultCardData, type CardFileEntry } from '../views/search-records.ts';
import { replacedInPlace } from '../search/query.ts';

export interface SearchFiles {
  /** The card files: path in the release -> content. */
  files: Map<string, string>;
  /** The index file (`SEARCH_INDEX_PATH`) as UTF-8 bytes in parts (see {@link searchIndexText}). */
  index: readonly Uint8Array[];
  /** The card file of each group, by its hash, as the index names them. */
  cardFiles: SearchIndexFile['cards'];
  records: readonly ListingRecord[];
  /** Each vehicle's result card (with its compare facts), by id. */
  cards: Record<string, CardFileEntry>;
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

// What a running site keeps between updates (see KeyedMemo): each vehicle's card (read from the vehicle,
// the site, the time and the vehicle's images), each card file's text while its group holds the same
// cards, and the index's columns. Records are kept by `listingRecords`.
const cardMemo = new KeyedMemo<NormalisedVehicle, CardFileEntry>();
const cardScope = new MemoScope();
interface SiteSearchMemo {
  groups: Map<string, GroupFile>;
  index: IndexTextEncoder;
}
const siteMemos = new WeakMap<SiteConfig, SiteSearchMemo>();
/** A card file: its vehicles' ids and cards, in id order, and its text. */
interface GroupFile {
  entries: Array<number | CardFileEntry>;
  text: string;
  hash: string;
}

// Each catalogue's card groups (see cardGroups), kept for the catalogue an update makes from it.
const catalogueGroups = new WeakMap<readonly NormalisedVehicle[], { scope: object; groups: ReadonlyMap<string, Array<number | CardFileEntry>> }>();

/** Every search file of a site, in memory. Records are in id order, so the same data gives the same bytes. */
export function searchFiles(site: SiteConfig, data: SiteData, images: ImageIndex, now: Date): SearchFiles {
  let memo = siteMemos.get(site);
  if (!memo) siteMemos.set(site, (memo = { groups: new Map(), index: new IndexTextEncoder() }));
  const records = listingRecords(site, data, now);
  const groups = cardGroups(site, data.vehicles, images, now);
  const files = new Map<string, string>();
  const cardHashes: Record<string, string> = {};
  const groupFiles = new Map<string, GroupFile>();
  for (const [group, entries] of groups) {
    const before = memo.groups.get(group);
    const file = before && sameInputs(before.entries, entries) ? before : groupFile(entries);
    groupFiles.set(group, file);
    cardHashes[group] = file.hash;
    files.set(cardFilePath(group, file.hash), file.text);
  }
  memo.groups = groupFiles;
  const index = [INDEX_OPEN, ...memo.index.encodeParts(records), Buffer.from(`,"cards":${JSON.stringify(cardHashes)}}`)];
  return {
    files,
    index,
    cardFiles: cardHashes,
    records,
    // Read only by a site whose search is hosted: gathered when asked for.
    get cards() {
      const all: Record<string, CardFileEntry> = {};
      for (const entries of groups.values()) for (let i = 0; i < entries.length; i += 2) all[entries[i] as number] = entries[i + 1] as CardFileEntry;
      return all;
    },
  };
}

const INDEX_OPEN = Buffer.from('{"index":');

/** The text of a site's search index file. */
export function searchIndexText(search: Pick<SearchFiles, 'index'>): string {
  return Buffer.concat(search.index).toString('utf8');
}

/**
 * The catalogue's result cards by card group: each group's vehicle ids and cards, in id order. A catalogue
 * an update made from another by replacing vehicles in place (same ids) takes that one's groups and
 * redoes the groups of the vehicles replaced; anything else is grouped afresh.
 */
function cardGroups(site: SiteConfig, vehicles: readonly NormalisedVehicle[], images: ImageIndex, now: Date): ReadonlyMap<string, Array<number | CardFileEntry>> {
  const at = now.getTime();
  const scope = cardScope.of([site, at, images]);
  const known = catalogueGroups.get(vehicles);
  if (known?.scope === scope) return known.groups;
  const cardOf = (vehicle: NormalisedVehicle) =>
    cardMemo.getScoped(scope, vehicle, () => [site, at, ...vehicleImageEntries(vehicle, images)], () => ({ ...resultCardData(vehicle, site, images, now), facts: compareFacts(vehicle, site, now) }));
  const groups = groupsAfter(vehicles, scope, cardOf) ?? groupsOf(vehicles, cardOf);
  catalogueGroups.set(vehicles, { scope, groups });
  return groups;
}

function groupsOf(vehicles: readonly NormalisedVehicle[], cardOf: (vehicle: NormalisedVehicle) => CardFileEntry): Map<string, Array<number | CardFileEntry>> {
  const groups = new Map<string, Array<number | CardFileEntry>>();
  for (const vehicle of [...vehicles].sort((a, b) => a.id - b.id)) {
    const group = cardGroup(String(vehicle.id));
    let entries = groups.get(group);
    if (!entries) groups.set(group, (entries = []));
    entries.push(vehicle.id, cardOf(vehicle));
  }
  return groups;
}

/** {@link cardGroups} from the previous catalogue's, or null when the update did more than replace vehicles. */
function groupsAfter(vehicles: readonly NormalisedVehicle[], scope: object, cardOf: (vehicle: NormalisedVehicle) => CardFileEntry): Map<string, Array<number | CardFileEntry>> | null {
  const update = replacedInPlace(vehicles);
  const before = update && catalogueGroups.get(update.previous);
  if (!update || before?.scope !== scope || update.replaced.length === 0) return null;
  const groups = new Map(before.groups);
  const copied = new Set<string>();
  for (const { now } of update.replaced) {
    const group = cardGroup(String(now.id));
    let entries = groups.get(group);
    const at = entries ? entries.indexOf(now.id) : -1;
    // Made from the catalogue that had the replaced vehicle, the groups hold its id.
    if (!entries || at < 0) return null;
    if (!copied.has(group)) {
      copied.add(group);
      groups.set(group, (entries = [...entries]));
    }
    entries[at + 1] = cardOf(now);
  }
  return groups;
}

/** A card group's file: its cards by vehicle id. */
function groupFile(entries: Array<number | CardFileEntry>): GroupFile {
  const cards: Record<string, CardFileEntry> = {};
  for (let i = 0; i < entries.length; i += 2) cards[entries[i] as number] = entries[i + 1] as CardFileEntry;
  const text = JSON.stringify(cards);
  return { entries, text, hash: hashOf(text) };
}

/**
 * Writes a site's search files into a release; card files already there are left as they are. `write`
 * replaces one file whole (by default `writeFileAtomic`).
 */
export async function writeSearchFiles(releaseDir: string, search: SearchFiles, write: (file: string, content: string | readonly Uint8Array[]) => Promise<void> = writeFileAtomic): Promise<{ written: number }> {
  let written = 0;
  const before = await cardFilesIn(releaseDir);
  for (const [file, content] of search.files) {
    if (before.has(path.basename(file))) continue;
    await write(path.join(releaseDir, file), content);
    written++;
  }
  // The index goes last: it only ever names card files that exist.
  const indexFile = path.join(releaseDir, SEARCH_INDEX_PATH);
  const previous = await previousCards(indexFile);
  await write(indexFile, search.index);
  written++;
  const now = await stat(indexFile).catch(() => null);
  if (now) indexesWritten.set(indexFile, { ino: now.ino, size: now.size, mtimeMs: now.mtimeMs, cards: search.cardFiles });
  // A page still holding the previous index may ask for its cards, so those stay one more update.
  const keep = new Set([...search.files.keys()].map((f) => path.basename(f)));
  for (const [group, hash] of Object.entries(previous ?? {})) keep.add(path.basename(cardFilePath(group, hash)));
  for (const file of before) if (!keep.has(file)) await unlink(path.join(releaseDir, '_search', 'cards', file)).catch(() => {});
  return { written };
}

// The card files of each index file this process wrote, with the file's inode, size and time then: while the
// file is as it was written, they are taken from here rather than read back from 1 MB of index.
const indexesWritten = new Map<string, { ino: number; size: number; mtimeMs: number; cards: SearchIndexFile['cards'] }>();

/** The card files the index file now in place names; null when there is none. */
async function previousCards(indexFile: string): Promise<SearchIndexFile['cards'] | null> {
  const info = await stat(indexFile).catch(() => null);
  if (!info) return null;
  const written = indexesWritten.get(indexFile);
  if (written && written.ino === info.ino && written.size === info.size && written.mtimeMs === info.mtimeMs) return written.cards;
  return readFile(indexFile, 'utf8').then(cardsOfIndex, () => null);
}

/**
 * The card files an index file names. The index writes them last (`{"index":…,"cards":{…}}`), so they are
 * read from the tail rather than by parsing the columns too; an index in any other shape is parsed whole.
 */
function cardsOfIndex(text: string): SearchIndexFile['cards'] {
  const at = text.lastIndexOf(',"cards":');
  if (at >= 0 && text.endsWith('}')) {
    try {
      return JSON.parse(text.slice(at + ',"cards":'.length, -1)) as SearchIndexFile['cards'];
    } catch {
      // Not the shape this module writes: read it whole below.
    }
  }
  return (JSON.parse(text) as SearchIndexFile).cards;
}

async function cardFilesIn(releaseDir: string): Promise<Set<string>> {
  return new Set(await readdir(path.join(releaseDir, '_search', 'cards')).catch(() => [] as string[]));
}

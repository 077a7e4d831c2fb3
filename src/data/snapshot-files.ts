import { createHash, randomUUID, type Hash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { open, readFile, stat, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { SnapshotSchema, type NormalisedVehicle, type Snapshot } from '../schemas/snapshot.ts';
import { writeAt, writeFileAtomicWith } from './feed-files.ts';
import { inIdOrder, vehiclesById } from '../search/query.ts';

/** Where snapshots, pull reports and source caches are kept. */
export const SNAPSHOT_DIR = 'data/snapshots';

export function snapshotPath(slug: string, root = process.cwd()): string {
  return path.resolve(root, SNAPSHOT_DIR, `${slug}.json`);
}

/**
 * The snapshot's change log: one line per update since the snapshot file was last written whole, each
 * holding just what that update changed (see {@link appendSnapshotChanges}).
 */
export function snapshotLogPath(slug: string, root = process.cwd()): string {
  return path.resolve(root, SNAPSHOT_DIR, `${slug}.changes.jsonl`);
}

/**
 * A token that changes whenever the site's snapshot does, whether it was written whole or a change was
 * logged: for caches of what was read from it.
 */
export async function snapshotVersion(slug: string, root = process.cwd()): Promise<string> {
  const of = async (file: string) => {
    const info = await stat(file).catch(() => null);
    return info ? `${info.mtimeMs}/${info.size}` : 'none';
  };
  return `${await of(snapshotPath(slug, root))}:${await of(snapshotLogPath(slug, root))}`;
}

export function pullReportPath(slug: string, root = process.cwd()): string {
  return path.resolve(root, SNAPSHOT_DIR, `${slug}.pull-report.json`);
}

export function sourceCachePath(slug: string, root = process.cwd()): string {
  return path.resolve(root, SNAPSHOT_DIR, `${slug}.source-cache.json`);
}

/**
 * The site's last good snapshot, or null when it has none: the snapshot file with the changes logged since
 * it was written. A damaged file is an error, not "no snapshot". `trusted` skips validation: for render
 * workers reading a file the build has just validated, where a second validated copy of a large catalogue
 * would only cost memory and time. With `codeVersion`, a file that code version wrote from a snapshot it
 * had checked, unchanged since and with no change logged, is not checked again (see {@link writeSnapshot}).
 */
export async function readSnapshot(slug: string, root = process.cwd(), options: { trusted?: boolean; codeVersion?: string } = {}): Promise<Snapshot | null> {
  const file = snapshotPath(slug, root);
  if (!existsSync(file)) return null;
  const bytes = await readFile(file);
  const { generation, checked, stored } = snapshotFile(bytes);
  const logFile = snapshotLogPath(slug, root);
  const raw = typeof generation === 'string' ? withLoggedChanges(stored, generation, await readFile(logFile, 'utf8').catch(noLog), logFile) : stored;
  if (options.trusted) return remember(raw, generation);
  const unchanged = raw === stored && checked !== undefined && options.codeVersion !== undefined && checked === checkStamp(options.codeVersion, bytes.subarray(bytes.indexOf(0x0a) + 1));
  if (unchanged) {
    // Written as this code version's schema output, and unchanged since.
    readChecked.add(raw.vehicles);
    return remember(raw, generation);
  }
  const result = SnapshotSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new Error(`${path.relative(root, file)} is damaged (${issue.path.join('.')}: ${issue.message}). Run \`npm run pull -- --site ${slug}\` to replace it.`);
  }
  readChecked.add(result.data.vehicles);
  return remember(result.data, generation);
}

/**
 * The site's snapshot with its logged changes, read at once and not validated: for a script or a test that
 * reads what the site publishes where it cannot wait (a test file's setup). Builds and the ops server use
 * {@link readSnapshot}.
 */
export function readSnapshotSync(slug: string, root = process.cwd()): Snapshot | null {
  const file = snapshotPath(slug, root);
  if (!existsSync(file)) return null;
  const { generation, stored } = snapshotFile(readFileSync(file));
  const logFile = snapshotLogPath(slug, root);
  if (typeof generation !== 'string') return stored;
  let log = '';
  try {
    log = readFileSync(logFile, 'utf8');
  } catch (error) {
    log = noLog(error as NodeJS.ErrnoException);
  }
  return withLoggedChanges(stored, generation, log, logFile);
}

/** A snapshot file's parts: its generation, the stamp of the code version that checked it, and the snapshot. */
function snapshotFile(bytes: Buffer): { generation: string | undefined; checked: string | undefined; stored: Snapshot } {
  const { generation, checked, ...stored } = parsedSnapshotFile(bytes) as Snapshot & { generation?: string; checked?: string };
  return { generation, checked, stored };
}

/** Where the vehicles of a file {@link writeSnapshot} wrote start and end, one vehicle per line between. */
const VEHICLES_START = Buffer.from('\n"vehicles":[\n');
const VEHICLES_END = Buffer.from('\n],\n');

/**
 * A snapshot file's JSON. A file laid out as {@link writeSnapshot} writes it is parsed a vehicle line at a
 * time: parsed whole, all of it would first be decoded into one string, and a single character beyond
 * Latin-1 anywhere in it makes V8 store that string at two bytes a character (166 MB for the 83 MB file of
 * 20,000 vehicles). Any other file, or one whose lines do not parse, is parsed whole, which fails as it
 * always did when the file is damaged.
 */
function parsedSnapshotFile(bytes: Buffer): unknown {
  try {
    const byLine = parsedByVehicleLine(bytes);
    if (byLine) return byLine;
  } catch {
    // Not laid out as written after all: parsed whole below.
  }
  return JSON.parse(bytes.toString('utf8'));
}

function parsedByVehicleLine(bytes: Buffer): Record<string, unknown> | null {
  const start = bytes.indexOf(VEHICLES_START);
  if (start < 0) return null;
  const first = start + VEHICLES_START.length;
  // An empty list is written as a line of its own with nothing on it.
  const end = bytes.indexOf(VEHICLES_END, first - 1);
  if (end < 0) return null;
  const rest = JSON.parse(`${bytes.toString('utf8', 0, start)}\n"vehicles":[],\n${bytes.toString('utf8', end + VEHICLES_END.length)}`) as Record<string, unknown>;
  const vehicles: unknown[] = [];
  for (let at = first; at < end; ) {
    const lineEnd = Math.min(end, bytes.indexOf(0x0a, at));
    // Every line but the last ends in the comma between two vehicles.
    vehicles.push(JSON.parse(bytes.toString('utf8', at, bytes[lineEnd - 1] === 0x2c ? lineEnd - 1 : lineEnd)));
    at = lineEnd + 1;
  }
  rest.vehicles = vehicles;
  return rest;
}

/**
 * The stamp of a snapshot file checked by `codeVersion`: a digest of that version and of `body`, every
 * byte after the file's first line (the line that holds the generation and the stamp).
 */
function checkStamp(codeVersion: string, body: Uint8Array): string {
  return stampHash(codeVersion).update(body).digest('base64url');
}

/** The digest {@link checkStamp} makes, before the body goes into it. */
function stampHash(codeVersion: string): Hash {
  return createHash('sha256').update(codeVersion).update('\0');
}

/** A missing change log is an empty one. */
function noLog(error: NodeJS.ErrnoException): string {
  if (error.code === 'ENOENT') return '';
  throw error;
}

/**
 * A snapshot as the build reads it (the schema's output), or what the build would refuse in it (the first
 * problem, with its path). The same check as {@link readSnapshot}, so the pull can run it before writing.
 *
 * `previous`, the vehicles of the snapshot this one follows: a vehicle equal, field for field, to one of them
 * that this process read or made as the schema's output is that vehicle, and is not checked again. Most
 * vehicles are the same from one night to the next, and checking them is most of the pull's time after
 * validating the feed.
 */
export function checkedSnapshot(snapshot: Snapshot, previous?: readonly NormalisedVehicle[] | null): { snapshot: Snapshot; problem: null } | { snapshot: null; problem: string } {
  const checkedBefore = previous && (readChecked.has(previous) || checkedVehicles.has(previous)) ? vehiclesById(previous) : null;
  const same = snapshot.vehicles.map((vehicle) => {
    const before = checkedBefore?.get(Number(vehicle.id));
    return before && isDeepStrictEqual(vehicle, before) ? before : null;
  });
  // Where each vehicle checked now stood in the snapshot, for a problem's path.
  const positions = same.flatMap((before, i) => (before ? [] : [i]));
  const result = SnapshotSchema.safeParse({ ...snapshot, vehicles: positions.map((i) => snapshot.vehicles[i]) });
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const [first, index, ...rest] = issue.path;
    const at = first === 'vehicles' && typeof index === 'number' ? ['vehicles', positions[index], ...rest] : issue.path;
    return { snapshot: null, problem: `${at.join('.')}: ${issue.message}` };
  }
  const checked = result.data.vehicles[Symbol.iterator]();
  const vehicles = same.map((before) => before ?? checked.next().value!);
  checkedVehicles.add(vehicles);
  return { snapshot: { ...result.data, vehicles }, problem: null };
}

/** Vehicle lists this process made by checking them against the schema ({@link checkedSnapshot}). */
const checkedVehicles = new WeakSet<readonly NormalisedVehicle[]>();

/**
 * Vehicle lists {@link readSnapshot} checked against the schema, or read as a list this code version had
 * checked and wrote: what a pull's {@link checkedSnapshot} may take unchanged vehicles from.
 */
const readChecked = new WeakSet<readonly NormalisedVehicle[]>();

/** Everything in a snapshot but its vehicles: checked again when a snapshot with checked vehicles is written. */
const SnapshotWithoutVehiclesSchema = SnapshotSchema.omit({ vehicles: true });

/**
 * Replaces the snapshot in one step: readers see the old file or the new one, never part of either.
 *
 * With `codeVersion`, a snapshot whose vehicles {@link checkedSnapshot} made (its other parts are small, and
 * checked here) is written as the schema's output and stamped with that version ({@link checkStamp}): a read
 * by the same code version that finds the file as written skips checking it again, most of a second of each
 * read at 10,000 vehicles. Any other snapshot is written without a stamp, and checked when read.
 */
export async function writeSnapshot(snapshot: Snapshot, root = process.cwd(), options: { codeVersion?: string } = {}): Promise<void> {
  const others = options.codeVersion !== undefined && checkedVehicles.has(snapshot.vehicles) ? SnapshotWithoutVehiclesSchema.safeParse(snapshot) : null;
  const rest = others?.success ? others.data : snapshot;
  // A fresh generation: changes logged against the file this one replaces no longer apply, so a crash
  // between writing it and removing the old log loses nothing and replays nothing twice.
  const generation = randomUUID();
  const stampedBy = others?.success ? options.codeVersion! : undefined;
  const firstLine = (stamp: string | undefined) =>
    Buffer.from(`{"generation":${JSON.stringify(generation)}${stamp === undefined ? '' : `,"checked":${JSON.stringify(stamp)}`},\n`);
  // The first line holds the stamp of the body after it, so the body goes in first, behind room for a line
  // whose stamp, a SHA-256 digest in base64url, is always 43 characters long.
  const room = firstLine(stampedBy === undefined ? undefined : 'x'.repeat(43)).length;
  await writeFileAtomicWith(snapshotPath(snapshot.meta.site, root), async (handle) => {
    const stamp = stampedBy === undefined ? null : stampHash(stampedBy);
    let position = room;
    // Each part is encoded into the same buffer once the one before is written: at 100,000 vehicles a new
    // buffer for each would leave hundreds of megabytes for the collector to find.
    let buffer = Buffer.allocUnsafe(0);
    for (const text of snapshotBody(rest, snapshot.vehicles)) {
      const length = Buffer.byteLength(text);
      if (length > buffer.length) buffer = Buffer.allocUnsafe(Math.max(length, 2 * buffer.length));
      buffer.write(text);
      const part = buffer.subarray(0, length);
      stamp?.update(part);
      await writeAt(handle, part, position);
      position += length;
    }
    const line = firstLine(stamp?.digest('base64url'));
    if (line.length !== room) throw new Error(`a snapshot's first line came out ${line.length} bytes long, not the ${room} left for it`);
    await writeAt(handle, line, 0);
  });
  await unlink(snapshotLogPath(snapshot.meta.site, root)).catch(() => {});
  generations.set(snapshot, generation);
  if (stampedBy !== undefined) {
    // In the order a read gives its parts: the meta, the vehicles, the lists.
    const read = { meta: rest.meta, vehicles: snapshot.vehicles, ...Object.fromEntries(LIST_KEYS.map((key) => [key, rest[key]])) } as Snapshot;
    asWritten.set(snapshot, { generation, snapshot: read });
  }
}

/** What a stamped {@link writeSnapshot} wrote of each snapshot: the file's generation and its snapshot. */
const asWritten = new WeakMap<Snapshot, { generation: string; snapshot: Snapshot }>();

/**
 * The snapshot as {@link readSnapshot} would read it back from the file `snapshot` was just written to by
 * {@link writeSnapshot} with a code version, when the file is still the one written (its first line names the
 * generation written) and no change has been logged against it; otherwise null, and the file is to be read.
 * The build takes what its pull wrote this way instead of reading tens of megabytes back.
 */
export async function snapshotAsWritten(snapshot: Snapshot, root = process.cwd()): Promise<Snapshot | null> {
  const written = asWritten.get(snapshot);
  if (!written) return null;
  const { site } = snapshot.meta;
  const log = await stat(snapshotLogPath(site, root)).catch(() => null);
  if (log && log.size > 0) return null;
  const expected = Buffer.from(`{"generation":${JSON.stringify(written.generation)}`);
  const handle = await open(snapshotPath(site, root), 'r').catch(() => null);
  if (!handle) return null;
  try {
    const head = Buffer.alloc(expected.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (bytesRead !== head.length || !head.equals(expected)) return null;
  } finally {
    await handle.close();
  }
  return remember(written.snapshot, written.generation);
}

/** Vehicles in one part of a snapshot file: some megabytes, never the whole catalogue at once. */
const VEHICLES_PER_PART = 1_000;

/**
 * A snapshot file's body, every byte after its first line, in parts of {@link VEHICLES_PER_PART} vehicles.
 * One vehicle per line keeps diffs of two snapshots readable.
 */
function* snapshotBody(rest: Omit<Snapshot, 'vehicles'>, vehicles: readonly NormalisedVehicle[]): Generator<string> {
  yield `"meta":${JSON.stringify(rest.meta)},\n"vehicles":[\n`;
  for (let from = 0; from < vehicles.length; from += VEHICLES_PER_PART) {
    const lines = vehicles
      .slice(from, from + VEHICLES_PER_PART)
      .map((v) => JSON.stringify(v))
      .join(',\n');
    yield from === 0 ? lines : `,\n${lines}`;
  }
  yield `\n],\n${LIST_KEYS.map((k) => `"${k}":${JSON.stringify(rest[k])}`).join(',\n')}}\n`;
}

// ---------------------------------------------------------------- the change log

/** The snapshot's lists other than its vehicles, in the order the file holds them. */
const LIST_KEYS = ['locations', 'reviews', 'dealerships', 'offers', 'models', 'removed'] as const;
type ListKey = (typeof LIST_KEYS)[number];

/** One logged update: the snapshot's new meta, the vehicles it added or changed, those it dropped, the lists it replaced. */
interface LoggedChange {
  /** The snapshot file the change was made on; lines of another generation are already in the file, or lost with it. */
  generation: string;
  meta: Snapshot['meta'];
  vehicles: NormalisedVehicle[];
  deleted: number[];
  lists: Partial<Pick<Snapshot, ListKey>>;
}

/**
 * Past this many bytes the log is folded into the snapshot file at the next update (a whole write); below
 * a quarter of the snapshot file's size it is never folded, so a large catalogue is rewritten rarely.
 */
export const SNAPSHOT_LOG_FOLD_BYTES = 4 * 1024 * 1024;

/** The generation each snapshot object read or written here belongs to, so an update knows which file it changes. */
const generations = new WeakMap<Snapshot, string>();

function remember(snapshot: Snapshot, generation: string | undefined): Snapshot {
  if (generation !== undefined) generations.set(snapshot, generation);
  return snapshot;
}

/**
 * Records `next`, the snapshot after an update of `previous`, by appending to the change log what the
 * update changed: the meta, the vehicles that are new or differ (those in `touched`, and any whose slug
 * moved because another vehicle took it), the ids that left, and any list that differs. Each line is
 * flushed to disk before this returns, and a line cut short by a crash is ignored when read, so the
 * snapshot on disk is always the one before or the one after. At 10,000 vehicles this writes a few
 * kilobytes where the whole snapshot is 28 to 35 MB.
 *
 * The snapshot is written whole instead when `previous` was not read or written here (its file is not
 * known), when the vehicles are not in id order (a replay could not restore their order), or when the
 * log has grown past {@link SNAPSHOT_LOG_FOLD_BYTES} and a quarter of the snapshot file (`foldBytes`
 * replaces that limit).
 */
export async function appendSnapshotChanges(
  previous: Snapshot,
  next: Snapshot,
  touched: ReadonlySet<number>,
  root = process.cwd(),
  options: { foldBytes?: number } = {},
): Promise<void> {
  const generation = generations.get(previous);
  const slug = next.meta.site;
  if (generation === undefined || slug !== previous.meta.site || !inIdOrder(previous.vehicles) || !inIdOrder(next.vehicles)) return writeSnapshot(next, root);
  const logFile = snapshotLogPath(slug, root);
  const [logBytes, fileBytes] = await Promise.all([stat(logFile).then((s) => s.size, () => 0), stat(snapshotPath(slug, root)).then((s) => s.size, () => 0)]);
  if (logBytes > (options.foldBytes ?? Math.max(SNAPSHOT_LOG_FOLD_BYTES, fileBytes / 4))) return writeSnapshot(next, root);

  const change: LoggedChange = { generation, meta: next.meta, vehicles: [], deleted: [], lists: {} };
  // Both lists are in id order: walk them together.
  const before = previous.vehicles;
  let i = 0;
  for (let at = 0; at < next.vehicles.length; at++) {
    const vehicle = next.vehicles[at]!;
    const id = Number(vehicle.id);
    // Most of the catalogue: the same vehicle, where the walk already is.
    if (before[i] === vehicle && !touched.has(id)) {
      i++;
      continue;
    }
    while (i < before.length && Number(before[i]!.id) < id) change.deleted.push(Number(before[i++]!.id));
    const old = i < before.length && Number(before[i]!.id) === id ? before[i++] : undefined;
    if (!old || touched.has(id) || old.slug !== vehicle.slug) change.vehicles.push(vehicle);
  }
  while (i < before.length) change.deleted.push(Number(before[i++]!.id));
  for (const key of LIST_KEYS) {
    if (next[key] !== previous[key] && JSON.stringify(next[key]) !== JSON.stringify(previous[key])) (change.lists as Record<ListKey, unknown>)[key] = next[key];
  }

  const handle = await open(logFile, 'a+');
  try {
    if (logBytes > 0) await dropTornLine(handle, logBytes);
    await handle.appendFile(`${JSON.stringify(change)}\n`);
    await handle.datasync();
  } finally {
    await handle.close();
  }
  generations.set(next, generation);
}

/**
 * Cuts a line a crash left unfinished off the end of the log, so the next line starts on a line of its own.
 * The update it belonged to was never acknowledged: its events are still in the journal and are applied again.
 */
async function dropTornLine(handle: FileHandle, size: number): Promise<void> {
  const last = Buffer.alloc(1);
  await handle.read(last, 0, 1, size - 1);
  if (last[0] === 0x0a) return;
  const whole = await handle.readFile();
  await handle.truncate(whole.lastIndexOf(0x0a) + 1);
}

/** `stored` with every complete line of `log` (the text of `logFile`) that belongs to its generation applied in order. */
function withLoggedChanges(stored: Snapshot, generation: string, log: string, logFile: string): Snapshot {
  // Only lines that end in a newline were written whole; a last line without one was cut short by a crash.
  const lines = log.split('\n').slice(0, -1);
  const changes: LoggedChange[] = [];
  for (const [index, line] of lines.entries()) {
    let change: LoggedChange;
    try {
      change = JSON.parse(line) as LoggedChange;
    } catch {
      throw new Error(`${path.basename(logFile)} line ${index + 1} is damaged. Run \`npm run pull -- --site ${stored.meta.site}\` to replace the snapshot.`);
    }
    if (change.generation === generation) changes.push(change);
  }
  if (changes.length === 0) return stored;
  const vehicles = new Map(stored.vehicles.map((v) => [Number(v.id), v]));
  const snapshot: Snapshot = { ...stored };
  for (const change of changes) {
    snapshot.meta = change.meta;
    for (const id of change.deleted) vehicles.delete(id);
    for (const vehicle of change.vehicles) vehicles.set(Number(vehicle.id), vehicle);
    Object.assign(snapshot, change.lists);
  }
  snapshot.vehicles = [...vehicles.values()].sort((a, b) => Number(a.id) - Number(b.id));
  return snapshot;
}

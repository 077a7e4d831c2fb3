import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SnapshotSchema, type Snapshot } from '../schemas/snapshot.ts';
import { writeFileAtomic } from './feed-files.ts';

/** Where snapshots, pull reports and source caches are kept. */
export const SNAPSHOT_DIR = 'data/snapshots';

export function snapshotPath(slug: string, root = process.cwd()): string {
  return path.resolve(root, SNAPSHOT_DIR, `${slug}.json`);
}

export function pullReportPath(slug: string, root = process.cwd()): string {
  return path.resolve(root, SNAPSHOT_DIR, `${slug}.pull-report.json`);
}

export function sourceCachePath(slug: string, root = process.cwd()): string {
  return path.resolve(root, SNAPSHOT_DIR, `${slug}.source-cache.json`);
}

/**
 * The site's last good snapshot, or null when it has none. A damaged file is an error, not "no snapshot".
 * `trusted` skips validation: for render workers reading a file the build has just validated, where a
 * second validated copy of a large catalogue would only cost memory and time.
 */
export async function readSnapshot(slug: string, root = process.cwd(), options: { trusted?: boolean } = {}): Promise<Snapshot | null> {
  const file = snapshotPath(slug, root);
  if (!existsSync(file)) return null;
  const raw: unknown = JSON.parse(await readFile(file, 'utf8'));
  if (options.trusted) return raw as Snapshot;
  const result = SnapshotSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new Error(`${path.relative(root, file)} is damaged (${issue.path.join('.')}: ${issue.message}). Run \`npm run pull -- --site ${slug}\` to replace it.`);
  }
  return result.data;
}

/**
 * What the build would refuse in a snapshot (the first problem, with its path), or null when it reads it.
 * The same check as {@link readSnapshot}, so the pull can run it before writing.
 */
export function snapshotProblem(snapshot: Snapshot): string | null {
  const result = SnapshotSchema.safeParse(snapshot);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return `${issue.path.join('.')}: ${issue.message}`;
}

/** Replaces the snapshot in one step: readers see the old file or the new one, never part of either. */
export async function writeSnapshot(snapshot: Snapshot, root = process.cwd()): Promise<void> {
  const { vehicles, ...rest } = snapshot;
  // One vehicle per line keeps diffs of two snapshots readable.
  const body = `{"meta":${JSON.stringify(rest.meta)},\n"vehicles":[\n${vehicles.map((v) => JSON.stringify(v)).join(',\n')}\n],\n${(['locations', 'reviews', 'dealerships', 'offers', 'models', 'removed'] as const).map((k) => `"${k}":${JSON.stringify(rest[k])}`).join(',\n')}}\n`;
  await writeFileAtomic(snapshotPath(snapshot.meta.site, root), body);
}

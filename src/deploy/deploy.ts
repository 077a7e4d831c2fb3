import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { TEMPORARY_SIBLING } from '../data/feed-files.ts';
import { OUT } from '../generator/publish.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import { cacheControlFor, contentTypeFor, isContentNamed } from './file-headers.ts';
import { withFileBytes } from './kept-buffers.ts';
import { purger } from './purge.ts';
import { manifestParts, openTarget, type DeployManifest, type ManifestEntry } from './targets.ts';
import { inPool } from '../lib/in-pool.ts';
import { insertSorted, removeSorted, sortedIndex } from '../lib/sorted.ts';

/**
 * Publishing a built site to a deploy target (`deploy.targets` in the site config): only files whose content
 * changed since the target's manifest are uploaded, with their content type and cache lifetime; files gone
 * from the site are deleted once the new ones are in place; the CDN is told which URLs changed; the new
 * manifest is written last. A deploy cut short leaves the old manifest, so the next one uploads again
 * whatever it may have missed.
 */

export interface DeployOptions {
  /** Where sites/ and out/ are. */
  root: string;
  env?: NodeJS.ProcessEnv;
  /** Print what would be uploaded, deleted and purged, and change nothing. */
  dryRun?: boolean;
  /** Progress lines, fit for a CI log. */
  log?: (line: string) => void;
  now?: () => Date;
}

export interface DeployResult {
  site: string;
  target: string;
  /** The target as the log names it (a folder, `s3://bucket/prefix/`). */
  description: string;
  /** Paths uploaded (or, in a dry run, that would be). */
  uploaded: string[];
  deleted: string[];
  /** Files looked at whose content the target already had. */
  unchanged: number;
  /** URLs the CDN was asked to purge (or would be). */
  purged: string[];
  bytes: number;
  dryRun: boolean;
  durationMs: number;
}

async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const base = path.join(dir, prefix);
  if (!existsSync(base)) return [];
  const entries = await readdir(base, { recursive: true, withFileTypes: true });
  return entries
    // Not the files a killed process may have left half-written in a release.
    .filter((e) => e.isFile() && !TEMPORARY_SIBLING.test(e.name))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

const sha256 = (body: Buffer) => createHash('sha256').update(body).digest('hex');

/** The URL a shopper fetches a file at: folders' `index.html` by the folder's URL with its trailing slash. */
export function publicUrl(base: string, file: string): string {
  if (file === 'index.html') return `${base}/`;
  if (file.endsWith('/index.html')) return `${base}/${file.slice(0, -'index.html'.length)}`;
  return `${base}/${file}`;
}

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** The manifest a target was last given by this process, with its stamp and its paths in order. */
interface HeldManifest {
  stamp: string;
  manifest: DeployManifest;
  paths: string[];
}

// By site, target and where it points. A running server deploys every update, and at 10,000 vehicles the
// manifest lists about 38,000 files (some 5 MB): fetching and parsing it each time took longer than the
// update's own uploads. While the target's stamp is the one this process wrote, the manifest held is the
// one the target holds; any other write (another deploy, a hand edit) changes the stamp, and it is read.
const heldManifests = new Map<string, HeldManifest>();

const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

// Changes put into a manifest's sorted paths one by one, at most: each moves the paths after it, so a
// whole-site deploy's tens of thousands sort the paths once instead.
const MOST_PLACED = 1_000;

/** The paths of `sorted` under the folder `prefix` (ending in `/`; empty for all), by binary search. */
function pathsUnder(sorted: readonly string[], prefix: string): string[] {
  const out: string[] = [];
  for (let i = sortedIndex(sorted, prefix, byPath); i < sorted.length && sorted[i]!.startsWith(prefix); i++) out.push(sorted[i]!);
  return out;
}

/**
 * Publishes a site's live release to a target. `changedPaths` null: the whole site is compared with the
 * target's manifest. Otherwise only those paths are (as the incremental update passes the files it
 * replaced): a path that no longer exists is deleted, and a path ending in `/` stands for every file under
 * that folder, on disk and in the manifest. Content-named files (see `file-headers.ts`) the manifest
 * already has are not read again: their name says their content.
 */
export async function deployFiles(site: SiteConfig, targetName: string, changedPaths: readonly string[] | null, options: DeployOptions): Promise<DeployResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const env = options.env ?? process.env;
  const { config, target } = openTarget(site, targetName, { root: options.root, env });
  const purge = config.purge ? purger(config.purge, env) : null;
  const live = path.resolve(options.root, OUT, site.slug);
  if (!existsSync(live)) throw new Error(`${site.slug} has not been built (${path.relative(options.root, live) || live} is missing). Run npm run build -- --site ${site.slug} first.`);
  const source = await realpath(live);
  const label = `${site.slug} -> ${targetName} (${target.description})`;

  const heldKey = `${site.slug}\n${targetName}\n${target.description}`;
  const held = heldManifests.get(heldKey);
  const kept = held !== undefined && held.stamp === (await target.manifestStamp());
  const previous = kept ? held.manifest : await target.readManifest();
  const known: Record<string, ManifestEntry> = previous?.files ?? {};
  // Sorted only when a folder is to be looked up in them.
  let knownPaths = kept ? held.paths : null;
  log(`${label}: ${previous ? `the target's manifest lists ${Object.keys(known).length} file(s)` : 'no manifest on the target: every file uploads'}`);

  // What to compare: every file of the release, or the paths given (folders expanded on both sides).
  const local = new Set<string>();
  const considered = new Set<string>();
  if (changedPaths === null) {
    for (const file of await filesUnder(source)) local.add(file);
    for (const file of [...local, ...Object.keys(known)]) considered.add(file);
  } else {
    for (const given of changedPaths) {
      const file = given.replace(/^\/+/, '');
      if (file.endsWith('/') || file === '') {
        for (const f of await filesUnder(source, file)) local.add(f), considered.add(f);
        knownPaths ??= Object.keys(known).sort(byPath);
        for (const f of pathsUnder(knownPaths, file)) considered.add(f);
      } else {
        considered.add(file);
        if (existsSync(path.join(source, file))) local.add(file);
      }
    }
  }

  const uploads: string[] = [];
  let unchanged = 0;
  for (const file of [...local].sort()) {
    const before = known[file];
    // Only a file the target holds with the same headers can be unchanged: any other uploads whatever its
    // bytes, and is read only to upload it. A content-named one is the same by its name.
    const held = before !== undefined && before.contentType === contentTypeFor(file) && before.cacheControl === cacheControlFor(file);
    if (held && (isContentNamed(file) || before.sha256 === (await withFileBytes(path.join(source, file), sha256)))) unchanged++;
    else uploads.push(file);
  }
  const deletes = [...considered].filter((file) => !local.has(file) && known[file]).sort();
  const base = config.publicBaseUrl ?? site.url;
  // Content-named files never change under their name, so a CDN cannot hold a stale copy of one; new
  // pages are purged too, as a CDN may have cached their 404.
  const purged = config.purge ? [...new Set([...uploads, ...deletes].filter((f) => !isContentNamed(f)).map((f) => publicUrl(base, f)))] : [];

  if (options.dryRun) {
    for (const file of uploads) log(`  would upload ${file}${known[file] ? '' : ' (new)'}`);
    for (const file of deletes) log(`  would delete ${file}`);
    for (const url of purged) log(`  would purge ${url}`);
    log(`${label}: dry run: ${uploads.length} to upload, ${deletes.length} to delete, ${unchanged} unchanged, ${purged.length} URL(s) to purge; nothing was changed`);
    return { site: site.slug, target: targetName, description: target.description, uploaded: uploads, deleted: deletes, unchanged, purged, bytes: 0, dryRun: true, durationMs: Math.round(performance.now() - started) };
  }

  // What the uploads and deletes change in the manifest (null: the file is gone), laid over it once all are done.
  const changes = new Map<string, ManifestEntry | null>();
  let bytes = 0;
  let done = 0;
  let lastReport = performance.now();
  await inPool(uploads, target.concurrency, async (file) => {
    const entry = await withFileBytes(path.join(source, file), async (body): Promise<ManifestEntry> => {
      const entry = { sha256: sha256(body), size: body.length, contentType: contentTypeFor(file), cacheControl: cacheControlFor(file) };
      await target.put({ path: file, body, ...entry });
      return entry;
    });
    changes.set(file, entry);
    bytes += entry.size;
    done++;
    if (performance.now() - lastReport > 2000 || done === uploads.length) {
      lastReport = performance.now();
      log(`  uploaded ${done}/${uploads.length} (${mb(bytes)})`);
    }
  });
  // Only now that every new file is in place do the old ones go: a page never links to a deleted file.
  await inPool(deletes, target.concurrency, async (file) => {
    await target.remove(file);
    changes.set(file, null);
  });
  if (deletes.length > 0) log(`  deleted ${deletes.length}`);
  // Purged before the manifest is written: if the purge fails, the next deploy finds the same changes and purges again.
  if (purge && config.purge && purged.length > 0) {
    await purge(purged);
    log(`  purged ${purged.length} URL(s) (${config.purge.kind})`);
  }
  if (uploads.length > 0 || deletes.length > 0 || !previous) {
    // Forgotten first: a write that fails part way leaves the target holding who knows what. The manifest
    // read or held is then this deploy's own, and the changes go into it in place. An update's few changes
    // go into its sorted paths by binary search; more than that, and the paths are sorted afresh.
    heldManifests.delete(heldKey);
    const placed = changes.size <= MOST_PLACED ? knownPaths : null;
    for (const [file, entry] of changes) {
      if (placed && entry === null) removeSorted(placed, file, byPath);
      else if (placed && !Object.hasOwn(known, file)) insertSorted(placed, file, byPath);
      if (entry === null) delete known[file];
      else known[file] = entry;
    }
    const paths = placed ?? Object.keys(known).sort(byPath);
    const manifest: DeployManifest = { version: 1, site: site.slug, deployedAt: (options.now?.() ?? new Date()).toISOString(), files: known };
    const stamp = await target.writeManifest(manifestParts(manifest, paths));
    if (stamp !== null) heldManifests.set(heldKey, { stamp, manifest, paths });
  }
  const durationMs = Math.round(performance.now() - started);
  log(`${label}: ${uploads.length} uploaded (${mb(bytes)}), ${deletes.length} deleted, ${unchanged} unchanged, ${purged.length} URL(s) purged in ${(durationMs / 1000).toFixed(1)} s`);
  return { site: site.slug, target: targetName, description: target.description, uploaded: uploads, deleted: deletes, unchanged, purged, bytes, dryRun: false, durationMs };
}

/** Publishes the whole live release of a site: {@link deployFiles} over every file. */
export function deploySite(site: SiteConfig, targetName: string, options: DeployOptions): Promise<DeployResult> {
  return deployFiles(site, targetName, null, options);
}

import { createHash } from 'node:crypto';
import { existsSync, statSync, watch } from 'node:fs';
import { readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderLocals } from '../views/render-locals.ts';

/** The compiled app's render function (see src/generator/adapter/server-entry.mjs). */
export type RenderFn = (request: Request, locals: RenderLocals) => Promise<RenderedPage>;

/**
 * The compiled app's similar-vehicles section of a vehicle page for the route's similar ids, null when the
 * page shows none (see src/render/vehicle-cards.ts).
 */
export type SimilarSectionFn = (locals: Pick<RenderLocals, 'site' | 'data' | 'images' | 'asOf'>, ids: readonly number[] | undefined) => string | null;

/**
 * The compiled app's answers to a search page's recorded searches over the data in `locals`, as its render
 * would get them (see src/render/search-page-answers.ts).
 */
export type SearchPageAnswersFn = (locals: Pick<RenderLocals, 'site' | 'data' | 'images' | 'asOf'>, requests: readonly unknown[]) => Promise<unknown[]>;

/** The entry points of the compiled app that the generator calls. */
export interface AppEntry {
  render: RenderFn;
  similarSection: SimilarSectionFn;
  searchPageAnswers: SearchPageAnswersFn;
}

/** A rendered page: its HTTP status and the bytes of its body (UTF-8 HTML for a page). */
export interface RenderedPage {
  status: number;
  body: Buffer;
}

export const DIST = 'dist';
/** Compiled versions kept besides the current one, for builds still running on an older version. */
const KEEP_VERSIONS = 2;

/** Everything the compiled app is made from: a change to any of these is a new code version. */
const CODE_INPUTS = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];

async function listFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** A short hash of the code the app is compiled from. Sites built from one version share one compile. */
export async function codeVersion(appRoot = process.cwd()): Promise<string> {
  const hash = createHash('sha256');
  for (const input of CODE_INPUTS) {
    const full = path.join(appRoot, input);
    if (!existsSync(full)) continue;
    const files = (await stat(full)).isDirectory() ? (await listFiles(full)).sort() : [full];
    for (const file of files) {
      hash.update(path.relative(appRoot, file)).update('\0').update(await readFile(file)).update('\0');
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The code version for a long-running process (the ops server), worked out again only after something
 * under its inputs changed, instead of reading every source file for each update. Each input folder is
 * watched, and the app folder for the input files (an editor replaces a file rather than writing it).
 * Where the system cannot watch (no inotify watches left), every call works the version out afresh.
 */
export function watchCodeVersion(appRoot = process.cwd()): () => Promise<string> {
  const root = path.resolve(appRoot);
  let versionOf = versionWatches.get(root);
  if (!versionOf) versionWatches.set(root, (versionOf = startVersionWatch(root)));
  return versionOf;
}

/** One watch per app folder, however many runners a process starts. */
const versionWatches = new Map<string, () => Promise<string>>();

function startVersionWatch(appRoot: string): () => Promise<string> {
  let known: Promise<string> | null = null;
  let watching = true;
  const forget = () => {
    known = null;
  };
  const stopWatching = () => {
    watching = false;
    known = null;
  };
  const inputs = new Set(CODE_INPUTS);
  try {
    const top = watch(appRoot, { persistent: false }, (_event, name) => {
      if (name === null || inputs.has(String(name))) forget();
    });
    top.on('error', stopWatching);
    for (const input of CODE_INPUTS) {
      const full = path.join(appRoot, input);
      if (!existsSync(full) || !statSync(full).isDirectory()) continue;
      watch(full, { persistent: false, recursive: true }, forget).on('error', stopWatching);
    }
  } catch {
    stopWatching();
  }
  return () => {
    if (!watching) return codeVersion(appRoot);
    if (!known) {
      // A change while this one is worked out forgets it again, so the next call sees the change.
      const working = codeVersion(appRoot);
      known = working;
      working.catch(() => {
        if (known === working) known = null;
      });
    }
    return known;
  };
}

export interface CompiledApp {
  /** Folder holding server/entry.mjs and client/. */
  dir: string;
  version: string;
  /** The version was compiled before and reused. */
  reused: boolean;
}

/**
 * Compiles the Astro app once per code version into dist/<version>/, shared by
 * every site. Compiles into a temporary folder and renames it into place, so a
 * build running at the same time never sees a half-written app, and a version
 * already compiled is reused without compiling again. `knownVersion` is the code version when the caller
 * already knows it (see watchCodeVersion).
 */
export async function compileApp(appRoot = process.cwd(), knownVersion?: string): Promise<CompiledApp> {
  const version = knownVersion ?? (await codeVersion(appRoot));
  const dir = path.resolve(appRoot, DIST, version);
  if (existsSync(path.join(dir, 'server', 'entry.mjs'))) return { dir, version, reused: true };
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  const temporary = path.resolve(appRoot, DIST, `.compiling-${process.pid}-${Date.now()}`);
  // Published pages are rendered with React's production build (see loadAppEntry), so the app is
  // always compiled for production, whichever mode the calling process runs in (a test runner sets
  // NODE_ENV=test, and the JSX would then be compiled for React's development build).
  const mode = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    // Astro's build API is loaded only to compile: it brings Vite and its bundlers, about 0.45 s and 120 MB
    // in every thread that imports this module (each render worker does, for loadAppEntry).
    const { build } = await import('astro');
    await build({ root: appRoot, outDir: temporary, logLevel: 'warn' });
    // Sources edited while compiling would leave a mix under this version's name: refuse it.
    if ((await codeVersion(appRoot)) !== version) {
      throw new Error('the source files changed while the app was compiling. Run the build again.');
    }
    await rename(temporary, dir).catch(async (error: NodeJS.ErrnoException) => {
      // Another build compiled the same version meanwhile: theirs is identical.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
      await rm(temporary, { recursive: true, force: true });
    });
  } catch (error) {
    await rm(temporary, { recursive: true, force: true });
    throw error;
  } finally {
    if (mode === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = mode;
  }
  await pruneVersions(appRoot, version);
  return { dir, version, reused: false };
}

async function pruneVersions(appRoot: string, current: string): Promise<void> {
  const root = path.resolve(appRoot, DIST);
  const names = (await readdir(root, { withFileTypes: true })).filter((e) => e.isDirectory() && /^[0-9a-f]{16}$/.test(e.name) && e.name !== current).map((e) => e.name);
  const versions = await Promise.all(names.map(async (name) => ({ name, mtime: (await stat(path.join(root, name))).mtimeMs })));
  versions.sort((a, b) => b.mtime - a.mtime);
  for (const old of versions.slice(KEEP_VERSIONS)) await rm(path.join(root, old.name), { recursive: true, force: true });
}

/** Imports a compiled app's page renderer (see {@link loadAppEntry}). */
export async function loadRenderer(appDir: string): Promise<RenderFn> {
  return (await loadAppEntry(appDir)).render;
}

/**
 * Imports a compiled app's entry points: the page renderer and the similar-vehicles section. The entry
 * loads React by its bare name, and React picks its build from NODE_ENV when first loaded: published
 * pages are rendered with the production build (the development one checks every element and records
 * owner stacks, several times slower).
 */
export async function loadAppEntry(appDir: string): Promise<AppEntry> {
  const entry = path.join(appDir, 'server', 'entry.mjs');
  if (!existsSync(entry)) throw new Error(`The compiled app is missing (${entry}). Run \`npm run build\`.`);
  process.env.NODE_ENV = 'production';
  const module = (await import(pathToFileURL(entry).href)) as AppEntry;
  return { render: module.render, similarSection: module.similarSection, searchPageAnswers: module.searchPageAnswers };
}

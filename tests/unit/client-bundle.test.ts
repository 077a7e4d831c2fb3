import { readdirSync } from 'node:fs';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * Islands run in shoppers' browsers: bundling each one for the browser must not need a Node
 * built-in, nor any of the project's Node-only modules (data loading, the generator, the ops
 * server, the build-time HTML helpers). esbuild bundles them as Vite would; a `node:` import
 * fails the build for the browser platform, and the metafile names every module pulled in.
 */
const ISLANDS = path.resolve('src/islands');
const NODE_ONLY = /^src\/(data|generator|ops|render)\//;

/** The vanilla scripts the vehicle page loads for its gallery and 360 viewer, checked as the islands are. */
const VANILLA = ['gallery/gallery.ts', 'gallery/lightbox.ts', 'spin/spin-viewer.ts'].map((file) => path.join(ISLANDS, file));

function islandEntries(dir = ISLANDS): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? islandEntries(path.join(dir, entry.name)) : /^[A-Z].*\.tsx$/.test(entry.name) ? [path.join(dir, entry.name)] : [],
  );
}

async function bundle(entry: string): Promise<{ inputs: string[]; errors: string[] }> {
  try {
    const result = await build({ entryPoints: [entry], bundle: true, platform: 'browser', format: 'esm', write: false, metafile: true, logLevel: 'silent', jsx: 'automatic' });
    return { inputs: Object.keys((result.metafile as Metafile).inputs), errors: [] };
  } catch (error) {
    return { inputs: [], errors: ((error as { errors?: Array<{ text: string }> }).errors ?? [{ text: String(error) }]).map((e) => e.text) };
  }
}

describe('client bundles', () => {
  const entries = [...islandEntries(), ...VANILLA];

  it('has islands to check', () => {
    expect(entries.length).toBeGreaterThan(0);
  });

  it.each(entries.map((e) => [path.relative(process.cwd(), e)]))('%s bundles for the browser without Node modules', async (entry) => {
    const { inputs, errors } = await bundle(entry);
    expect(errors).toEqual([]);
    expect(inputs.filter((input) => NODE_ONLY.test(input))).toEqual([]);
    expect(inputs.filter((input) => /^node:|^(fs|path|crypto|os|child_process|worker_threads)$/.test(input))).toEqual([]);
  });

  it('catches an island that pulls in Node-only code', async () => {
    // The check itself must be able to fail: a module that reads the disk does not bundle for the browser.
    const { inputs, errors } = await bundle(path.resolve('src/data/site-config.ts'));
    expect(errors.join('\n') + inputs.filter((i) => NODE_ONLY.test(i)).join('\n')).not.toBe('');
  });
});

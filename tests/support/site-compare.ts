import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readdir, realpath, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSites } from '../../src/generator/build.ts';

async function files(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = `${prefix}${entry.name}`;
    if (entry.isDirectory()) out.push(...(await files(path.join(dir, entry.name), `${rel}/`)));
    else out.push(rel);
  }
  return out.sort();
}

/**
 * Builds `root`'s current snapshot of `slug` in full, in a second folder, and
 * lists every difference from the site live in `root`: files only on one side,
 * and files whose bytes differ. Empty means the live site is exactly what a
 * full build of its snapshot produces (besides the search card files an update keeps
 * for pages still holding the previous index).
 */
export async function differencesFromFullBuild(root: string, slug: string): Promise<string[]> {
  const other = await mkdtemp(path.join(tmpdir(), 'full-build-'));
  try {
    await mkdir(path.join(other, 'data', 'snapshots'), { recursive: true });
    await symlink(path.join(root, 'sites'), path.join(other, 'sites'), 'dir');
    await symlink(path.join(root, 'content'), path.join(other, 'content'), 'dir');
    await symlink(path.join(root, 'data', 'feed'), path.join(other, 'data', 'feed'), 'dir');
    await cp(path.join(root, 'data', 'image-cache'), path.join(other, 'data', 'image-cache'), { recursive: true });
    // The snapshot is its file and the changes logged since it was written whole.
    for (const file of [`${slug}.json`, `${slug}.changes.jsonl`]) {
      if (existsSync(path.join(root, 'data', 'snapshots', file))) await cp(path.join(root, 'data', 'snapshots', file), path.join(other, 'data', 'snapshots', file));
    }
    await buildSites({ root: other, site: slug, skipPull: true, interactive: false });
    const a = await realpath(path.join(root, 'out', slug));
    const b = await realpath(path.join(other, 'out', slug));
    // The live site keeps the card files its previous search index named for one more update (a page
    // loaded before the update may still ask for them): those are the only files a full build lacks.
    const liveIndex = JSON.parse(await readFile(path.join(a, '_search', 'index.json'), 'utf8').catch(() => '{"cards":{}}')) as { cards: Record<string, string> };
    const named = new Set(Object.entries(liveIndex.cards).map(([group, hash]) => `_search/cards/${group}.${hash}.json`));
    const left = (await files(a)).filter((f) => !f.startsWith('_search/cards/') || named.has(f));
    const right = await files(b);
    const differences = [
      ...left.filter((f) => !right.includes(f)).map((f) => `only in the live site: ${f}`),
      ...right.filter((f) => !left.includes(f)).map((f) => `only in the full build: ${f}`),
    ];
    for (const file of left.filter((f) => right.includes(f))) {
      if (!(await readFile(path.join(a, file))).equals(await readFile(path.join(b, file)))) differences.push(`differs: ${file}`);
    }
    return differences;
  } finally {
    await rm(other, { recursive: true, force: true });
  }
}

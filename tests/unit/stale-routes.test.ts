import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noteStaleRoutes, staleRoutesPath } from '../../src/generator/build.ts';

// Updates list the pages they rewrite for the next build; between builds the list must stay bounded.
let root: string;
const lines = async () => (await readFile(staleRoutesPath('site', root), 'utf8')).split('\n').filter(Boolean);

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'stale-'));
  await mkdir(path.join(root, 'data', 'snapshots'), { recursive: true });
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the list of pages updates rewrote', () => {
  it('appends each update, then keeps each path once past its size limit', async () => {
    await noteStaleRoutes('site', ['/cars/a/', '/search/used/'], root, 200);
    await noteStaleRoutes('site', ['/cars/a/', '/'], root, 200);
    // Appended as they come while small.
    expect(await lines()).toEqual(['/cars/a/', '/search/used/', '/cars/a/', '/']);

    for (let i = 0; i < 20; i++) await noteStaleRoutes('site', ['/cars/a/', '/search/used/', `/cars/b${i % 3}/`], root, 200);
    const kept = await lines();
    expect(new Set(kept)).toEqual(new Set(['/cars/a/', '/search/used/', '/', '/cars/b0/', '/cars/b1/', '/cars/b2/']));
    expect(kept.length).toBeLessThan(6 + 3 * 6);
    // Nothing to note writes nothing.
    const before = await readFile(staleRoutesPath('site', root), 'utf8');
    await noteStaleRoutes('site', [], root, 200);
    expect(await readFile(staleRoutesPath('site', root), 'utf8')).toBe(before);
  });
});

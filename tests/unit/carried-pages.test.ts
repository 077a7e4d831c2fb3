import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Route } from '../../src/data/route-manifest.ts';
import { linkCarriedPages } from '../../src/generator/carried-pages.ts';

// Only the path and kind say where a page's file is (src/generator/output-paths.ts).
const route = (routePath: string, kind = 'vehicle') => ({ path: routePath, kind }) as Route;

describe('linking the pages a build carries over', () => {
  let dir: string;
  let live: string;
  let next: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'carried-'));
    live = path.join(dir, 'live');
    next = path.join(dir, 'next');
    for (const [file, text] of [['cars/a-car/index.html', 'a car'], ['cars/b-car/index.html', 'b car'], ['index.html', 'home'], ['404.html', 'not found']] as const) {
      await mkdir(path.dirname(path.join(live, file)), { recursive: true });
      await writeFile(path.join(live, file), text);
    }
    await mkdir(next);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('gives each page a second name in the new release, its folders made, and returns the pages linked', async () => {
    const routes = [route('/cars/a-car/'), route('/cars/b-car/'), route('/', 'home'), route('/404/', 'not-found')];
    const linked = await linkCarriedPages(routes, live, next);
    expect([...linked].sort()).toEqual(['/', '/404/', '/cars/a-car/', '/cars/b-car/']);
    for (const file of ['cars/a-car/index.html', 'cars/b-car/index.html', 'index.html', '404.html']) {
      const [was, now] = await Promise.all([stat(path.join(live, file)), stat(path.join(next, file))]);
      // The same file, not a copy.
      expect(now.ino).toBe(was.ino);
    }
    expect(await readFile(path.join(next, 'cars/b-car/index.html'), 'utf8')).toBe('b car');
  });

  it('leaves out a page the live release lacks and links the rest', async () => {
    const linked = await linkCarriedPages([route('/cars/a-car/'), route('/cars/gone/'), route('/cars/b-car/')], live, next);
    expect([...linked].sort()).toEqual(['/cars/a-car/', '/cars/b-car/']);
    expect((await readdir(path.join(next, 'cars'))).sort()).toEqual(['a-car', 'b-car', 'gone']);
    expect(await readdir(path.join(next, 'cars', 'gone'))).toEqual([]);
  });

  it('fails naming the live release when a page cannot be linked, after the pages before it', async () => {
    // A file where the new release needs a folder.
    await mkdir(path.join(next, 'cars'));
    await writeFile(path.join(next, 'cars', 'b-car'), 'in the way');
    const linking = linkCarriedPages([route('/cars/a-car/'), route('/cars/b-car/'), route('/', 'home')], live, next);
    await expect(linking).rejects.toThrow(`linking the pages carried over from ${live}`);
    expect((await stat(path.join(next, 'cars/a-car/index.html'))).ino).toBe((await stat(path.join(live, 'cars/a-car/index.html'))).ino);
    // It stopped at the failure: the home page, after it, was never linked.
    expect(await readdir(next)).toEqual(['cars']);
  });

  it('links nothing and starts no thread for no pages', async () => {
    expect(await linkCarriedPages([], live, next)).toEqual(new Set());
    expect(await readdir(next)).toEqual([]);
  });
});

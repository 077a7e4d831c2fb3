import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replacedFilesDir } from '../../src/generator/publish.ts';
import { ReplacedFiles } from '../../src/generator/replaced-files.ts';

describe('replacing files in a live release', () => {
  let root: string;
  let release: string;
  let keep: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'replaced-'));
    release = path.join(root, 'out', '.releases', 'a-site', '20260101-000000000-1-abcd');
    keep = replacedFilesDir(release);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('holds each replaced file in out/.trash until released, and holds nothing for a new file', async () => {
    expect(keep).toBe(path.join(root, 'out', '.trash', 'replaced'));
    const feed = path.join(release, 'feeds', 'feed.csv');
    const replacing = new ReplacedFiles(keep);
    await replacing.write(feed, 'first');
    // A new file replaced nothing.
    expect(await readdir(keep).catch(() => [])).toEqual([]);
    const before = await stat(feed);
    await replacing.write(feed, [Buffer.from('sec'), Buffer.from('ond')]);
    expect(await readFile(feed, 'utf8')).toBe('second');
    // The file it replaced is still there, the same file (not a copy), under the keeping folder.
    const held = await readdir(keep);
    expect(held).toHaveLength(1);
    expect(await readFile(path.join(keep, held[0]!), 'utf8')).toBe('first');
    expect((await stat(path.join(keep, held[0]!))).ino).toBe(before.ino);
    expect(await readdir(path.dirname(feed))).toEqual(['feed.csv']);

    await replacing.release();
    expect(await readdir(keep)).toEqual([]);
    expect(await readFile(feed, 'utf8')).toBe('second');
  });

  it('holds every file replaced at once under its own name', async () => {
    const files = ['a', 'b', 'c'].map((name) => path.join(release, name, 'index.html'));
    for (const file of files) {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, 'old');
    }
    const replacing = new ReplacedFiles(keep);
    await Promise.all(files.map((file) => replacing.write(file, 'new')));
    expect(await readdir(keep)).toHaveLength(3);
    for (const file of files) expect(await readFile(file, 'utf8')).toBe('new');
    await replacing.release();
    expect(await readdir(keep)).toEqual([]);
  });
});

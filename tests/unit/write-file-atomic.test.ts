import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeAt, writeFileAtomic, writeFileAtomicWith } from '../../src/data/feed-files.ts';

describe('writing a file in one step', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'atomic-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('makes the missing folders, replaces a file that is there, and leaves no temporary file', async () => {
    const file = path.join(dir, 'cars', 'a-car', 'index.html');
    await writeFileAtomic(file, 'first');
    expect(await readFile(file, 'utf8')).toBe('first');
    await writeFileAtomic(file, [Buffer.from('sec'), Buffer.from('ond')]);
    expect(await readFile(file, 'utf8')).toBe('second');
    expect(await readdir(path.dirname(file))).toEqual(['index.html']);
  });

  it('writes a file from what is written into its open handle, anywhere in it, and replaces the old one only when all of it is written', async () => {
    const file = path.join(dir, 'snapshots', 'a-site.json');
    await writeFileAtomicWith(file, async (handle) => {
      await writeAt(handle, Buffer.from('world'), 6);
      await writeAt(handle, Buffer.from('hello '), 0);
    });
    expect(await readFile(file, 'utf8')).toBe('hello world');
    const failing = writeFileAtomicWith(file, async (handle) => {
      await writeAt(handle, Buffer.from('half a file'), 0);
      throw new Error('the disk is full');
    });
    await expect(failing).rejects.toThrow('the disk is full');
    expect(await readFile(file, 'utf8')).toBe('hello world');
    expect(await readdir(path.dirname(file))).toEqual(['a-site.json']);
  });

  it('fails where a folder cannot be made, naming the path', async () => {
    await writeFile(path.join(dir, 'taken'), 'a file, not a folder');
    await expect(writeFileAtomic(path.join(dir, 'taken', 'index.html'), 'x')).rejects.toThrow(/taken/);
  });
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEPT, LARGEST_KEPT, withFileBytes, withJoinedBytes } from '../../src/deploy/kept-buffers.ts';

// The buffers a deploy reads its files into: each read gets the file's bytes and no one else's, and a
// read after another is given the memory the first gave back rather than a new buffer.
let dir: string;
const file = (name: string) => path.join(dir, name);
// A pattern of 251 bytes (a prime length, so no buffer size lines up with it), its start set by `seed`.
const content = (seed: number, size: number) => Buffer.alloc(size, Buffer.from(Array.from({ length: 251 }, (_, i) => (seed * 31 + i * 7) % 251)));

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kept-buffers-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('reading a file into a lent buffer', () => {
  it('gives the whole file, whatever its size, and an empty one as no bytes', async () => {
    for (const size of [0, 1, 70_000, 300_000]) {
      await writeFile(file(`f${size}`), content(size, size));
      expect(Buffer.compare(await withFileBytes(file(`f${size}`), (bytes) => Buffer.from(bytes)), content(size, size))).toBe(0);
    }
  });

  it('gives each of many reads at once its own file, however long each holds its bytes', async () => {
    const files = Array.from({ length: 7 }, (_, i) => ({ name: `many-${i}`, bytes: content(i, 20_000 + i * 9_000) }));
    for (const f of files) await writeFile(file(f.name), f.bytes);
    const seen = await Promise.all(
      files.map((f, i) =>
        withFileBytes(file(f.name), async (bytes) => {
          // Held across other reads' work, as an upload holds its body.
          await sleep(5 * (files.length - i));
          return Buffer.compare(bytes, f.bytes);
        }),
      ),
    );
    expect(seen).toEqual(files.map(() => 0));
  });

  it('lends memory given back by earlier reads, also after the work with it failed, instead of new buffers', async () => {
    await writeFile(file('big'), content(1, 200_000));
    await writeFile(file('small'), content(2, 50_000));
    const lent = new Set<ArrayBufferLike>();
    for (let i = 0; i < 12; i++) {
      const [name, seed, size] = i % 2 === 0 ? ['big', 1, 200_000] : ['small', 2, 50_000];
      if (i % 3 === 0) await expect(withFileBytes(file(name), () => Promise.reject(new Error('upload refused')))).rejects.toThrow('upload refused');
      await withFileBytes(file(name), (bytes) => {
        expect(Buffer.compare(bytes, content(seed, size))).toBe(0);
        lent.add(bytes.buffer);
      });
    }
    expect(lent.size).toBeLessThanOrEqual(KEPT);
  });

  it('reads a file larger than any buffer kept, without keeping one that large', async () => {
    const large = content(3, LARGEST_KEPT + 1024);
    await writeFile(file('large'), large);
    const lent = await withFileBytes(file('large'), (bytes) => {
      expect(Buffer.compare(bytes, large)).toBe(0);
      return bytes.buffer;
    });
    await writeFile(file('after'), content(4, 1000));
    expect(await withFileBytes(file('after'), (bytes) => bytes.buffer)).not.toBe(lent);
  });

  it('fails for a missing file, naming it', async () => {
    await expect(withFileBytes(file('missing'), () => 0)).rejects.toThrow(/ENOENT.*missing/);
  });
});

describe('joining parts into a lent buffer', () => {
  it('gives the parts one after another', async () => {
    const parts = [Buffer.from('{"a":'), new Uint8Array([0x31, 0x32]), Buffer.from('}')];
    expect(await withJoinedBytes(parts, (bytes) => bytes.toString('utf8'))).toBe('{"a":12}');
    expect(await withJoinedBytes([], (bytes) => bytes.length)).toBe(0);
  });
});

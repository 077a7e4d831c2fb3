import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listPublicFiles } from '../../src/generator/public-files.ts';
import { publicAsset } from '../../src/views/common.ts';

const roots: string[] = [];
afterAll(async () => {
  for (const root of roots) await rm(root, { recursive: true, force: true });
});

describe('public files', () => {
  it("lists the site paths of every file under the app's public/ folder, folders left out", async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'public-files-'));
    roots.push(root);
    await mkdir(path.join(root, 'public', 'brands'), { recursive: true });
    await mkdir(path.join(root, 'public', 'content', 'test motors'), { recursive: true });
    await writeFile(path.join(root, 'public', 'favicon.svg'), '<svg/>');
    await writeFile(path.join(root, 'public', 'brands', 'mg.svg'), '<svg/>');
    await writeFile(path.join(root, 'public', 'content', 'test motors', 'hero.jpg'), '');
    const files = listPublicFiles(root);
    expect([...files].sort()).toEqual(['/brands/mg.svg', '/content/test motors/hero.jpg', '/favicon.svg']);

    expect(publicAsset('/brands/mg.svg', files)).toBe('/brands/mg.svg');
    expect(publicAsset('/content/test%20motors/hero.jpg?v=2', files)).toBe('/content/test%20motors/hero.jpg?v=2');
    expect(publicAsset('/brands/', files)).toBeNull();
    expect(publicAsset('/brands/ford.svg', files)).toBeNull();
    expect(publicAsset('brands/mg.svg', files)).toBeNull();
    expect(publicAsset('https://cdn.example/mg.svg', files)).toBe('https://cdn.example/mg.svg');
    expect(publicAsset(null, files)).toBeNull();
  });

  it('is empty when the app has no public/ folder', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'public-files-'));
    roots.push(root);
    expect(listPublicFiles(root).size).toBe(0);
  });
});

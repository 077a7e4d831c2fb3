import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitContent } from '../../src/ops/content-commit.ts';
import { listUploads, storeUpload, uploadsDir } from '../../src/ops/content-images-upload.ts';

const run = promisify(execFile);
let root: string;
const alex = { id: 2, username: 'alex', name: 'Alex Chen', role: 'marketing' as const, sites: ['bayside-mg'], disabled: false };

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'content-commit-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('publishing to Git', () => {
  it('commits the published file alone, with the staff member as its author', async () => {
    await run('git', ['init', '-q', root]);
    await mkdir(path.join(root, 'content', 'bayside-mg'), { recursive: true });
    await writeFile(path.join(root, 'content', 'bayside-mg', 'offers.yaml'), '- id: a\n');
    await writeFile(path.join(root, 'unrelated.txt'), 'not published');
    const id = await commitContent(root, ['content/bayside-mg/offers.yaml'], 'Content: bayside-mg offers.yaml, published from the admin page', alex);
    const { stdout } = await run('git', ['-C', root, 'log', '-1', '--format=%H|%an|%ae|%s', '--name-only']);
    expect(stdout.trim().split('\n')).toEqual([`${id}|Alex Chen|alex@staff.invalid|Content: bayside-mg offers.yaml, published from the admin page`, '', 'content/bayside-mg/offers.yaml']);
    // Only what was published: another changed file is left for its owner.
    expect((await run('git', ['-C', root, 'status', '--porcelain'])).stdout).toContain('?? unrelated.txt');
  });
});

describe('uploaded pictures', () => {
  it('keeps a picture once under a name made from its content, where the build reads content images', async () => {
    const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#ff0000' } }).png().toBuffer();
    const first = await storeUpload(root, 'bayside-mg', png);
    expect(first).toMatchObject({ width: 640, height: 400, url: expect.stringMatching(/^\/content\/bayside-mg\/images\/uploads\/[0-9a-f]{20}\.png$/) });
    expect(await readFile(path.join(uploadsDir(root, 'bayside-mg'), first.file))).toEqual(png);
    expect((await storeUpload(root, 'bayside-mg', png)).url).toBe(first.url);
    expect((await listUploads(root, 'bayside-mg')).map((u) => u.url)).toEqual([first.url]);
  });

  it('refuses what is not a picture, a format pages cannot show, and a picture too small, saying what to do', async () => {
    await expect(storeUpload(root, 'bayside-mg', Buffer.from('hello'))).rejects.toThrow(/not a picture/);
    const gif = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#00ff00' } }).gif().toBuffer();
    await expect(storeUpload(root, 'bayside-mg', gif)).rejects.toThrow(/gif format are not accepted/);
    const tiny = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0000ff' } }).png().toBuffer();
    await expect(storeUpload(root, 'bayside-mg', tiny)).rejects.toThrow(/too small/);
  });
});

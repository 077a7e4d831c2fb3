import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, realpath, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSites } from '../../src/generator/build.ts';
import { startOps } from '../../src/ops/main.ts';
import { TEST_SITE, testSiteRoot } from '../support/test-site.ts';

// A build killed part-way leaves a release folder with some of the site in it. Only releases that finished
// may go live or be kept for a rollback; start-up removes what a killed process left behind.
const slug = TEST_SITE;
let root: string;
/** The half-written page the first killed build left in the release that was live then. */
let firstTemporary = '';

const releasesDir = () => path.join(root, 'out', '.releases', slug);
const trashDir = () => path.join(root, 'out', '.trash');
const liveDir = () => realpath(path.join(root, 'out', slug));
const releaseFolders = async () => (await readdir(releasesDir(), { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();

/** A build process that dies by SIGKILL after writing part of a release and half a page into the live one. */
async function crashedBuild(): Promise<{ release: string; temporary: string }> {
  const live = await liveDir();
  const script = `
    import { writeFile } from 'node:fs/promises';
    import { createRelease } from ${JSON.stringify(path.resolve('src/generator/publish.ts'))};
    const dir = await createRelease(${JSON.stringify(slug)}, ${JSON.stringify(root)});
    await writeFile(dir + '/index.html', '<!doctype html><title>half a site</title>');
    await writeFile(${JSON.stringify(live)} + '/index.html.' + process.pid + '.tmp', '<!doctype html><title>half a pa');
    console.log(JSON.stringify({ release: dir, temporary: ${JSON.stringify(live)} + '/index.html.' + process.pid + '.tmp' }));
    process.kill(process.pid, 'SIGKILL');`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--input-type=module', '-e', script], { timeout: 30_000 }, (error, stdout) => {
      if ((error as { signal?: string } | null)?.signal !== 'SIGKILL') return reject(error ?? new Error('the build process was expected to be killed'));
      resolve(JSON.parse(stdout.trim()) as { release: string; temporary: string });
    });
  });
}

beforeAll(async () => {
  root = await testSiteRoot('releases', 30);
  await buildSites({ root, site: slug, interactive: false });
  // Rendered in full, so that it makes a release of its own rather than leave the same one live.
  await buildSites({ root, site: slug, interactive: false, full: true });
}, 240_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('releases', () => {
  it('after a build dies part-way, the next build keeps the last complete release for rollback, not the partial one', async () => {
    const [previous, live] = await releaseFolders();
    expect(path.join(releasesDir(), live!)).toBe(await liveDir());
    const crashed = await crashedBuild();
    firstTemporary = crashed.temporary;
    expect(await releaseFolders()).toHaveLength(3);

    // The recovery build.
    const summary = await buildSites({ root, site: slug, interactive: false });
    expect(summary.sites[0]!.status).toBe('published');

    const kept = await releaseFolders();
    expect(kept).not.toContain(path.basename(crashed.release));
    expect(kept).toHaveLength(2);
    expect(kept[0], 'the release before the crash stays as the rollback target').toBe(live);
    expect(kept).not.toContain(previous);
    for (const name of kept) {
      expect(existsSync(path.join(releasesDir(), `${name}.complete`)), `${name} is marked complete`).toBe(true);
      expect(existsSync(path.join(releasesDir(), name, 'sitemap.xml')), `${name} holds the whole site`).toBe(true);
    }
    // Releases pruned leave the releases folder at once; their files are deleted in the background.
    await expect.poll(async () => (await readdir(trashDir()).catch(() => [])).length, { timeout: 30_000 }).toBe(0);
  }, 240_000);

  it('at start-up, the ops server removes a release a killed build left and the temporary files of a killed process', async () => {
    const crashed = await crashedBuild();
    // A file being written right now by a running process is left alone.
    const inProgress = path.join(await liveDir(), `about.${process.pid}.tmp`);
    await writeFile(inProgress, 'still being written');
    // A pruned release whose deletion was cut short.
    await mkdir(path.join(trashDir(), `${slug}-20260101-000000-1-abcd-1`, 'cars'), { recursive: true });
    await writeFile(path.join(trashDir(), `${slug}-20260101-000000-1-abcd-1`, 'cars', 'index.html'), 'old');
    expect(existsSync(crashed.release)).toBe(true);
    expect(existsSync(crashed.temporary)).toBe(true);

    const lines: string[] = [];
    const ops = await startOps({ root, runner: async () => ({ status: 'published', kind: 'content', pages: 0, durationMs: 0 }), log: (l) => lines.push(l), env: { OPS_ADMIN_TOKEN: 'test-admin-token-0123456789', OPS_PORT: '0', OPS_DATA_DIR: 'ops' } });
    await ops.close(0);

    expect(existsSync(crashed.release)).toBe(false);
    expect(existsSync(crashed.temporary)).toBe(false);
    // Also the one the first killed build left in the release kept for rollback.
    expect(existsSync(firstTemporary)).toBe(false);
    expect(existsSync(inProgress)).toBe(true);
    expect(existsSync(path.join(trashDir(), `${slug}-20260101-000000-1-abcd-1`))).toBe(false);
    expect(await releaseFolders()).toHaveLength(2);
    expect(lines.some((l) => l.includes('Removed 1 release(s) a build left unfinished'))).toBe(true);
    expect(lines.some((l) => l.includes('Removed 2 temporary file(s)'))).toBe(true);
    await rm(inProgress);
  }, 60_000);
});

import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDemoFeeds } from '../../src/data/demo/write.ts';
import { buildSites, reportPath, type SiteBuildReport } from '../../src/generator/build.ts';

// One small dealer, built for real (compile, pull, images, render, host files,
// publish) into a temporary folder.
let root: string;
const slug = 'test-motors';
const live = () => path.join(root, 'out', slug);
const report = async (): Promise<SiteBuildReport> => JSON.parse(await readFile(reportPath(slug, root), 'utf8'));

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'generator-'));
  await mkdir(path.join(root, 'sites'));
  await mkdir(path.join(root, 'content'));
  const config = (await readFile('sites/northside-used.yaml', 'utf8')).replace('name: Northside Used Cars', 'name: Test Motors');
  await writeFile(path.join(root, 'sites', `${slug}.yaml`), config);
  await symlink(path.resolve('content/northside-used'), path.join(root, 'content', slug), 'dir');
  await writeDemoFeeds({ site: slug, vehicles: 40, root });
}, 120_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('generator', () => {
  it('builds a complete site and publishes it', async () => {
    const summary = await buildSites({ root, site: slug, interactive: false });
    const built = summary.sites[0]!;
    expect(built.status).toBe('published');
    expect(built.pages).toBeGreaterThan(100);
    expect(built.imageTransforms.done).toBeGreaterThan(0);
    for (const file of ['index.html', '404.html', 'sitemap.xml', 'robots.txt', '_headers', '_redirects']) {
      expect(existsSync(path.join(live(), file)), file).toBe(true);
    }
    expect((await readdir(path.join(live(), '_astro'))).length).toBeGreaterThan(0);
    expect((await readdir(path.join(live(), 'images'))).length).toBeGreaterThan(0);
    expect((await report()).status).toBe('published');
  }, 180_000);

  it('does no image transforms on a second build with no changes', async () => {
    const summary = await buildSites({ root, site: slug, skipPull: true, interactive: false });
    expect(summary.sites[0]!.imageTransforms.done).toBe(0);
    expect(summary.sites[0]!.imageTransforms.reused).toBeGreaterThan(0);
  }, 180_000);

  it('keeps the previous site live when a page fails to render, and says which page and phase', async () => {
    const before = await readlink(live());
    const home = await readFile(path.join(live(), 'index.html'), 'utf8');
    const releases = await readdir(path.join(root, 'out', '.releases', slug));

    const failing = buildSites({
      root,
      site: slug,
      skipPull: true,
      interactive: false,
      // A content page the content folder does not have: its template throws.
      adjustRoutes: (_site, routes) => [...routes, { kind: 'content-page', path: '/no-such-page/', pageSlug: 'no-such-page', deps: {} }],
    });
    await expect(failing).rejects.toThrow(/test-motors: render: rendering \/no-such-page\/ \(content-page\) failed/);

    expect(await readlink(live())).toBe(before);
    expect(await readFile(path.join(live(), 'index.html'), 'utf8')).toBe(home);
    expect(await readdir(path.join(root, 'out', '.releases', slug))).toEqual(releases);
    const failed = await report();
    expect(failed.status).toBe('failed');
    expect(failed.failure).toMatchObject({ phase: 'render' });
  }, 180_000);
});

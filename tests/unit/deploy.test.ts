import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deployFiles, deploySite, publicUrl } from '../../src/deploy/deploy.ts';
import { cacheControlFor, contentTypeFor } from '../../src/deploy/file-headers.ts';
import { MANIFEST_NAME, dirTarget, manifestParts, type DeployManifest, type ManifestEntry } from '../../src/deploy/targets.ts';
import { createRelease, publishRelease } from '../../src/generator/publish.ts';
import { loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { SiteConfigSchema, type SiteConfigInput } from '../../src/schemas/site-config.ts';
import { startPurgeStandin, type PurgeStandin } from '../support/purge-standin.ts';
import { startS3Standin, type S3Standin } from '../support/s3-standin.ts';

// A small published release, deployed to a folder and to a loopback S3 stand-in that checks every
// signature, then changed the way an update for one vehicle changes it and deployed again.
const slug = 'test-motors';
const URL_BASE = 'https://www.testmotors.example';
const KEYS = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', region: 'ap-southeast-2' };
const BUCKET = 'test-motors-site';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';

/** The release as a build leaves it: pages, host files, hashed assets and image renditions. */
const FIRST: Record<string, string> = {
  'index.html': '<!doctype html><title>Home</title><a href="/cars/used/mg-zs-1/">ZS</a><a href="/cars/used/mg-hs-2/">HS</a>',
  '404.html': '<!doctype html><title>Not found</title>',
  'cars/used/mg-zs-1/index.html': '<!doctype html><title>MG ZS $19,990</title><img src="/images/aaaa1111-gallery.webp">',
  'cars/used/mg-hs-2/index.html': '<!doctype html><title>MG HS $29,990</title><img src="/images/bbbb2222-gallery.webp">',
  'cars/used/kia-cerato-3/index.html': '<!doctype html><title>Kia Cerato $17,990</title>',
  'used-cars/mg/index.html': '<!doctype html><title>Used MG</title>ZS $19,990, HS $29,990',
  'used-cars/kia/index.html': '<!doctype html><title>Used Kia</title>Cerato',
  'sitemap.xml': '<?xml version="1.0"?><urlset><url><loc>/cars/used/mg-zs-1/</loc><lastmod>2026-11-01</lastmod></url></urlset>',
  _headers: '/_astro/*\n  Cache-Control: public, max-age=31536000, immutable\n',
  _redirects: '/print /cars/used/:car_id/print/ 301\n',
  'robots.txt': 'User-agent: *\n',
  '_astro/app.Dbz6SiDN.js': 'console.log("app")',
  '_astro/site.C4L9Qr9d.css': 'body{margin:0}',
  'images/aaaa1111-gallery.webp': 'RIFF-webp-zs',
  'images/bbbb2222-gallery.webp': 'RIFF-webp-hs-old',
  '_search/index.json': '{"vehicles":[1,2,3]}',
  '_search/cards/1.57f93e24a1cc.json': '{"id":1}',
};

/** One vehicle (the MG HS) dropped in price with a new photo: its page, the pages listing it and the sitemap change. */
const CHANGED_PAGES = ['cars/used/mg-hs-2/index.html', 'index.html', 'used-cars/mg/index.html', 'sitemap.xml', '_search/index.json'];
function second(): Record<string, string> {
  const files = { ...FIRST };
  files['cars/used/mg-hs-2/index.html'] = '<!doctype html><title>MG HS $27,990</title><img src="/images/cccc3333-gallery.webp">';
  files['index.html'] = FIRST['index.html']!.replace('HS', 'HS now $27,990');
  files['used-cars/mg/index.html'] = FIRST['used-cars/mg/index.html']!.replace('$29,990', '$27,990');
  files['sitemap.xml'] = FIRST['sitemap.xml']!.replace('2026-11-01', '2026-11-25');
  files['_search/index.json'] = '{"vehicles":[1,2,3],"v":2}';
  files['images/cccc3333-gallery.webp'] = 'RIFF-webp-hs-new';
  delete files['images/bbbb2222-gallery.webp'];
  return files;
}

let root: string;
const roots: string[] = [];

async function publish(files: Record<string, string>): Promise<string> {
  const dir = await createRelease(slug, root);
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), content);
  }
  await publishRelease(slug, dir, root);
  return dir;
}

function siteWith(deploy: SiteConfigInput['deploy']) {
  return SiteConfigSchema.parse({ slug, name: 'Test Motors', template: 'classic', url: URL_BASE, deploy } satisfies SiteConfigInput);
}

async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'deploy-'));
  roots.push(root);
});

afterAll(async () => {
  for (const dir of roots) await rm(dir, { recursive: true, force: true });
});

describe('content types and cache lifetimes', () => {
  it('caches content-named files for a year and everything else until revalidated', () => {
    for (const file of ['_astro/app.Dbz6SiDN.js', 'images/aaaa1111-gallery.webp', 'videos/0595fe72e3564ec6.webm', '_search/cards/1.57f93e24a1cc.json', 'pagefind/fragment/en_855d6e3.pf_fragment']) {
      expect(cacheControlFor(file), file).toBe(IMMUTABLE);
    }
    for (const file of ['index.html', 'cars/used/mg-zs-1/index.html', 'sitemap.xml', '_headers', '_redirects', 'robots.txt', '_search/index.json', 'pagefind/pagefind-entry.json', 'images.html']) {
      expect(cacheControlFor(file), file).toBe(REVALIDATE);
    }
  });

  it('names the content type of every kind of file a build writes', () => {
    expect(contentTypeFor('cars/used/mg-zs-1/index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeFor('_astro/app.Dbz6SiDN.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeFor('_astro/site.C4L9Qr9d.css')).toBe('text/css; charset=utf-8');
    expect(contentTypeFor('_search/index.json')).toBe('application/json; charset=utf-8');
    expect(contentTypeFor('sitemap.xml')).toBe('text/xml; charset=utf-8');
    expect(contentTypeFor('images/a-gallery.webp')).toBe('image/webp');
    expect(contentTypeFor('images/a-card.avif')).toBe('image/avif');
    expect(contentTypeFor('images/a-spin.jpg')).toBe('image/jpeg');
    expect(contentTypeFor('videos/a.webm')).toBe('video/webm');
    expect(contentTypeFor('_headers')).toBe('text/plain; charset=utf-8');
    expect(contentTypeFor('_redirects')).toBe('text/plain; charset=utf-8');
    expect(contentTypeFor('pagefind/fragment/en_1.pf_fragment')).toBe('application/octet-stream');
  });

  it('purges a folder page by the URL shoppers use', () => {
    expect(publicUrl(URL_BASE, 'index.html')).toBe(`${URL_BASE}/`);
    expect(publicUrl(URL_BASE, 'cars/used/mg-zs-1/index.html')).toBe(`${URL_BASE}/cars/used/mg-zs-1/`);
    expect(publicUrl(URL_BASE, 'sitemap.xml')).toBe(`${URL_BASE}/sitemap.xml`);
  });
});

describe('the manifest as a target stores it', () => {
  const entry = (sha256: string): ManifestEntry => ({ sha256, size: 3, contentType: 'text/html; charset=utf-8', cacheControl: REVALIDATE });

  it('is the manifest in JSON, a line per file in the order given, each line naming its own file', () => {
    const shared = entry('a'.repeat(64));
    const manifest: DeployManifest = { version: 1, site: slug, deployedAt: '2026-11-30T10:00:00.000Z', files: { 'b/index.html': shared, 'a "quoted"/index.html': entry('b'.repeat(64)), 'index.html': shared } };
    const paths = ['a "quoted"/index.html', 'b/index.html', 'index.html'];
    const text = Buffer.concat(manifestParts(manifest, paths)).toString('utf8');
    expect(JSON.parse(text)).toEqual(manifest);
    expect(text.split('\n')).toHaveLength(paths.length + 3);
    expect(text.split('\n').slice(1, -2).map((line) => Object.keys(JSON.parse(`{${line.replace(/,$/, '')}}`))[0])).toEqual(paths);
    // Written again with one entry replaced: that file's line follows it, the others stay as they were.
    manifest.files['index.html'] = entry('c'.repeat(64));
    const again = JSON.parse(Buffer.concat(manifestParts(manifest, paths)).toString('utf8')) as DeployManifest;
    expect(again.files['index.html']!.sha256).toBe('c'.repeat(64));
    expect(again.files['b/index.html']!.sha256).toBe('a'.repeat(64));
  });

  it('is a manifest of no files when the site has none', () => {
    const manifest: DeployManifest = { version: 1, site: slug, deployedAt: '2026-11-30T10:00:00.000Z', files: {} };
    expect(JSON.parse(Buffer.concat(manifestParts(manifest, [])).toString('utf8'))).toEqual(manifest);
  });
});

describe('the dir target', () => {
  const target = () => path.join(root, 'published');
  const site = () => siteWith({ targets: { local: { kind: 'dir', path: 'published' } } });

  it('copies every file the first time, keeps a manifest of hashes, types and lifetimes, then copies only what changed', async () => {
    await publish(FIRST);
    const first = await deploySite(site(), 'local', { root });
    expect(first.uploaded).toEqual(Object.keys(FIRST).sort());
    expect(first.deleted).toEqual([]);
    expect(await filesIn(target())).toEqual([...Object.keys(FIRST), MANIFEST_NAME].sort());
    for (const [file, content] of Object.entries(FIRST)) expect(await readFile(path.join(target(), file), 'utf8')).toBe(content);
    const manifest = JSON.parse(await readFile(path.join(target(), MANIFEST_NAME), 'utf8')) as DeployManifest;
    expect(manifest.site).toBe(slug);
    expect(Object.keys(manifest.files).sort()).toEqual(Object.keys(FIRST).sort());
    expect(manifest.files['cars/used/mg-zs-1/index.html']).toEqual({ sha256: sha(FIRST['cars/used/mg-zs-1/index.html']!), size: FIRST['cars/used/mg-zs-1/index.html']!.length, contentType: 'text/html; charset=utf-8', cacheControl: REVALIDATE });
    expect(manifest.files['_astro/app.Dbz6SiDN.js']).toMatchObject({ contentType: 'text/javascript; charset=utf-8', cacheControl: IMMUTABLE });
    expect(manifest.files['images/aaaa1111-gallery.webp']).toMatchObject({ contentType: 'image/webp', cacheControl: IMMUTABLE });
    expect(manifest.files._redirects).toMatchObject({ contentType: 'text/plain; charset=utf-8', cacheControl: REVALIDATE });

    // Deployed again as it is: nothing to copy.
    const again = await deploySite(site(), 'local', { root });
    expect(again.uploaded).toEqual([]);
    expect(again.unchanged).toBe(Object.keys(FIRST).length);

    // One vehicle changed: its page, the pages listing it, the sitemap and search index, its new photo.
    await publish(second());
    const changed = await deploySite(site(), 'local', { root });
    expect(changed.uploaded).toEqual([...CHANGED_PAGES, 'images/cccc3333-gallery.webp'].sort());
    expect(changed.deleted).toEqual(['images/bbbb2222-gallery.webp']);
    expect(await filesIn(target())).toEqual([...Object.keys(second()), MANIFEST_NAME].sort());
    for (const [file, content] of Object.entries(second())) expect(await readFile(path.join(target(), file), 'utf8')).toBe(content);
    const after = JSON.parse(await readFile(path.join(target(), MANIFEST_NAME), 'utf8')) as DeployManifest;
    expect(Object.keys(after.files).sort()).toEqual(Object.keys(second()).sort());
    expect(after.files['cars/used/mg-hs-2/index.html']!.sha256).toBe(sha(second()['cars/used/mg-hs-2/index.html']!));
  });

  it('reads the manifest again when the folder holds another than the one it wrote', async () => {
    await publish(FIRST);
    await deploySite(site(), 'local', { root });
    // Written by hand since: the home page is not listed, so the next deploy copies it again.
    const file = path.join(target(), MANIFEST_NAME);
    const edited = JSON.parse(await readFile(file, 'utf8')) as DeployManifest;
    delete edited.files['index.html'];
    await writeFile(file, JSON.stringify(edited));
    expect((await deploySite(site(), 'local', { root })).uploaded).toEqual(['index.html']);
    expect((await deploySite(site(), 'local', { root })).uploaded).toEqual([]);
  });

  it('a dry run lists what would change and changes nothing', async () => {
    await publish(FIRST);
    await deploySite(site(), 'local', { root });
    const manifestBefore = await readFile(path.join(target(), MANIFEST_NAME), 'utf8');
    await publish(second());
    const lines: string[] = [];
    const dry = await deploySite(site(), 'local', { root, dryRun: true, log: (l) => lines.push(l) });
    expect(dry.dryRun).toBe(true);
    expect(dry.uploaded).toEqual([...CHANGED_PAGES, 'images/cccc3333-gallery.webp'].sort());
    expect(dry.deleted).toEqual(['images/bbbb2222-gallery.webp']);
    expect(lines).toContain('  would upload images/cccc3333-gallery.webp (new)');
    expect(lines).toContain('  would delete images/bbbb2222-gallery.webp');
    expect(lines.at(-1)).toMatch(/dry run: 6 to upload, 1 to delete, 11 unchanged, 0 URL\(s\) to purge; nothing was changed/);
    expect(await readFile(path.join(target(), MANIFEST_NAME), 'utf8')).toBe(manifestBefore);
    expect(await filesIn(target())).toEqual([...Object.keys(FIRST), MANIFEST_NAME].sort());
    expect(await readFile(path.join(target(), 'index.html'), 'utf8')).toBe(FIRST['index.html']);
  });

  it('publishes just the paths an update names: changed ones are copied, gone ones deleted, folders compared whole', async () => {
    await publish(FIRST);
    await deploySite(site(), 'local', { root });
    const files = second();
    delete files['cars/used/kia-cerato-3/index.html'];
    // Changed on disk but not named: a partial deploy leaves it for the next full one.
    files['used-cars/kia/index.html'] = 'changed, not named';
    await publish(files);
    const result = await deployFiles(site(), 'local', ['cars/used/mg-hs-2/index.html', 'cars/used/kia-cerato-3/index.html', 'index.html', 'sitemap.xml', 'images/', '_search/'], { root });
    expect(result.uploaded).toEqual(['_search/index.json', 'cars/used/mg-hs-2/index.html', 'images/cccc3333-gallery.webp', 'index.html', 'sitemap.xml']);
    expect(result.deleted).toEqual(['cars/used/kia-cerato-3/index.html', 'images/bbbb2222-gallery.webp']);
    expect(existsSync(path.join(target(), 'cars/used/kia-cerato-3'))).toBe(false);
    expect(await readFile(path.join(target(), 'used-cars/kia/index.html'), 'utf8')).toBe(FIRST['used-cars/kia/index.html']);
    // The full deploy then finds only the page the partial one was not told about.
    expect((await deploySite(site(), 'local', { root })).uploaded).toEqual(['used-cars/kia/index.html', 'used-cars/mg/index.html']);
  });

  it('keeps the manifest it holds in step over updates: a file one update adds, the next can delete by its folder', async () => {
    await publish(FIRST);
    await deploySite(site(), 'local', { root });
    const manifestLines = async () => (await readFile(path.join(target(), MANIFEST_NAME), 'utf8')).split('\n');
    const listed = async () => Object.keys((JSON.parse(await readFile(path.join(target(), MANIFEST_NAME), 'utf8')) as DeployManifest).files);

    // An update adds a photo and a page, and takes a photo away.
    const files = second();
    files['cars/used/mg-zs-4/index.html'] = '<!doctype html><title>MG ZS $21,990</title>';
    await publish(files);
    const added = await deployFiles(site(), 'local', ['cars/used/mg-zs-4/index.html', 'images/'], { root });
    expect(added.uploaded).toEqual(['cars/used/mg-zs-4/index.html', 'images/cccc3333-gallery.webp']);
    expect(added.deleted).toEqual(['images/bbbb2222-gallery.webp']);
    // One line per file, in path order, with the manifest's own fields around them.
    const expected = Object.keys(FIRST).filter((f) => f !== 'images/bbbb2222-gallery.webp').concat('cars/used/mg-zs-4/index.html', 'images/cccc3333-gallery.webp').sort();
    expect(await listed()).toEqual(expected);
    const lines = await manifestLines();
    expect(lines[0]).toMatch(/^\{"version":1,"site":"test-motors","deployedAt":"[^"]+","files":\{$/);
    expect(lines.slice(1, -2).map((line) => Object.keys(JSON.parse(`{${line.replace(/,$/, '')}}`))[0])).toEqual(expected);
    expect(lines.slice(-2)).toEqual(['}}', '']);

    // The next update takes away the photo the last one added, named by its folder alone: the manifest this
    // process holds must list it for the deploy to know it is gone.
    delete files['images/cccc3333-gallery.webp'];
    delete files['cars/used/mg-zs-4/index.html'];
    await publish(files);
    const removed = await deployFiles(site(), 'local', ['cars/used/mg-zs-4/index.html', 'images/'], { root });
    expect(removed.uploaded).toEqual([]);
    expect(removed.deleted).toEqual(['cars/used/mg-zs-4/index.html', 'images/cccc3333-gallery.webp']);
    expect(await filesIn(target())).toEqual([...Object.keys(files), MANIFEST_NAME].sort());
    expect(await listed()).toEqual(Object.keys(files).sort());
    // And a whole-site deploy, going by what it holds, finds just the pages those updates were not told of.
    const whole = await deploySite(site(), 'local', { root });
    expect([whole.uploaded, whole.deleted]).toEqual([[...CHANGED_PAGES].sort(), []]);
  });

  it('writes a manifest of thousands of files whole, in more parts than one gathered write takes', async () => {
    // Two parts a file: 6,001 here, where a system call takes at most 1,024.
    const paths = Array.from({ length: 3000 }, (_, i) => `cars/used/car-${String(i).padStart(4, '0')}/index.html`);
    const manifest: DeployManifest = { version: 1, site: slug, deployedAt: '2026-11-30T10:00:00.000Z', files: Object.fromEntries(paths.map((p, i) => [p, { sha256: createHash('sha256').update(p).digest('hex'), size: i, contentType: 'text/html; charset=utf-8', cacheControl: REVALIDATE }])) };
    const folder = dirTarget(site(), { kind: 'dir', path: 'published' }, root);
    await folder.writeManifest(manifestParts(manifest, paths));
    expect(JSON.parse(await readFile(path.join(target(), MANIFEST_NAME), 'utf8'))).toEqual(manifest);
    expect(await folder.readManifest()).toEqual(manifest);
  });

  it('says which site or target is unknown, and when a site has not been built', async () => {
    await expect(deploySite(site(), 'production', { root })).rejects.toThrow('test-motors has no deploy target "production". Its targets: local. Add one under deploy.targets in sites/test-motors.yaml.');
    await expect(deploySite(site(), 'local', { root })).rejects.toThrow('test-motors has not been built (out/test-motors is missing). Run npm run build -- --site test-motors first.');
    await expect(deploySite(siteWith({ targets: { local: { kind: 'dir', path: 'out/test-motors' } } }), 'local', { root })).rejects.toThrow('deploy.targets path out/test-motors is inside out/, where builds keep their releases. Choose a folder outside it, e.g. deploy/test-motors.');
  });

  it('explains a bad deploy section: the setting, a secret written in the file, a missing target', async () => {
    await mkdir(path.join(root, 'sites'));
    await writeFile(
      path.join(root, 'sites', `${slug}.yaml`),
      `slug: ${slug}\nname: Test Motors\ntemplate: classic\nurl: ${URL_BASE}\ndeploy:\n  targets:\n    production: { kind: s3, bucket: test-motors, region: auto, secretAccessKey: abc, purge: { kind: cloudflare } }\n  onChange: prod\n`,
    );
    expect(() => loadAllSiteConfigs('sites', root)).toThrowErrorMatchingInlineSnapshot(`
      [SiteConfigError: Site config sites/test-motors.yaml cannot be used:
        - deploy.targets.production.purge.zoneId: is required (text). Add it, for example: zoneId: "...".
        - deploy.targets.production.secretAccessKey: is not a setting here. Did you mean "secretAccessKeyEnv"? Remove it or fix the spelling.
      Every key and its default is documented in src/schemas/site-config.ts.]
    `);
  });

  it('defaults to one dir target under deploy/<slug>, and no deploy on change', () => {
    const parsed = SiteConfigSchema.parse({ slug, name: 'Test Motors', template: 'classic', url: URL_BASE });
    expect(parsed.deploy).toEqual({ targets: { default: { kind: 'dir' } } });
    expect(() => siteWith({ targets: { local: { kind: 'dir' } }, onChange: 'production' })).toThrow(/onChange must name one of deploy.targets/);
  });
});

describe('the s3 target', () => {
  let s3: S3Standin;
  let cdn: PurgeStandin;
  const ENV = { AWS_ACCESS_KEY_ID: KEYS.accessKeyId, AWS_SECRET_ACCESS_KEY: KEYS.secretAccessKey, CF_TOKEN: 'cf-test-token', PURGE_TOKEN: 'hook-test-token' };
  const s3Site = (purge?: 'cloudflare' | 'webhook') =>
    siteWith({
      targets: {
        production: {
          kind: 's3',
          bucket: BUCKET,
          region: KEYS.region,
          endpoint: s3.endpoint,
          prefix: 'sites/test-motors/',
          ...(purge === 'cloudflare' ? { purge: { kind: 'cloudflare', zoneId: 'zone0123', tokenEnv: 'CF_TOKEN', apiBaseUrl: cdn.url } } : {}),
          ...(purge === 'webhook' ? { purge: { kind: 'webhook', url: `${cdn.url}/purge`, tokenEnv: 'PURGE_TOKEN' } } : {}),
        },
      },
    });

  beforeEach(async () => {
    s3 = await startS3Standin({ bucket: BUCKET, ...KEYS });
    cdn = await startPurgeStandin({ token: ENV.CF_TOKEN });
  });
  afterEach(async () => {
    await s3.close();
    await cdn.close();
  });

  it('uploads every file signed, with its type and lifetime, then only what changed; deletes after uploading; purges changed URLs; writes the manifest last', async () => {
    await publish(FIRST);
    const first = await deploySite(s3Site('cloudflare'), 'production', { root, env: ENV });
    expect(first.uploaded).toHaveLength(Object.keys(FIRST).length);
    expect(s3.requests.every((r) => r.signed)).toBe(true);
    expect([...s3.objects.keys()].sort()).toEqual([...Object.keys(FIRST), MANIFEST_NAME].map((f) => `sites/test-motors/${f}`).sort());
    expect(s3.objects.get('sites/test-motors/cars/used/mg-zs-1/index.html')).toMatchObject({ contentType: 'text/html; charset=utf-8', cacheControl: REVALIDATE });
    expect(s3.objects.get('sites/test-motors/cars/used/mg-zs-1/index.html')!.body.toString()).toBe(FIRST['cars/used/mg-zs-1/index.html']);
    expect(s3.objects.get('sites/test-motors/_astro/app.Dbz6SiDN.js')).toMatchObject({ contentType: 'text/javascript; charset=utf-8', cacheControl: IMMUTABLE });
    expect(s3.objects.get('sites/test-motors/images/aaaa1111-gallery.webp')).toMatchObject({ contentType: 'image/webp', cacheControl: IMMUTABLE });
    expect(s3.objects.get('sites/test-motors/_headers')).toMatchObject({ contentType: 'text/plain; charset=utf-8', cacheControl: REVALIDATE });
    // The first deploy purges every page (a CDN may hold old copies or 404s), never content-named files.
    expect(cdn.purged()).toContain(`${URL_BASE}/`);
    expect(cdn.purged().some((u) => u.includes('/_astro/') || u.includes('/images/'))).toBe(false);

    await publish(second());
    s3.requests.length = 0;
    cdn.requests.length = 0;
    const changed = await deploySite(s3Site('cloudflare'), 'production', { root, env: ENV });
    expect(changed.uploaded).toEqual([...CHANGED_PAGES, 'images/cccc3333-gallery.webp'].sort());
    const methods = s3.requests.map((r) => `${r.method} ${r.key.replace('sites/test-motors/', '')}`);
    // The manifest this process wrote is still the bucket's (its ETag says so): it is not fetched again.
    expect(methods[0]).toBe(`HEAD ${MANIFEST_NAME}`);
    expect(methods.slice(1, 7).sort()).toEqual([...CHANGED_PAGES, 'images/cccc3333-gallery.webp'].map((f) => `PUT ${f}`).sort());
    expect(methods.slice(7)).toEqual(['DELETE images/bbbb2222-gallery.webp', `PUT ${MANIFEST_NAME}`]);
    expect(s3.objects.has('sites/test-motors/images/bbbb2222-gallery.webp')).toBe(false);
    expect(s3.objects.get('sites/test-motors/cars/used/mg-hs-2/index.html')!.body.toString()).toContain('$27,990');
    expect(cdn.requests).toEqual([
      {
        kind: 'cloudflare',
        zone: 'zone0123',
        authorized: true,
        urls: [`${URL_BASE}/_search/index.json`, `${URL_BASE}/cars/used/mg-hs-2/`, `${URL_BASE}/`, `${URL_BASE}/sitemap.xml`, `${URL_BASE}/used-cars/mg/`],
      },
    ]);
    const manifest = JSON.parse(s3.objects.get(`sites/test-motors/${MANIFEST_NAME}`)!.body.toString()) as DeployManifest;
    expect(Object.keys(manifest.files).sort()).toEqual(Object.keys(second()).sort());
  });

  it('fetches the manifest again when another deploy wrote it since, and goes by what it lists', async () => {
    await publish(FIRST);
    await deploySite(s3Site(), 'production', { root, env: ENV });
    // Another deployer's manifest: the same files, but without the home page, as if it had never been uploaded.
    const key = `sites/test-motors/${MANIFEST_NAME}`;
    const theirs = JSON.parse(s3.objects.get(key)!.body.toString()) as DeployManifest;
    delete theirs.files['index.html'];
    const body = Buffer.from(JSON.stringify(theirs));
    s3.objects.set(key, { body, size: body.length, contentType: 'application/json', cacheControl: 'no-store', etag: `"${createHash('md5').update(body).digest('hex')}"` });
    s3.requests.length = 0;
    const again = await deploySite(s3Site(), 'production', { root, env: ENV });
    expect(s3.requests.slice(0, 2).map((r) => r.method)).toEqual(['HEAD', 'GET']);
    expect(again.uploaded).toEqual(['index.html']);
    // And the manifest that deploy wrote is kept in turn.
    s3.requests.length = 0;
    expect((await deploySite(s3Site(), 'production', { root, env: ENV })).uploaded).toEqual([]);
    expect(s3.requests.map((r) => r.method)).toEqual(['HEAD']);
  });

  it('refuses a wrong secret key: the bucket rejects the signature, nothing is stored, and the error names the variables', async () => {
    await publish(FIRST);
    await expect(deploySite(s3Site(), 'production', { root, env: { ...ENV, AWS_SECRET_ACCESS_KEY: 'not-the-secret' } })).rejects.toThrow(
      /S3 GET s3:\/\/test-motors-site\/sites\/test-motors\/\.deploy-manifest\.json answered HTTP 403 SignatureDoesNotMatch: .* Check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY\./,
    );
    expect(s3.requests.map((r) => r.error)).toEqual(['SignatureDoesNotMatch']);
    expect(s3.objects.size).toBe(0);
    await expect(deploySite(s3Site(), 'production', { root, env: { ...ENV, AWS_ACCESS_KEY_ID: 'AKIDOTHER' } })).rejects.toThrow(/InvalidAccessKeyId/);
  });

  it('sends an upload again when the bucket asks to slow down, and names the answer when it keeps refusing', async () => {
    await publish(FIRST);
    s3.slowDown = 2;
    const first = await deploySite(s3Site(), 'production', { root, env: ENV });
    expect(first.uploaded).toHaveLength(Object.keys(FIRST).length);
    expect(s3.requests.filter((r) => r.error === 'SlowDown')).toHaveLength(2);
    for (const [file, body] of Object.entries(FIRST)) expect(s3.objects.get(`sites/test-motors/${file}`)!.body.toString()).toBe(body);
    const manifestKey = `sites/test-motors/${MANIFEST_NAME}`;
    const written = s3.objects.get(manifestKey)!.body.toString();
    expect(Object.keys((JSON.parse(written) as DeployManifest).files).sort()).toEqual(Object.keys(FIRST).sort());

    await publish(second());
    s3.slowDown = 1000;
    s3.requests.length = 0;
    await expect(deploySite(s3Site(), 'production', { root, env: ENV })).rejects.toThrow(/^S3 PUT s3:\/\/test-motors-site\/sites\/test-motors\/\S+ answered HTTP 503 SlowDown: Please reduce your request rate\.$/);
    // Each upload started was tried four times (three more after the first; the uploads in flight finish
    // before the deploy fails), and the manifest stays the last deploy's.
    const tries = Map.groupBy(s3.requests.filter((r) => r.method === 'PUT'), (r) => r.key);
    expect(tries.size).toBeGreaterThan(0);
    expect([...tries.values()].every((puts) => puts.length === 4 && puts.every((r) => r.error === 'SlowDown'))).toBe(true);
    expect(s3.objects.get(manifestKey)!.body.toString()).toBe(written);
  });

  it('fails the deploy, not the process, when a bucket answers an upload with a status no HTTP response has', async () => {
    await publish(FIRST);
    // No manifest yet (404), so every file uploads; each upload is answered 600.
    const odd = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(request.method === 'PUT' ? 600 : 404).end());
    });
    await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
    try {
      const site = siteWith({ targets: { production: { kind: 's3', bucket: BUCKET, region: KEYS.region, endpoint: `http://127.0.0.1:${(odd.address() as AddressInfo).port}` } } });
      await expect(deploySite(site, 'production', { root, env: ENV })).rejects.toThrow(/status/);
    } finally {
      await new Promise((resolve) => odd.close(resolve));
    }
  });

  it('the stand-in rejects a body that is not the one signed', async () => {
    const client = new AwsClient({ ...KEYS, service: 's3' });
    const signedFor = createHash('sha256').update('the signed body').digest('hex');
    const response = await client.fetch(`${s3.endpoint}/${BUCKET}/tampered.html`, { method: 'PUT', headers: { 'x-amz-content-sha256': signedFor }, body: 'another body' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('XAmzContentSHA256Mismatch');
    expect(s3.objects.size).toBe(0);
  });

  it('names the missing credential before sending anything', async () => {
    await publish(FIRST);
    await expect(deploySite(s3Site(), 'production', { root, env: { AWS_ACCESS_KEY_ID: KEYS.accessKeyId } })).rejects.toThrow(
      'AWS_SECRET_ACCESS_KEY is not set: it holds the secret access key for bucket test-motors-site. Set it in the environment (in CI, as a secret) and run again.',
    );
    await expect(deploySite(s3Site('cloudflare'), 'production', { root, env: { AWS_ACCESS_KEY_ID: KEYS.accessKeyId, AWS_SECRET_ACCESS_KEY: KEYS.secretAccessKey } })).rejects.toThrow(/^CF_TOKEN is not set/);
    expect(s3.requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('a dry run reads the manifest and changes nothing in the bucket or the CDN', async () => {
    await publish(FIRST);
    await deploySite(s3Site('webhook'), 'production', { root, env: { ...ENV, PURGE_TOKEN: ENV.CF_TOKEN } });
    await publish(second());
    const objects = new Map([...s3.objects].map(([k, v]) => [k, v.body.toString()]));
    s3.requests.length = 0;
    cdn.requests.length = 0;
    const dry = await deploySite(s3Site('webhook'), 'production', { root, env: { ...ENV, PURGE_TOKEN: ENV.CF_TOKEN }, dryRun: true });
    expect(dry.uploaded).toHaveLength(6);
    expect(dry.purged).toContain(`${URL_BASE}/cars/used/mg-hs-2/`);
    expect(s3.requests.map((r) => r.method)).toEqual(['HEAD']);
    expect(cdn.requests).toEqual([]);
    expect(new Map([...s3.objects].map(([k, v]) => [k, v.body.toString()]))).toEqual(objects);
  });

  it('purges through a webhook with a bearer token, and fails the deploy without writing the manifest when the CDN refuses', async () => {
    await publish(FIRST);
    await deploySite(s3Site('webhook'), 'production', { root, env: { ...ENV, PURGE_TOKEN: ENV.CF_TOKEN } });
    expect(cdn.requests.every((r) => r.kind === 'webhook' && r.authorized)).toBe(true);
    expect(cdn.purged()).toContain(`${URL_BASE}/used-cars/kia/`);

    await publish(second());
    const manifestBefore = s3.objects.get(`sites/test-motors/${MANIFEST_NAME}`)!.body.toString();
    await expect(deploySite(s3Site('webhook'), 'production', { root, env: { ...ENV, PURGE_TOKEN: 'wrong' } })).rejects.toThrow(/The CDN purge at http:\/\/127\.0\.0\.1:\d+\/purge answered HTTP 403/);
    // The old manifest stays, so the next deploy finds the same changes and purges them again.
    expect(s3.objects.get(`sites/test-motors/${MANIFEST_NAME}`)!.body.toString()).toBe(manifestBefore);
    cdn.requests.length = 0;
    const retry = await deploySite(s3Site('webhook'), 'production', { root, env: { ...ENV, PURGE_TOKEN: ENV.CF_TOKEN } });
    expect(retry.uploaded).toHaveLength(6);
    expect(cdn.purged()).toContain(`${URL_BASE}/cars/used/mg-hs-2/`);
  });
});

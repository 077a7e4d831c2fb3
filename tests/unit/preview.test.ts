import { mkdir, mkdtemp, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSiteConfig } from '../../src/data/site-config.ts';
import { headersFile, redirectsFile } from '../../src/generator/host-files.ts';
import { compilePath, parseRedirects, matchRedirect, startPreview, type PreviewServer } from '../../src/generator/preview.ts';

const SLUG = 'demo-preview';
const YAML = `name: Demo Preview Motors\ntemplate: classic\nurl: https://www.demo-preview.example\nfeatures:\n  reserve: true\n`;
const VEHICLE = { id: 12345, slug: '2024-toyota-corolla-12345', car_type: 'used', make_slug: 'toyota', model_slug: 'corolla', simple_body: 'Hatchback' };
const NOT_FOUND_HTML = '<!doctype html><title>Page not found</title><h1>Sorry, that page has gone</h1>';

let root: string;
let preview: PreviewServer;
const get = (p: string) => fetch(new URL(p, preview.url), { redirect: 'manual' });

/** Writes one release folder the way the generator lays it out. */
async function writeRelease(dir: string, extra: { headers?: string; redirects?: string } = {}) {
  const site = parseSiteConfig(YAML, `sites/${SLUG}.yaml`);
  const files: Record<string, string> = {
    'index.html': '<!doctype html><title>Home</title>',
    [`cars/${VEHICLE.slug}/index.html`]: '<!doctype html><title>Corolla</title>',
    [`cars/${VEHICLE.slug}/print/index.html`]: '<!doctype html><title>Print</title>',
    'trade-in/index.html': '<!doctype html><title>Trade in</title>',
    'forced/index.html': '<!doctype html><title>Forced</title>',
    '404.html': NOT_FOUND_HTML,
    '_astro/x.css': 'body{color:red}',
    _headers: extra.headers ?? headersFile(site, { scriptHashes: [], styleHashes: [], styleAttributes: true }),
    _redirects:
      [
        '/forced /trade-in/ 301!',
        '/old-stock/* /cars/:splat 302',
        '/rewritten /trade-in/ 200',
        '/gone /404.html 410',
        '/ /trade-in/ 301',
      ].join('\n') +
      '\n' +
      (extra.redirects ?? redirectsFile(site, { vehicles: [VEHICLE] })),
  };
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), content);
  }
}

/** Points out/<slug> at a release, as publishing does (a symlink renamed over the old one). */
async function publish(release: string) {
  const live = path.join(root, 'out', SLUG);
  await symlink(path.relative(path.dirname(live), release), `${live}.next`, 'dir');
  await rename(`${live}.next`, live);
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'preview-test-'));
  await mkdir(path.join(root, 'sites'));
  await writeFile(path.join(root, 'sites', `${SLUG}.yaml`), YAML);
  const release = path.join(root, 'out', '.releases', SLUG, 'r1');
  await writeRelease(release);
  await publish(release);
  const servers = await startPreview({ root, site: SLUG, port: 0 });
  expect(servers).toHaveLength(1);
  preview = servers[0]!;
});

afterAll(async () => {
  await preview?.close();
  await rm(root, { recursive: true, force: true });
});

describe('preview server', () => {
  it('listens on loopback on the free port it was given', () => {
    expect(preview.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(preview.url).not.toBe('http://127.0.0.1:0/');
  });

  it('follows the query-string rules of _redirects', async () => {
    const print = await get(`/print?car_id=${VEHICLE.slug}`);
    expect(print.status).toBe(301);
    expect(print.headers.get('location')).toBe(`/cars/${VEHICLE.slug}/print/`);

    const tradeIn = await get(`/cars/trade-in?car_id=${VEHICLE.id}`);
    expect(tradeIn.status).toBe(301);
    expect(tradeIn.headers.get('location')).toBe(`/cars/${VEHICLE.slug}/trade-in/`);

    const checkout = await get(`/checkout-journey/?car_id=${VEHICLE.slug}&utm_source=mail`);
    expect(checkout.headers.get('location')).toBe(`/cars/${VEHICLE.slug}/checkout/`);

    const unknown = await get('/cars/trade-in?car_id=1');
    expect(unknown.status).toBe(302);
    // A rule without query conditions passes the query string on, as Netlify does.
    expect(unknown.headers.get('location')).toBe('/trade-in/?car_id=1');
  });

  it('supports splats, rewrites, other statuses, forced rules, and never lets a rule hide an existing page', async () => {
    const splat = await get('/old-stock/2024-toyota-corolla-12345/?ref=x');
    expect(splat.status).toBe(302);
    expect(splat.headers.get('location')).toBe('/cars/2024-toyota-corolla-12345/?ref=x');

    const rewritten = await get('/rewritten');
    expect(rewritten.status).toBe(200);
    expect(await rewritten.text()).toContain('<title>Trade in</title>');

    const gone = await get('/gone');
    expect(gone.status).toBe(410);
    expect(await gone.text()).toBe(NOT_FOUND_HTML);

    const forced = await get('/forced/');
    expect(forced.status).toBe(301);
    expect(forced.headers.get('location')).toBe('/trade-in/');

    const home = await get('/');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<title>Home</title>');
  });

  it('answers unknown paths with 404.html and status 404, and never serves the host files', async () => {
    for (const p of ['/no/such/page/', '/_redirects', '/_headers', '/.releases']) {
      const response = await get(p);
      expect(response.status, p).toBe(404);
      expect(await response.text(), p).toBe(NOT_FOUND_HTML);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    }
  });

  it('adds the trailing slash to folder URLs, keeping the query', async () => {
    const response = await get(`/cars/${VEHICLE.slug}?a=1`);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(`/cars/${VEHICLE.slug}/?a=1`);
  });

  it('applies _headers: security headers everywhere, immutable caching for /_astro/', async () => {
    const page = await get(`/cars/${VEHICLE.slug}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    // Plain http: the preview drops upgrade-insecure-requests and nothing else.
    expect(page.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    expect(page.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');

    const css = await get('/_astro/x.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(css.headers.get('content-type')).toContain('text/css');
    expect(await css.text()).toBe('body{color:red}');
  });

  it('re-reads _headers and _redirects when a new release is published', async () => {
    const release = path.join(root, 'out', '.releases', SLUG, 'r2');
    await writeRelease(release, {
      headers: '/*\n  X-Release: two\n',
      redirects: '/print car_id=:slug /cars/:slug/ 302\n/* /404.html 404\n',
    });
    await publish(release);
    const page = await get('/');
    expect(page.headers.get('x-release')).toBe('two');
    expect(page.headers.get('x-frame-options')).toBeNull();
    const print = await get(`/print?car_id=${VEHICLE.slug}`);
    expect(print.status).toBe(302);
    expect(print.headers.get('location')).toBe(`/cars/${VEHICLE.slug}/`);

    // An edit in place is picked up as well.
    await writeFile(path.join(release, '_headers'), '/*\n  X-Release: two-edited\n');
    expect((await get('/')).headers.get('x-release')).toBe('two-edited');
    expect(await readFile(path.join(root, 'out', SLUG, '_headers'), 'utf8')).toContain('two-edited');
  });
});

describe('rule matching', () => {
  it('matches placeholders on one segment, splats on the rest, with or without a trailing slash', () => {
    expect(compilePath('/contact-us/:slug').regex.test('/contact-us/capalaba/')).toBe(true);
    expect(compilePath('/contact-us/:slug').regex.test('/contact-us/')).toBe(false);
    expect(compilePath('/contact-us/:slug').regex.test('/contact-us/a/b')).toBe(false);
    expect(compilePath('/_astro/*').regex.test('/_astro/deep/x.js')).toBe(true);
    expect(compilePath('/_astro/*').regex.test('/_astrox')).toBe(false);
    expect(compilePath('/*').regex.test('/')).toBe(true);
    expect(compilePath('/*.html').regex.test('/a/b.html')).toBe(true);
  });

  it('needs every query condition, and reports lines it cannot use', () => {
    const { rules, errors } = parseRedirects('/a id=:id kind=car /b/:id 301\n/c /d 302 Country=au\nnot-a-rule\n');
    expect(errors).toHaveLength(2);
    expect(matchRedirect(rules, '/a', new URLSearchParams('id=7'))).toBeNull();
    expect(matchRedirect(rules, '/a', new URLSearchParams('id=7&kind=bike'))).toBeNull();
    expect(matchRedirect(rules, '/a', new URLSearchParams('kind=car&id=a b'))?.target).toBe('/b/a%20b');
  });
});

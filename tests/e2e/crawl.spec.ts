// Reads every page a build published (no browser needed) and checks what a
// crawler and a search engine would: valid HTML, head tags, working internal
// links, and structured data on vehicle pages.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { attr, findAll, parseHtml, text } from '../support/html.ts';
import { readSnapshotSync } from '../../src/data/snapshot-files.ts';

const sites = loadAllSiteConfigs('sites');

function htmlFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name.startsWith('_') || name === 'images' ? [] : htmlFiles(full, `${prefix}${name}/`);
    return name.endsWith('.html') ? [`${prefix}${name}`] : [];
  });
}

/** Whether a site path resolves to a published file. */
function resolves(root: string, href: string): boolean {
  const clean = decodeURIComponent(href.split('#')[0]!.split('?')[0]!);
  if (clean === '' ) return true;
  const file = path.join(root, clean);
  return clean.endsWith('/') ? existsSync(path.join(file, 'index.html')) : existsSync(file);
}

test.describe('built output', () => {
  test.setTimeout(240_000);

  test('every page parses, has its head tags, and links only to pages that exist', async ({}, testInfo) => {
    const site = findSite(sites, String(testInfo.project.metadata.site));
    const root = path.resolve('out', site.slug);
    const files = htmlFiles(root);
    expect(files.length).toBeGreaterThan(100);
    const problems: string[] = [];
    const checkedLinks = new Set<string>();
    for (const file of files) {
      const { document, errors } = parseHtml(readFileSync(path.join(root, file), 'utf8'));
      if (errors.length > 0) problems.push(`${file}: HTML parse errors ${errors.slice(0, 3).join(', ')}`);
      const title = findAll(document, (el) => el.tagName === 'title')[0];
      if (!title || text(title).trim() === '') problems.push(`${file}: no <title>`);
      const canonical = findAll(document, (el) => el.tagName === 'link' && attr(el, 'rel') === 'canonical')[0];
      if (!canonical || !attr(canonical, 'href')?.startsWith(`${site.url}/`)) problems.push(`${file}: no canonical link on ${site.url}`);
      const description = findAll(document, (el) => el.tagName === 'meta' && attr(el, 'name') === 'description')[0];
      if (!description || !attr(description, 'content')?.trim()) problems.push(`${file}: no meta description`);
      for (const el of findAll(document, (e) => ['a', 'link', 'script', 'img', 'source', 'form'].includes(e.tagName))) {
        const href = attr(el, 'href') ?? attr(el, 'src') ?? attr(el, 'srcset')?.split(/\s/)[0];
        if (!href || !href.startsWith('/') || href.startsWith('//') || href.startsWith('/api/')) continue;
        if (checkedLinks.has(href)) continue;
        checkedLinks.add(href);
        if (!resolves(root, href)) problems.push(`${file}: broken internal link ${href}`);
      }
      if (problems.length > 20) break;
    }
    expect(problems).toEqual([]);
  });

  test('vehicle pages carry schema.org Car and Offer structured data', async ({}, testInfo) => {
    const site = findSite(sites, String(testInfo.project.metadata.site));
    const root = path.resolve('out', site.slug);
    const vehicles = readdirSync(path.join(root, 'cars')).filter((d) => existsSync(path.join(root, 'cars', d, 'index.html')));
    expect(vehicles.length).toBeGreaterThan(50);
    const snapshot = readSnapshotSync(site.slug)! as { vehicles: Array<{ slug: string; km?: number | null }> };
    const kms = new Map(snapshot.vehicles.map((v) => [v.slug, v.km ?? null]));
    for (const slug of vehicles.slice(0, 200)) {
      const { document } = parseHtml(readFileSync(path.join(root, 'cars', slug, 'index.html'), 'utf8'));
      const blocks = findAll(document, (el) => el.tagName === 'script' && attr(el, 'type') === 'application/ld+json').map((el) => JSON.parse(text(el)));
      const car = blocks.find((b) => b['@type'] === 'Car');
      expect(car, `${slug} has a Car`).toBeTruthy();
      expect(car.name).toBeTruthy();
      expect(car.url).toBe(`${site.url}/cars/${slug}/`);
      expect(car.brand?.name).toBeTruthy();
      expect(car.vehicleModelDate).toMatch(/^\d{4}$/);
      expect(car.itemCondition).toMatch(/^https:\/\/schema\.org\/(New|Used)Condition$/);
      // A vehicle without an odometer (a caravan) states no mileage rather than a made-up one.
      if (kms.get(slug) == null) expect(car.mileageFromOdometer, `${slug} has no odometer`).toBeUndefined();
      else expect(car.mileageFromOdometer?.unitCode).toBe('KMT');
      expect(Array.isArray(car.image)).toBe(true);
      const offer = car.offers;
      expect(offer['@type']).toBe('Offer');
      expect(offer.priceCurrency).toBe('AUD');
      expect(offer.availability).toMatch(/^https:\/\/schema\.org\/(InStock|PreOrder|SoldOut)$/);
      if (offer.price !== undefined) expect(Number(offer.price)).toBeGreaterThan(0);
    }
  });
});

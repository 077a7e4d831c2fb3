import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullSite } from '../../src/data/pull.ts';
import { loadAllSiteConfigs, findSite } from '../../src/data/site-config.ts';
import { readSnapshot } from '../../src/data/snapshot-files.ts';
import { loadOpsConfig } from '../../src/ops/config.ts';
import { createPublicApi } from '../../src/ops/leads-api.ts';
import { createOpsServer } from '../../src/ops/server.ts';
import { SiteQueue } from '../../src/ops/site-queue.ts';
import { OpsStore } from '../../src/ops/store.ts';
import { VehicleLookup } from '../../src/ops/vehicle-lookup.ts';
import { VehiclePdfs } from '../../src/ops/vehicle-pdf-api.ts';
import { commentsText, winAnsi } from '../../src/ops/vehicle-pdf.ts';
import { priceDisplay } from '../../src/rules/pricing.ts';
import type { SiteConfig } from '../../src/schemas/site-config.ts';
import type { NormalisedVehicle } from '../../src/schemas/snapshot.ts';
import { feedVehicle, TEST_SITE, testSiteRoot } from '../support/test-site.ts';

/**
 * The PDF endpoint on a real loopback server (the public API the preview and ops servers serve),
 * over a test dealer configured with `features.print: pdf`, its snapshot pulled from a demo feed
 * with a few vehicles of known content, and one photo in its live release.
 */
let root: string;
let site: SiteConfig;
let app: FastifyInstance;
let store: OpsStore;
let base: string;
let listed: NormalisedVehicle;

const PHOTO = 'images/pdf-test-front.jpg';

beforeAll(async () => {
  root = await testSiteRoot('vehicle-pdf', 10);
  const yaml = path.join(root, 'sites', `${TEST_SITE}.yaml`);
  await writeFile(yaml, (await readFile(yaml, 'utf8')).replace('features:\n', 'features:\n  print: pdf\n'));
  const feedFile = path.join(root, 'data', 'feed', TEST_SITE, 'vehicles.json');
  const feed = JSON.parse(await readFile(feedFile, 'utf8')) as Array<Record<string, unknown>>;
  feed.push(
    feedVehicle(880001, {
      make: 'Mazda',
      model: 'CX-5',
      badge: 'Maxx Sport',
      price: 31_990,
      images: [{ image: PHOTO, thumb: PHOTO }],
      dealercomments: '<p>One owner &amp; full service history.</p><p>Two keys.</p><script>alert(1)</script>',
    }),
    // Sold the day before the pull: still listed (as sold) for the visibility window.
    feedVehicle(880002, { make: 'Kia', model: 'Rio', status: 'sold', sold_date_timestamp: Date.parse('2026-11-19T00:00:00Z') / 1000 }),
  );
  await writeFile(feedFile, JSON.stringify(feed));
  // The feed's photo, and the live release's renditions of it that the build would have made.
  await mkdir(path.join(root, 'data', 'feed', 'images'), { recursive: true });
  const jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#1d4ed8' } }).jpeg().toBuffer();
  await writeFile(path.join(root, 'data', 'feed', PHOTO), jpeg);
  await mkdir(path.join(root, 'out', TEST_SITE, 'images'), { recursive: true });
  await writeFile(path.join(root, 'out', TEST_SITE, 'images', 'abc-card.jpg'), jpeg);
  await writeFile(path.join(root, 'out', TEST_SITE, 'images', 'abc-gallery.jpg'), jpeg);

  site = findSite(loadAllSiteConfigs('sites', root), TEST_SITE);
  expect(site.features.print).toBe('pdf');
  await pullSite(site, { root, now: new Date('2026-11-20T00:00:00Z') });
  const snapshot = (await readSnapshot(TEST_SITE, root))!;
  listed = snapshot.vehicles.find((v) => Number(v.id) === 880001)!;
  await writeFile(
    path.join(root, 'data', 'snapshots', `${TEST_SITE}.build-state.json`),
    JSON.stringify({
      images: {
        [listed.images![0]!.image]: {
          card: { width: 600, height: 400, jpeg: '/images/abc-card.jpg', webp: '/images/abc-card.webp' },
          gallery: { width: 1200, height: 800, jpeg: '/images/abc-gallery.jpg', webp: '/images/abc-gallery.webp' },
        },
      },
    }),
  );

  store = new OpsStore(path.join(root, 'ops.sqlite'));
  app = await createPublicApi({
    leads: store.leads,
    vehicles: new VehicleLookup(root),
    sites: [site],
    now: () => new Date(),
    log: () => {},
    leadRateLimit: 100,
    pdfs: new VehiclePdfs(root),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await app?.close();
  store?.close();
  await rm(root, { recursive: true, force: true });
});

async function pdfText(bytes: ArrayBuffer): Promise<string> {
  // pdf.js takes the buffer over: give it a copy.
  const pdf = await getDocumentProxy(new Uint8Array(bytes.slice(0)));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

describe('GET /api/cars/{slug}/pdf', () => {
  it('answers a listed vehicle with a PDF named after its slug, holding its title, price, photo and unmasked phone', async () => {
    const response = await fetch(`${base}/api/cars/${listed.slug}/pdf?site=${TEST_SITE}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${listed.slug}.pdf"`);
    const bytes = await response.arrayBuffer();
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain(listed.display_name);
    expect(text).toContain(priceDisplay(listed, site).text);
    expect(priceDisplay(listed, site).text).toBe('$31,990');
    // Comments as text: entities decoded, the script's text gone with its element.
    expect(text).toContain('One owner & full service history.');
    expect(text).not.toContain('alert(1)');
    expect(text).toContain('Dealer Comments');
    expect(text).toContain('All Specifications');
    // The dealer's number in full (the printable version is never masked).
    expect(text).toMatch(/Phone: [\d ]{8,}/);
    // The photo is embedded as an image.
    expect(Buffer.from(bytes).includes(Buffer.from('/Subtype /Image'))).toBe(true);
  });

  it('answers a sold vehicle with 404 and a JSON reason', async () => {
    const sold = (await readSnapshot(TEST_SITE, root))!.vehicles.find((v) => Number(v.id) === 880002)!;
    const response = await fetch(`${base}/api/cars/${sold.slug}/pdf?site=${TEST_SITE}`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ error: `The ${sold.display_name} has been sold, so it has no printable version.` });
  });

  it('answers an unknown slug, or a slug that is no slug, with 404 and a JSON reason', async () => {
    for (const slug of ['2020-no-such-car-1', '..%2F..%2Fsites', 'UPPER']) {
      const response = await fetch(`${base}/api/cars/${slug}/pdf?site=${TEST_SITE}`);
      expect(response.status, slug).toBe(404);
      expect((await response.json()) as { error: string }).toEqual({ error: expect.stringMatching(/^No (vehicle|such API route)/) });
    }
  });

  it('needs the site: 400 without it, 404 for a site it does not serve', async () => {
    const none = await fetch(`${base}/api/cars/${listed.slug}/pdf`);
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ error: 'The request names no site (query parameter "site").' });
    const other = await fetch(`${base}/api/cars/${listed.slug}/pdf?site=elsewhere-motors`);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ error: 'No site "elsewhere-motors" here.' });
  });

  it('serves PDFs only for sites that print to PDF', async () => {
    const pdfs = new VehiclePdfs(root);
    const result = await pdfs.pdf({ ...site, features: { ...site.features, print: 'page' } }, listed.slug);
    expect(result).toEqual({ ok: false, status: 404, reason: `Test Motors offers a printable page rather than a PDF: /cars/${listed.slug}/print/` });
  });
});

describe('the ops server', () => {
  it('answers the same route beside its leads API', async () => {
    const config = loadOpsConfig({ OPS_ADMIN_TOKEN: 'test-admin-token-0123456789' });
    const queue = new SiteQueue(async () => ({ status: 'published', kind: 'incremental', pages: 0, durationMs: 0 }), { coalesceMs: 10 });
    const ops = createOpsServer({ config, store, queue, sites: [site], root, env: {} });
    try {
      const response = await ops.inject({ method: 'GET', url: `/api/cars/${listed.slug}/pdf?site=${TEST_SITE}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${listed.slug}.pdf"`);
      expect(await pdfText(new Uint8Array(response.rawPayload).buffer)).toContain(listed.display_name);
    } finally {
      await ops.close();
    }
  });
});

describe('PDF text', () => {
  it('keeps the comments’ paragraphs and line breaks, with entities decoded', () => {
    expect(commentsText('One owner.<br />Full history &amp; two keys.<p>Low kms</p><ul><li>Tow bar</li><li>Roof racks</li></ul>')).toEqual([
      'One owner.',
      'Full history & two keys.',
      'Low kms',
      '• Tow bar',
      '• Roof racks',
    ]);
  });

  it('draws what the standard fonts cannot as its transliteration', () => {
    expect(winAnsi('Citroën – “C5” €1')).toBe('Citroën – “C5” €1');
    expect(winAnsi('日産')).toBe('Ri Chan');
    expect(winAnsi('a\u0007b')).toBe('a b');
  });
});

import { readFile, realpath, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { buildSites } from '../../src/generator/build.ts';
import { readEditable, textOfValue } from '../../src/ops/content-kinds.ts';
import { discardPreview, draftPreviewHandler, previewDir, renderPreview } from '../../src/ops/content-preview.ts';
import { TEST_SITE, testSiteRoot } from '../support/test-site.ts';

// A small dealer built in full; a draft renames one offer. The preview renders just the pages that show the
// offer into its own folder, serves them over the live release, and leaves the live site as it was.
let root: string;
let server: Server;
let origin: string;
const DRAFT = 'a1b2c3d4e5f6a1b2c3d4e5f6';
const site = () => findSite(loadAllSiteConfigs('sites', root), TEST_SITE);

beforeAll(async () => {
  root = await testSiteRoot('content-preview', 40);
  await buildSites({ root, site: TEST_SITE, interactive: false });
}, 240_000);

afterAll(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await rm(root, { recursive: true, force: true });
});

describe('previewing a draft', () => {
  it('renders only the pages the change touches, beside the live release, which stays as it was', async () => {
    const { value, text } = readEditable(site(), root, 'offers.yaml');
    const offers = structuredClone(value) as Array<{ id: string; name: string }>;
    offers[0]!.name = 'Reserve online for $100 this week';
    const preview = await renderPreview({ site: site(), root, appRoot: process.cwd(), draftId: DRAFT, file: 'offers.yaml', text: textOfValue('offers.yaml', offers, text) });

    const offerPage = `/offers/all-makes/${offers[0]!.id}/`;
    expect(preview.affected).toContain('/special-offers/');
    expect(preview.affected).toContain(offerPage);
    // Not every page: a vehicle page does not show the offer.
    expect(preview.affected.some((p) => p.startsWith('/cars/'))).toBe(false);
    expect(preview.everything).toBeNull();

    const dir = previewDir(root, TEST_SITE, DRAFT);
    expect(await readFile(path.join(dir, offerPage, 'index.html'), 'utf8')).toContain('Reserve online for $100 this week');
    const live = await realpath(path.join(root, 'out', TEST_SITE));
    const liveOffer = await readFile(path.join(live, offerPage, 'index.html'), 'utf8');
    expect(liveOffer).not.toContain('$100 this week');
    expect(liveOffer).toContain('Reserve online for $200');
    // The content file itself is untouched until the draft is published.
    expect(readEditable(site(), root, 'offers.yaml').text).toBe(text);

    // Served: the draft's pages from the preview, the rest from the live release.
    const handler = draftPreviewHandler(root, TEST_SITE, DRAFT)!;
    server = createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    expect(await (await fetch(`${origin}${offerPage}`)).text()).toContain('$100 this week');
    const home = await fetch(`${origin}/about-us/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Test Motors');

    await discardPreview(root, TEST_SITE, DRAFT);
    expect(draftPreviewHandler(root, TEST_SITE, DRAFT)).toBeNull();
  }, 120_000);
});

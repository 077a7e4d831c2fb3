import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentFingerprints, loadSiteContent } from '../../src/data/site-data.ts';
import { planUpdate } from '../../src/generator/incremental.ts';
import { deliveryAnswer } from '../../src/rules/delivery.ts';
import { DeliveryTableSchema } from '../../src/schemas/delivery.ts';
import { demoManifest } from '../support/demo-manifest.ts';

// content/<slug>/delivery.yaml: read into postcode ranges, with messages for the person who edits it.

const roots: string[] = [];
afterAll(async () => {
  await Promise.all(roots.map((root) => rm(root, { recursive: true, force: true })));
});

const SITE_YAML = [
  'tagline: Trusted since 1985',
  'heroTitle: Find your next car',
  'heroText: Hundreds of cars in stock.',
  'whyBuyFromUs: [Local]',
  'whatsIncluded: [Roadworthy certificate]',
  'warranty: 12 months',
  'roadsideAssist: 12 months',
  'servicingBenefits: [Loan cars]',
  '',
].join('\n');

async function load(delivery: string | null) {
  const root = await mkdtemp(path.join(tmpdir(), 'delivery-table-'));
  roots.push(root);
  const dir = path.join(root, 'content', 'test-motors');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'site.yaml'), SITE_YAML);
  await writeFile(path.join(dir, 'menus.yaml'), 'header:\n  - label: Stock\n    href: /stock\n');
  if (delivery !== null) await writeFile(path.join(dir, 'delivery.yaml'), delivery);
  try {
    return { content: loadSiteContent('test-motors', root), error: null };
  } catch (error) {
    return { content: null, error: (error as Error).message.replaceAll(`${path.relative(process.cwd(), root)}${path.sep}`, '') };
  }
}

describe('the delivery table', () => {
  it('reads single postcodes and ranges, restoring the leading zero YAML drops from 0800', async () => {
    const { content } = await load('regions:\n  - { name: Brisbane North, price: 0, postcodes: [4000-4039, 4051] }\n  - { name: Darwin, price: 2990, postcodes: [0800, 0810 - 0832] }\n');
    expect(content!.delivery).toEqual({
      regions: [
        { name: 'Brisbane North', price: 0, postcodes: [[4000, 4039], [4051, 4051]] },
        { name: 'Darwin', price: 2990, postcodes: [[800, 800], [810, 832]] },
      ],
    });
    expect(deliveryAnswer('0800', content!.delivery!.regions)).toMatchObject({ kind: 'estimate', priceText: '$2,990', region: 'Darwin' });
  });

  it('is optional, and part of the content fingerprints so a rebuild sees a change to it', async () => {
    const without = await load(null);
    expect(without.content!.delivery).toBeNull();
    const withTable = await load('regions:\n  - { name: Brisbane North, price: 0, postcodes: [4000] }\n');
    expect(contentFingerprints(withTable.content!).delivery).not.toBe(contentFingerprints(without.content!).delivery);
  });

  it('says which region, which entry and what a postcode or range looks like', async () => {
    expect((await load('regions:\n  - { name: North, price: 0, postcodes: [4000-40399] }\n')).error).toMatchInlineSnapshot(`
      "Content file content/test-motors/delivery.yaml cannot be used:
        - regions.0.postcodes.0 (item 1, name "North"): "4000-40399" (text) cannot be used. Expected a postcode (4000) or a range of postcodes (4000-4179).
      Fix the file and rebuild; the site keeps its last good version until then."
    `);
    expect((await load('regions:\n  - { name: North, price: 0, postcodes: [4039-4000] }\n')).error).toContain(
      "The range '4039-4000' ends before it starts: write the lower postcode first, e.g. 4000-4039",
    );
  });

  it('refuses a postcode in two regions, naming both', async () => {
    expect((await load('regions:\n  - { name: North, price: 0, postcodes: [4000-4039] }\n  - { name: City, price: 99, postcodes: [4100, 4030-4050] }\n')).error).toMatchInlineSnapshot(`
      "Content file content/test-motors/delivery.yaml cannot be used:
        - regions.1.postcodes.1 (item 2, name "City"): 4030-4050 overlaps 4000-4039 of 'North': a postcode can be in one region only.
      Fix the file and rebuild; the site keeps its last good version until then."
    `);
  });

  it('needs a name, a price in dollars and at least one postcode per region', async () => {
    const { error } = await load('regions:\n  - { name: North, price: "$99", postcodes: [] }\n');
    expect(error).toContain('regions.0.price');
    expect(error).toContain('regions.0.postcodes');
    expect(DeliveryTableSchema.safeParse({ regions: [] }).success).toBe(false);
  });

  it("northside-used's table answers its home postcodes, the coast and the far north, and not Melbourne", () => {
    const { delivery } = loadSiteContent('northside-used');
    const regions = delivery!.regions;
    expect(deliveryAnswer('4032', regions)).toEqual({ kind: 'estimate', price: 0, priceText: '$0', region: 'Brisbane North' });
    expect(deliveryAnswer('4558', regions)).toMatchObject({ kind: 'estimate', priceText: '$299', region: 'Sunshine Coast' });
    expect(deliveryAnswer('4870', regions)).toMatchObject({ kind: 'estimate', priceText: '$1,490', region: 'North Queensland' });
    expect(deliveryAnswer('3000', regions)).toMatchObject({ kind: 'no-estimate' });
  });
});

describe('a change to the delivery table', () => {
  it('re-renders the vehicle pages of a site with the calculator, and nothing on a site without it', () => {
    const asOf = new Date('2026-11-22T00:00:00Z');
    const northside = demoManifest('northside-used', 40);
    const vehiclePages = northside.routes.filter((r) => r.kind === 'vehicle');
    expect(vehiclePages.length).toBeGreaterThan(10);
    expect(vehiclePages.every((r) => r.deps.content?.includes('delivery'))).toBe(true);
    const plan = planUpdate(northside, northside, { vehicles: new Set(), content: new Set(['delivery']) }, asOf);
    expect(plan.everything).toBeNull();
    expect(plan.render.map((r) => r.path).sort()).toEqual(vehiclePages.map((r) => r.path).sort());

    const bayside = demoManifest('bayside-mg', 40);
    expect(planUpdate(bayside, bayside, { vehicles: new Set(), content: new Set(['delivery']) }, asOf).render).toEqual([]);
  });
});

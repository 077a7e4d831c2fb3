import { cp, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeDemoFeeds } from '../../src/data/demo/write.ts';

/** The dealer the generator tests build: northside-used's config and content under another name. */
export const TEST_SITE = 'test-motors';

/** How the demo feed of a test site is generated. */
export interface TestFeed {
  /** The day (YYYY-MM-DD) the feed's dates are relative to; default today in Brisbane. */
  asOf?: string;
}

/**
 * A fresh project folder under the system's temporary folder with one dealer, `test-motors`, and a
 * generated demo feed of `vehicles` vehicles: what a test builds, pulls or serves without touching the
 * checkout's own sites. Returns the folder.
 */
export async function testSiteRoot(prefix: string, vehicles: number, feed: TestFeed = {}): Promise<string> {
  return siteRoot(prefix, 'northside-used', TEST_SITE, vehicles, (config) => config.replace('name: Northside Used Cars', 'name: Test Motors'), feed);
}

/**
 * A fresh project folder like {@link testSiteRoot}'s with one of the demo dealers under its own slug
 * (its demo feed has the dealer's makes and models), its config passed through `edit`.
 */
export async function demoSiteRoot(prefix: string, slug: string, vehicles: number, edit: (config: string) => string = (config) => config): Promise<string> {
  return siteRoot(prefix, slug, slug, vehicles, edit);
}

async function siteRoot(prefix: string, from: string, slug: string, vehicles: number, edit: (config: string) => string, feed: TestFeed = {}): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), `${prefix}-`));
  await mkdir(path.join(root, 'sites'));
  await mkdir(path.join(root, 'content'));
  await addDemoSite(root, from, slug, vehicles, edit, feed);
  return root;
}

/**
 * Adds the demo dealer `from` to a project folder as `slug`: its config passed through `edit`, its content,
 * and a generated demo feed of `vehicles` vehicles.
 */
export async function addDemoSite(root: string, from: string, slug: string, vehicles: number, edit: (config: string) => string = (config) => config, feed: TestFeed = {}): Promise<void> {
  await writeFile(path.join(root, 'sites', `${slug}.yaml`), edit(await readFile(`sites/${from}.yaml`, 'utf8')));
  await cp(path.resolve('content', from), path.join(root, 'content', slug), { recursive: true });
  await writeDemoFeeds({ site: slug, vehicles, root, ...feed });
}

/** A valid, available feed vehicle record (no slug: normalising derives one); override fields per test. */
export function feedVehicle(id: number, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    year: 2024,
    make: 'Toyota',
    model: 'Corolla',
    badge: 'Ascent',
    car_type: 'used',
    status: 'in_stock',
    price: 25990,
    body: 'Hatch',
    fuel: 'Petrol',
    trans: 'Automatic',
    km: 12000,
    stocknum: `U${id}`,
    updated_at: '2026-11-01T00:00:00Z',
    ...fields,
  };
}

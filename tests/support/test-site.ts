import { cp, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeDemoFeeds } from '../../src/data/demo/write.ts';

/** The dealer the generator tests build: northside-used's config and content under another name. */
export const TEST_SITE = 'test-motors';

/**
 * A fresh project folder under the system's temporary folder with one dealer, `test-motors`, and a
 * generated demo feed of `vehicles` vehicles: what a test builds, pulls or serves without touching the
 * checkout's own sites. Returns the folder.
 */
export async function testSiteRoot(prefix: string, vehicles: number): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), `${prefix}-`));
  await mkdir(path.join(root, 'sites'));
  await mkdir(path.join(root, 'content'));
  const config = (await readFile('sites/northside-used.yaml', 'utf8')).replace('name: Northside Used Cars', 'name: Test Motors');
  await writeFile(path.join(root, 'sites', `${TEST_SITE}.yaml`), config);
  await cp(path.resolve('content/northside-used'), path.join(root, 'content', TEST_SITE), { recursive: true });
  await writeDemoFeeds({ site: TEST_SITE, vehicles, root });
  return root;
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

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SiteConfig } from '../../schemas/site-config.ts';
import { contentDirOf, readYaml } from '../content-files.ts';
import { feedDirOf } from '../feed-files.ts';
import type { RawSiteData, Source } from './source.ts';

const FEED_FILES = ['vehicles', 'locations', 'reviews', 'dealerships'] as const;

/**
 * The embedded default source: the generated demo feed under data/feed/<slug>/
 * plus offers and models from content/<slug>/.
 */
export function fileSource(site: SiteConfig, root = process.cwd()): Source {
  const feedDir = feedDirOf(site, root);
  const contentDir = contentDirOf(site.slug, root);
  return {
    describe: `file ${path.relative(root, feedDir)}`,
    async pull(): Promise<RawSiteData> {
      const feed = await Promise.all(FEED_FILES.map((name) => readJsonList(path.join(feedDir, `${name}.json`), site.slug, root)));
      const [vehicles, locations, reviews, dealerships] = feed as [unknown[], unknown[], unknown[], unknown[]];
      const offers = readYaml(path.join(contentDir, 'offers.yaml'), []);
      const models = readYaml(path.join(contentDir, 'models.yaml'), []);
      return {
        vehicles,
        locations,
        reviews,
        dealerships,
        offers: Array.isArray(offers) ? offers : [],
        models: Array.isArray(models) ? models : [],
      };
    },
    async fetchVehicle(id: number): Promise<unknown | null> {
      const vehicles = await readJsonList(path.join(feedDir, 'vehicles.json'), site.slug, root);
      return vehicles.find((v) => v !== null && typeof v === 'object' && Number((v as { id?: unknown }).id) === id) ?? null;
    },
  };
}

async function readJsonList(file: string, slug: string, root: string): Promise<unknown[]> {
  const shown = path.relative(root, file);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new Error(`${slug}: the demo feed ${shown} is missing. Run \`npm run demo-data\` to generate it.`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${slug}: ${shown} is not valid JSON (${(error as Error).message}).`);
  }
  if (!Array.isArray(value)) throw new Error(`${slug}: ${shown} must hold a JSON list of records.`);
  return value;
}

import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SiteConfig } from '../schemas/site-config.ts';

/** Folder holding the generated demo feeds and their shared image pool. */
export const FEED_ROOT = 'data/feed';

/** The feed folder of a file-sourced site. */
export function feedDirOf(site: SiteConfig, root = process.cwd()): string {
  const configured = site.source.kind === 'file' ? site.source.feedDir : undefined;
  return path.resolve(root, configured ?? path.join(FEED_ROOT, site.slug));
}

/**
 * JSON with one record per line: byte-stable for the same data, and a diff of
 * two feeds shows which records changed.
 */
export function recordsJson(records: unknown[]): string {
  return records.length === 0 ? '[]\n' : `[\n${records.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`;
}

/** Writes a file by writing a temporary sibling and renaming it, so readers never see half a file. */
export async function writeFileAtomic(file: string, data: string | Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}

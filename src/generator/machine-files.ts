/**
 * What a site publishes for machines besides its pages and sitemap: the inventory feeds advertising
 * platforms read (src/views/inventory-feeds.ts) and `llms.txt` (src/views/llms-txt.ts). Made from the same
 * data as the pages in the same build or update, so a sold vehicle leaves the feeds when its page says sold.
 */
import type { SiteData } from '../data/site-data.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { ImageIndex } from '../views/images.ts';
import { inventoryFeedFiles } from '../views/inventory-feeds.ts';
import { llmsTxt } from '../views/llms-txt.ts';

/** Each file by its path in the release (no leading slash), with its content (text, or bytes in parts). */
export function machineReadableFiles(site: SiteConfig, data: SiteData, images: ImageIndex): Array<{ file: string; content: string | Buffer[] }> {
  return [...inventoryFeedFiles(site, data, images).map((feed) => ({ file: feed.path.slice(1), content: feed.parts })), { file: 'llms.txt', content: llmsTxt(site, data) }];
}

/**
 * Content images at build time: for a demo dealer (a `file` source) the images its content files name
 * under `/content/<slug>/images/` are drawn into the feed folder when missing, so a fresh checkout's
 * build shows them; then they go through the image pipeline with the vehicle photos
 * (`contentImageJobs`, `src/views/content-images.ts`).
 */
import path from 'node:path';
import { writeDemoContentImages, type BrandColours } from '../data/demo/content-images.ts';
import type { SiteData } from '../data/site-data.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import { contentImageSource, contentImageUses } from '../views/content-images.ts';

const HEX = /^#[0-9a-f]{6}$/i;

/** The site's brand colours for a drawing (the defaults where the theme uses a colour that is not #rrggbb). */
function brandColours(site: SiteConfig): BrandColours {
  return { primary: HEX.test(site.theme.primary) ? site.theme.primary : '#1d4ed8', accent: HEX.test(site.theme.accent) ? site.theme.accent : '#f59e0b' };
}

/**
 * Draws the missing `/content/<slug>/images/...` images of a demo dealer into `feedRoot` (nothing for a
 * dealer on another source, or one served through an image CDN). @returns how many were drawn
 */
export async function drawDemoContentImages(site: SiteConfig, data: Pick<SiteData, 'content' | 'offers'>, feedRoot: string): Promise<number> {
  if (site.source.kind !== 'file' || site.images.cdn) return 0;
  const wanted = contentImageUses(data).flatMap((use) => {
    const source = contentImageSource(use.url);
    return source && !/^https?:/i.test(source) ? [{ path: source, format: use.banner ? ('banner' as const) : ('card' as const) }] : [];
  });
  return await writeDemoContentImages(path.resolve(feedRoot), wanted, brandColours(site));
}

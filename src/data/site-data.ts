import path from 'node:path';
import { EvContentSchema, MenusSchema, PageFrontmatterSchema, PopupSchema, PromoCardsFileSchema, SiteCopySchema } from '../schemas/content.ts';
import type { EvContent, Menus, PageFrontmatter, Popup, PromoCardsFile, SiteCopy } from '../schemas/content.ts';
import type { Snapshot } from '../schemas/snapshot.ts';
import { contentDirOf, listPages, parseContent, readMarkdown, readYaml } from './content-files.ts';

/** A content page from content/<slug>/pages/<page>.md. */
export interface ContentPage {
  /** File name without `.md`; the page is served at `/<slug>/`. */
  slug: string;
  frontmatter: PageFrontmatter;
  /** Markdown body, rendered (and sanitised) at build time. */
  markdown: string;
}

/** Editorial content that marketing staff edit under content/<slug>/. */
export interface SiteContent {
  menus: Menus;
  popup: Popup | null;
  promoCards: PromoCardsFile;
  copy: SiteCopy;
  ev: EvContent | null;
  pages: ContentPage[];
}

/** Everything a site is rendered from: its snapshot of platform data plus its editorial content. */
export type SiteData = Omit<Snapshot, 'meta'> & { snapshot: Snapshot['meta']; content: SiteContent };

export function siteData(snapshot: Snapshot, content: SiteContent): SiteData {
  const { meta, ...records } = snapshot;
  return { ...records, snapshot: meta, content };
}

/**
 * Reads a site's editorial content. Content files are hand-written, so a
 * mistake stops the site with a message naming the file and key, rather than
 * publishing a page without its menu or popup.
 */
export function loadSiteContent(slug: string, root = process.cwd()): SiteContent {
  const dir = contentDirOf(slug, root);
  const file = (name: string) => path.join(dir, name);
  const popup = readYaml(file('popup.yaml'), null);
  const ev = readYaml(file('ev-models.yaml'), null);
  return {
    menus: parseContent(MenusSchema, readYaml(file('menus.yaml'), { header: [], footer: [] }), file('menus.yaml')),
    popup: popup === null ? null : parseContent(PopupSchema, popup, file('popup.yaml')),
    promoCards: parseContent(PromoCardsFileSchema, readYaml(file('promo-cards.yaml'), []), file('promo-cards.yaml')),
    copy: parseContent(SiteCopySchema, readYaml(file('site.yaml'), {}), file('site.yaml')),
    ev: ev === null ? null : parseContent(EvContentSchema, ev, file('ev-models.yaml')),
    pages: listPages(dir).map((pageFile) => {
      const { frontmatter, body } = readMarkdown(pageFile);
      return {
        slug: path.basename(pageFile, '.md'),
        frontmatter: parseContent(PageFrontmatterSchema, frontmatter, pageFile),
        markdown: body,
      };
    }),
  };
}

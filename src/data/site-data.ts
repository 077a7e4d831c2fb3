import { createHash } from 'node:crypto';
import path from 'node:path';
import { ArticleFrontmatterSchema, EvContentSchema, MenusSchema, PageFrontmatterSchema, PopupSchema, PromoCardsFileSchema, SiteCopySchema } from '../schemas/content.ts';
import type { ArticleFrontmatter, EvContent, Menus, PageFrontmatter, Popup, PromoCardsFile, SiteCopy } from '../schemas/content.ts';
import { DeliveryTableSchema, type DeliveryTable } from '../schemas/delivery.ts';
import { HomeContentSchema, type HomeContent } from '../schemas/home.ts';
import type { Snapshot } from '../schemas/snapshot.ts';
import { contentDirOf, listMarkdown, listPages, parseContent, readMarkdown, readYaml } from './content-files.ts';

/** A content page from content/<slug>/pages/<page>.md. */
export interface ContentPage {
  /** File name without `.md`; the page is served at `/<slug>/`. */
  slug: string;
  frontmatter: PageFrontmatter;
  /** Markdown body, rendered (and sanitised) at build time. */
  markdown: string;
}

/** A vehicle review from content/<slug>/blog/vehicle-reviews/<article>.md. */
export interface BlogArticle {
  /** File name without `.md`; the article is served at `/blog/vehicle-reviews/<slug>/`. */
  slug: string;
  frontmatter: ArticleFrontmatter;
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
  /** Delivery prices by postcode (`delivery.yaml`), for the delivery calculator; null without the file. */
  delivery: DeliveryTable | null;
  /** Vehicle reviews (`blog/vehicle-reviews/*.md`), newest first; shown on sites with `features.blog`. */
  blog?: BlogArticle[];
  /** The home page's slider, banners, category cards, tabs and FAQs (`home.yaml`); none without the file. */
  home?: HomeContent | null;
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
  const delivery = readYaml(file('delivery.yaml'), null);
  const home = readYaml(file('home.yaml'), null);
  return {
    menus: parseContent(MenusSchema, readYaml(file('menus.yaml'), { header: [], footer: [] }), file('menus.yaml')),
    popup: popup === null ? null : parseContent(PopupSchema, popup, file('popup.yaml')),
    promoCards: parseContent(PromoCardsFileSchema, readYaml(file('promo-cards.yaml'), []), file('promo-cards.yaml')),
    copy: parseContent(SiteCopySchema, readYaml(file('site.yaml'), {}), file('site.yaml')),
    ev: ev === null ? null : parseContent(EvContentSchema, ev, file('ev-models.yaml')),
    delivery: delivery === null ? null : parseContent(DeliveryTableSchema, delivery, file('delivery.yaml')),
    home: home === null ? null : parseContent(HomeContentSchema, home, file('home.yaml')),
    pages: listPages(dir).map((pageFile) => {
      const { frontmatter, body } = readMarkdown(pageFile);
      return {
        slug: path.basename(pageFile, '.md'),
        frontmatter: parseContent(PageFrontmatterSchema, frontmatter, pageFile),
        markdown: body,
      };
    }),
    blog: listMarkdown(path.join(dir, 'blog', 'vehicle-reviews'))
      .map((articleFile) => {
        const { frontmatter, body } = readMarkdown(articleFile);
        return { slug: path.basename(articleFile, '.md'), frontmatter: parseContent(ArticleFrontmatterSchema, frontmatter, articleFile), markdown: body };
      })
      .sort((a, b) => b.frontmatter.date.localeCompare(a.frontmatter.date) || a.slug.localeCompare(b.slug)),
  };
}

/**
 * A fingerprint per part of the editorial content ("menus", "copy", "popup", "promoCards", "ev",
 * "delivery", "home", "page:<slug>"). A build records them, so a later rebuild knows which parts changed since.
 */
export function contentFingerprints(content: SiteContent): Record<string, string> {
  const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value) ?? 'null').digest('hex').slice(0, 16);
  const parts: Record<string, string> = {
    menus: hash(content.menus),
    copy: hash(content.copy),
    popup: hash(content.popup),
    promoCards: hash(content.promoCards),
    ev: hash(content.ev),
    delivery: hash(content.delivery ?? null),
    blog: hash(content.blog ?? []),
    home: hash(content.home ?? null),
  };
  for (const page of content.pages) parts[`page:${page.slug}`] = hash(page);
  return parts;
}

/** The parts whose fingerprints differ (including parts added or removed). */
export function changedContent(before: Record<string, string>, after: Record<string, string>): Set<string> {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return new Set([...keys].filter((k) => before[k] !== after[k]));
}

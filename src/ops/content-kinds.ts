/**
 * The editorial content marketing staff edit from the admin page: each kind's file under
 * `content/<slug>/`, its zod schema (which decides what is valid and, through its descriptions, gives each
 * field its help text), reading a file into a value, checking a value as the build would, and writing it
 * back as the file (YAML keeps its opening comment; a page keeps its frontmatter and Markdown body).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Document, parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { z } from 'zod';
import { contentDirOf, listPages } from '../data/content-files.ts';
import { describeIssuesByPath } from '../data/friendly-errors.ts';
import { EvContentSchema, MenusSchema, ModelsFileSchema, OffersFileSchema, PageFrontmatterSchema, PopupSchema, PromoCardsFileSchema, SiteCopySchema } from '../schemas/content.ts';
import { DeliveryTableSchema } from '../schemas/delivery.ts';
import { HomeContentSchema } from '../schemas/home.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { FieldProblem, JsonSchema } from './schema-form.ts';

export interface ContentKind {
  kind: string;
  label: string;
  /** What the kind is, for the list of things a user can edit. */
  summary: string;
  schema: z.ZodType;
  /** The YAML file, or `pages` for the Markdown pages (one file each). */
  file: string | 'pages';
  /** Whether the site uses this kind (a site without the delivery calculator has no delivery table to edit). */
  applies(site: SiteConfig, dir: string): boolean;
}

/** A Markdown page as the editor holds it: its frontmatter's fields and its body. */
export const PageContentSchema = z.strictObject({
  ...PageFrontmatterSchema.shape,
  body: z.string().meta({ description: 'The page itself, in Markdown: ## for a heading, a blank line between paragraphs, [text](/link) for a link.' }),
});

const has = (dir: string, file: string) => existsSync(path.join(dir, file));

export const CONTENT_KINDS: readonly ContentKind[] = [
  { kind: 'offers', label: 'Offers', summary: 'Special offers: headline, text, fine print, picture and the dates they run', schema: OffersFileSchema, file: 'offers.yaml', applies: () => true },
  { kind: 'popup', label: 'Popup', summary: 'The promotion that opens over the pages, and when it ends', schema: PopupSchema, file: 'popup.yaml', applies: () => true },
  { kind: 'promo-cards', label: 'Promo cards', summary: 'Cards placed among the search results, and the weeks they show', schema: PromoCardsFileSchema, file: 'promo-cards.yaml', applies: () => true },
  { kind: 'home', label: 'Home page', summary: 'Hero slides, banners, category cards, tabs and the home page FAQs', schema: HomeContentSchema, file: 'home.yaml', applies: (_site, dir) => has(dir, 'home.yaml') },
  { kind: 'menus', label: 'Menus', summary: 'The header and footer menus', schema: MenusSchema, file: 'menus.yaml', applies: () => true },
  { kind: 'site-copy', label: 'Site copy', summary: 'Tagline, hero text, the vehicle page panels and other wording used across the site', schema: SiteCopySchema, file: 'site.yaml', applies: () => true },
  { kind: 'pages', label: 'Pages', summary: 'Content pages in Markdown, with their FAQs', schema: PageContentSchema, file: 'pages', applies: () => true },
  { kind: 'models', label: 'Models', summary: 'The models menu: each model, its group and its page', schema: ModelsFileSchema, file: 'models.yaml', applies: (_site, dir) => has(dir, 'models.yaml') },
  { kind: 'ev', label: 'Electric microsite', summary: 'Variants, colours, interiors and the comparison of the electric range', schema: EvContentSchema, file: 'ev-models.yaml', applies: (_site, dir) => has(dir, 'ev-models.yaml') },
  { kind: 'delivery', label: 'Delivery prices', summary: 'Delivery regions by postcode and their prices', schema: DeliveryTableSchema, file: 'delivery.yaml', applies: (site) => site.features.deliveryCalculator },
];

export function contentKind(kind: string): ContentKind | undefined {
  return CONTENT_KINDS.find((k) => k.kind === kind);
}

/** One file a user can edit, as the content list shows it. */
export interface EditableFile {
  kind: ContentKind;
  /** Relative to `content/<slug>/`. */
  file: string;
  title: string;
}

/** The files of a site's content, kind by kind (each page its own). */
export function editableFiles(site: SiteConfig, root: string): EditableFile[] {
  const dir = contentDirOf(site.slug, root);
  return CONTENT_KINDS.filter((k) => k.applies(site, dir)).flatMap((kind) =>
    kind.file === 'pages'
      ? listPages(path.join(dir, 'pages')).map((file) => ({ kind, file: `pages/${path.basename(file)}`, title: `Page: ${path.basename(file, '.md')}` }))
      : [{ kind, file: kind.file, title: kind.label }],
  );
}

/** A file name an editor may ask for: one of the site's editable files (never a path out of the folder). */
export function editableFile(site: SiteConfig, root: string, kind: string, file: string): EditableFile | null {
  return editableFiles(site, root).find((f) => f.kind.kind === kind && f.file === file) ?? null;
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The file's text (empty when it does not exist yet), its value and its hash. */
export function readEditable(site: SiteConfig, root: string, file: string): { text: string; value: unknown; hash: string | null } {
  const abs = path.join(contentDirOf(site.slug, root), file);
  if (!existsSync(abs)) return { text: '', value: file.endsWith('.md') ? { body: '' } : undefined, hash: null };
  const text = readFileSync(abs, 'utf8');
  return { text, value: valueOfText(file, text), hash: sha256(text) };
}

/** A file's text as the value the form edits. */
export function valueOfText(file: string, text: string): unknown {
  if (file.endsWith('.md')) {
    const match = /^---\r?\n(?:([\s\S]*?)\r?\n)?---\r?\n?([\s\S]*)$/.exec(text);
    const frontmatter = match ? ((parseYaml(match[1] ?? '') as Record<string, unknown> | null) ?? {}) : {};
    return { ...frontmatter, body: match ? match[2]! : text };
  }
  return parseYaml(text) as unknown;
}

/**
 * The value as the file's text. YAML keeps the comment the file opens with (marketing's notes on how to
 * edit it); a page is its frontmatter between `---` lines, then the body.
 */
export function textOfValue(file: string, value: unknown, previous: string): string {
  if (file.endsWith('.md')) {
    const { body, ...frontmatter } = (value ?? {}) as Record<string, unknown>;
    return `---\n${stringifyYaml(frontmatter, { lineWidth: 0 }).trimEnd()}\n---\n${String(body ?? '').replace(/^\n+/, '')}`;
  }
  const doc = new Document(value, { keepSourceTokens: false });
  const opening = /^(#[^\n]*\n)+/.exec(previous)?.[0];
  const text = doc.toString({ lineWidth: 0 });
  return opening ? `${opening.trimEnd()}\n\n${text}` : text;
}

/** The JSON Schema the form is made from: what a person writes (zod's input side). */
export function formSchemaOf(kind: ContentKind): JsonSchema {
  return z.toJSONSchema(kind.schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Every problem with the value as the build would find it, each with its field's path and a readable sentence. */
export function checkContent(kind: ContentKind, value: unknown): FieldProblem[] {
  const result = kind.schema.safeParse(value);
  if (result.success) return [];
  return describeIssuesByPath(result.error.issues, value, { schema: kind.schema, secrets: 'published' });
}

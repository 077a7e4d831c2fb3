import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import type { z } from 'zod';
import { describeIssues, describeYamlErrors } from './friendly-errors.ts';

/** Folder of a site's editorial content. */
export function contentDirOf(slug: string, root = process.cwd()): string {
  return path.resolve(root, 'content', slug);
}

/** A content file that cannot be used, with a message written for the person who edits it. */
export class ContentFileError extends Error {
  readonly file: string;
  constructor(file: string, problems: string[]) {
    super(`Content file ${file} cannot be used:\n${problems.map((p) => `  - ${p}`).join('\n')}\nFix the file and rebuild; the site keeps its last good version until then.`);
    this.name = 'ContentFileError';
    this.file = file;
  }
}

const shown = (file: string) => path.relative(process.cwd(), file) || file;

/** YAML text parsed, or a ContentFileError naming the line (`firstLine`: where the text starts in the file). */
function parseYamlText(text: string, file: string, firstLine = 1): unknown {
  const doc = parseDocument(text, { prettyErrors: true });
  if (doc.errors.length > 0) throw new ContentFileError(shown(file), describeYamlErrors(doc.errors, text, firstLine));
  try {
    return doc.toJS();
  } catch (error) {
    // e.g. an alias (*name) with no anchor (&name) before it
    throw new ContentFileError(shown(file), [`the YAML cannot be read: ${(error as Error).message}. Check the quotes around any value that starts with * or &.`]);
  }
}

/** Reads a YAML file, or returns `fallback` when it does not exist. Syntax errors name the file and line. */
export function readYaml(file: string, fallback: unknown): unknown {
  if (!existsSync(file)) return fallback;
  return parseYamlText(readFileSync(file, 'utf8'), file);
}

/** Splits a Markdown file into its YAML frontmatter and body. Frontmatter syntax errors name the file and line. */
export function readMarkdown(file: string): { frontmatter: unknown; body: string } {
  const text = readFileSync(file, 'utf8');
  const match = /^---\r?\n(?:([\s\S]*?)\r?\n)?---\r?\n?([\s\S]*)$/.exec(text);
  if (!match && /^---\r?\n/.test(text)) {
    throw new ContentFileError(shown(file), [
      'line 1 (---): the settings at the top of the page (title:, description:) are never closed. Add a line with only --- after them.',
    ]);
  }
  if (!match) return { frontmatter: {}, body: text };
  return { frontmatter: parseYamlText(match[1] ?? '', file, 2), body: match[2]! };
}

/** Lists the Markdown pages of a content folder, sorted. */
/** The Markdown files of a folder, by name; none when it does not exist. */
export function listMarkdown(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => path.join(folder, f));
}

export function listPages(dir: string): string[] {
  const pages = path.join(dir, 'pages');
  if (!existsSync(pages)) return [];
  return readdirSync(pages)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => path.join(pages, f));
}

/**
 * Parses a hand-written content file. Each problem names the key (with list positions, e.g.
 * `2.expiry`), what was expected, what the file has, and how to fix it.
 */
export function parseContent<S extends z.ZodType>(schema: S, value: unknown, file: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ContentFileError(shown(file), describeIssues(result.error.issues, value, { schema, secrets: 'published' }));
}

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { z } from 'zod';
import { describeIssues } from './friendly-errors.ts';

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

/** YAML text parsed, or a ContentFileError naming the line (offset by `firstLine` for frontmatter). */
function parseYamlText(text: string, file: string, firstLine = 1): unknown {
  try {
    return parse(text, { prettyErrors: true });
  } catch (error) {
    const e = error as Error & { linePos?: Array<{ line: number }> };
    const line = e.linePos?.[0]?.line;
    const where = line ? `line ${line + firstLine - 1}` : 'the YAML';
    throw new ContentFileError(shown(file), [`${where}: ${e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '').replace(/:$/, '')}. Fix the YAML syntax there (indentation, a missing colon, or quotes around text with a colon).`]);
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
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) return { frontmatter: {}, body: text };
  return { frontmatter: parseYamlText(match[1]!, file, 2), body: match[2]! };
}

/** Lists the Markdown pages of a content folder, sorted. */
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
  throw new ContentFileError(shown(file), describeIssues(result.error.issues, value, { schema }));
}

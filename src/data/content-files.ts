import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { z } from 'zod';

/** Folder of a site's editorial content. */
export function contentDirOf(slug: string, root = process.cwd()): string {
  return path.resolve(root, 'content', slug);
}

/** Reads a YAML file, or returns `fallback` when it does not exist. Syntax errors name the file and line. */
export function readYaml(file: string, fallback: unknown): unknown {
  if (!existsSync(file)) return fallback;
  try {
    return parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${path.relative(process.cwd(), file)}: ${(error as Error).message.split('\n')[0]}`);
  }
}

/** Splits a Markdown file into its YAML frontmatter and body. */
export function readMarkdown(file: string): { frontmatter: unknown; body: string } {
  const text = readFileSync(file, 'utf8');
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) return { frontmatter: {}, body: text };
  return { frontmatter: parse(match[1]!), body: match[2]! };
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

/** Parses a hand-written content file, turning schema issues into one readable message. */
export function parseContent<S extends z.ZodType>(schema: S, value: unknown, file: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const where = path.relative(process.cwd(), file);
  const lines = result.error.issues.map((i) => `  - ${i.path.join('.') || '(file)'}: ${i.message}`);
  throw new Error(`Content file ${where} cannot be used:\n${lines.join('\n')}`);
}

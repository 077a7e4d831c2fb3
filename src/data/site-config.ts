import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { SiteConfigSchema, type SiteConfig } from '../schemas/site-config.ts';
import { closest, describeIssues } from './friendly-errors.ts';

/** A site config file that cannot be used, with a message written for the person who edits it. */
export class SiteConfigError extends Error {
  readonly file: string;
  constructor(file: string, problems: string[]) {
    super(
      `Site config ${file} cannot be used:\n${problems.map((p) => `  - ${p}`).join('\n')}\n` +
        `Every key and its default is documented in src/schemas/site-config.ts.`,
    );
    this.name = 'SiteConfigError';
    this.file = file;
  }
}

/** Reads, validates and returns one site config; defaults are deep-merged with the file's overrides. */
export function loadSiteConfig(file: string, root = process.cwd()): SiteConfig {
  const shown = path.relative(root, path.resolve(root, file)) || file;
  let text: string;
  try {
    text = readFileSync(path.resolve(root, file), 'utf8');
  } catch (error) {
    throw new SiteConfigError(shown, [`the file cannot be read (${(error as NodeJS.ErrnoException).code ?? error}).`]);
  }
  const known = parsed.get(shown);
  if (known?.text === text) return structuredClone(known.config);
  const config = parseSiteConfig(text, shown);
  parsed.set(shown, { text, config: structuredClone(config) });
  return config;
}

// The last valid config read from each file, by its text: a running server reads the configs again for
// every run (an operator may have edited one), and validating a config against the schema took 3-5 ms.
// Each caller gets its own copy.
const parsed = new Map<string, { text: string; config: SiteConfig }>();

/** Validates the text of a site config file named `file` (used in messages and to check the slug). */
export function parseSiteConfig(text: string, file: string): SiteConfig {
  const doc = parseDocument(text, { prettyErrors: true });
  if (doc.errors.length > 0) {
    throw new SiteConfigError(
      file,
      doc.errors.map(
        (e) => `line ${e.linePos?.[0]?.line ?? '?'}: ${e.message.split('\n')[0]!.replace(/:$/, '.')} Fix the YAML syntax there.`,
      ),
    );
  }
  const raw: unknown = doc.toJS();
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new SiteConfigError(file, ['expected a mapping of keys (slug, name, template, url, ...) at the top level.']);
  }
  const expectedSlug = path.basename(file).replace(/\.ya?ml$/, '');
  const withSlug = { slug: expectedSlug, ...(raw as Record<string, unknown>) };
  const result = SiteConfigSchema.safeParse(withSlug);
  const problems = result.success ? [] : describeIssues(result.error.issues, withSlug, { schema: SiteConfigSchema, secrets: 'environment' });
  if (result.success && result.data.slug !== expectedSlug) {
    problems.push(
      `slug: is "${result.data.slug}" but the file is named ${path.basename(file)}. ` +
        `Rename the file to ${result.data.slug}.yaml or set slug: ${expectedSlug}.`,
    );
  }
  if (!result.success || problems.length > 0) throw new SiteConfigError(file, problems);
  return result.data;
}

/** Loads every `*.yaml` site under `dir`, sorted by slug. Throws on the first invalid file. */
export function loadAllSiteConfigs(dir = 'sites', root = process.cwd()): SiteConfig[] {
  const files = readdirSync(path.resolve(root, dir))
    .filter((f) => /\.ya?ml$/.test(f))
    .sort();
  return files.map((f) => loadSiteConfig(path.join(dir, f), root));
}

/** Finds one site by slug, or explains which slugs exist. */
export function findSite(sites: SiteConfig[], slug: string): SiteConfig {
  const site = sites.find((s) => s.slug === slug);
  if (!site) {
    const hint = closest(slug, sites.map((s) => s.slug));
    throw new Error(
      `Unknown site "${slug}".${hint ? ` Did you mean "${hint}"?` : ''} Sites: ${sites.map((s) => s.slug).join(', ')}.`,
    );
  }
  return site;
}

import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { z } from 'zod';
import { SiteConfigSchema, type SiteConfig } from '../schemas/site-config.ts';

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
  return parseSiteConfig(text, shown);
}

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
  const problems = result.success ? [] : result.error.issues.map((issue) => describeIssue(issue, withSlug));
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

// ---------------------------------------------------------------- messages

const SECRET_KEY = /(token|secret|password|apikey|api_key|adminkey)$/i;

function describeIssue(issue: z.core.$ZodIssue, input: unknown): string {
  const where = issue.path.length > 0 ? issue.path.join('.') : '(top level)';
  const got = valueAt(input, issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (got === undefined) {
        return `${where}: is required (${typeName(issue.expected)}). Add it, for example: ${exampleFor(issue.path, issue.expected)}.`;
      }
      return `${where}: expected ${typeName(issue.expected)}, got ${show(got)}. Change it to ${typeName(issue.expected)}.`;
    case 'unrecognized_keys':
      return issue.keys
        .map((key) => {
          const full = [...issue.path, key].join('.');
          if (SECRET_KEY.test(key)) {
            return `${full}: secrets never go in site files. Put the value in an environment variable and name that variable in ${key}Env instead.`;
          }
          const hint = closest(key, keysAt(issue.path));
          return `${full}: is not a setting here.${hint ? ` Did you mean "${hint}"?` : ''} Remove it or fix the spelling.`;
        })
        .join('\n  - ');
    case 'invalid_value':
      return `${where}: ${show(got)} is not allowed. Use one of: ${issue.values.map((v) => JSON.stringify(v)).join(', ')}.`;
    case 'too_small':
      return `${where}: ${show(got)} is too small. Use ${issue.inclusive ? 'at least' : 'more than'} ${issue.minimum}${issue.origin === 'array' ? ' items' : issue.origin === 'string' ? ' characters' : ''}.`;
    case 'too_big':
      return `${where}: ${show(got)} is too big. Use ${issue.inclusive ? 'at most' : 'less than'} ${issue.maximum}${issue.origin === 'array' ? ' items' : issue.origin === 'string' ? ' characters' : ''}.`;
    case 'invalid_format':
      if (issue.format === 'url') {
        return `${where}: ${show(got)} is not a web address. Write it in full, for example https://www.dealer.example.`;
      }
      return `${where}: ${show(got)} is not ${article(issue.format === 'regex' ? 'valid value' : issue.format)}. ${expectation(issue.message)}`.trim();
    case 'invalid_union': {
      const kinds = unionKinds(issue.path.at(-1) === 'kind' ? issue.path.slice(0, -1) : issue.path);
      return kinds.length > 0
        ? `${where}: ${show(got)} is not a known kind. Set kind to one of: ${kinds.map((k) => JSON.stringify(k)).join(', ')}.`
        : `${where}: ${show(got)} does not match any accepted shape.`;
    }
    default:
      return `${where}: ${issue.message}.`;
  }
}

/** A schema's own message as a sentence: "a CSS colour ..." or "Expected a slug ...". */
function expectation(message: string): string {
  if (message.startsWith('a ')) return `Expected ${message}.`;
  return message.startsWith('Expected') ? `${message.replace(/\.$/, '')}.` : '';
}

function typeName(expected: string): string {
  const names: Record<string, string> = {
    string: 'text',
    number: 'a number',
    boolean: 'true or false',
    object: 'a mapping of keys',
    array: 'a list',
  };
  return names[expected] ?? article(expected);
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`;
}

function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null (an empty value)';
  if (typeof value === 'string') return `"${value}" (text)`;
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return `${String(value)} (${typeof value})`;
}

function exampleFor(pathParts: PropertyKey[], expected: string): string {
  const key = String(pathParts[pathParts.length - 1] ?? 'key');
  const sample = expected === 'number' ? '1' : expected === 'boolean' ? 'true' : expected === 'string' ? '"..."' : '...';
  return `${key}: ${sample}`;
}

function valueAt(input: unknown, pathParts: PropertyKey[]): unknown {
  let node: unknown = input;
  for (const part of pathParts) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<PropertyKey, unknown>)[part];
  }
  return node;
}

type AnySchema = z.core.$ZodType;

/** Follows a key path through the config schema, unwrapping defaults, optionals and pipes. */
function schemaAt(pathParts: PropertyKey[]): AnySchema | undefined {
  let node: AnySchema | undefined = SiteConfigSchema;
  for (const part of pathParts) {
    node = unwrap(node);
    const def = node?._zod.def as { type: string; shape?: Record<string, AnySchema>; element?: AnySchema; valueType?: AnySchema };
    if (def?.type === 'object' && def.shape) node = def.shape[String(part)];
    else if (def?.type === 'array') node = def.element;
    else if (def?.type === 'record') node = def.valueType;
    else return undefined;
  }
  return unwrap(node);
}

function unwrap(schema: AnySchema | undefined): AnySchema | undefined {
  let node = schema;
  for (let i = 0; node && i < 10; i++) {
    const def = node._zod.def as { type: string; innerType?: AnySchema; in?: AnySchema };
    if (def.innerType) node = def.innerType;
    else if (def.type === 'pipe' && def.in) node = def.in;
    else break;
  }
  return node;
}

function keysAt(pathParts: PropertyKey[]): string[] {
  const def = schemaAt(pathParts)?._zod.def as { shape?: Record<string, unknown> } | undefined;
  return def?.shape ? Object.keys(def.shape) : [];
}

function unionKinds(pathParts: PropertyKey[]): string[] {
  const def = schemaAt(pathParts)?._zod.def as { options?: AnySchema[] } | undefined;
  return (def?.options ?? []).flatMap((option) => {
    const kind = (option._zod.def as { shape?: Record<string, AnySchema> }).shape?.kind;
    const values = (kind?._zod.def as { values?: unknown[] } | undefined)?.values;
    return values ? values.map(String) : [];
  });
}

/** The candidate nearest to `word` by edit distance, when it is plausibly a misspelling. */
function closest(word: string, candidates: string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const d = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length]!;
}

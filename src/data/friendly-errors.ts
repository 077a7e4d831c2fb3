/**
 * Readable problems for files people write by hand (site configs, content files): each zod issue
 * becomes one sentence naming the key path, what was expected, what was found, and how to fix it,
 * with a suggestion for a misspelt key and a pointer to the `…Env` key for a secret.
 */
import type { z } from 'zod';

type AnySchema = z.core.$ZodType;

const SECRET_KEY = /(token|secret|password|apikey|api_key|adminkey)$/i;

/** How to describe the issues of one schema. */
export interface DescribeOptions {
  /** The schema parsed (for key suggestions and the kinds of a union). */
  schema: AnySchema;
  /** Secrets are refused with a pointer to the matching `…Env` key (site configs). */
  refuseSecrets?: boolean;
}

/** One readable sentence per issue (several for several unknown keys). */
export function describeIssues(issues: readonly z.core.$ZodIssue[], input: unknown, options: DescribeOptions): string[] {
  // One problem per key: a value of the wrong form also fails the checks made on it.
  const seen = new Set<string>();
  return issues
    .filter((issue) => {
      const key = issue.code === 'unrecognized_keys' ? `${issue.path.join('.')}:${issue.keys.join(',')}` : issue.path.join('.');
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((issue) => describeIssue(issue, input, options));
}

function describeIssue(issue: z.core.$ZodIssue, input: unknown, options: DescribeOptions): string {
  const where = issue.path.length > 0 ? issue.path.join('.') : '(top level)';
  const got = valueAt(input, issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (got === undefined) {
        return `${where}: is required (${typeName(issue.expected)}). Add it, for example: ${exampleFor(options.schema, issue.path, issue.expected)}.`;
      }
      return `${where}: expected ${typeName(issue.expected)}, got ${show(got)}. Change it to ${typeName(issue.expected)}.`;
    case 'unrecognized_keys':
      return issue.keys
        .map((key) => {
          const full = [...issue.path, key].join('.');
          if (options.refuseSecrets && SECRET_KEY.test(key)) {
            return `${full}: secrets never go in site files. Put the value in an environment variable and name that variable in ${key}Env instead.`;
          }
          const hint = closest(key, keysAt(options.schema, issue.path));
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
      if (issue.format === 'datetime' || issue.format === 'date') {
        const example = issue.format === 'datetime' ? 'Write it like 2025-07-24T23:59:59+10:00 (Brisbane time).' : 'Write it like 2025-07-24.';
        return `${where}: ${show(got)} is not a date${issue.format === 'datetime' ? ' and time' : ''}. ${expectation(issue.message) || example}`;
      }
      return `${where}: ${show(got)} is not ${article(issue.format === 'regex' ? 'valid value' : issue.format)}. ${expectation(issue.message)}`.trim();
    case 'invalid_union': {
      const kinds = unionKinds(options.schema, issue.path.at(-1) === 'kind' ? issue.path.slice(0, -1) : issue.path);
      if (kinds.length > 0) return `${where}: ${show(got)} is not a known kind. Set kind to one of: ${kinds.map((k) => JSON.stringify(k)).join(', ')}.`;
      return `${where}: ${show(got)} does not match any accepted shape. ${expectation(issue.message)}`.trim();
    }
    default:
      return `${where}: ${issue.message.replace(/\.$/, '')}.`;
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

function exampleFor(schema: AnySchema, pathParts: PropertyKey[], expected: string): string {
  const key = String(pathParts[pathParts.length - 1] ?? 'key');
  const format = (schemaAt(schema, pathParts)?._zod.def as { format?: string } | undefined)?.format;
  if (format === 'datetime') return `${key}: 2025-07-24T23:59:59+10:00`;
  if (format === 'date') return `${key}: 2025-07-24`;
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

/** Follows a key path through the config schema, unwrapping defaults, optionals and pipes. */
function schemaAt(schema: AnySchema, pathParts: PropertyKey[]): AnySchema | undefined {
  let node: AnySchema | undefined = schema;
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

function keysAt(schema: AnySchema, pathParts: PropertyKey[]): string[] {
  const def = schemaAt(schema, pathParts)?._zod.def as { shape?: Record<string, unknown> } | undefined;
  return def?.shape ? Object.keys(def.shape) : [];
}

function unionKinds(schema: AnySchema, pathParts: PropertyKey[]): string[] {
  const def = schemaAt(schema, pathParts)?._zod.def as { options?: AnySchema[] } | undefined;
  return (def?.options ?? []).flatMap((option) => {
    const kind = (option._zod.def as { shape?: Record<string, AnySchema> }).shape?.kind;
    const values = (kind?._zod.def as { values?: unknown[] } | undefined)?.values;
    return values ? values.map(String) : [];
  });
}

/** The candidate nearest to `word` by edit distance, when it is plausibly a misspelling. */
export function closest(word: string, candidates: string[]): string | undefined {
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

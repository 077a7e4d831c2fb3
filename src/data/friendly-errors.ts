/**
 * Readable problems for files people write by hand (site configs, content files): each zod issue
 * becomes one sentence naming the key path, what was expected, what was found, and how to fix it,
 * with a suggestion for a misspelt key (from the schema being parsed), a pointer to the `…Env` key
 * for a secret, dates explained with the form the schema accepts, and YAML syntax errors in plain
 * words with their line.
 */
import type { YAMLError } from 'yaml';
import type { z } from 'zod';

type AnySchema = z.core.$ZodType;
type Issue = z.core.$ZodIssue;
type Path = PropertyKey[];

const SECRET_KEY = /(token|secret|password|apikey|api_key|adminkey)$/i;

/** How to describe the issues of one schema. */
export interface DescribeOptions {
  /** The schema parsed: key suggestions, the kinds of a union and date forms are read from it. */
  schema: AnySchema;
  /**
   * What a key that looks like a secret (`token`, `password`, `apiKey` ...) is told. 'environment'
   * (site configs): put the value in an environment variable and name it in the matching `…Env`
   * key. 'published' (content files, which are published with the site): never put it here.
   * Unset: it is an unknown key like any other.
   */
  secrets?: 'environment' | 'published';
}

/** One readable sentence per problem, in the order zod found them. */
export function describeIssues(issues: readonly Issue[], input: unknown, options: DescribeOptions): string[] {
  return describeAll(issues, { input, root: input, base: [], schema: options.schema, options }).map((p) => p.message);
}

/** The same sentences with the key path each is about, for a form that shows a problem beside its field. */
export function describeIssuesByPath(issues: readonly Issue[], input: unknown, options: DescribeOptions): Array<{ path: PropertyKey[]; message: string }> {
  return describeAll(issues, { input, root: input, base: [], schema: options.schema, options });
}

/** Where a list of issues sits: `input` and `schema` are at `base` inside `root`. */
interface Scope {
  input: unknown;
  root: unknown;
  base: Path;
  schema: AnySchema | undefined;
  options: DescribeOptions;
}

function describeAll(issues: readonly Issue[], scope: Scope): Array<{ path: PropertyKey[]; message: string }> {
  // A misspelt key says which key it was meant to be; the "is required" of that key adds nothing.
  const meant = new Set<string>();
  for (const issue of issues) {
    if (issue.code !== 'unrecognized_keys') continue;
    for (const key of issue.keys) {
      const hint = closest(key, keysAt(scope.schema, issue.path, scope.input));
      if (hint) meant.add([...issue.path, hint].join('.'));
    }
  }
  // One problem per key: a value of the wrong form also fails the checks made on it.
  const seen = new Set<string>();
  return issues
    .filter((issue) => {
      const key = issue.code === 'unrecognized_keys' ? `${issue.path.join('.')}:${issue.keys.join(',')}` : issue.path.join('.');
      if (seen.has(key)) return false;
      seen.add(key);
      const missing = valueAt(scope.input, issue.path) === undefined;
      return !(missing && (issue.code === 'invalid_type' || issue.code === 'invalid_union') && meant.has(key));
    })
    .map((issue) => ({ path: [...scope.base, ...issue.path], message: describeIssue(issue, scope) }));
}

function describeIssue(issue: Issue, scope: Scope): string {
  const full = [...scope.base, ...issue.path];
  const where = full.length > 0 ? `${full.join('.')}${listItem(scope.root, full)}` : '(top level)';
  const got = valueAt(scope.input, issue.path);
  const node = schemaAt(scope.schema, issue.path, scope.input);
  const key = String(full.at(-1) ?? '');
  const dates = dateForms(node);
  if (dates && got !== undefined && !isAcceptedDate(got, dates)) return describeDate(where, got, dates, key);
  switch (issue.code) {
    case 'invalid_type':
      if (got === undefined) {
        const what = dates ? (dates.time && !dates.date ? 'a date and time' : 'a date') : typeName(issue.expected);
        return `${where}: is required (${what}). Add it, for example: ${exampleFor(node, key, issue.expected)}.`;
      }
      if (issue.expected === 'string' && (typeof got === 'number' || typeof got === 'boolean')) {
        return `${where}: expected text, got ${show(got)}. Put it in quotes: ${key}: "${String(got)}".`;
      }
      if (issue.expected === 'boolean' && (got === 'true' || got === 'false')) {
        return `${where}: expected true or false, got ${show(got)}. Remove the quotes: ${key}: ${got}.`;
      }
      return `${where}: expected ${typeName(issue.expected)}, got ${show(got)}. ${shapeHint(issue.expected, key) || `Change it to ${typeName(issue.expected)}.`}`;
    case 'unrecognized_keys':
      return issue.keys.map((name) => describeUnknownKey(name, issue.path, scope)).join('\n  - ');
    case 'invalid_value':
      return `${where}: ${show(got)} is not allowed. Use one of: ${issue.values.map((v) => JSON.stringify(v)).join(', ')}.`;
    case 'too_small':
    case 'too_big':
      return describeSize(issue, where, got);
    case 'invalid_format': {
      if (issue.format === 'url') {
        return `${where}: ${show(got)} is not a web address. Write it in full, for example https://www.dealer.example.`;
      }
      const sentence = `${where}: ${show(got)} is not ${article(issue.format === 'regex' ? 'valid value' : issue.format)}. ${expectation(issue.message)}`.trim();
      const suggestion = /\bslug\b/.test(issue.message) && typeof got === 'string' ? slugOf(got) : '';
      return suggestion && suggestion !== got ? `${sentence} Use ${suggestion}.` : sentence;
    }
    case 'invalid_union':
      return describeUnion(issue, scope, where, got, node, key);
    default:
      // A check's own "Expected ..." message, with the value it refused.
      if (issue.message.startsWith('Expected') && got !== null && typeof got !== 'object' && got !== undefined) {
        return `${where}: ${show(got)} cannot be used. ${issue.message.replace(/\.$/, '')}.`;
      }
      return `${where}: ${issue.message.replace(/\.$/, '')}.`;
  }
}

function describeUnknownKey(name: string, at: Path, scope: Scope): string {
  const full = `${[...scope.base, ...at, name].join('.')}${listItem(scope.root, [...scope.base, ...at])}`;
  if (scope.options.secrets && SECRET_KEY.test(name)) {
    if (scope.options.secrets === 'published') {
      return `${full}: looks like a secret. This file is published with the website, so keys, tokens and passwords never go in it. Remove it.`;
    }
    const envKeys = keysAt(scope.schema, at, scope.input).filter((k) => k.endsWith('Env'));
    const envKey = envKeys.find((k) => k.toLowerCase() === `${name.toLowerCase()}env`) ?? envKeys.find((k) => k.toLowerCase().includes(name.toLowerCase()));
    return envKey
      ? `${full}: secrets never go in site files. Put the value in an environment variable and name that variable in ${envKey} instead.`
      : `${full}: secrets never go in site files. Put the value in an environment variable and name that variable in the setting for it (its name ends in Env).`;
  }
  const hint = closest(name, keysAt(scope.schema, at, scope.input));
  return `${full}: is not a setting here.${hint ? ` Did you mean "${hint}"?` : ''} Remove it or fix the spelling.`;
}

function describeSize(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig, where: string, got: unknown): string {
  const small = issue.code === 'too_small';
  const bound = Number(small ? (issue as z.core.$ZodIssueTooSmall).minimum : (issue as z.core.$ZodIssueTooBig).maximum);
  // A schema's own message ("The popup needs a title") says it best; zod's defaults start "Too small" / "Too big".
  const own = /^Too (small|big)\b/.test(issue.message) ? '' : `${issue.message.replace(/\.$/, '')}.`;
  if (issue.origin === 'string' && typeof got === 'string') {
    if (small && got.trim() === '') return `${where}: is empty. ${own || 'Write some text here.'}`;
    const fix = small ? `Use at least ${bound} characters.` : `Use at most ${bound} characters.`;
    return `${where}: ${show(got)} is ${got.length} characters long. ${own || fix}`;
  }
  if (issue.origin === 'array' && Array.isArray(got)) {
    const has = got.length === 0 ? 'has no items' : `has ${got.length} ${got.length === 1 ? 'item' : 'items'}`;
    const fix = small ? `Add at least ${bound} ${bound === 1 ? 'item' : 'items'}.` : `Keep at most ${bound} ${bound === 1 ? 'item' : 'items'}.`;
    return `${where}: ${has}. ${own || fix}`;
  }
  const unit = issue.origin === 'array' ? ' items' : issue.origin === 'string' ? ' characters' : '';
  const limit = small ? `${issue.inclusive ? 'at least' : 'more than'} ${bound}` : `${issue.inclusive ? 'at most' : 'less than'} ${bound}`;
  return `${where}: ${show(got)} is too ${small ? 'small' : 'big'}. ${own || `Use ${limit}${unit}.`}`;
}

function describeUnion(issue: z.core.$ZodIssueInvalidUnion, scope: Scope, where: string, got: unknown, node: AnySchema | undefined, key: string): string {
  const kinds = unionKinds(schemaAt(scope.schema, issue.path.at(-1) === 'kind' ? issue.path.slice(0, -1) : issue.path, scope.input));
  if (kinds.length > 0) return `${where}: ${show(got)} is not a known kind. Set kind to one of: ${kinds.map((k) => JSON.stringify(k)).join(', ')}.`;
  const branches = issue.errors ?? [];
  const expected = branches.flatMap((b) => b.filter((i) => i.path.length === 0 && i.code === 'invalid_type').map((i) => (i as z.core.$ZodIssueInvalidType).expected));
  if (got === undefined) {
    return `${where}: is required${expected[0] ? ` (${typeName(expected[0])})` : ''}. Add it, for example: ${exampleFor(node, key, expected[0] ?? 'string')}.`;
  }
  // The shape the value was written in (an object for an object option): describe what is wrong inside it.
  const options = (node?._zod.def as { options?: AnySchema[] } | undefined)?.options;
  const index = branches.findIndex((b) => b.length > 0 && !b.some((i) => i.path.length === 0 && i.code === 'invalid_type'));
  if (index >= 0 && options?.[index]) {
    return describeAll(branches[index]!, { ...scope, input: got, base: [...scope.base, ...issue.path], schema: options[index] }).map((p) => p.message).join('\n  - ');
  }
  if (expected.length === branches.length && expected.length > 0) {
    return `${where}: expected ${[...new Set(expected)].map(typeName).join(' or ')}, got ${show(got)}.`;
  }
  return `${where}: ${show(got)} does not match any accepted shape. ${expectation(issue.message)}`.trim();
}

/** A hint on how a list or a block of keys is written, for people who do not write YAML every day. */
function shapeHint(expected: string, key: string): string {
  if (expected === 'array') return key ? `Make it a list: each item on its own line under ${key}:, starting with "- ".` : 'Make it a list: each item on its own line, starting with "- ".';
  if (expected === 'object') return key ? `Put its keys on their own lines under ${key}:, indented.` : 'Write it as key: value lines, one per line (for example title: Summer sale).';
  return '';
}

/**
 * `(item 3, id "eofy")` for a key inside a list of entries, so a person can find the entry without
 * counting; the innermost entry that is a block of keys (a plain value in a list is shown anyway).
 */
function listItem(root: unknown, full: Path): string {
  for (let i = full.length - 1; i >= 0; i--) {
    if (typeof full[i] !== 'number' || !Array.isArray(valueAt(root, full.slice(0, i)))) continue;
    const item = valueAt(root, full.slice(0, i + 1));
    if (item === null || typeof item !== 'object' || Array.isArray(item)) continue;
    const name = ['id', 'label', 'title', 'name', 'question'].find((k) => {
      const v = (item as Record<string, unknown>)[k];
      return typeof v === 'string' || typeof v === 'number';
    });
    const label = name ? `, ${name} ${JSON.stringify((item as Record<string, unknown>)[name])}` : '';
    return ` (item ${(full[i] as number) + 1}${label})`;
  }
  return '';
}

// ---------------------------------------------------------------- dates

/** The date forms a schema accepts: a date, a date and time, and whether the time needs an offset. */
interface DateForms {
  date: boolean;
  time: boolean;
  patterns: RegExp[];
}

function dateForms(node: AnySchema | undefined): DateForms | undefined {
  const def = node?._zod.def as { type: string; format?: string; pattern?: RegExp; options?: AnySchema[] } | undefined;
  const parts = def?.type === 'union' ? (def.options ?? []).map((o) => unwrap(o)?._zod.def as typeof def) : [def];
  if (parts.length === 0 || !parts.every((p) => p?.type === 'string' && (p.format === 'date' || p.format === 'datetime') && p.pattern)) return undefined;
  return {
    date: parts.some((p) => p!.format === 'date'),
    time: parts.some((p) => p!.format === 'datetime'),
    patterns: parts.map((p) => p!.pattern!),
  };
}

function isAcceptedDate(value: unknown, forms: DateForms): boolean {
  if (typeof value !== 'string' || !forms.patterns.some((p) => p.test(value))) return false;
  const parsed = looseDate(value);
  return parsed !== undefined && isRealDate(parsed);
}

interface LooseDate {
  year: number;
  month: number;
  day: number;
  time?: string;
  offset?: string;
  yearLast: boolean;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Reads the ways people write dates: 2025-07-24, 24/07/2025, 24.7.2025, with or without a time and offset. */
function looseDate(text: string): LooseDate | undefined {
  const time = String.raw`(?:[T ]+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?`;
  const pad = (n: string | undefined) => (n ?? '0').padStart(2, '0');
  const clock = (h?: string, m?: string, s?: string) => (h === undefined ? undefined : `${pad(h)}:${pad(m)}:${pad(s)}`);
  const zone = (z?: string) => (z === undefined || z === 'Z' ? z : `${z.slice(0, 3)}:${z.slice(3).replace(':', '').padEnd(2, '0')}`);
  let m = new RegExp(String.raw`^(\d{4})-(\d{1,2})-(\d{1,2})${time}$`).exec(text.trim());
  if (m) return { year: +m[1]!, month: +m[2]!, day: +m[3]!, time: clock(m[4], m[5], m[6]), offset: zone(m[7]), yearLast: false };
  m = new RegExp(String.raw`^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})${time}$`).exec(text.trim());
  if (!m) return undefined;
  // Australian order (day first) unless the first number cannot be a day of a month-first date.
  const [a, b] = [+m[1]!, +m[2]!];
  const monthFirst = a <= 12 && b > 12;
  return { year: +m[3]!, month: monthFirst ? a : b, day: monthFirst ? b : a, time: clock(m[4], m[5], m[6]), offset: zone(m[7]), yearLast: true };
}

function isRealDate({ year, month, day }: LooseDate): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function describeDate(where: string, got: unknown, forms: DateForms, key: string): string {
  // A date alone means the start of that day, so an end is written with the day's last second.
  const ending = isEnd(key);
  const clock = ending ? '23:59:59' : '00:00:00';
  const explain = ' (the date, T, the time, then +10:00 for Brisbane time)';
  const howTo =
    forms.date && forms.time
      ? ending
        ? `Write it like 2025-07-24T23:59:59+10:00${explain}; a date alone, like 2025-07-24, ends at the start of that day.`
        : `Write it like 2025-07-24, or 2025-07-24T09:00:00+10:00 with a time (+10:00 is Brisbane time).`
      : forms.time
        ? `Write it like 2025-07-24T${clock}+10:00${explain}.`
        : 'Write it like 2025-07-24 (year, month, day).';
  const parsed = typeof got === 'string' ? looseDate(got) : undefined;
  if (!parsed) return `${where}: ${show(got)} is not a date the site can read. ${howTo}`;
  if (!isRealDate(parsed)) {
    const month = MONTHS[parsed.month - 1];
    return month
      ? `${where}: ${show(got)} is not a real date: ${month} ${parsed.year} has no day ${parsed.day}. Check the day and the month.`
      : `${where}: ${show(got)} is not a real date: there is no month ${parsed.month}. Check the day and the month.`;
  }
  const day = `${parsed.year}-${String(parsed.month).padStart(2, '0')}-${String(parsed.day).padStart(2, '0')}`;
  const candidates = [...(parsed.time || ending ? [] : [day]), `${day}T${parsed.time ?? clock}${parsed.offset ?? '+10:00'}`, `${day}T${parsed.time ?? clock}+10:00`, day];
  const fix = candidates.find((c) => forms.patterns.some((p) => p.test(c)));
  if (!fix) return `${where}: ${show(got)} is not a date the site can read. ${howTo}`;
  const reason = parsed.yearLast
    ? 'does not start with the year'
    : !parsed.time && forms.time && !forms.date
      ? 'has a date but no time'
      : parsed.time && !parsed.offset
        ? 'has no time zone'
        : 'is not written the way the site reads dates';
  return `${where}: ${show(got)} ${reason}. Write it as ${fix}${fix.includes('T') ? explain : ' (year, month, day)'}.`;
}

/** The end of a window (expiry, end, until): a date alone would end it at the start of that day. */
function isEnd(key: string): boolean {
  return /expir|end|until/i.test(key);
}

// ---------------------------------------------------------------- words

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
  if (typeof value === 'string') return `"${value.length > 60 ? `${value.slice(0, 57)}...` : value}" (text)`;
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return `${String(value)} (${typeof value})`;
}

function slugOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function exampleFor(node: AnySchema | undefined, key: string, expected: string): string {
  const name = key || 'key';
  const dates = dateForms(node);
  if (dates) return `${name}: ${dates.date && !isEnd(key) ? '2025-07-24' : `2025-07-24T${isEnd(key) ? '23:59:59' : '00:00:00'}+10:00`}`;
  const sample = expected === 'number' ? '1' : expected === 'boolean' ? 'true' : expected === 'string' ? '"..."' : '...';
  return `${name}: ${sample}`;
}

// ---------------------------------------------------------------- schema walking

function valueAt(input: unknown, pathParts: Path): unknown {
  let node: unknown = input;
  for (const part of pathParts) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<PropertyKey, unknown>)[part];
  }
  return node;
}

/**
 * Follows a key path through a schema, unwrapping defaults, optionals and pipes. Through a union of
 * objects it takes the option the value chose (by its `kind` or other literal keys), else the one
 * that has the key.
 */
function schemaAt(schema: AnySchema | undefined, pathParts: Path, input?: unknown): AnySchema | undefined {
  let node: AnySchema | undefined = schema;
  for (const [i, part] of pathParts.entries()) {
    node = chosenOption(node, valueAt(input, pathParts.slice(0, i)));
    const def = node?._zod.def as { type: string; shape?: Record<string, AnySchema>; element?: AnySchema; valueType?: AnySchema; options?: AnySchema[] };
    if (def?.type === 'object' && def.shape) node = def.shape[String(part)];
    else if (def?.type === 'array') node = def.element;
    else if (def?.type === 'record') node = def.valueType;
    else if (def?.type === 'union') node = objectOptions(node).map((o) => shapeOf(o)?.[String(part)]).find(Boolean);
    else return undefined;
  }
  return unwrap(node);
}

function unwrap(schema: AnySchema | undefined): AnySchema | undefined {
  let node = schema;
  for (let i = 0; node && i < 10; i++) {
    const def = node._zod.def as { type: string; innerType?: AnySchema; in?: AnySchema; getter?: () => AnySchema };
    if (def.innerType) node = def.innerType;
    else if (def.type === 'pipe' && def.in) node = def.in;
    else if (def.type === 'lazy' && def.getter) node = def.getter();
    else break;
  }
  return node;
}

function shapeOf(node: AnySchema | undefined): Record<string, AnySchema> | undefined {
  const def = node?._zod.def as { type: string; shape?: Record<string, AnySchema> } | undefined;
  return def?.type === 'object' ? def.shape : undefined;
}

function objectOptions(node: AnySchema | undefined): AnySchema[] {
  const options = (node?._zod.def as { options?: AnySchema[] } | undefined)?.options ?? [];
  return options.map((o) => unwrap(o)).filter((o): o is AnySchema => shapeOf(o) !== undefined);
}

/** A union of objects narrowed to the option `value` picked with its literal keys (`kind: http`). */
function chosenOption(schema: AnySchema | undefined, value: unknown): AnySchema | undefined {
  const node = unwrap(schema);
  if ((node?._zod.def as { type?: string } | undefined)?.type !== 'union' || value === null || typeof value !== 'object') return node;
  const picked = objectOptions(node).filter((option) => {
    const literals = Object.entries(shapeOf(option)!).flatMap(([key, field]) => {
      const values = (unwrap(field)?._zod.def as { values?: unknown[] } | undefined)?.values;
      return values ? [[key, values] as const] : [];
    });
    return literals.length > 0 && literals.every(([key, values]) => values.includes((value as Record<string, unknown>)[key]));
  });
  return picked.length === 1 ? picked[0] : node;
}

/** The keys allowed at a path: the object's, or those of every option of a union the value did not narrow. */
function keysAt(schema: AnySchema | undefined, pathParts: Path, input?: unknown): string[] {
  const node = chosenOption(schemaAt(schema, pathParts, input), valueAt(input, pathParts));
  const shape = shapeOf(node);
  if (shape) return Object.keys(shape);
  return [...new Set(objectOptions(node).flatMap((o) => Object.keys(shapeOf(o)!)))];
}

function unionKinds(node: AnySchema | undefined): string[] {
  const def = node?._zod.def as { options?: AnySchema[] } | undefined;
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

// ---------------------------------------------------------------- YAML syntax

/**
 * YAML syntax errors in plain words, one per line at most and the first three only (later ones
 * usually follow from the first). `firstLine` is the line of the file the text starts on (a page's
 * frontmatter starts on line 2, after `---`).
 */
export function describeYamlErrors(errors: readonly YAMLError[], text: string, firstLine = 1): string[] {
  const lines = text.split(/\r?\n/);
  const problems = new Map<number, string>();
  for (const error of errors) {
    const [line, explanation] = explainYamlError(error, text, lines);
    if (!problems.has(line)) problems.set(line, explanation);
    if (problems.size === 3) break;
  }
  return [...problems].map(([line, explanation]) => {
    const source = lines[line - 1]?.trim() ?? '';
    const shown = source.length > 50 ? `${source.slice(0, 47)}...` : source;
    return `line ${line + firstLine - 1}${shown ? ` (${shown})` : ''}: ${explanation}`;
  });
}

/** The line (of `text`, 1-based) an error is best fixed on, and what to do there. */
function explainYamlError(error: YAMLError, text: string, lines: string[]): [number, string] {
  const line = error.linePos?.[0]?.line ?? 1;
  const source = lines[line - 1] ?? '';
  const message = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  const keyValue = /^(\s*(?:-\s+)?)([^\s:#][^:#]*?):\s+(.*)$/.exec(source);
  switch (error.code) {
    case 'BLOCK_AS_IMPLICIT_KEY':
    case 'MULTILINE_IMPLICIT_KEY':
      if (keyValue && /:\s/.test(keyValue[3]!)) {
        return [line, `the value contains ": " (a colon and a space), which YAML reads as another key. Put the whole value in double quotes: ${keyValue[2]}: "${keyValue[3]!.replace(/"/g, '\\"')}".`];
      }
      return [line, 'the line after this one is indented further than this one. Line its key up with this one, or, if it continues this text, put the whole text in double quotes.'];
    case 'TAB_AS_INDENT':
      return [line, 'this line is indented with a tab. Indent with spaces only.'];
    case 'DUPLICATE_KEY': {
      const key = keyValue?.[2] ?? source.trim().replace(/^-\s+/, '').split(':')[0];
      return [line, `the key "${key}" appears twice in the same block. Keep one of them.`];
    }
    case 'BAD_INDENT': {
      const flow = /^Flow (sequence|map)/.exec(message);
      if (flow) {
        const [open, close] = flow[1] === 'sequence' ? ['[', ']'] : ['{', '}'];
        const opened = lineOf(text, text.lastIndexOf(open, error.pos[0]));
        return [opened, `the ${open} opened on this line is never closed. Add the closing ${close}, or put the value in double quotes if the ${open} is part of the text.`];
      }
      if (/sequence items/i.test(message)) return [line, 'this list item\'s "-" is not lined up with the items above it. Start every "-" of one list in the same column.'];
      return [line, `${message}. Check the indentation of this line against the lines above it.`];
    }
    case 'MISSING_CHAR': {
      const quote = /closing (["'])quote/.exec(message)?.[1];
      if (quote) {
        const opened = lines.findIndex((l) => (l.split(quote).length - 1 - (l.split(`\\${quote}`).length - 1)) % 2 === 1);
        return [opened >= 0 ? opened + 1 : line, `a ${quote === '"' ? 'double' : 'single'} quote opened on this line is never closed. Add the closing ${quote} at the end of the value.`];
      }
      if (/Implicit map keys need to be followed by map values/.test(message)) {
        return [line, 'this line has no "key: value" colon. Add a colon and a space after the key, or, if it continues the text above, indent it under that key.'];
      }
      if (/Sequence item without - indicator/.test(message)) {
        return [line, 'this line is not lined up with the list items around it. Start every "-" of one list in the same column and indent its keys by the same amount.'];
      }
      return [line, `${message}. Check this line's quotes, brackets and colons.`];
    }
    case 'UNEXPECTED_TOKEN':
      if (/Unexpected scalar at node end/.test(message)) {
        return [line, `text carries on after a closing quote. If the value contains a quote mark, wrap it in the other kind of quotes, for example: title: "It's here".`];
      }
      return [line, `${message}. Check this line's quotes, brackets and colons.`];
    case 'BAD_SCALAR_START':
      return [line, `a value cannot start with ${source.charAt((error.linePos?.[0]?.col ?? 1) - 1) || 'that character'}. Put the whole value in double quotes.`];
    case 'MULTIPLE_DOCS':
      return [line, 'a line with only --- here starts a second document. Remove it: the file holds one set of keys.'];
    default:
      return [line, `${message}. Check the indentation and quotes on this line.`];
  }
}

function lineOf(text: string, offset: number): number {
  return offset < 0 ? 1 : text.slice(0, offset).split('\n').length;
}

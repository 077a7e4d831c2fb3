/**
 * HTML forms made from a JSON Schema (zod's `z.toJSONSchema` of a content file's schema), and the value a
 * submitted form stands for. The schema decides the fields: objects are fieldsets, lists are repeated
 * groups with Add and Remove buttons (plain submit buttons, so the form works without JavaScript), text,
 * numbers, yes/no, choices from an enum, dates and date-times (shown and typed in the site's time zone),
 * and a field's `description` is its help text. Whatever the schema cannot say as a field (a union of
 * shapes, a nested list inside a list of lists) is edited as YAML in a text area, checked like the rest.
 *
 * Field names are `v` followed by a JSON Pointer (`v/0/name`): the value is rebuilt from the schema and the
 * submitted names, never from names alone, so a forged name cannot add a key the schema does not have.
 */
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { zonedParts, zonedTimeToInstant } from '../rules/time.ts';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  description?: string;
  default?: unknown;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  minItems?: number;
  maxLength?: number;
}

/** A problem to show beside a field: its path in the value and the sentence. */
export interface FieldProblem {
  path: PropertyKey[];
  message: string;
}

type Kind =
  | { kind: 'object'; schema: JsonSchema }
  | { kind: 'array'; item: JsonSchema }
  | { kind: 'text'; long: boolean; pattern?: string | undefined }
  | { kind: 'number'; integer: boolean }
  | { kind: 'boolean' }
  | { kind: 'enum'; values: string[] }
  | { kind: 'date' }
  | { kind: 'datetime' }
  | { kind: 'yaml' };

/** Keys whose text runs to paragraphs (HTML or Markdown bodies, descriptions, fine print). */
const LONG_TEXT = /^(body|description|disclaimer|text|html|content|answer|brandCopy|warranty|roadsideAssist|heroText|valuationGuidance|intro)$/i;

/** The schema a `$ref` names inside `root`. */
function resolve(node: JsonSchema, root: JsonSchema): JsonSchema {
  if (!node.$ref) return node;
  const name = node.$ref.replace(/^#\/\$defs\//, '');
  return root.$defs?.[name] ?? {};
}

const isNull = (n: JsonSchema) => n.type === 'null';
const isDateTimePattern = (n: JsonSchema) => n.type === 'string' && (n.format === 'date-time' || /T\(\?:/.test(n.pattern ?? ''));

/** What a schema node is edited as. Unions with null are their other branch (empty means none). */
function kindOf(node: JsonSchema, root: JsonSchema, key: string, depth: number): Kind {
  const n = resolve(node, root);
  const branches = (n.anyOf ?? n.oneOf)?.map((b) => resolve(b, root)).filter((b) => !isNull(b));
  if (branches) {
    if (branches.length === 1) return kindOf(branches[0]!, root, key, depth);
    // A date or a date-time: typed as a date-time.
    if (branches.length === 2 && branches.some(isDateTimePattern) && branches.some((b) => b.format === 'date')) return { kind: 'datetime' };
    // A number or a slug (an id), a name or { name }: typed as text.
    if (branches.some((b) => b.type === 'string') && branches.every((b) => b.type === 'string' || b.type === 'integer' || b.type === 'number' || (b.type === 'object' && depth > 0))) return { kind: 'text', long: false };
    return { kind: 'yaml' };
  }
  if (n.enum && n.enum.every((v) => typeof v === 'string')) return { kind: 'enum', values: n.enum as string[] };
  switch (n.type) {
    case 'object':
      return n.properties ? { kind: 'object', schema: n } : { kind: 'yaml' };
    case 'array': {
      const item = resolve(n.items ?? {}, root);
      const itemKind = kindOf(item, root, key, depth + 1);
      // Lists of lists are edited as YAML: a form of them would be harder to read than the text.
      return itemKind.kind === 'array' || depth > 3 ? { kind: 'yaml' } : { kind: 'array', item };
    }
    case 'string':
      if (n.format === 'date') return { kind: 'date' };
      if (isDateTimePattern(n)) return { kind: 'datetime' };
      return { kind: 'text', long: LONG_TEXT.test(key) || (n.maxLength ?? 0) > 300, pattern: n.pattern };
    case 'integer':
    case 'number':
      return { kind: 'number', integer: n.type === 'integer' };
    case 'boolean':
      return { kind: 'boolean' };
    default:
      return { kind: 'yaml' };
  }
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A key as a label: `image_url` -> 'Image url', `heroTitle` -> 'Hero title'. */
export function labelOf(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** JSON Pointer of a path. */
export const pointer = (path: readonly PropertyKey[]) => path.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
const fieldName = (path: readonly PropertyKey[]) => `v${pointer(path)}`;
const fieldId = (path: readonly PropertyKey[]) => `f${pointer(path).replace(/[^a-zA-Z0-9_-]/g, '_')}`;

/** `2026-06-30T23:59:59+10:00` as the site's wall clock for a datetime-local input: `2026-06-30T23:59`. */
export function toLocalInput(value: unknown, timeZone: string): string {
  if (typeof value !== 'string' || value === '') return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value}T00:00`;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return value;
  // A date-time without an offset is already the wall clock.
  if (!/(Z|[+-]\d{2}:\d{2})$/.test(value)) return value.slice(0, 16);
  const p = zonedParts(at, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}${p.second ? `:${two(p.second)}` : ''}`;
}

/** A datetime-local input's wall clock in the site's zone as ISO 8601 with that moment's offset. */
export function fromLocalInput(text: string, timeZone: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) return text.trim();
  const [year, month, day, hour, minute, second] = match.slice(1).map((x) => Number(x ?? 0)) as [number, number, number, number, number, number];
  const instant = zonedTimeToInstant({ year, month, day, hour, minute, second }, timeZone);
  const offsetMinutes = Math.round((Date.UTC(year, month - 1, day, hour, minute, second) - instant.getTime()) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${year}-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}:${two(second)}${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}

interface RenderContext {
  root: JsonSchema;
  timeZone: string;
  problems: readonly FieldProblem[];
  /** The id of a datalist of uploaded pictures, suggested in image fields. */
  pictures?: string | undefined;
}

/** A field that names a picture: `image`, `image_url`, or an image's `url`. */
const isImageField = (path: readonly PropertyKey[]) => /image/i.test(String(path.at(-1))) || (String(path.at(-1)) === 'url' && /image/i.test(String(path.at(-2))));

const samePath = (a: readonly PropertyKey[], b: readonly PropertyKey[]) => a.length === b.length && a.every((p, i) => String(p) === String(b[i]));

function problemsAt(ctx: RenderContext, path: readonly PropertyKey[]): string[] {
  return ctx.problems.filter((p) => samePath(p.path, path)).map((p) => p.message);
}

function help(node: JsonSchema, id: string): string {
  return node.description ? `<p class="help" id="${id}-help">${escape(node.description)}</p>` : '';
}

function errorsHtml(messages: string[], id: string): string {
  return messages.length > 0 ? `<ul class="field-errors" id="${id}-errors">${messages.map((m) => `<li>${escape(m)}</li>`).join('')}</ul>` : '';
}

function describedBy(node: JsonSchema, id: string, messages: string[]): string {
  const ids = [node.description ? `${id}-help` : '', messages.length > 0 ? `${id}-errors` : ''].filter(Boolean);
  return ids.length > 0 ? ` aria-describedby="${ids.join(' ')}"` : '';
}

function renderNode(node: JsonSchema, value: unknown, path: PropertyKey[], key: string, required: boolean, ctx: RenderContext, depth: number, bare = false): string {
  const n = resolve(node, ctx.root);
  const kind = kindOf(n, ctx.root, key, depth);
  const id = fieldId(path);
  const name = fieldName(path);
  const messages = problemsAt(ctx, path);
  const label = `${escape(labelOf(key))}${required ? '' : ' <span class="optional">(optional)</span>'}`;
  const invalid = messages.length > 0 ? ' aria-invalid="true"' : '';
  const described = describedBy(n, id, messages);
  switch (kind.kind) {
    case 'object': {
      const props = Object.entries(kind.schema.properties ?? {});
      const object = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
      const inner = props.map(([k, child]) => renderNode(child, object[k], [...path, k], k, kind.schema.required?.includes(k) ?? false, ctx, depth + 1)).join('\n');
      // The top level, and a list item (whose own fieldset says which item it is), show their fields directly.
      if (path.length === 0 || bare) return inner;
      return `<fieldset class="group" id="${id}"><legend>${label}</legend>${help(n, id)}${errorsHtml(messages, id)}${inner}</fieldset>`;
    }
    case 'array': {
      const items = Array.isArray(value) ? value : [];
      const itemLabel = labelOf(key).replace(/s$/, '');
      const rows = items
        .map((item, i) => {
          const itemPath = [...path, i];
          const heading = typeof item === 'object' && item && 'name' in item ? String((item as { name: unknown }).name) : typeof item === 'object' && item && 'title' in item ? String((item as { title: unknown }).title) : `${itemLabel} ${i + 1}`;
          const body = renderNode(kind.item, item, itemPath, itemLabel, true, ctx, depth + 1, true);
          return `<li class="item"><fieldset class="group" id="${fieldId(itemPath)}"><legend>${escape(heading)}</legend>${errorsHtml(problemsAt(ctx, itemPath), fieldId(itemPath))}${body}<button type="submit" name="_op" value="remove:${escape(pointer(itemPath))}" class="secondary" formnovalidate>Remove ${escape(itemLabel.toLowerCase())} ${i + 1}</button></fieldset></li>`;
        })
        .join('\n');
      return `<fieldset class="group list" id="${id}"><legend>${label}</legend>${help(n, id)}${errorsHtml(messages, id)}<input type="hidden" name="n${escape(pointer(path))}" value="${items.length}"><ol>${rows}</ol><button type="submit" name="_op" value="add:${escape(pointer(path))}" class="secondary" formnovalidate>Add ${escape(itemLabel.toLowerCase())}</button></fieldset>`;
    }
    case 'boolean': {
      const checked = value === true || (value === undefined && n.default === true) ? ' checked' : '';
      return `<div class="field checkbox"><input type="hidden" name="${escape(name)}" value="false"><input type="checkbox" id="${id}" name="${escape(name)}" value="true"${checked}${invalid}${described}><label for="${id}">${label}</label>${help(n, id)}${errorsHtml(messages, id)}</div>`;
    }
    case 'enum': {
      const options = [required ? '' : '<option value="">(none)</option>', ...kind.values.map((v) => `<option value="${escape(v)}"${v === value || (value === undefined && v === n.default) ? ' selected' : ''}>${escape(v || '(empty)')}</option>`)].join('');
      return `<div class="field"><label for="${id}">${label}</label>${help(n, id)}<select id="${id}" name="${escape(name)}"${invalid}${described}>${options}</select>${errorsHtml(messages, id)}</div>`;
    }
    case 'number':
      return `<div class="field"><label for="${id}">${label}</label>${help(n, id)}<input type="number" id="${id}" name="${escape(name)}" value="${escape(value === undefined || value === null ? '' : String(value))}" step="${kind.integer ? '1' : 'any'}"${invalid}${described}>${errorsHtml(messages, id)}</div>`;
    case 'date':
      return `<div class="field"><label for="${id}">${label}</label>${help(n, id)}<input type="date" id="${id}" name="${escape(name)}" value="${escape(typeof value === 'string' ? value : '')}"${invalid}${described}>${errorsHtml(messages, id)}</div>`;
    case 'datetime':
      return `<div class="field"><label for="${id}">${label} <span class="zone">(${escape(ctx.timeZone.replace(/_/g, ' '))} time)</span></label>${help(n, id)}<input type="datetime-local" step="1" id="${id}" name="${escape(name)}" value="${escape(toLocalInput(value, ctx.timeZone))}" data-kind="datetime"${invalid}${described}>${errorsHtml(messages, id)}</div>`;
    case 'text': {
      const text = value === undefined || value === null ? '' : typeof value === 'object' ? stringifyYaml(value).trim() : String(value);
      const input = kind.long
        ? `<textarea id="${id}" name="${escape(name)}" rows="6"${invalid}${described}>${escape(text)}</textarea>`
        : `<input type="text" id="${id}" name="${escape(name)}" value="${escape(text)}"${ctx.pictures && isImageField(path) ? ` list="${ctx.pictures}"` : ''}${invalid}${described}>`;
      return `<div class="field"><label for="${id}">${label}</label>${help(n, id)}${input}${errorsHtml(messages, id)}</div>`;
    }
    case 'yaml':
      return `<div class="field"><label for="${id}">${label} <span class="optional">(YAML)</span></label>${help(n, id)}<textarea id="${id}" name="y${escape(pointer(path))}" rows="8" class="code"${invalid}${described}>${escape(value === undefined ? '' : stringifyYaml(value).trim())}</textarea>${errorsHtml(messages, id)}</div>`;
  }
}

/** The fields of a form for `value` under `schema`, with each problem beside its field. */
export function renderFields(schema: JsonSchema, value: unknown, options: { timeZone: string; problems?: readonly FieldProblem[]; rootKey?: string; pictures?: string }): string {
  return renderNode(schema, value, [], options.rootKey ?? 'items', true, { root: schema, timeZone: options.timeZone, problems: options.problems ?? [], pictures: options.pictures }, 0);
}

/** What a submitted form asked for besides saving its values: add an item to a list, or remove one. */
export type FormOp = { op: 'add'; path: PropertyKey[] } | { op: 'remove'; path: PropertyKey[] } | null;

const parsePointer = (text: string): string[] => (text === '' ? [] : text.slice(1).split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~')));

function readNode(node: JsonSchema, path: PropertyKey[], key: string, form: ReadonlyMap<string, string>, ctx: { root: JsonSchema; timeZone: string; errors: FieldProblem[] }, depth: number): unknown {
  const n = resolve(node, ctx.root);
  const kind = kindOf(n, ctx.root, key, depth);
  const raw = form.get(fieldName(path));
  switch (kind.kind) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, child] of Object.entries(kind.schema.properties ?? {})) {
        const v = readNode(child, [...path, k], k, form, ctx, depth + 1);
        if (v !== undefined) out[k] = v;
      }
      return path.length > 0 && Object.keys(out).length === 0 && !form.has(`present${pointer(path)}`) ? undefined : out;
    }
    case 'array': {
      const count = Number(form.get(`n${pointer(path)}`) ?? 0);
      const items: unknown[] = [];
      for (let i = 0; i < Math.min(count, 1000); i++) items.push(readNode(kind.item, [...path, i], key, form, ctx, depth + 1) ?? (kindOf(kind.item, ctx.root, key, depth + 1).kind === 'object' ? {} : ''));
      return count > 0 ? items : undefined;
    }
    case 'boolean': {
      const all = form.get(`${fieldName(path)}#all`);
      return raw === undefined ? undefined : (all ?? raw).split('\u0000').includes('true');
    }
    case 'number': {
      if (raw === undefined || raw.trim() === '') return undefined;
      const number = Number(raw);
      return Number.isFinite(number) ? number : raw;
    }
    case 'datetime':
      return raw === undefined || raw.trim() === '' ? undefined : fromLocalInput(raw, ctx.timeZone);
    case 'yaml': {
      const text = form.get(`y${pointer(path)}`);
      if (text === undefined || text.trim() === '') return undefined;
      try {
        return parseYaml(text) as unknown;
      } catch (error) {
        ctx.errors.push({ path, message: `${path.join('.')}: this is not valid YAML (${(error as Error).message.split('\n')[0]}). Check the indentation and the colons.` });
        return undefined;
      }
    }
    default:
      return raw === undefined || raw === '' ? undefined : raw;
  }
}

/**
 * The value a submitted form stands for (empty fields left out), the list change it asked for, and any
 * field whose text could not be read (YAML that does not parse).
 */
export function readForm(schema: JsonSchema, entries: Iterable<[string, string]>, options: { timeZone: string; rootKey?: string }): { value: unknown; op: FormOp; errors: FieldProblem[] } {
  const form = new Map<string, string>();
  let op: FormOp = null;
  for (const [name, value] of entries) {
    if (name === '_op') {
      const [verb, ptr] = [value.slice(0, value.indexOf(':')), value.slice(value.indexOf(':') + 1)];
      if (verb === 'add' || verb === 'remove') op = { op: verb, path: parsePointer(ptr) };
      continue;
    }
    // A checkbox sends its hidden "false" and, when ticked, "true": both are kept.
    if (form.has(name)) form.set(`${name}#all`, `${form.get(`${name}#all`) ?? form.get(name)}\u0000${value}`);
    form.set(name, value);
  }
  const errors: FieldProblem[] = [];
  const ctx = { root: schema, timeZone: options.timeZone, errors };
  let value = readNode(schema, [], options.rootKey ?? 'items', form, ctx, 0);
  if (value === undefined) value = kindOf(schema, schema, options.rootKey ?? 'items', 0).kind === 'array' ? [] : {};
  if (op) value = applyOp(schema, value, op);
  return { value, op, errors };
}

/** Adds an empty item at the end of the list at `op.path`, or removes the item there. */
function applyOp(schema: JsonSchema, value: unknown, op: NonNullable<FormOp>): unknown {
  const copy = structuredClone(value) as unknown;
  const listPath = op.op === 'add' ? op.path : op.path.slice(0, -1);
  let parent: unknown = copy;
  for (const step of listPath) parent = parent && typeof parent === 'object' ? (parent as Record<string, unknown>)[String(step)] : undefined;
  let list = Array.isArray(parent) ? parent : null;
  if (!list && op.op === 'add') {
    // An empty list has no value yet: make it.
    let at: Record<string, unknown> = copy as Record<string, unknown>;
    for (const step of listPath.slice(0, -1)) at = (at[String(step)] ??= {}) as Record<string, unknown>;
    if (listPath.length === 0) return [{}];
    list = (at[String(listPath.at(-1))] = []) as unknown[];
  }
  if (!list) return copy;
  if (op.op === 'remove') list.splice(Number(op.path.at(-1)), 1);
  else {
    let node: JsonSchema = schema;
    for (const step of listPath) node = resolve(/^\d+$/.test(String(step)) ? (resolve(node, schema).items ?? {}) : (resolve(node, schema).properties?.[String(step)] ?? {}), schema);
    const item = resolve(resolve(node, schema).items ?? {}, schema);
    list.push(kindOf(item, schema, '', 1).kind === 'object' ? {} : '');
  }
  return copy;
}

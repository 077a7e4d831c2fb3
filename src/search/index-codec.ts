/**
 * The embedded search index on the wire: listing records stored by column, so the browser downloads each
 * field name once and each repeated value (a make, a body, a colour) once. Browser-safe; the generator
 * encodes, the search client decodes.
 *
 *   { "v": 1, "n": 3, "columns": {
 *       "make":  { "t": "s", "dict": ["Mazda", "Toyota"], "ids": [1, 0, 1] },
 *       "price": { "t": "n", "values": [24990, 0, null] },
 *       "tags":  { "t": "a", "dict": ["certified"], "ids": [[], [0], []] },
 *       "sold":  { "t": "b", "values": [0, 1, null] } } }
 *
 * String columns use -1 for a missing value; number and boolean columns use null. A column of whole
 * numbers with no gaps, or of strings that are all whole numbers (record ids), is stored as differences
 * from the value before ("d", with "s": true for strings): ids and dates in listing order then cost a
 * byte or two each.
 */
import { sameInputs } from '../lib/keyed-memo.ts';
import { runSteps, type Steps } from '../lib/steps.ts';
import type { SearchRecord } from './engine.ts';

export const INDEX_FORMAT_VERSION = 1;

type Column =
  | { t: 'd'; deltas: number[]; s?: true }
  | { t: 's'; dict: string[]; ids: number[] }
  | { t: 'n'; values: Array<number | null> }
  | { t: 'b'; values: Array<0 | 1 | null> }
  | { t: 'a'; dict: string[]; ids: number[][] };

export interface EncodedIndex {
  v: typeof INDEX_FORMAT_VERSION;
  n: number;
  columns: Record<string, Column>;
}

type Kind = Column['t'] | 'empty';

function kindOf(values: readonly unknown[]): Kind {
  let kind: Kind = 'empty';
  for (const value of values) {
    if (value === null || value === undefined) continue;
    const k: Kind = typeof value === 'string' ? 's' : typeof value === 'number' ? 'n' : typeof value === 'boolean' ? 'b' : Array.isArray(value) ? 'a' : 'empty';
    if (k === 'empty') throw new Error(`search index: cannot store a value of type ${typeof value}`);
    if (kind !== 'empty' && kind !== k) throw new Error(`search index: a field holds both ${kind} and ${k} values`);
    kind = k;
  }
  return kind;
}

/** Dictionary ids ordered by value, so the same records always encode to the same bytes. */
function dictionary(values: Iterable<string>): { dict: string[]; idOf: Map<string, number> } {
  const dict = [...new Set(values)].sort();
  return { dict, idOf: new Map(dict.map((v, i) => [v, i])) };
}

const isWhole = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const WHOLE_NUMBER_TEXT = /^(0|-?[1-9]\d{0,14})$/;

function deltas(values: readonly number[]): number[] {
  return values.map((v, i) => (i === 0 ? v : v - values[i - 1]!));
}

/** Encodes records (every record with the same fields) by column. */
export function encodeIndex(records: readonly SearchRecord[]): EncodedIndex {
  const columns: Record<string, Column> = {};
  for (const field of fieldsOf(records)) columns[field] = encodeColumn(records.map((r) => r[field]));
  return { v: INDEX_FORMAT_VERSION, n: records.length, columns };
}

function fieldsOf(records: readonly SearchRecord[]): string[] {
  const fields = new Set<string>();
  for (const record of records) for (const field of Object.keys(record)) fields.add(field);
  return [...fields].sort();
}

function encodeColumn(values: readonly unknown[]): Column {
  const kind = kindOf(values);
  if (values.length > 0 && values.every(isWhole)) return { t: 'd', deltas: deltas(values) };
  if (values.length > 0 && values.every((v) => typeof v === 'string' && WHOLE_NUMBER_TEXT.test(v))) return { t: 'd', deltas: deltas(values.map(Number)), s: true };
  if (kind === 's' || kind === 'empty') {
    const { dict, idOf } = dictionary(values.filter((v): v is string => typeof v === 'string'));
    return { t: 's', dict, ids: values.map((v) => (typeof v === 'string' ? idOf.get(v)! : -1)) };
  }
  if (kind === 'n') return { t: 'n', values: values.map((v) => (typeof v === 'number' && Number.isFinite(v) ? v : null)) };
  if (kind === 'b') return { t: 'b', values: values.map((v) => (v === true ? 1 : v === false ? 0 : null)) };
  const lists = values.map((v) => (Array.isArray(v) ? v.map(String) : []));
  const { dict, idOf } = dictionary(lists.flat());
  return { t: 'a', dict, ids: lists.map((list) => list.map((v) => idOf.get(v)!)) };
}

/**
 * Encodes records to the index's JSON text, the same bytes as `JSON.stringify(encodeIndex(records))`,
 * keeping each column's text from the call before: a column whose values are all the same (lists by
 * identity) as last time is not encoded again. A running site's update changes a few records, so most
 * columns come back as they were; when the records are those of the call before with a few replaced in
 * place (the same count, the rest the same objects), only the replaced records' values are looked at, and
 * lists there by their items; a column they change has just the parts of its text that hold them encoded
 * again ({@link ColumnText}).
 */
export class IndexTextEncoder {
  #records: readonly SearchRecord[] = [];
  #fields: string[] = [];
  #columns = new Map<string, ColumnText>();

  encode(records: readonly SearchRecord[]): string {
    const { fields, columns } = this.#columnsFor(records);
    return `{"v":${INDEX_FORMAT_VERSION},"n":${records.length},"columns":{${fields.map((field) => `${JSON.stringify(field)}:${columns.get(field)!.text}`).join(',')}}}`;
  }

  /**
   * {@link encode}'s text as UTF-8 bytes, in parts: each column's bytes are kept with its text, so a
   * running site's update neither joins nor encodes the whole index.
   */
  encodeParts(records: readonly SearchRecord[]): Uint8Array[] {
    const { fields, columns } = this.#columnsFor(records);
    const parts: Uint8Array[] = [UTF8.encode(`{"v":${INDEX_FORMAT_VERSION},"n":${records.length},"columns":{`)];
    fields.forEach((field, at) => {
      if (at > 0) parts.push(COMMA);
      parts.push(columns.get(field)!.bytes(field));
    });
    parts.push(CLOSE);
    return parts;
  }

  #columnsFor(records: readonly SearchRecord[]): { fields: string[]; columns: Map<string, ColumnText> } {
    const replaced = this.#replaced(records);
    const sameFields = replaced !== null && replaced.every((i) => sameKeys(records[i]!, this.#fields));
    const fields = sameFields ? this.#fields : fieldsOf(records);
    const columns = new Map<string, ColumnText>();
    for (const field of fields) {
      const before = this.#columns.get(field);
      let column: ColumnText;
      if (before && sameFields) {
        const moved = replaced.filter((i) => !sameValue(before.values[i], records[i]![field]));
        column = moved.length === 0 ? before : before.with(moved.map((i) => [i, records[i]![field]]));
      } else {
        const values = records.map((r) => r[field]);
        column = before && sameInputs(before.values, values) ? before : ColumnText.of(values);
      }
      columns.set(field, column);
    }
    this.#records = records;
    this.#fields = fields;
    this.#columns = columns;
    return { fields, columns };
  }

  /** Positions whose record is not the object of the call before; null when the records are not comparable so. */
  #replaced(records: readonly SearchRecord[]): number[] | null {
    const before = this.#records;
    if (before.length !== records.length || before.length === 0) return null;
    const replaced: number[] = [];
    for (let i = 0; i < records.length; i++) {
      if (records[i] !== before[i]) {
        replaced.push(i);
        if (replaced.length > MOST_REPLACED) return null;
      }
    }
    return replaced;
  }
}

/** Past this many replaced records, every column's values are gathered afresh. */
const MOST_REPLACED = 256;

const UTF8 = new TextEncoder();
const [COMMA, CLOSE] = [UTF8.encode(','), UTF8.encode('}}')];

/** Values per part of a column's text ({@link ColumnText}). */
const VALUES_PER_PART = 512;

/**
 * A column's values and its text, `JSON.stringify(encodeColumn(values))`, with the column's list (its
 * differences, dictionary ids or values) kept as the texts of parts of {@link VALUES_PER_PART} values. A few
 * values changed cost the parts that hold them while the column keeps its kind and, for strings, its
 * dictionary (each value still held by some record, no new one); anything else is encoded whole. Its values
 * and text never change: {@link with} makes a new one.
 */
class ColumnText {
  readonly values: readonly unknown[];
  readonly text: string;
  readonly #column: Column;
  readonly #parts: readonly string[];
  /** How many values each dictionary entry of a string column has. */
  readonly #uses: ReadonlyMap<string, number>;
  /** How many values are present, and how many would not let the column be stored as differences. */
  readonly #present: number;
  readonly #notWhole: number;
  /** The column's entry in the index as UTF-8, `"<field>":<text>`, made when first asked for. */
  #bytes: { field: string; bytes: Uint8Array } | undefined;

  private constructor(values: readonly unknown[], column: Column, parts: readonly string[], uses: ReadonlyMap<string, number>, present: number, notWhole: number) {
    this.values = values;
    this.#column = column;
    this.#parts = parts;
    this.#uses = uses;
    this.#present = present;
    this.#notWhole = notWhole;
    this.text = ColumnText.#textOf(column, parts);
  }

  /** The column's entry in the index (`"<field>":<text>`) as UTF-8. */
  bytes(field: string): Uint8Array {
    if (this.#bytes?.field !== field) this.#bytes = { field, bytes: UTF8.encode(`${JSON.stringify(field)}:${this.text}`) };
    return this.#bytes.bytes;
  }

  static of(values: readonly unknown[]): ColumnText {
    const column = encodeColumn(values);
    const list = ColumnText.#listOf(column);
    const parts: string[] = [];
    if (list) for (let at = 0; at < list.length; at += VALUES_PER_PART) parts.push(ColumnText.#partText(list, at));
    const uses = new Map<string, number>();
    if (column.t === 's') for (const value of values) if (typeof value === 'string') uses.set(value, (uses.get(value) ?? 0) + 1);
    let [present, notWhole] = [0, 0];
    for (const value of values) {
      if (value !== null && value !== undefined) present++;
      if (!ColumnText.#whole(column, value)) notWhole++;
    }
    return new ColumnText(values, column, parts, uses, present, notWhole);
  }

  /** The column with the values at some positions replaced. */
  with(changes: ReadonlyArray<readonly [number, unknown]>): ColumnText {
    const values = [...this.values];
    for (const [at, value] of changes) values[at] = value;
    return this.#patched(values, changes) ?? ColumnText.of(values);
  }

  /** The column after `changes`, its kind and dictionary unchanged, by its parts alone; null otherwise. */
  #patched(values: readonly unknown[], changes: ReadonlyArray<readonly [number, unknown]>): ColumnText | null {
    const column = this.#column;
    const list = ColumnText.#listOf(column);
    if (!list || list.length === 0) return null;
    const uses = new Map(this.#uses);
    let [present, notWhole] = [this.#present, this.#notWhole];
    const next = [...list];
    const moved = new Set<number>();
    for (const [at, value] of changes) {
      const was = this.values[at];
      if (!ColumnText.#fits(column, value)) return null;
      present += Number(value !== null && value !== undefined) - Number(was !== null && was !== undefined);
      notWhole += Number(!ColumnText.#whole(column, value)) - Number(!ColumnText.#whole(column, was));
      if (column.t === 's') {
        if (typeof was === 'string') uses.set(was, uses.get(was)! - 1);
        if (typeof value === 'string') uses.set(value, (uses.get(value) ?? 0) + 1);
      }
      moved.add(at);
      if (column.t === 'd') moved.add(at + 1);
    }
    // Stored otherwise now: as differences, or (with no value left) as an empty string column.
    if (present === 0 || (column.t !== 'd' && notWhole === 0)) return null;
    if (column.t === 's' && (uses.size !== column.dict.length || [...uses.values()].some((n) => n === 0))) return null;
    const idOf = column.t === 's' ? new Map(column.dict.map((value, id) => [value, id])) : null;
    for (const at of moved) {
      if (at >= values.length) continue;
      const value = values[at];
      if (column.t === 'd') next[at] = at === 0 ? Number(value) : Number(value) - Number(values[at - 1]);
      else if (column.t === 's') next[at] = typeof value === 'string' ? idOf!.get(value)! : -1;
      else if (column.t === 'n') next[at] = typeof value === 'number' && Number.isFinite(value) ? value : null;
      else next[at] = value === true ? 1 : value === false ? 0 : null;
    }
    const patched = ColumnText.#withList(column, next);
    const parts = [...this.#parts];
    for (const part of new Set([...moved].filter((at) => at < values.length).map((at) => Math.floor(at / VALUES_PER_PART)))) {
      parts[part] = ColumnText.#partText(next, part * VALUES_PER_PART);
    }
    return new ColumnText(values, patched, parts, uses, present, notWhole);
  }

  /** Whether a value can take a place in the column as it is stored (its kind, and for strings a known one). */
  static #fits(column: Column, value: unknown): boolean {
    const missing = value === null || value === undefined;
    if (column.t === 'd') return column.s ? typeof value === 'string' && WHOLE_NUMBER_TEXT.test(value) : isWhole(value);
    if (column.t === 's') return missing || typeof value === 'string';
    if (column.t === 'n') return missing || typeof value === 'number';
    if (column.t === 'b') return missing || typeof value === 'boolean';
    return false;
  }

  /** Whether a value is one a column of differences could hold (of the column's own sort: text or number). */
  static #whole(column: Column, value: unknown): boolean {
    return column.t === 's' || (column.t === 'd' && column.s) ? typeof value === 'string' && WHOLE_NUMBER_TEXT.test(value) : isWhole(value);
  }

  /** The column's list of one entry per record; null for a column of lists, which is encoded whole. */
  static #listOf(column: Column): ReadonlyArray<number | null> | null {
    return column.t === 'd' ? column.deltas : column.t === 's' ? column.ids : column.t === 'a' ? null : column.values;
  }

  static #withList(column: Column, list: Array<number | null>): Column {
    if (column.t === 'd') return { ...column, deltas: list as number[] };
    if (column.t === 's') return { ...column, ids: list as number[] };
    if (column.t === 'n') return { ...column, values: list };
    if (column.t === 'b') return { ...column, values: list as Array<0 | 1 | null> };
    return column;
  }

  static #partText(list: ReadonlyArray<number | null>, from: number): string {
    return JSON.stringify(list.slice(from, from + VALUES_PER_PART)).slice(1, -1);
  }

  /** The column's text: its fields in the order `encodeColumn` gives them, the list from its parts. */
  static #textOf(column: Column, parts: readonly string[]): string {
    const list = `[${parts.join(',')}]`;
    if (column.t === 'd') return `{"t":"d","deltas":${list}${column.s ? ',"s":true' : ''}}`;
    if (column.t === 's') return `{"t":"s","dict":${JSON.stringify(column.dict)},"ids":${list}}`;
    if (column.t === 'a') return JSON.stringify(column);
    return `{"t":"${column.t}","values":${list}}`;
  }
}

/** Whether two values encode the same: lists by their items (a changed record brings new lists). */
function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((item, i) => Object.is(item, b[i]));
}

/** Whether a record has exactly these fields. */
function sameKeys(record: SearchRecord, fields: readonly string[]): boolean {
  const keys = Object.keys(record);
  if (keys.length !== fields.length) return false;
  const known = new Set(fields);
  return keys.every((key) => known.has(key));
}

/** The records of an encoded index. A missing value comes back as null (a list as []). */
export function decodeIndex<R extends SearchRecord = SearchRecord>(encoded: EncodedIndex): R[] {
  return runSteps(decodeIndexSteps<R>(encoded));
}

/** {@link decodeIndex} in steps, a column at a time. */
export function* decodeIndexSteps<R extends SearchRecord = SearchRecord>(encoded: EncodedIndex): Steps<R[]> {
  if (encoded.v !== INDEX_FORMAT_VERSION) throw new Error(`search index: format ${String(encoded.v)} is not ${INDEX_FORMAT_VERSION}; rebuild the site`);
  const records = Array.from({ length: encoded.n }, () => ({}) as Record<string, unknown>);
  for (const [field, column] of Object.entries(encoded.columns)) {
    if (column.t === 'd') {
      let value = 0;
      for (let i = 0; i < encoded.n; i++) {
        value = i === 0 ? column.deltas[0]! : value + column.deltas[i]!;
        records[i]![field] = column.s ? String(value) : value;
      }
    } else {
      for (let i = 0; i < encoded.n; i++) {
        if (column.t === 's') records[i]![field] = column.ids[i]! < 0 ? null : column.dict[column.ids[i]!]!;
        else if (column.t === 'n') records[i]![field] = column.values[i] ?? null;
        else if (column.t === 'b') records[i]![field] = column.values[i] === null || column.values[i] === undefined ? null : column.values[i] === 1;
        else records[i]![field] = column.ids[i]!.map((id) => column.dict[id]!);
      }
    }
    yield;
  }
  return records as R[];
}

import type { z } from 'zod';

/** A record left out of a snapshot, with why. */
export interface QuarantinedRecord {
  /** Which collection it came from, e.g. "vehicles" or "content/bayside-mg/offers.yaml". */
  source: string;
  /** Its id where it has one, else its position in the source. */
  id: string;
  /** Field path of the first problem, e.g. "price". */
  path: string;
  reason: string;
}

/** A value as a report shows it: its type, and the value itself when short (`string "12,990"`, `number 42`). */
export function describeReceived(value: unknown): string {
  if (value === undefined) return 'nothing (the field is missing)';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') {
    const shown = value.length > 60 ? `${value.slice(0, 57)}...` : value;
    return `string ${JSON.stringify(shown)}${value.length > 60 ? ` (${value.length.toLocaleString('en-AU')} characters)` : ''}`;
  }
  return `${typeof value} ${String(value)}`;
}

function valueAt(record: unknown, path: readonly PropertyKey[]): unknown {
  let value = record;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** A zod issue as a report line: its message, and what the record held there. */
export function issueReason(record: unknown, issue: z.core.$ZodIssue): string {
  // zod's own "expected number, received string" names only the type; the value says more.
  const message = issue.message.replace(/, received \w+$/, '');
  return `${message}; received ${describeReceived(valueAt(record, issue.path))}`;
}

/**
 * Validates every record on its own: valid ones are returned parsed, invalid
 * ones are quarantined with the field path, the reason and what was received.
 * One bad record never stops the rest. `positions[i]` is where `valid[i]` stood
 * among the records (0-based).
 */
export function validateRecords<S extends z.ZodType>(
  schema: S,
  records: unknown[],
  source: string,
): { valid: Array<z.output<S>>; positions: number[]; quarantined: QuarantinedRecord[] } {
  const valid: Array<z.output<S>> = [];
  const positions: number[] = [];
  const quarantined: QuarantinedRecord[] = [];
  records.forEach((record, index) => {
    const result = schema.safeParse(record);
    if (result.success) {
      valid.push(result.data);
      positions.push(index);
      return;
    }
    const rawId = record !== null && typeof record === 'object' ? (record as Record<string, unknown>).id : undefined;
    for (const issue of result.error.issues) {
      quarantined.push({
        source,
        id: rawId === undefined || rawId === null ? `#${index}` : String(rawId),
        path: issue.path.join('.') || '(record)',
        reason: issueReason(record, issue),
      });
    }
  });
  return { valid, positions, quarantined };
}

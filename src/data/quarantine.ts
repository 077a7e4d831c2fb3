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

/**
 * Validates every record on its own: valid ones are returned parsed, invalid
 * ones are quarantined with the field path and reason. One bad record never
 * stops the rest.
 */
export function validateRecords<S extends z.ZodType>(
  schema: S,
  records: unknown[],
  source: string,
): { valid: Array<z.output<S>>; quarantined: QuarantinedRecord[] } {
  const valid: Array<z.output<S>> = [];
  const quarantined: QuarantinedRecord[] = [];
  records.forEach((record, index) => {
    const result = schema.safeParse(record);
    if (result.success) {
      valid.push(result.data);
      return;
    }
    const rawId = record !== null && typeof record === 'object' ? (record as Record<string, unknown>).id : undefined;
    for (const issue of result.error.issues) {
      quarantined.push({
        source,
        id: rawId === undefined || rawId === null ? `#${index}` : String(rawId),
        path: issue.path.join('.') || '(record)',
        reason: issue.message,
      });
    }
  });
  return { valid, quarantined };
}

/**
 * Sending a lead from the browser and reading the answer (spec sections 4, 7, 8): a `lead_id`
 * means the dealer has it; otherwise the server's error (or its field errors) is shown, or 'An
 * unexpected error occured' when it said neither; a request that never got an answer says 'An
 * error occurred when submitting this form'. The same idempotency key is sent until a lead is
 * stored, so a retried submit never makes two leads. Browser-safe.
 */
import { SUBMIT_ERROR_MESSAGE, UNEXPECTED_ERROR_MESSAGE, type FieldError } from '../rules/forms.ts';
import { ENVELOPE_FIELDS } from './fields.ts';
import type { FormSpec } from './definitions.ts';

export type SubmitResult =
  | { kind: 'stored'; leadId: number | string }
  | { kind: 'invalid'; errors: FieldError[] }
  | { kind: 'failed'; message: string };

/** The JSON body of a lead: envelope (site, form, page), hidden values, then the fields. */
export function leadBody(spec: Pick<FormSpec, 'site' | 'form' | 'hidden'>, values: Readonly<Record<string, unknown>>, page: string): Record<string, unknown> {
  return { ...values, ...spec.hidden, [ENVELOPE_FIELDS.site]: spec.site, [ENVELOPE_FIELDS.form]: spec.form, [ENVELOPE_FIELDS.page]: page };
}

/** Posts a lead and reads the answer; never throws. */
export async function submitLead(
  spec: Pick<FormSpec, 'site' | 'form' | 'hidden' | 'action'>,
  values: Readonly<Record<string, unknown>>,
  options: { key: string; page: string; fetch?: typeof fetch },
): Promise<SubmitResult> {
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(spec.action, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': options.key },
      body: JSON.stringify(leadBody(spec, values, options.page)),
      credentials: 'same-origin',
    });
  } catch {
    return { kind: 'failed', message: SUBMIT_ERROR_MESSAGE };
  }
  type Answer = { lead_id?: unknown; error?: unknown; errors?: unknown };
  const answer = await response.json().then(
    (json: unknown) => (json !== null && typeof json === 'object' ? (json as Answer) : null),
    () => null,
  );
  if (answer && (typeof answer.lead_id === 'number' || (typeof answer.lead_id === 'string' && answer.lead_id !== ''))) {
    return { kind: 'stored', leadId: answer.lead_id };
  }
  if (answer && Array.isArray(answer.errors) && answer.errors.length > 0) {
    const errors = (answer.errors as unknown[]).filter((e): e is FieldError => typeof (e as FieldError)?.field === 'string' && typeof (e as FieldError)?.message === 'string');
    if (errors.length > 0) return { kind: 'invalid', errors };
  }
  if (answer && typeof answer.error === 'string' && answer.error.trim() !== '') return { kind: 'failed', message: answer.error };
  return { kind: 'failed', message: UNEXPECTED_ERROR_MESSAGE };
}

/** A fresh idempotency key for one lead. */
export function newLeadKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

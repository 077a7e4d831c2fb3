/**
 * Prefill from the page's address (spec 2: the finance page's query string may carry
 * preferredDealership, vehiclePriceBudget, car_id, car_type and vin; the test drive and trade-in
 * pages carry car_id). A vehicle page links to a form page with the vehicle in the query string;
 * the form takes what it knows from there, so the lead arrives about that vehicle. The island
 * applies it when the page opens; the leads API applies the same rule to a form posted without
 * JavaScript, from the address of the page that posted it. Browser-safe.
 */
import type { LeadForm } from '../schemas/leads.ts';
import type { FormSpec } from './definitions.ts';

/** The query keys each form takes from its page's address. */
export const QUERY_PREFILL: Readonly<Record<LeadForm, readonly string[]>> = {
  enquiry: [],
  'test-drive': ['car_id'],
  // The service page's location picker opens the page with the chosen service centre.
  'service-booking': ['location'],
  'trade-in': ['car_id'],
  'sell-my-car': [],
  'finance-enquiry': ['preferredDealership', 'vehiclePriceBudget', 'car_id', 'car_type', 'vin'],
  'request-photos': [],
  reserve: [],
};

/** Values about the vehicle, sent hidden: the shopper never types them. */
export const VEHICLE_QUERY_KEYS: readonly string[] = ['car_id', 'car_type', 'vin'];

/** Longest value taken from an address. */
const MAX_VALUE = 200;

/**
 * What a form takes from a query string: each of its prefill keys that is a field it shows (a
 * select only with one of its options) or a hidden vehicle value. Empty values are skipped.
 */
export function queryPrefill(spec: Pick<FormSpec, 'steps' | 'hidden' | 'prefillFromQuery'>, query: URLSearchParams): Record<string, string> {
  const fields = new Map(spec.steps.flatMap((s) => s.fields.map((f) => [f.name, f] as const)));
  const values: Record<string, string> = {};
  for (const name of spec.prefillFromQuery) {
    const value = query.get(name)?.trim().slice(0, MAX_VALUE);
    if (!value) continue;
    const field = fields.get(name);
    if (field) {
      if (field.kind === 'select' && !(field.options ?? []).some((o) => o.value === value)) continue;
      values[name] = value;
    } else if (name in spec.hidden || VEHICLE_QUERY_KEYS.includes(name)) {
      values[name] = value;
    }
  }
  return values;
}

/** The prefill keys a form sends hidden because it shows no field for them (car_id on the test drive page). */
export function hiddenPrefillKeys(spec: Pick<FormSpec, 'steps' | 'hidden' | 'prefillFromQuery'>): string[] {
  const shown = new Set(spec.steps.flatMap((s) => s.fields.map((f) => f.name)));
  return spec.prefillFromQuery.filter((name) => !shown.has(name) && !(name in spec.hidden) && VEHICLE_QUERY_KEYS.includes(name));
}

/**
 * A form posted without JavaScript carries no prefill: the values its page's address held
 * (`referrerQuery`) fill the fields it left empty, by the form's prefill keys. What the shopper
 * typed always wins.
 */
export function prefillSubmission(form: LeadForm, submitted: Readonly<Record<string, unknown>>, referrerQuery: URLSearchParams): Record<string, unknown> {
  const filled: Record<string, unknown> = { ...submitted };
  for (const name of QUERY_PREFILL[form]) {
    const current = filled[name];
    if (typeof current === 'string' ? current.trim() !== '' : current !== undefined && current !== null) continue;
    const value = referrerQuery.get(name)?.trim().slice(0, MAX_VALUE);
    if (value) filled[name] = value;
  }
  return filled;
}

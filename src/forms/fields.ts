/**
 * The form engine's field catalogue: how every lead field is labelled and drawn (input kind,
 * autocomplete, keyboard, length, pattern and its message, hint). One place, used by the form
 * islands, their server-rendered HTML and the leads API's error page, so a field reads the same
 * everywhere. Options that depend on the site (dealerships, locations, service types) come from
 * the form definitions. Browser-safe.
 */
import { POSTCODE_MAX_LENGTH, POSTCODE_MESSAGE } from '../rules/postcode.ts';
import { AU_STATES } from '../schemas/common.ts';
import { CONTACT_METHODS } from '../schemas/leads.ts';

export type FieldKind = 'text' | 'email' | 'tel' | 'textarea' | 'select' | 'datetime-local' | 'checkbox' | 'checks' | 'hidden';

export interface FieldOption {
  value: string;
  label: string;
}

/** How one field is drawn. */
export interface FieldLook {
  label: string;
  kind: FieldKind;
  options?: FieldOption[];
  /** Preselected value (selects) or prefill. */
  value?: string;
  maxLength?: number;
  /** HTML pattern, checked by the browser even without JavaScript. */
  pattern?: string;
  /** Message when `pattern` fails. */
  patternMessage?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
  autocomplete?: string;
  hint?: string;
}

const YES_NO: FieldOption[] = [
  { value: 'Yes', label: 'Yes' },
  { value: 'No', label: 'No' },
];

const options = (values: readonly string[]): FieldOption[] => values.map((value) => ({ value, label: value }));

const YEAR = { kind: 'text', inputMode: 'numeric', maxLength: 4, pattern: '\\d{4}', patternMessage: 'Please enter a four-digit year, e.g. 2019.' } as const;

/**
 * The valuation's adjustment questions (trade-in and sell-my-car): answered Yes or No, sent
 * together as the lead's `adjustmentAnswers`, keyed by the question.
 */
export const VALUATION_ADJUSTMENTS: ReadonlyArray<{ name: string; question: string }> = [
  { name: 'adjust_accident', question: 'Has the car had accident damage?' },
  { name: 'adjust_service_history', question: 'Does it have a full service history?' },
  { name: 'adjust_mechanical', question: 'Does it have any mechanical or electrical faults?' },
  { name: 'adjust_tyres', question: 'Do the tyres need replacing?' },
  { name: 'adjust_keys', question: 'Do you have two keys?' },
];

/** Every lead field the forms show. */
export const FIELD_CATALOGUE: Readonly<Record<string, FieldLook>> = {
  name: { label: 'First Name', kind: 'text', autocomplete: 'given-name' },
  last_name: { label: 'Last Name', kind: 'text', autocomplete: 'family-name' },
  email: { label: 'Email', kind: 'email', autocomplete: 'email', inputMode: 'email' },
  phone: { label: 'Mobile', kind: 'tel', autocomplete: 'tel', inputMode: 'tel' },
  postcode: { label: 'Postcode', kind: 'text', autocomplete: 'postal-code', inputMode: 'numeric', maxLength: POSTCODE_MAX_LENGTH, pattern: '\\d{4}', patternMessage: POSTCODE_MESSAGE },
  message: { label: 'Comments', kind: 'textarea' },
  Comments: { label: 'Comments', kind: 'textarea' },
  category: { label: 'Enquiry Type', kind: 'select' },
  location: { label: 'Location', kind: 'select' },
  dealership_slug: { label: 'Dealership', kind: 'select' },
  dealership: { label: 'Dealership', kind: 'select' },
  preferredDealership: { label: 'Preferred Dealership', kind: 'select' },
  vehiclePriceBudget: { label: 'Vehicle Price / Budget', kind: 'text', inputMode: 'numeric', hint: 'In dollars, e.g. $25,000' },
  Rego: { label: 'Your Rego', kind: 'text' },
  preferred_date_time: { label: 'Preferred Date and Time', kind: 'datetime-local' },
  'Vehicle Make': { label: 'Vehicle Make', kind: 'text' },
  'Vehicle Model': { label: 'Vehicle Model', kind: 'text' },
  'Vehicle Year': { label: 'Vehicle Year', ...YEAR },
  'Vehicle Rego': { label: 'Vehicle Rego', kind: 'text' },
  'Vehicle State': { label: 'Vehicle State', kind: 'select', options: options(AU_STATES) },
  'Service Interval': { label: 'Service Interval', kind: 'text', hint: 'e.g. 45,000 km / 36 months' },
  'Service Type': { label: 'Service Type', kind: 'select' },
  'Preferred Service Date': { label: 'Preferred Service Date', kind: 'datetime-local' },
  'Tyres Replacement': { label: 'Tyres Replacement', kind: 'select', options: YES_NO },
  'Repair Issue': { label: 'Repair Issue', kind: 'text', hint: 'Anything the technician should look at' },
  // A tick per service; each is sent as `<service>_check` and collected into `additional_services`.
  additional_services: { label: 'Additional services', kind: 'checks' },
  location_id: { label: 'Nearest Location', kind: 'select' },
  kms: { label: 'Kilometres', kind: 'text', inputMode: 'numeric', hint: 'e.g. 45,000 kms' },
  regoState: { label: 'Rego State', kind: 'select', options: options(AU_STATES) },
  rego: { label: 'Rego', kind: 'text' },
  PreferredContactMethod: { label: 'Preferred Contact Method', kind: 'select', options: options(CONTACT_METHODS), value: 'Phone' },
  finance: { label: 'Is the car currently under finance?', kind: 'select', options: YES_NO },
  has_trade_in: { label: 'Do you have a trade-in?', kind: 'select', options: YES_NO },
  make: { label: 'Make', kind: 'text' },
  model: { label: 'Model', kind: 'text' },
  year: { label: 'Year', ...YEAR },
  ...Object.fromEntries(VALUATION_ADJUSTMENTS.map((a) => [a.name, { label: a.question, kind: 'select', options: YES_NO } satisfies FieldLook])),
  opt_in: { label: 'Keep me up to date with offers and news', kind: 'checkbox' },
  terms_conditions: { label: 'I agree to the terms of use', kind: 'checkbox' },
};

/** How a field is drawn: the catalogue's entry, or a plain text input labelled with its name. */
export function fieldLook(name: string): FieldLook {
  return FIELD_CATALOGUE[name] ?? { label: name, kind: 'text' };
}

/** The label of a field, for error lists and exports. */
export function fieldLabel(name: string): string {
  return fieldLook(name).label;
}

/**
 * Form fields that are not lead fields: the site and form, the island's idempotency key, the page
 * the form was on, and the honeypot (a field people never see; a bot that fills it in is not a lead).
 */
export const ENVELOPE_FIELDS = { site: 'site', form: 'form', key: '_key', page: '_page', honeypot: 'website' } as const;

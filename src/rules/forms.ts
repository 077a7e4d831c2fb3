/**
 * Lead form rules (spec sections 4, 5, 7 and 8): category conversion, check/radio option fields,
 * which fields are required on each form, and the error texts.
 */
import { TERMS_MESSAGE } from '../schemas/leads.ts';
import type { SiteConfig } from '../schemas/site-config.ts';

export { TERMS_MESSAGE };

/** Heading of the form-level error list. */
export const FORM_ERRORS_HEADING = 'Please fix the following errors:';
/** Alert and stored message when a submission gets no answer (a network failure): the typed values stay. */
export const SUBMIT_ERROR_MESSAGE = 'An error occurred when submitting this form';
/** Alert when the answer has neither a lead_id nor an error. The platform's spelling is kept. */
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occured';

// ---------------------------------------------------------------- categories and events

export const CAREERS_CATEGORY = 'Careers Enquiry';
export const GENERAL_CATEGORY = 'General Enquiry';
export const CAREER_SUBCATEGORY = 'Career Enquiry';

/** An enquiry after category conversion, with the tracking event id to fire. */
export interface CategorisedEnquiry<T> {
  fields: T & { category?: string | null | undefined; subcategory?: string };
  /** `site.forms.careersEventId` (51) for careers, `site.forms.enquiryEventId` (22) otherwise. */
  eventId: number;
}

/**
 * A Careers Enquiry is sent as category General Enquiry with subcategory Career Enquiry and fires
 * the careers event (51 by default); every other enquiry keeps its category and fires the
 * enquiry event (22 by default).
 */
export function categoriseEnquiry<T extends { category?: string | null | undefined }>(
  fields: T,
  forms: Pick<SiteConfig['forms'], 'enquiryEventId' | 'careersEventId'>,
): CategorisedEnquiry<T> {
  if (fields.category?.trim() === CAREERS_CATEGORY) {
    return { fields: { ...fields, category: GENERAL_CATEGORY, subcategory: CAREER_SUBCATEGORY }, eventId: forms.careersEventId };
  }
  return { fields, eventId: forms.enquiryEventId };
}

// ---------------------------------------------------------------- option fields

/**
 * Field-name convention for option inputs. A radio option input is named `{label}_radio`: it
 * only drives the form's own UI and is never sent. A check option is named `{label}_check`: when
 * checked, `{label}` is added to `additional_services`.
 * @example 'Wheel alignment_check' -> additional_services: ['Wheel alignment']
 */
export const RADIO_OPTION_SUFFIX = '_radio';
export const CHECK_OPTION_SUFFIX = '_check';

const UNCHECKED = new Set(['', 'false', 'off', 'no', '0']);

/** A check option is checked when its value is `true` or a string other than '', 'false', 'off', 'no', '0'. */
export function isChecked(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return !UNCHECKED.has(value.trim().toLowerCase());
  return false;
}

/**
 * The fields to send: radio option fields (`*_radio`) are dropped, check option fields
 * (`*_check`) are removed and the labels of the checked ones appended, in form order, to
 * `additional_services` (after any services already there, without duplicates). Other fields
 * pass through unchanged. `additional_services` is present only when it has an entry.
 */
export function collectOptionFields(fields: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const services: string[] = Array.isArray(fields.additional_services)
    ? fields.additional_services.filter((s): s is string => typeof s === 'string')
    : [];
  for (const [name, value] of Object.entries(fields)) {
    if (name === 'additional_services' || name.endsWith(RADIO_OPTION_SUFFIX)) continue;
    if (name.endsWith(CHECK_OPTION_SUFFIX)) {
      const label = name.slice(0, -CHECK_OPTION_SUFFIX.length).trim();
      if (label !== '' && isChecked(value) && !services.includes(label)) services.push(label);
      continue;
    }
    result[name] = value;
  }
  if (services.length > 0) result.additional_services = services;
  return result;
}

// ---------------------------------------------------------------- required fields

export type FieldRequirement = 'required' | 'optional';
/** The fields a form shows, each required or optional. A field not listed is not shown. */
export type FieldRules = Record<string, FieldRequirement>;

const req = (required: boolean): FieldRequirement => (required ? 'required' : 'optional');

const contactRules: FieldRules = { name: 'required', last_name: 'optional', email: 'required', phone: 'required' };

function withTerms(rules: FieldRules, forms: Pick<SiteConfig['forms'], 'requireTerms'>): FieldRules {
  return forms.requireTerms ? { ...rules, terms_conditions: 'required' } : rules;
}

/** What an enquiry form shows besides its contact fields. */
export interface EnquiryFormOptions {
  /** The form itself makes the message optional. */
  messageOptional?: boolean;
  /** The category select is shown. */
  showCategory?: boolean;
  /** The location select is shown. */
  showLocation?: boolean;
  /** The preferred dealership picker (`dealership_slug`) is shown. */
  showDealership?: boolean;
}

/**
 * Enquiry form: the message (Comments) is required unless `site.forms.enquiryMessageRequired` is
 * false or the form sets it optional; category, location and preferred dealership are required
 * when shown; Rego is optional; the terms checkbox is required when `site.forms.requireTerms`.
 */
export function enquiryFieldRules(
  site: { forms: Pick<SiteConfig['forms'], 'enquiryMessageRequired' | 'requireTerms'> },
  options: EnquiryFormOptions = {},
): FieldRules {
  const rules: FieldRules = {
    ...contactRules,
    message: req(site.forms.enquiryMessageRequired && !options.messageOptional),
    Rego: 'optional',
  };
  if (options.showCategory) rules.category = 'required';
  if (options.showLocation) rules.location = 'required';
  if (options.showDealership) rules.dealership_slug = 'required';
  return withTerms(rules, site.forms);
}

/**
 * Service booking form: make, model and year required; rego optional; Service Interval required
 * when `site.forms.serviceIntervalRequired`; Service Type shown and required when
 * `site.forms.serviceTypes` lists any; Comments, Preferred Service Date and Tyres Replacement
 * optional; `dealership_slug` required in the short variant when the site has more than one
 * dealership, optional otherwise; terms required when `site.forms.requireTerms`.
 */
export function serviceFieldRules(site: {
  forms: Pick<SiteConfig['forms'], 'serviceIntervalRequired' | 'serviceTypes' | 'serviceShortVariant' | 'requireTerms'>;
  dealerships: readonly unknown[];
}): FieldRules {
  const { forms } = site;
  const rules: FieldRules = {
    ...contactRules,
    'Vehicle Make': 'required',
    'Vehicle Model': 'required',
    'Vehicle Year': 'required',
    'Vehicle Rego': 'optional',
    'Service Interval': req(forms.serviceIntervalRequired),
    'Preferred Service Date': 'optional',
    Comments: 'optional',
    'Tyres Replacement': 'optional',
    dealership_slug: req(forms.serviceShortVariant && site.dealerships.length > 1),
  };
  if (forms.serviceTypes.length > 0) rules['Service Type'] = 'required';
  return withTerms(rules, forms);
}

/**
 * Test drive form: message and preferred date/time optional; the dealership picker is added only
 * when the location has distribution locations, and is optional; terms required when
 * `site.forms.requireTerms`.
 */
export function testDriveFieldRules(
  site: { forms: Pick<SiteConfig['forms'], 'requireTerms'> },
  location: { distribution_locations?: readonly unknown[] | null | undefined } | null | undefined,
): FieldRules {
  const rules: FieldRules = { ...contactRules, message: 'optional', preferred_date_time: 'optional' };
  if ((location?.distribution_locations?.length ?? 0) > 0) rules.dealership = 'optional';
  return withTerms(rules, site.forms);
}

/** Message for a required field left empty. */
export const REQUIRED_MESSAGES: Readonly<Record<string, string>> = {
  name: 'Please enter your first name.',
  email: 'Please enter your email address.',
  phone: 'Please enter your phone number.',
  message: 'Please enter your comments.',
  category: 'Please select an enquiry category.',
  location: 'Please select a location.',
  dealership_slug: 'Please select a dealership.',
  'Vehicle Make': 'Please enter the vehicle make.',
  'Vehicle Model': 'Please enter the vehicle model.',
  'Vehicle Year': 'Please enter the vehicle year.',
  'Service Interval': 'Please select a service interval.',
  'Service Type': 'Please select a service type.',
  terms_conditions: TERMS_MESSAGE,
};

/** A problem with one field. */
export interface FieldError {
  field: string;
  message: string;
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/**
 * One error per required field left empty (missing, blank, an empty list, or an unticked
 * checkbox), in the order of `rules`. An unticked terms checkbox gives the terms notice.
 */
export function requiredFieldErrors(rules: FieldRules, values: Readonly<Record<string, unknown>>): FieldError[] {
  return Object.entries(rules)
    .filter(([field, requirement]) => requirement === 'required' && isEmpty(values[field]))
    .map(([field]) => ({ field, message: REQUIRED_MESSAGES[field] ?? `Please fill in ${field}.` }));
}

/** The form-level error list: the heading and one line per error; `null` when there is none. */
export function formErrorList(errors: readonly FieldError[]): { heading: string; items: string[] } | null {
  if (errors.length === 0) return null;
  return { heading: FORM_ERRORS_HEADING, items: errors.map((error) => error.message) };
}

/** The error list as plain text: 'Please fix the following errors:' then one '- ' line per error. */
export function formErrorText(errors: readonly FieldError[]): string {
  const list = formErrorList(errors);
  return list ? [list.heading, ...list.items.map((item) => `- ${item}`)].join('\n') : '';
}

// ---------------------------------------------------------------- trade-in offer

export const OFFER_ACCEPTED_STATUS = 'offer accepted';
export const OFFER_ACCEPTED_SUBCATEGORY = '3. Offer Accepted';

/** A trade-in lead marked as offer accepted: lead_status 'offer accepted', subcategory '3. Offer Accepted'. */
export function acceptTradeInOffer<T extends object>(
  lead: T,
): Omit<T, 'lead_status' | 'subcategory'> & { lead_status: typeof OFFER_ACCEPTED_STATUS; subcategory: typeof OFFER_ACCEPTED_SUBCATEGORY } {
  return { ...lead, lead_status: OFFER_ACCEPTED_STATUS, subcategory: OFFER_ACCEPTED_SUBCATEGORY };
}

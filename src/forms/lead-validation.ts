/**
 * Validation of a lead, shared by the form islands (before sending) and the leads API (before
 * storing): the lead schema of the form (types and formats) plus the fields the form requires
 * (`FieldRules`, from `src/rules/forms.ts`). Both sides produce the same messages, in the order of
 * the form's fields, so the shopper sees in the browser exactly what the server would say.
 * Browser-safe: no Node modules.
 */
import type { z } from 'zod';
import {
  CAREERS_CATEGORY,
  CAREER_SUBCATEGORY,
  GENERAL_CATEGORY,
  collectOptionFields,
  enquiryFieldRules,
  requiredFieldErrors,
  serviceFieldRules,
  testDriveFieldRules,
  type FieldError,
  type FieldRules,
} from '../rules/forms.ts';
import {
  EnquiryLeadSchema,
  FinanceEnquiryLeadSchema,
  RequestPhotosLeadSchema,
  ReserveLeadSchema,
  SellMyCarLeadSchema,
  ServiceBookingLeadSchema,
  TestDriveLeadSchema,
  TradeInLeadSchema,
  type Lead,
  type LeadForm,
} from '../schemas/leads.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import { acceptTradeInOffer } from '../rules/forms.ts';
import { VALUATION_ADJUSTMENTS } from './fields.ts';

/** The schema of each lead form. */
export const LEAD_SCHEMAS = {
  enquiry: EnquiryLeadSchema,
  'test-drive': TestDriveLeadSchema,
  'service-booking': ServiceBookingLeadSchema,
  'trade-in': TradeInLeadSchema,
  'sell-my-car': SellMyCarLeadSchema,
  'finance-enquiry': FinanceEnquiryLeadSchema,
  'request-photos': RequestPhotosLeadSchema,
  reserve: ReserveLeadSchema,
} as const satisfies Record<LeadForm, z.ZodObject>;

/** Fields whose form value is a checkbox: 'true' or 'on' when ticked. */
const BOOLEAN_FIELDS = new Set(['opt_in', 'terms_conditions', 'form_completed', 'offer_accepted']);

/**
 * A submission as the form sent it (JSON from the island, or the strings of a plain HTML form
 * post) turned into lead fields: checkboxes become booleans, empty checkboxes are dropped,
 * option fields are collected (`*_check` into `additional_services`, `*_radio` dropped), the
 * valuation's adjustment answers are gathered into `adjustmentAnswers` by question, and a
 * Careers Enquiry becomes a General Enquiry with subcategory Career Enquiry.
 */
export function leadFields(values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const adjustments: Record<string, string> = {};
  for (const [name, value] of Object.entries(collectOptionFields(values))) {
    const adjustment = VALUATION_ADJUSTMENTS.find((a) => a.name === name);
    if (adjustment) {
      if (typeof value === 'string' && value.trim() !== '') adjustments[adjustment.question] = value.trim();
      continue;
    }
    if (BOOLEAN_FIELDS.has(name)) {
      const ticked = value === true || value === 'true' || value === 'on';
      if (ticked) fields[name] = true;
      else if (value === false) fields[name] = false;
      continue;
    }
    fields[name] = value;
  }
  if (Object.keys(adjustments).length > 0) fields.adjustmentAnswers = adjustments;
  if (typeof fields.category === 'string' && fields.category.trim() === CAREERS_CATEGORY) {
    fields.category = GENERAL_CATEGORY;
    fields.subcategory = CAREER_SUBCATEGORY;
  }
  return fields;
}

/**
 * The fields a site's form requires whatever page it is on: what the server holds every
 * submission of that form to. A form on a page may require more (a select it shows); the island
 * enforces those from its own rules.
 */
export function siteLeadRules(form: LeadForm, site: Pick<SiteConfig, 'forms' | 'dealerships'>): FieldRules {
  const contact: FieldRules = { name: 'required', email: 'required', phone: 'required' };
  const terms: FieldRules = site.forms.requireTerms ? { terms_conditions: 'required' } : {};
  switch (form) {
    case 'enquiry':
      return enquiryFieldRules(site);
    case 'test-drive':
      return testDriveFieldRules(site, null);
    case 'service-booking':
      return serviceFieldRules(site);
    case 'trade-in':
    case 'sell-my-car':
      return { ...contact, postcode: 'required', ...terms };
    case 'finance-enquiry':
      return enquiryFieldRules(site, { messageOptional: true });
    case 'request-photos':
    case 'reserve':
      return { ...contact, ...terms };
  }
}

export type LeadValidation = { ok: true; lead: Lead } | { ok: false; errors: FieldError[] };

/**
 * Validates a lead of `form` against its schema and `rules`. Errors come one per field, required
 * fields first (in the rules' order, with the spec's messages), then format problems; a field is
 * reported once.
 */
export function validateLead(form: LeadForm, fields: Readonly<Record<string, unknown>>, rules: FieldRules): LeadValidation {
  const errors = requiredFieldErrors(rules, fields);
  const seen = new Set(errors.map((e) => e.field));
  const result = LEAD_SCHEMAS[form].safeParse({ ...fields, form });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? 'form');
      if (seen.has(field)) continue;
      seen.add(field);
      errors.push({ field, message: issueMessage(issue) });
    }
  }
  if (errors.length > 0 || !result.success) return { ok: false, errors };
  // A shopper who accepts the valuation offer marks the lead 'offer accepted', subcategory '3. Offer Accepted'.
  const lead = result.data as Lead;
  if (lead.form === 'trade-in' && lead.offer_accepted) return { ok: true, lead: acceptTradeInOffer(lead) as Lead };
  return { ok: true, lead };
}

/** A schema message as a shopper reads it: the schemas' own sentences, and plain words for the rest. */
function issueMessage(issue: z.core.$ZodIssue): string {
  // The schemas' own messages are sentences; zod's defaults ('Invalid input: expected ...') are not.
  if (/[.!?]$/.test(issue.message.trim())) return issue.message;
  const field = String(issue.path[0] ?? 'This field');
  if (issue.code === 'too_big') return `${field} is too long.`;
  return `Please check ${field}.`;
}

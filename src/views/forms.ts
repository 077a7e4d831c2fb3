/**
 * The lead forms of the form pages and the offer enquiry: which fields each shows and which are
 * required follow `src/rules/forms.ts` (or the lead schema for the valuation forms).
 */
import type { FormKind } from '../data/route-manifest.ts';
import type { SiteData } from '../data/site-data.ts';
import { pagePath } from '../lib/urls.ts';
import {
  enquiryFieldRules,
  serviceFieldRules,
  testDriveFieldRules,
  TERMS_MESSAGE,
  type FieldRequirement,
  type FieldRules,
} from '../rules/forms.ts';
import { POSTCODE_MAX_LENGTH, POSTCODE_MESSAGE } from '../rules/postcode.ts';
import { serviceSteps } from '../rules/service-booking.ts';
import { AU_STATES } from '../schemas/common.ts';
import { CONTACT_METHODS, SellMyCarLeadSchema, TradeInLeadSchema, type LeadForm } from '../schemas/leads.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import { orderedLocations } from './locations.ts';

export type FieldKind = 'text' | 'email' | 'tel' | 'textarea' | 'select' | 'datetime-local' | 'checkbox';

export interface FormFieldView {
  name: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  options?: Array<{ value: string; label: string }>;
  /** Preselected value (selects) or prefill. */
  value?: string;
  maxLength?: number;
  pattern?: string;
  /** Browser validation message shown when `pattern` fails. */
  patternMessage?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
  autocomplete?: string;
  hint?: string;
}

export interface FormSectionView {
  title: string | null;
  fields: FormFieldView[];
}

export interface LeadFormView {
  /** Element id and fragment target, e.g. 'finance-form'. */
  id: string;
  /** The lead discriminator sent in the hidden `form` field. */
  form: LeadForm;
  heading: string;
  intro: string | null;
  sections: FormSectionView[];
  /** The terms checkbox is shown and required, with the spec's notice. */
  terms: { required: boolean; notice: string; href: string } | null;
  optIn: boolean;
  submitLabel: string;
  /** Service bookings made on an embedded booking page instead of this form. */
  iframe: { src: string; height: number; title: string } | null;
}

const FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'First Name',
  last_name: 'Last Name',
  email: 'Email',
  phone: 'Mobile',
  postcode: 'Postcode',
  message: 'Comments',
  Comments: 'Comments',
  preferredDealership: 'Preferred Dealership',
  vehiclePriceBudget: 'Vehicle Price / Budget',
  'Vehicle Make': 'Vehicle Make',
  'Vehicle Model': 'Vehicle Model',
  'Vehicle Year': 'Vehicle Year',
  'Vehicle Rego': 'Vehicle Rego',
  'Service Interval': 'Service Interval',
  'Service Type': 'Service Type',
  'Preferred Service Date': 'Preferred Service Date',
  'Tyres Replacement': 'Tyres Replacement',
  dealership_slug: 'Dealership',
  dealership: 'Dealership',
  preferred_date_time: 'Preferred Date and Time',
  location_id: 'Nearest Location',
  kms: 'Kilometres',
  regoState: 'Rego State',
  rego: 'Rego',
  Rego: 'Your Rego',
  PreferredContactMethod: 'Preferred Contact Method',
  finance: 'Is the car currently under finance?',
  has_trade_in: 'Do you have a trade-in?',
  make: 'Make',
  model: 'Model',
  year: 'Year',
};

const yesNo = [
  { value: 'Yes', label: 'Yes' },
  { value: 'No', label: 'No' },
];

/** How each field is drawn; fields not listed are plain text inputs. */
function fieldBase(name: string, site: SiteConfig, data: SiteData): Omit<FormFieldView, 'required' | 'label'> {
  const dealershipOptions = site.dealerships.map((d) => ({ value: d.slug, label: d.name }));
  const locationOptions = orderedLocations(data.locations).map((l) => ({ value: String(l.id), label: l.name }));
  switch (name) {
    case 'name':
      return { name, kind: 'text', autocomplete: 'given-name' };
    case 'last_name':
      return { name, kind: 'text', autocomplete: 'family-name' };
    case 'email':
      return { name, kind: 'email', autocomplete: 'email', inputMode: 'email' };
    case 'phone':
      return { name, kind: 'tel', autocomplete: 'tel', inputMode: 'tel' };
    case 'postcode':
      return { name, kind: 'text', autocomplete: 'postal-code', inputMode: 'numeric', maxLength: POSTCODE_MAX_LENGTH, pattern: '\\d{4}', patternMessage: POSTCODE_MESSAGE };
    case 'message':
    case 'Comments':
      return { name, kind: 'textarea' };
    case 'preferredDealership':
      // Dealerships where the site lists them, otherwise its locations.
      return { name, kind: 'select', options: dealershipOptions.length > 0 ? dealershipOptions : orderedLocations(data.locations).map((l) => ({ value: l.slug ?? String(l.id), label: l.name })) };
    case 'vehiclePriceBudget':
      return { name, kind: 'text', inputMode: 'numeric', hint: 'In dollars, e.g. $25,000' };
    case 'Vehicle Year':
    case 'year':
      return { name, kind: 'text', inputMode: 'numeric', maxLength: 4, pattern: '\\d{4}', patternMessage: 'Please enter a four-digit year, e.g. 2019.' };
    case 'Service Interval':
      return { name, kind: 'text', hint: 'e.g. 45,000 km / 36 months' };
    case 'Service Type':
      return { name, kind: 'select', options: site.forms.serviceTypes.map((t) => ({ value: t, label: t })) };
    case 'Preferred Service Date':
    case 'preferred_date_time':
      return { name, kind: 'datetime-local' };
    case 'Tyres Replacement':
    case 'finance':
    case 'has_trade_in':
      return { name, kind: 'select', options: yesNo };
    case 'dealership_slug':
      return { name, kind: 'select', options: dealershipOptions };
    case 'location_id':
      return { name, kind: 'select', options: locationOptions };
    case 'kms':
      return { name, kind: 'text', inputMode: 'numeric', hint: 'e.g. 45,000 kms' };
    case 'regoState':
      return { name, kind: 'select', options: AU_STATES.map((s) => ({ value: s, label: s })), value: site.state.toUpperCase() };
    case 'PreferredContactMethod':
      return { name, kind: 'select', options: CONTACT_METHODS.map((m) => ({ value: m, label: m })), value: 'Phone' };
    default:
      return { name, kind: 'text' };
  }
}

function field(name: string, requirement: FieldRequirement, site: SiteConfig, data: SiteData): FormFieldView {
  return { ...fieldBase(name, site, data), label: FIELD_LABELS[name] ?? name, required: requirement === 'required' };
}

/** Fields of a section, in the given order, keeping only those the rules show. */
function section(title: string | null, names: readonly string[], rules: FieldRules, site: SiteConfig, data: SiteData): FormSectionView {
  const fields = names.filter((n) => rules[n] !== undefined).map((n) => field(n, rules[n]!, site, data));
  // A select without options (no dealerships configured) cannot be answered: leave it out.
  return { title, fields: fields.filter((f) => f.kind !== 'select' || (f.options?.length ?? 0) > 0) };
}

/**
 * Required or optional per the lead schema, for the valuation forms, which have no rule of their
 * own: a field is required when the schema rejects it missing.
 */
function schemaRules(schema: typeof TradeInLeadSchema | typeof SellMyCarLeadSchema, names: readonly string[]): FieldRules {
  const shape = schema.shape as Record<string, { safeParse: (value: unknown) => { success: boolean } }>;
  return Object.fromEntries(names.map((n) => [n, shape[n]!.safeParse(undefined).success ? 'optional' : 'required']));
}

const CONTACT = ['name', 'last_name', 'email', 'phone'] as const;

/**
 * The lead form of a form page: its fields (which are shown and which are required follow
 * `src/rules/forms.ts`, or the lead schema for the valuation forms), grouped into sections, the
 * terms checkbox and notice when the site requires them, and the opt-in.
 */
export function leadFormView(kind: FormKind, site: SiteConfig, data: SiteData): LeadFormView {
  const terms = site.forms.requireTerms ? { required: true, notice: TERMS_MESSAGE, href: pagePath('terms-and-conditions') } : null;
  const base = { terms, optIn: true, iframe: null, intro: null };
  switch (kind) {
    case 'finance':
    case 'finance-enquiry': {
      const enquiry = enquiryFieldRules(site, { messageOptional: true, showDealership: true });
      const rules: FieldRules = {
        name: enquiry.name!,
        last_name: enquiry.last_name!,
        email: enquiry.email!,
        phone: enquiry.phone!,
        postcode: 'optional',
        preferredDealership: enquiry.dealership_slug!,
        vehiclePriceBudget: 'optional',
        message: enquiry.message!,
      };
      return {
        ...base,
        id: 'finance-form',
        form: 'finance-enquiry',
        heading: 'Apply for finance',
        sections: [section('Your details', [...CONTACT, 'postcode'], rules, site, data), section('Your finance', ['preferredDealership', 'vehiclePriceBudget', 'message'], rules, site, data)],
        submitLabel: 'Send Finance Enquiry',
      };
    }
    case 'service': {
      const only = site.dealerships.length === 1 ? site.dealerships[0]!.name : site.name;
      const heading = `Book Your Service at ${only}`;
      const { servicePage } = site.forms;
      if (servicePage.mode === 'iframe' && servicePage.iframeUrl) {
        return { ...base, id: 'service-form', form: 'service-booking', heading, sections: [], submitLabel: '', iframe: { src: servicePage.iframeUrl, height: servicePage.iframeHeight, title: heading } };
      }
      const rules = serviceFieldRules(site);
      const sections = serviceSteps(site.forms).map((step) => {
        // Without JavaScript there is no rego lookup, so variant B's vehicle step also asks for make, model and year.
        const names = step.id === 'vehicle' ? [...new Set([...step.fields, 'Vehicle Make', 'Vehicle Model', 'Vehicle Year'])] : step.fields;
        return section(step.title, names, rules, site, data);
      });
      return { ...base, id: 'service-form', form: 'service-booking', heading, sections, submitLabel: 'Book Service' };
    }
    case 'trade-in':
    case 'sell-my-car': {
      const schema = kind === 'trade-in' ? TradeInLeadSchema : SellMyCarLeadSchema;
      const car = kind === 'trade-in' ? ['rego', 'regoState', 'kms', 'finance', 'has_trade_in'] : ['make', 'model', 'year', 'rego', 'regoState', 'kms', 'finance'];
      const contact = [...CONTACT, 'postcode', 'PreferredContactMethod', 'location_id'];
      const rules = schemaRules(schema, [...contact, ...car, 'message']);
      return {
        ...base,
        id: `${kind}-form`,
        form: kind,
        heading: kind === 'trade-in' ? 'Get a trade-in valuation' : 'Get an offer on your car',
        intro: data.content.copy.valuationGuidance,
        sections: [section('Your details', contact, rules, site, data), section('Your car', [...car, 'message'], rules, site, data)],
        optIn: site.forms.quoteOptIn,
        submitLabel: kind === 'trade-in' ? 'Request Valuation' : 'Get My Offer',
      };
    }
    case 'book-test-drive': {
      const primary = orderedLocations(data.locations)[0];
      const rules = testDriveFieldRules(site, primary);
      const sec = section(null, [...CONTACT, 'dealership', 'preferred_date_time', 'message'], rules, site, data);
      const distribution = primary?.distribution_locations ?? [];
      sec.fields = sec.fields.map((f) =>
        f.name === 'dealership'
          ? {
              ...f,
              kind: 'select',
              options: [primary!, ...distribution]
                .map((l) => ({ value: l.dealership_slug ?? l.slug ?? '', label: l.name ?? l.slug ?? '' }))
                .filter((o) => o.value !== ''),
            }
          : f,
      );
      return { ...base, id: 'test-drive-form', form: 'test-drive', heading: 'Book a test drive', sections: [sec], submitLabel: 'Book Test Drive' };
    }
  }
}

/** A general enquiry form (offer pages): the enquiry rules decide which fields show and which are required. */
export function enquiryFormView(site: SiteConfig, data: SiteData, options: { id: string; heading: string; submitLabel?: string }): LeadFormView {
  const rules = enquiryFieldRules(site);
  return {
    id: options.id,
    form: 'enquiry',
    heading: options.heading,
    intro: null,
    sections: [section(null, [...CONTACT, 'Rego', 'message'], rules, site, data)],
    terms: site.forms.requireTerms ? { required: true, notice: TERMS_MESSAGE, href: pagePath('terms-and-conditions') } : null,
    optIn: true,
    submitLabel: options.submitLabel ?? 'Send Enquiry',
    iframe: null,
  };
}

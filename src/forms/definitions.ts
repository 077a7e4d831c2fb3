/**
 * Every lead form of the sites, defined once: which fields each shows and in which steps, which
 * are required (the rules in `src/rules/forms.ts` and `service-booking.ts`), what is sent hidden,
 * what the buttons say, and which analytics event a lead fires. The static pages and the form
 * island both draw a form from its `FormSpec`, and the leads API validates with the same rules.
 * Pure and browser-safe: the caller passes what the site knows (config, locations, copy, vehicle).
 */
import { leadEventId } from '../rules/analytics.ts';
import {
  CAREERS_CATEGORY,
  CHECK_OPTION_SUFFIX,
  enquiryFieldRules,
  serviceFieldRules,
  testDriveFieldRules,
  TERMS_MESSAGE,
  type FieldRequirement,
  type FieldRules,
} from '../rules/forms.ts';
import { serviceSteps } from '../rules/service-booking.ts';
import { serviceLocations } from '../rules/service-page.ts';
import { REQUEST_PHOTOS_TEXT, type LeadForm } from '../schemas/leads.ts';
import type { Location } from '../schemas/location.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import { apiUrl } from '../lib/runtime-api.ts';
import { pagePath } from '../lib/urls.ts';
import { fieldLook, VALUATION_ADJUSTMENTS, type FieldLook, type FieldOption } from './fields.ts';
import { QUERY_PREFILL } from './prefill.ts';

/** One field as a form shows it. */
export interface FormFieldSpec extends FieldLook {
  name: string;
  required: boolean;
}

export interface FormStep {
  /** The service booking's step ids (contact, vehicle, order); other forms' steps have none. */
  id?: 'contact' | 'vehicle' | 'order';
  title: string | null;
  fields: FormFieldSpec[];
}

/** A vehicle a form is about. */
export interface FormVehicle {
  id: number;
  name: string;
  slug: string;
  car_type: 'new' | 'demo' | 'used';
  tag?: string | null;
  vin?: string | null;
}

/** Everything needed to draw, check and send one form. */
export interface FormSpec {
  /** Element id and fragment target, e.g. 'finance-form'; field ids start with it. */
  id: string;
  /** The lead schema the form sends. */
  form: LeadForm;
  /** Site slug, sent with the lead. */
  site: string;
  /** Where the form posts (`<api base>/api/leads`). */
  action: string;
  heading: string;
  intro: string | null;
  /** One step for a plain form; with JavaScript a form of several steps shows one at a time. */
  steps: FormStep[];
  /** Values sent as they are (car_id, category, the request-photos text). */
  hidden: Record<string, string>;
  /** Query-string keys that may prefill fields or hidden values when the page opens (/finance?car_id=...): `QUERY_PREFILL`. */
  prefillFromQuery: string[];
  /** The terms checkbox (required) with the spec's notice, where the site requires agreement. */
  terms: { notice: string; href: string } | null;
  optIn: boolean;
  submitLabel: string;
  /** The service booking's variant B step rule applies (make, model and year before leaving Vehicle Details). */
  serviceVariantB: boolean;
  /** Analytics event fired with the lead, and the success category stored with it. */
  eventId: number;
  successCategory: string;
  vehicle: FormVehicle | null;
  /**
   * Where the test-drive form reads a location's free appointment times (`GET /api/test-drive/availability`),
   * so the shopper picks one of them instead of typing a date: by the value of the `choice` field (the
   * dealership picker), or under '' when the form has no picker. Null, or no address for the chosen
   * dealership: the plain date-and-time input.
   */
  appointments: { choice: string | null; urls: Record<string, string> } | null;
}

/** What a form definition needs to know about the site and page. */
export interface FormContext {
  site: SiteConfig;
  /** The site's locations, primary first. */
  locations: readonly Location[];
  vehicle?: FormVehicle | null;
  /** The trade-in guidance text (site copy). */
  tradeInGuidance?: string | null;
}

/** The route kinds that are form pages. */
export type FormPageKind = 'finance' | 'finance-enquiry' | 'service' | 'trade-in' | 'sell-my-car' | 'book-test-drive';

const CONTACT = ['name', 'last_name', 'email', 'phone'] as const;

/** Where a site's forms post. */
export function leadsEndpoint(site: Pick<SiteConfig, 'api'>): string {
  return `${site.api.baseUrl}/api/leads`;
}

function field(name: string, requirement: FieldRequirement, overrides: Partial<FieldLook> = {}): FormFieldSpec {
  return { ...fieldLook(name), ...overrides, name, required: requirement === 'required' };
}

/**
 * Fields of a step, in the given order, keeping those the rules show. A select (or a set of
 * ticks) without options cannot be answered, so it is left out.
 */
function step(title: string | null, names: readonly string[], rules: FieldRules, options: Record<string, Partial<FieldLook>> = {}): FormStep {
  const fields = names.filter((n) => rules[n] !== undefined).map((n) => field(n, rules[n]!, options[n]));
  return { title, fields: fields.filter((f) => (f.kind !== 'select' && f.kind !== 'checks') || (f.options?.length ?? 0) > 0) };
}

function base(ctx: FormContext, id: string, form: LeadForm) {
  const { site } = ctx;
  return {
    id,
    form,
    site: site.slug,
    action: leadsEndpoint(site),
    intro: null,
    hidden: {} as Record<string, string>,
    prefillFromQuery: [] as string[],
    terms: site.forms.requireTerms ? { notice: TERMS_MESSAGE, href: pagePath('terms-and-conditions') } : null,
    optIn: true,
    serviceVariantB: false,
    eventId: site.forms.enquiryEventId,
    successCategory: 'Enquiry',
    vehicle: ctx.vehicle ?? null,
    appointments: null as FormSpec['appointments'],
  };
}

/**
 * The test-drive form's appointment addresses: with a dealership picker, one per dealership whose location
 * has hours (keyed by the picker's value); without one, the given location's.
 */
function testDriveAppointments(ctx: FormContext, location: Location | undefined, choices: ReadonlyArray<Pick<Location, 'id' | 'slug' | 'dealership_slug'>>, picker: boolean): FormSpec['appointments'] {
  if (!picker) {
    const url = appointmentsUrl(ctx.site, location);
    return url ? { choice: null, urls: { '': url } } : null;
  }
  const urls: Record<string, string> = {};
  for (const choice of choices) {
    const value = choice.dealership_slug ?? choice.slug;
    // A distribution location names a location of the site; its hours are there.
    const url = appointmentsUrl(ctx.site, ctx.locations.find((l) => l.id === choice.id || (choice.slug && l.slug === choice.slug)));
    if (value && url) urls[value] = url;
  }
  return Object.keys(urls).length > 0 ? { choice: 'dealership', urls } : null;
}

/** The availability address of a location that has a slug and opening hours, else null. */
function appointmentsUrl(site: SiteConfig, location: Location | undefined): string | null {
  if (!location?.slug || !location.contact_detail?.opening_hours?.length) return null;
  return apiUrl(site.api.baseUrl, `/api/test-drive/availability?site=${encodeURIComponent(site.slug)}&location=${encodeURIComponent(location.slug)}`);
}

const carHidden = (vehicle: FormVehicle | null | undefined): Record<string, string> => (vehicle ? { car_id: String(vehicle.id) } : {});

const locationOptions = (locations: readonly Location[]): FieldOption[] => locations.map((l) => ({ value: String(l.id), label: l.name }));

/** Dealerships where the site lists them, otherwise its locations. */
function dealershipOptions(ctx: FormContext): FieldOption[] {
  return ctx.site.dealerships.length > 0
    ? ctx.site.dealerships.map((d) => ({ value: d.slug, label: d.name }))
    : ctx.locations.map((l) => ({ value: l.slug ?? String(l.id), label: l.name }));
}

/** Enquire Now on a vehicle: 'Submit an enquiry'; on a sold vehicle, Find Me Something Similar with the message written. */
export function vehicleEnquiryForm(ctx: FormContext & { vehicle: FormVehicle }, options: { id?: string; similar?: boolean } = {}): FormSpec {
  const { site, vehicle } = ctx;
  const rules = enquiryFieldRules(site);
  const message = options.similar ? `Please find me something similar to the ${vehicle.name}.` : undefined;
  return {
    ...base(ctx, options.id ?? 'enquire', 'enquiry'),
    heading: options.similar ? 'Find Me Something Similar' : site.vehicle.enquiryTitle,
    steps: [step(null, [...CONTACT, 'postcode', 'message'], { ...rules, postcode: 'optional' }, { message: { value: message } })],
    hidden: carHidden(vehicle),
    submitLabel: options.similar ? 'Find Me Something Similar' : site.vehicle.enquireLabel,
    eventId: leadEventId(vehicle, 'enquiry'),
    successCategory: options.similar ? 'Similar Vehicle' : 'Vehicle Enquiry',
  };
}

/** Request photos of a vehicle: contact details and a message; the request text goes hidden. */
export function requestPhotosForm(ctx: FormContext & { vehicle: FormVehicle }): FormSpec {
  const rules: FieldRules = { name: 'required', last_name: 'optional', email: 'required', phone: 'required', message: 'optional' };
  return {
    ...base(ctx, 'request-photos', 'request-photos'),
    heading: 'Request more photos',
    steps: [step(null, [...CONTACT, 'message'], rules)],
    hidden: { ...carHidden(ctx.vehicle), request_photos: REQUEST_PHOTOS_TEXT },
    submitLabel: 'Request Photos',
    eventId: leadEventId(ctx.vehicle, 'enquiry'),
    successCategory: 'Photo Request',
  };
}

/**
 * Book a test drive, in two steps (your details; when and where). Message and date/time are
 * optional; the dealership picker shows only when the location has distribution locations. The times
 * offered are those of `options.location` (the vehicle's), else the primary location.
 */
export function testDriveForm(ctx: FormContext, options: { id?: string; location?: Location } = {}): FormSpec {
  const location = ctx.locations[0];
  const rules = testDriveFieldRules(ctx.site, location);
  const distribution = location?.distribution_locations ?? [];
  const dealerships = location
    ? [location, ...distribution].map((l) => ({ value: l.dealership_slug ?? l.slug ?? '', label: l.name ?? l.slug ?? '' })).filter((o) => o.value !== '')
    : [];
  return {
    ...base(ctx, options.id ?? 'test-drive-form', 'test-drive'),
    heading: 'Book a test drive',
    steps: [step('Your details', CONTACT, rules), step('Your test drive', ['dealership', 'preferred_date_time', 'message'], rules, { dealership: { options: dealerships } })],
    hidden: carHidden(ctx.vehicle),
    prefillFromQuery: [...QUERY_PREFILL['test-drive']],
    submitLabel: 'Book Test Drive',
    eventId: ctx.vehicle ? leadEventId(ctx.vehicle, 'test-drive') : ctx.site.forms.enquiryEventId,
    successCategory: 'Test Drive',
    appointments: testDriveAppointments(ctx, options.location ?? location, location ? [location, ...distribution] : [], dealerships.length > 1),
  };
}

/** The finance enquiry (/finance page, #finance-form, and the vehicle page's Finance Enquiry). */
export function financeForm(ctx: FormContext, options: { id?: string; heading?: string } = {}): FormSpec {
  const { site, vehicle } = ctx;
  const enquiry = enquiryFieldRules(site, { messageOptional: true, showDealership: true });
  const rules: FieldRules = { ...enquiry, postcode: 'optional', preferredDealership: enquiry.dealership_slug!, vehiclePriceBudget: 'optional' };
  return {
    ...base(ctx, options.id ?? 'finance-form', 'finance-enquiry'),
    heading: options.heading ?? 'Apply for finance',
    steps: [
      step('Your details', [...CONTACT, 'postcode'], rules),
      step('Your finance', ['preferredDealership', 'vehiclePriceBudget', 'message'], rules, { preferredDealership: { options: dealershipOptions(ctx) } }),
    ],
    hidden: vehicle ? { car_id: String(vehicle.id), car_type: vehicle.car_type, ...(vehicle.vin ? { vin: vehicle.vin } : {}) } : {},
    prefillFromQuery: [...QUERY_PREFILL['finance-enquiry']],
    submitLabel: 'Send Finance Enquiry',
    successCategory: 'Finance Enquiry',
  };
}

/**
 * Service booking, variant A (contact, vehicle, order) or B (vehicle first), two steps in the short
 * variant. Without a rego lookup, variant B's vehicle step also asks for make, model and year.
 */
export function serviceForm(ctx: FormContext): FormSpec {
  const { site } = ctx;
  const rules = serviceFieldRules(site);
  const name = site.dealerships.length === 1 ? site.dealerships[0]!.name : site.name;
  const steps = serviceSteps(site.forms).map((s) => {
    const names = s.id === 'vehicle' ? [...new Set([...s.fields, 'Vehicle Make', 'Vehicle Model', 'Vehicle Year'])] : s.fields;
    return { id: s.id, ...step(s.title, names, { ...rules, 'Vehicle State': 'optional', location: 'optional', 'Repair Issue': 'optional', additional_services: 'optional' }, {
      additional_services: { options: site.forms.additionalServices.map((a) => ({ value: a, label: a })) },
      'Service Type': { options: site.forms.serviceTypes.map((t) => ({ value: t, label: t })) },
      dealership_slug: { options: site.dealerships.map((d) => ({ value: d.slug, label: d.name })) },
      location: { options: serviceLocations(ctx.locations).map((l) => ({ value: l.slug ?? String(l.id), label: l.name })) },
      'Vehicle State': { value: site.state.toUpperCase() },
    }) };
  });
  return {
    ...base(ctx, 'service-form', 'service-booking'),
    heading: `Book Your Service at ${name}`,
    steps,
    hidden: { PageTitle: 'Book a Service' },
    prefillFromQuery: [...QUERY_PREFILL['service-booking']],
    submitLabel: 'Book Service',
    serviceVariantB: site.forms.serviceVariant === 'B',
    successCategory: 'Service Booking',
  };
}

/** Trade-in valuation (about a vehicle being bought, or on its own) and sell-my-car. */
export function valuationForm(ctx: FormContext, kind: 'trade-in' | 'sell-my-car'): FormSpec {
  const { site } = ctx;
  const rules: FieldRules = {
    name: 'required',
    last_name: 'optional',
    email: 'required',
    phone: 'required',
    postcode: 'required',
    PreferredContactMethod: 'optional',
    location_id: 'optional',
    rego: 'optional',
    regoState: 'optional',
    kms: 'optional',
    finance: 'optional',
    has_trade_in: 'optional',
    make: 'optional',
    model: 'optional',
    year: 'optional',
    message: 'optional',
    ...Object.fromEntries(VALUATION_ADJUSTMENTS.map((a) => [a.name, 'optional' as const])),
  };
  const car = kind === 'trade-in' ? ['rego', 'regoState', 'kms', 'finance', 'has_trade_in'] : ['make', 'model', 'year', 'rego', 'regoState', 'kms', 'finance'];
  return {
    ...base(ctx, `${kind}-form`, kind),
    heading: kind === 'trade-in' ? 'Get a trade-in valuation' : 'Get an offer on your car',
    intro: ctx.tradeInGuidance ?? null,
    steps: [
      step('Your car', car, rules, { regoState: { value: site.state.toUpperCase() } }),
      step('Its condition', [...VALUATION_ADJUSTMENTS.map((a) => a.name), 'message'], rules),
      step('Your details', [...CONTACT, 'postcode', 'PreferredContactMethod', 'location_id'], rules, { location_id: { options: locationOptions(ctx.locations) } }),
    ],
    hidden: carHidden(ctx.vehicle),
    prefillFromQuery: [...QUERY_PREFILL[kind]],
    optIn: site.forms.quoteOptIn,
    submitLabel: kind === 'trade-in' ? 'Request Valuation' : 'Get My Offer',
    successCategory: kind === 'trade-in' ? 'Trade-in Valuation' : 'Sell My Car',
  };
}

/** Reserve (or buy online): contact details for the $200 refundable deposit hold. */
export function reserveForm(ctx: FormContext & { vehicle: FormVehicle }, options: { submitLabel: string }): FormSpec {
  const rules: FieldRules = { name: 'required', last_name: 'optional', email: 'required', phone: 'required', postcode: 'optional', message: 'optional' };
  return {
    ...base(ctx, 'reserve-form', 'reserve'),
    heading: 'Your details',
    steps: [step(null, [...CONTACT, 'postcode', 'message'], rules)],
    hidden: carHidden(ctx.vehicle),
    submitLabel: options.submitLabel,
    successCategory: 'Reservation',
  };
}

/** A general enquiry (offer pages): the enquiry rules decide which fields show and which are required. */
export function generalEnquiryForm(ctx: FormContext, options: { id: string; heading: string; submitLabel?: string; message?: string }): FormSpec {
  const rules = enquiryFieldRules(ctx.site);
  return {
    ...base(ctx, options.id, 'enquiry'),
    heading: options.heading,
    steps: [step(null, [...CONTACT, 'Rego', 'message'], rules, { message: { value: options.message } })],
    submitLabel: options.submitLabel ?? 'Send Enquiry',
  };
}

/** The contact page's form: an enquiry with the category and location selects, both required. */
export function contactForm(ctx: FormContext): FormSpec {
  const rules = enquiryFieldRules(ctx.site, { showCategory: true, showLocation: ctx.locations.length > 1 });
  const categories = ctx.site.forms.enquiryCategories.filter((c) => c !== CAREERS_CATEGORY).map((c) => ({ value: c, label: c }));
  return {
    ...base(ctx, 'contact-form', 'enquiry'),
    heading: 'Send us a message',
    steps: [step(null, ['category', 'location', ...CONTACT, 'message'], rules, { category: { options: categories }, location: { options: ctx.locations.map((l) => ({ value: l.slug ?? String(l.id), label: l.name })) } })],
    submitLabel: 'Send Message',
    successCategory: 'Contact',
  };
}

/** A location page's contact form: the contact form sent to that location, so it asks only the category. */
export function locationContactForm(ctx: FormContext, location: { slug?: string | null; id: number | string; name: string }): FormSpec {
  const rules = enquiryFieldRules(ctx.site, { showCategory: true, showLocation: false });
  const categories = ctx.site.forms.enquiryCategories.filter((c) => c !== CAREERS_CATEGORY).map((c) => ({ value: c, label: c }));
  return {
    ...base(ctx, 'location-contact-form', 'enquiry'),
    heading: `Contact ${location.name}`,
    steps: [step(null, ['category', ...CONTACT, 'message'], rules, { category: { options: categories } })],
    hidden: { location: location.slug ?? String(location.id) },
    submitLabel: 'Send Message',
    successCategory: 'Contact',
  };
}

/** The careers page's form: sent as a Careers Enquiry (General Enquiry, subcategory Career Enquiry; event 51). */
export function careersForm(ctx: FormContext): FormSpec {
  const rules = enquiryFieldRules(ctx.site);
  return {
    ...base(ctx, 'careers-form', 'enquiry'),
    heading: 'Apply to join our team',
    steps: [step(null, [...CONTACT, 'postcode', 'message'], { ...rules, postcode: 'optional' }, { message: { label: 'Tell us about yourself and the role you are after' } })],
    hidden: { category: CAREERS_CATEGORY },
    submitLabel: 'Send Application',
    eventId: ctx.site.forms.careersEventId,
    successCategory: 'Careers',
  };
}

/** The form of a form page. */
export function formPageForm(kind: FormPageKind, ctx: FormContext): FormSpec {
  switch (kind) {
    case 'finance':
    case 'finance-enquiry':
      return financeForm(ctx);
    case 'service':
      return serviceForm(ctx);
    case 'trade-in':
    case 'sell-my-car':
      return valuationForm(ctx, kind);
    case 'book-test-drive':
      return testDriveForm(ctx);
  }
}

/** The required-or-optional rules of every field a spec shows (terms included), for validation. */
export function specRules(spec: Pick<FormSpec, 'steps' | 'terms'>): FieldRules {
  const rules: FieldRules = {};
  for (const s of spec.steps) for (const f of s.fields) rules[f.name] = f.required ? 'required' : 'optional';
  if (spec.terms) rules.terms_conditions = 'required';
  return rules;
}

/** Each field's starting value: the spec's preset values (selects, written messages). Ticks start unticked. */
export function initialValues(spec: Pick<FormSpec, 'steps'>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const s of spec.steps) for (const f of s.fields) if (f.kind !== 'checks') values[f.name] = f.value ?? '';
  return values;
}

/** The form field of one tick of a set (`Wheel alignment` of additional services -> `Wheel alignment_check`). */
export function checkFieldName(option: string): string {
  return `${option}${CHECK_OPTION_SUFFIX}`;
}

/**
 * Lead forms: what each form submits to the platform's lead endpoint. Every lead carries a `form`
 * discriminator so one `LeadSchema` can validate any of them. Field names follow the platform,
 * including the spaced ones of the service booking ('Vehicle Make', 'Preferred Service Date').
 * Unknown keys are dropped (radio-option helper fields, for instance).
 */
import { z } from 'zod';
import { auState, carType, email, idFromString, isoDateTime, phone, postcode, slug, year } from './common.ts';

/** Names of the lead forms. */
export const LEAD_FORMS = [
  'enquiry',
  'test-drive',
  'service-booking',
  'trade-in',
  'sell-my-car',
  'finance-enquiry',
  'request-photos',
  'reserve',
] as const;
export type LeadForm = (typeof LEAD_FORMS)[number];

/** Message shown when the terms checkbox is shown and left unticked. */
export const TERMS_MESSAGE = '* You must agree to the terms of use before submitting the form.';

/** Hidden text sent with a request-photos lead when the form does not set its own. */
export const REQUEST_PHOTOS_TEXT = 'Please send me more photos of this vehicle.';

/** Contact methods a trade-in or sell-my-car lead may ask for. */
export const CONTACT_METHODS = ['Phone', 'Email', 'SMS'] as const;

// Empty form inputs arrive as '': treat them as "not given" for optional fields.
function blankable<T extends z.ZodType>(schema: T) {
  return z.union([z.literal('').transform(() => undefined), schema]).optional();
}

const yesNo = z.enum(['Yes', 'No']);

// Kilometres as typed: "45,000", "45000 kms" or a number.
const kilometres = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .transform((value) => value.replace(/\s*kms?$/i, '').replace(/[,\s]/g, ''))
      .pipe(z.string().regex(/^\d+(\.\d+)?$/, 'Please enter the kilometres as a number, e.g. 45,000.'))
      .transform(Number),
  ])
  .pipe(z.number().nonnegative('Kilometres cannot be negative.'));

// Dollars as typed: "$25,000", "25000" or a number.
const dollars = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .transform((value) => value.replace(/[$,\s]/g, ''))
      .pipe(z.string().regex(/^\d+(\.\d+)?$/, 'Please enter an amount in dollars, e.g. $25,000.'))
      .transform(Number),
  ])
  .pipe(z.number().nonnegative('An amount cannot be negative.'));

/** Fields every lead form has: who to contact. */
const contactFields = {
  /** First name. @example 'Jane' */
  name: z.string().trim().min(1, 'Please enter your first name.'),
  /** Last name. @example 'Citizen' */
  last_name: z.string().trim().optional(),
  /** Email. @example 'jane@example.com' */
  email,
  /** Phone (mobile preferred). @example '0412 345 678' */
  phone,
};

/** Consent fields shared by the customer-facing forms. */
const consentFields = {
  /** Marketing opt-in checkbox. */
  opt_in: z.boolean().default(false),
  /** Terms checkbox; when the form shows it, it must be ticked. */
  terms_conditions: z.literal(true, { error: TERMS_MESSAGE }).optional(),
};

/** Vehicle reference carried by forms opened from a vehicle page. */
const carIdField = {
  /** Vehicle id (hidden field; numeric strings are converted). @example 123456 */
  car_id: blankable(idFromString),
};

export const EnquiryLeadSchema = z.object({
  /** Which form this is. */
  form: z.literal('enquiry'),
  ...contactFields,
  /** Postcode, four digits. @example '4000' */
  postcode: blankable(postcode),
  /**
   * Comments. Whether a form requires them is the site's rule (`forms.enquiryMessageRequired`, see
   * `enquiryFieldRules` in src/rules/forms.ts), checked with the form's other required fields.
   * @example 'Is this car still available?'
   */
  message: z.string().trim().optional(),
  /** Enquiry category, when the form shows a category select. @example 'General Enquiry' */
  category: blankable(z.string().trim().min(1)),
  /** Set by category conversion: a Careers Enquiry is sent as General Enquiry, subcategory Career Enquiry. */
  subcategory: blankable(z.string().trim().min(1)),
  /** Registration of the customer's vehicle (optional). @example '123ABC' */
  Rego: blankable(z.string().trim().min(1)),
  /** Selected location (select value), when the form shows a location select. @example 'woolloongabba' */
  location: blankable(z.string().trim().min(1)),
  /** Dealership the enquiry is for. @example 'brisbane-toyota' */
  dealership_slug: blankable(slug),
  ...carIdField,
  ...consentFields,
});
export type EnquiryLead = z.output<typeof EnquiryLeadSchema>;
export type EnquiryLeadInput = z.input<typeof EnquiryLeadSchema>;

export const TestDriveLeadSchema = z.object({
  /** Which form this is. */
  form: z.literal('test-drive'),
  ...contactFields,
  /** Comments (optional). @example 'Weekend mornings suit me.' */
  message: z.string().trim().optional(),
  /** Preferred date and time (optional). @example '2025-07-05T10:00:00+10:00' */
  preferred_date_time: blankable(isoDateTime),
  /** Dealership picked from the distribution locations (only when the location has some). @example 'brisbane-toyota-springwood' */
  dealership: blankable(slug),
  /** Location of the vehicle or the test drive. @example 'woolloongabba' */
  location: blankable(z.string().trim().min(1)),
  ...carIdField,
  ...consentFields,
});
export type TestDriveLead = z.output<typeof TestDriveLeadSchema>;
export type TestDriveLeadInput = z.input<typeof TestDriveLeadSchema>;

export const ServiceBookingLeadSchema = z.object({
  /** Which form this is. */
  form: z.literal('service-booking'),
  ...contactFields,
  /** Make of the car to service. @example 'Toyota' */
  'Vehicle Make': z.string().trim().min(1, 'Please enter the vehicle make.'),
  /** Model of the car to service. @example 'Corolla' */
  'Vehicle Model': z.string().trim().min(1, 'Please enter the vehicle model.'),
  /** Year of the car (a select sends a string). @example '2019' */
  'Vehicle Year': year,
  /** Registration. @example '123ABC' */
  'Vehicle Rego': blankable(z.string().trim().min(1)),
  /** State the car is registered in (any case; output upper case). @example 'QLD' */
  'Vehicle State': blankable(auState),
  /** Service interval (required on some sites). @example '45,000 km / 36 months' */
  'Service Interval': blankable(z.string().trim().min(1)),
  /** Service type (required when the site lists service options). @example 'Logbook service' */
  'Service Type': blankable(z.string().trim().min(1)),
  /** Preferred date and time of the service. @example '2025-07-08T08:00:00+10:00' */
  'Preferred Service Date': blankable(isoDateTime),
  /** Comments (optional). @example 'Rattle from the rear on rough roads.' */
  Comments: z.string().trim().optional(),
  /** Tyre replacement wanted. @example 'Yes' */
  'Tyres Replacement': blankable(z.string().trim().min(1)),
  /** Note describing a repair issue (optional). @example 'Air conditioning not cold' */
  'Repair Issue': z.string().trim().optional(),
  /** Checked extra services, collected from the form's check options. @example ['Wheel alignment', 'Car wash'] */
  additional_services: z.array(z.string().trim().min(1)).default([]),
  /** Dealership to book with (required in the short variant when there are several). @example 'brisbane-toyota' */
  dealership_slug: blankable(slug),
  /** Selected service location. @example 'woolloongabba' */
  location: blankable(z.string().trim().min(1)),
  /** Lead category. */
  category: z.literal('Service Booking').default('Service Booking'),
  /** Title of the page the form was sent from. @example 'Book a Service' */
  PageTitle: z.string().optional(),
  /** Id of the page the form was sent from. @example 88 */
  page_id: z.union([z.string(), z.number()]).optional(),
  /** Lead id returned by an earlier step, sent with later steps. @example 55012 */
  lead_id: z.union([z.string(), z.number()]).optional(),
  /** Progress status; 'Complete' after the last step. @example 'Complete' */
  lead_status: z.string().optional(),
  /** True after the last step. */
  form_completed: z.boolean().optional(),
  ...consentFields,
});
export type ServiceBookingLead = z.output<typeof ServiceBookingLeadSchema>;
export type ServiceBookingLeadInput = z.input<typeof ServiceBookingLeadSchema>;

/** Fields of the valuation forms (trade-in and sell-my-car). */
const valuationFields = {
  ...contactFields,
  /** Postcode, exactly four digits. @example '4000' */
  postcode,
  /** Location that will value the car (numeric strings are converted). @example 7 */
  location_id: blankable(idFromString),
  /** Odometer of the car to value, kilometres ("45,000 kms" is accepted). @example 45000 */
  kms: blankable(kilometres),
  /** State the car is registered in (any case; output upper case). @example 'QLD' */
  regoState: blankable(auState),
  /** Registration plate. @example '123ABC' */
  rego: blankable(z.string().trim().min(1)),
  /** How the customer wants to be contacted. @example 'Phone' */
  PreferredContactMethod: z.enum(CONTACT_METHODS).default('Phone'),
  /** Whether the car is currently under finance. @example 'No' */
  finance: blankable(yesNo),
  /** Comments (optional). */
  message: z.string().trim().optional(),
  /** Marketing opt-in (removed from the quote form in one block). */
  opt_in: consentFields.opt_in,
  /** Terms checkbox; when the form shows it, it must be ticked. */
  terms_conditions: consentFields.terms_conditions,
};

export const TradeInLeadSchema = z.object({
  /** Which form this is. */
  form: z.literal('trade-in'),
  ...valuationFields,
  // The spec's trade-in form has an unnamed hidden field; on /cars/trade-in it carries the car.
  /** Vehicle being bought, from /cars/trade-in?car_id={id}. @example 123456 */
  car_id: carIdField.car_id,
  /** Do you have a trade-in? @example 'Yes' */
  has_trade_in: blankable(yesNo),
  /** Answers to the valuation adjustment questions, by question. @example { 'Any accident damage?': 'No' } */
  adjustmentAnswers: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  /** The shopper accepts the valuation offer they were shown; the lead is then marked '3. Offer Accepted'. */
  offer_accepted: z.boolean().optional(),
});
export type TradeInLead = z.output<typeof TradeInLeadSchema>;
export type TradeInLeadInput = z.input<typeof TradeInLeadSchema>;

export const SellMyCarLeadSchema = z.object({
  /** Which form this is. */
  form: z.literal('sell-my-car'),
  ...valuationFields,
  /** Make of the car for sale. @example 'Mazda' */
  make: blankable(z.string().trim().min(1)),
  /** Model of the car for sale. @example 'CX-5' */
  model: blankable(z.string().trim().min(1)),
  /** Year of the car for sale. @example '2018' */
  year: blankable(year),
});
export type SellMyCarLead = z.output<typeof SellMyCarLeadSchema>;
export type SellMyCarLeadInput = z.input<typeof SellMyCarLeadSchema>;

export const FinanceEnquiryLeadSchema = z.object({
  /** Which form this is. */
  form: z.literal('finance-enquiry'),
  ...contactFields,
  /** Postcode, four digits. @example '4000' */
  postcode: blankable(postcode),
  /** Dealership the customer prefers (required when the form shows the picker). @example 'brisbane-toyota' */
  preferredDealership: blankable(z.string().trim().min(1)),
  /** Budget or vehicle price in dollars ("$25,000" is accepted). @example 25000 */
  vehiclePriceBudget: blankable(dollars),
  ...carIdField,
  /** Car type of the vehicle. @example 'used' */
  car_type: blankable(carType),
  /** VIN of the vehicle. @example 'JTNK4RBE803123456' */
  vin: blankable(z.string().trim().min(1)),
  /** Comments (optional). */
  message: z.string().trim().optional(),
  ...consentFields,
});
export type FinanceEnquiryLead = z.output<typeof FinanceEnquiryLeadSchema>;
export type FinanceEnquiryLeadInput = z.input<typeof FinanceEnquiryLeadSchema>;

export const RequestPhotosLeadSchema = z.object({
  /** Which form this is. */
  form: z.literal('request-photos'),
  ...contactFields,
  /** Vehicle the photos are for (numeric strings are converted). @example 123456 */
  car_id: idFromString,
  /** Hidden text telling the dealer what is asked for. @example 'Please send me more photos of this vehicle.' */
  request_photos: z.string().trim().min(1).default(REQUEST_PHOTOS_TEXT),
  /** Comments (optional). @example 'Close-ups of the interior please.' */
  message: z.string().trim().optional(),
  ...consentFields,
});
export type RequestPhotosLead = z.output<typeof RequestPhotosLeadSchema>;
export type RequestPhotosLeadInput = z.input<typeof RequestPhotosLeadSchema>;

export const ReserveLeadSchema = z.object({
  /** Which form this is: reserve the vehicle online (or buy online, on sites that sell online). */
  form: z.literal('reserve'),
  ...contactFields,
  /** Postcode, four digits. @example '4000' */
  postcode: blankable(postcode),
  /** The vehicle to hold (numeric strings are converted). @example 123456 */
  car_id: idFromString,
  /** Comments (optional). @example 'Can I pick it up on Saturday?' */
  message: z.string().trim().optional(),
  ...consentFields,
});
export type ReserveLead = z.output<typeof ReserveLeadSchema>;
export type ReserveLeadInput = z.input<typeof ReserveLeadSchema>;

/** Any lead, chosen by its `form`. */
export const LeadSchema = z.discriminatedUnion('form', [
  EnquiryLeadSchema,
  TestDriveLeadSchema,
  ServiceBookingLeadSchema,
  TradeInLeadSchema,
  SellMyCarLeadSchema,
  FinanceEnquiryLeadSchema,
  RequestPhotosLeadSchema,
  ReserveLeadSchema,
]);
export type Lead = z.output<typeof LeadSchema>;
export type LeadInput = z.input<typeof LeadSchema>;

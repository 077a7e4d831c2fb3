/**
 * The bodies and queries the runtime API's shopper routes accept (docs/runtime-api.md). Loose where the
 * platform's pages send extra fields, strict about the ones read; every message is one a shopper can read.
 */
import { z } from 'zod';

const carId = z.coerce.number({ error: 'Say which car (car_id).' }).int('Say which car (car_id).').positive('Say which car (car_id).');

export const PhoneBodySchema = z.object({ phone: z.string({ error: 'Enter your mobile number.' }).max(40, 'That is not a mobile number.') });

export const VerifyBodySchema = z.object({
  phone: z.string({ error: 'Enter your mobile number.' }).max(40, 'That is not a mobile number.'),
  code: z.string({ error: 'Enter the code we sent you.' }).trim().regex(/^\d{6}$/, 'The code is the six digits in the message we sent you.'),
});

export const WatchlistBodySchema = z.object({
  phone_number: z.string({ error: 'Sign in with your mobile number first.' }).max(40),
  car_id: carId,
});

export const PhoneRevealBodySchema = z.object({
  car_id: carId.nullish(),
  dealership_id: z.coerce.number().int().positive().nullish(),
  website_id: z.string().max(100).nullish(),
  page: z.string().max(500).nullish(),
});

export const ViewQuerySchema = z.object({
  website_id: z.string().max(100).optional(),
  site: z.string().max(100).optional(),
  photos_count: z.coerce.number().int().min(0).optional(),
  updated_at: z.string().max(40).optional(),
});

export const QuoteBodySchema = z.object({
  selfAssessedCreditScore: z.string().max(20).default('GREAT'),
  purchasePrice: z.coerce.number({ error: 'Give the purchase price.' }).finite(),
  loanTerm: z.coerce.number().int().min(1).max(7).default(5),
  year: z.coerce.number().int().min(1900).max(2100).nullish(),
  vin: z.string().max(40).nullish(),
  nvic: z.string().max(40).nullish(),
  whoIsHelping: z.string().max(200).nullish(),
});

export const RegoBodySchema = z.object({
  rego: z
    .string({ error: 'Enter the registration number.' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9 -]{1,9}$/, 'A registration number is letters and numbers, up to 9 characters.'),
  regoState: z.enum(['QLD', 'NSW', 'VIC', 'SA', 'WA', 'TAS', 'NT', 'ACT'], { error: 'Choose the state the car is registered in.' }),
});

/** What a registration lookup provider answers. */
export const RegoAnswerSchema = z.object({
  year: z.coerce.number().int().nullish(),
  make: z.string().nullish(),
  model: z.string().nullish(),
  badge: z.string().nullish(),
  vin: z.string().nullish(),
});

export const MiscellaneousBodySchema = z.looseObject({ column_name: z.literal('valuation', { error: 'Only valuations are stored here (column_name "valuation").' }) });

export const AvailabilityQuerySchema = z.object({
  location: z.string({ error: 'Say which location (location).' }).max(100),
  days: z.coerce.number().int().min(1).max(31).optional(),
});

/** The first problem of a failed parse, as a shopper reads it. */
export function firstProblem(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'The request is not in the expected form.';
}

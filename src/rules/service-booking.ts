/**
 * The stepped service booking flow (spec section 4): steps of variants A and B, moving between
 * them, and what the last step sends.
 */
import type { SiteConfig } from '../schemas/site-config.ts';

export const CONTACT_DETAILS = 'Contact Details';
export const VEHICLE_DETAILS = 'Vehicle Details';
export const ORDER_DETAILS = 'Order Details';

/** Error when variant B's Vehicle Details step is left without make, model and year. */
export const STEP_INCOMPLETE_MESSAGE = 'Please complete the form step before proceeding';

/** Lead status sent with the last step. */
export const COMPLETE_STATUS = 'Complete';

export type ServiceStepId = 'contact' | 'vehicle' | 'order';

export interface ServiceStep {
  id: ServiceStepId;
  title: typeof CONTACT_DETAILS | typeof VEHICLE_DETAILS | typeof ORDER_DETAILS;
  /** Lead fields entered on this step. */
  fields: readonly string[];
}

const CONTACT_FIELDS = ['name', 'last_name', 'email', 'phone'] as const;
const VEHICLE_FIELDS_A = ['Vehicle Make', 'Vehicle Model', 'Vehicle Year', 'Vehicle Rego', 'Vehicle State'] as const;
// Variant B asks for the rego only; make, model and year come from looking the rego up.
const VEHICLE_FIELDS_B = ['Vehicle Rego', 'Vehicle State'] as const;
const ORDER_FIELDS = [
  'Service Interval',
  'Service Type',
  'dealership_slug',
  'location',
  'Preferred Service Date',
  'Comments',
  'Tyres Replacement',
  'Repair Issue',
  'additional_services',
] as const;

const contact: ServiceStep = { id: 'contact', title: CONTACT_DETAILS, fields: CONTACT_FIELDS };
const order: ServiceStep = { id: 'order', title: ORDER_DETAILS, fields: ORDER_FIELDS };

/**
 * The steps of the site's service booking flow:
 * - variant A: Contact Details, Vehicle Details, Order Details;
 * - variant B: Vehicle Details (rego only), Contact Details, Order Details.
 * The short variant (`site.forms.serviceShortVariant`) has two steps: Order Details is dropped and
 * its fields join the last remaining step (A: Contact Details, Vehicle Details; B: Vehicle
 * Details, Contact Details).
 */
export function serviceSteps(forms: Pick<SiteConfig['forms'], 'serviceVariant' | 'serviceShortVariant'>): ServiceStep[] {
  const vehicle: ServiceStep = {
    id: 'vehicle',
    title: VEHICLE_DETAILS,
    fields: forms.serviceVariant === 'B' ? VEHICLE_FIELDS_B : VEHICLE_FIELDS_A,
  };
  const steps = forms.serviceVariant === 'B' ? [vehicle, contact, order] : [contact, vehicle, order];
  if (!forms.serviceShortVariant) return steps;
  const [first, second] = steps as [ServiceStep, ServiceStep, ServiceStep];
  return [first, { ...second, fields: [...second.fields, ...ORDER_FIELDS] }];
}

/** What submitting a step leads to. */
export type StepOutcome =
  | { kind: 'next'; step: number; progress: { form_completed: false } }
  | { kind: 'complete'; progress: { lead_status: typeof COMPLETE_STATUS; form_completed: true } }
  | { kind: 'error'; step: number; message: typeof STEP_INCOMPLETE_MESSAGE };

function filled(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  return String(value).trim() !== '';
}

/**
 * Submitting step `current` (0-based) of `steps`:
 * - in variant B, leaving Vehicle Details needs Vehicle Make, Vehicle Model and Vehicle Year,
 *   otherwise the step stays with 'Please complete the form step before proceeding';
 * - every other step advances to the next one, sending `form_completed: false`;
 * - the last step completes the booking: lead_status 'Complete' and form_completed true (the
 *   caller then fires the tracking event).
 */
export function submitServiceStep(
  steps: readonly ServiceStep[],
  current: number,
  values: Readonly<Record<string, unknown>>,
  forms: Pick<SiteConfig['forms'], 'serviceVariant'>,
): StepOutcome {
  const step = steps[current];
  if (!step) throw new RangeError(`Service booking has no step ${current}; it has ${steps.length} (0 to ${steps.length - 1})`);
  if (
    forms.serviceVariant === 'B' &&
    step.id === 'vehicle' &&
    !['Vehicle Make', 'Vehicle Model', 'Vehicle Year'].every((field) => filled(values[field]))
  ) {
    return { kind: 'error', step: current, message: STEP_INCOMPLETE_MESSAGE };
  }
  if (current === steps.length - 1) {
    return { kind: 'complete', progress: { lead_status: COMPLETE_STATUS, form_completed: true } };
  }
  return { kind: 'next', step: current + 1, progress: { form_completed: false } };
}

/** Going back one step (never before the first); going back needs no check. */
export function previousServiceStep(current: number): number {
  return Math.max(0, current - 1);
}

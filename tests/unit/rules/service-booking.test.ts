import { describe, expect, it } from 'vitest';
import { previousServiceStep, serviceSteps, submitServiceStep } from '../../../src/rules/service-booking.ts';

const A = { serviceVariant: 'A', serviceShortVariant: false } as const;
const B = { serviceVariant: 'B', serviceShortVariant: false } as const;
const MESSAGE = 'Please complete the form step before proceeding';
const vehicle = { 'Vehicle Make': 'MG', 'Vehicle Model': 'ZS', 'Vehicle Year': '2021' };

describe('steps', () => {
  it('variant A: Contact Details, Vehicle Details, Order Details', () => {
    expect(serviceSteps(A).map((s) => s.title)).toEqual(['Contact Details', 'Vehicle Details', 'Order Details']);
  });

  it('variant A short: two steps, the order fields on the second', () => {
    const steps = serviceSteps({ ...A, serviceShortVariant: true });
    expect(steps.map((s) => s.title)).toEqual(['Contact Details', 'Vehicle Details']);
    expect(steps[1]!.fields).toContain('dealership_slug');
    expect(steps[1]!.fields).toContain('Vehicle Make');
  });

  it('variant B: Vehicle Details (rego only), Contact Details, Order Details', () => {
    const steps = serviceSteps(B);
    expect(steps.map((s) => s.title)).toEqual(['Vehicle Details', 'Contact Details', 'Order Details']);
    expect(steps[0]!.fields).toContain('Vehicle Rego');
    expect(steps[0]!.fields).not.toContain('Vehicle Make');
  });

  it('variant B short: Vehicle Details then Contact Details', () => {
    expect(serviceSteps({ ...B, serviceShortVariant: true }).map((s) => s.title)).toEqual(['Vehicle Details', 'Contact Details']);
  });
});

describe('moving through variant A', () => {
  const steps = serviceSteps(A);

  it('advances on each step submit and completes on the last', () => {
    expect(submitServiceStep(steps, 0, {}, A)).toEqual({ kind: 'next', step: 1, progress: { form_completed: false } });
    // Variant A does not check make, model and year on leaving Vehicle Details.
    expect(submitServiceStep(steps, 1, {}, A)).toEqual({ kind: 'next', step: 2, progress: { form_completed: false } });
    expect(submitServiceStep(steps, 2, {}, A)).toEqual({
      kind: 'complete',
      progress: { lead_status: 'Complete', form_completed: true },
    });
  });

  it('completes on the second step of the short variant', () => {
    const short = serviceSteps({ ...A, serviceShortVariant: true });
    expect(submitServiceStep(short, 1, {}, A).kind).toBe('complete');
  });

  it('rejects a step that does not exist', () => {
    expect(() => submitServiceStep(steps, 3, {}, A)).toThrow(/no step 3/);
  });

  it('goes back one step, never before the first', () => {
    expect(previousServiceStep(2)).toBe(1);
    expect(previousServiceStep(0)).toBe(0);
  });
});

describe('variant B vehicle step', () => {
  const steps = serviceSteps(B);

  it('needs make, model and year to leave Vehicle Details', () => {
    expect(submitServiceStep(steps, 0, vehicle, B)).toEqual({ kind: 'next', step: 1, progress: { form_completed: false } });
  });

  it.each(['Vehicle Make', 'Vehicle Model', 'Vehicle Year'])('stays with the step error when %s is missing', (field) => {
    expect(submitServiceStep(steps, 0, { ...vehicle, [field]: ' ' }, B)).toEqual({ kind: 'error', step: 0, message: MESSAGE });
    const { [field as keyof typeof vehicle]: _, ...without } = vehicle;
    expect(submitServiceStep(steps, 0, without, B)).toEqual({ kind: 'error', step: 0, message: MESSAGE });
  });

  it('accepts a numeric year', () => {
    expect(submitServiceStep(steps, 0, { ...vehicle, 'Vehicle Year': 2021 }, B).kind).toBe('next');
  });

  it('checks only Vehicle Details, then completes on Order Details', () => {
    expect(submitServiceStep(steps, 1, {}, B).kind).toBe('next');
    expect(submitServiceStep(steps, 2, {}, B)).toEqual({ kind: 'complete', progress: { lead_status: 'Complete', form_completed: true } });
  });

  it('checks Vehicle Details in the short variant too, then completes on Contact Details', () => {
    const short = serviceSteps({ ...B, serviceShortVariant: true });
    expect(submitServiceStep(short, 0, {}, B).kind).toBe('error');
    expect(submitServiceStep(short, 1, {}, B).kind).toBe('complete');
  });
});

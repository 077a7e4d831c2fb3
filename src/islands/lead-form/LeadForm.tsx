/**
 * The lead form island: the static form (which posts without JavaScript) made stepped and
 * validating. It prefills remembered details and query-string values, checks each step with the
 * same rules the leads API applies, moves focus to the first problem, sends once (a retried send
 * carries the same idempotency key), then records analytics and goes to /success.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { initialValues, specRules, type FormSpec } from '../../forms/definitions.ts';
import { leadFields, validateLead } from '../../forms/lead-validation.ts';
import { queryPrefill } from '../../forms/prefill.ts';
import { newLeadKey, submitLead } from '../../forms/submit.ts';
import { track, trackConversion } from '../../lib/analytics.ts';
import { requestJson } from '../../lib/runtime-api.ts';
import { submitServiceStep } from '../../rules/service-booking.ts';
import type { FieldError } from '../../rules/forms.ts';
import { appointmentGroups, type AppointmentGroup, type TestDriveDay } from '../../rules/test-drive-slots.ts';
import { recordEnquiry } from '../../stores/enquiries.ts';
import { $userDetails, REMEMBERED_FIELDS, rememberUserDetails } from '../../stores/user-details.ts';
import { LeadFormView } from './LeadFormView.tsx';

export interface LeadFormProps {
  spec: FormSpec;
  /** Inside a dialog: heading level 1, and a close button. */
  headingLevel?: 1 | 2;
  before?: React.ReactNode;
  /** Where to go once the lead is stored. */
  successPath?: string;
  /** Called once the form has mounted (a dialog moves focus into it). */
  onReady?: () => void;
}

/** Errors of the fields on one step; the last step also owns the rest (the terms checkbox). */
function stepErrors(spec: FormSpec, step: number, errors: readonly FieldError[]): FieldError[] {
  const here = new Set(spec.steps[step]!.fields.map((f) => f.name));
  const anywhere = new Set(spec.steps.flatMap((s) => s.fields.map((f) => f.name)));
  const last = step === spec.steps.length - 1;
  return errors.filter((e) => here.has(e.field) || (last && !anywhere.has(e.field)));
}

export default function LeadForm({ spec, headingLevel, before, successPath = '/success/', onReady }: LeadFormProps) {
  const [values, setValues] = useState<Record<string, string>>(() => ({ ...initialValues(spec), ...spec.hidden }));
  const [checked, setChecked] = useState<Record<string, boolean>>({});
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [alert, setAlert] = useState<string | null>(null);
  const [enhanced, setEnhanced] = useState(false);
  const [step, setStep] = useState(0);
  const [sending, setSending] = useState(false);
  const [page, setPage] = useState<string | undefined>(undefined);
  const [appointments, setAppointments] = useState<AppointmentGroup[] | null>(null);
  const key = useRef<string>('');
  const summary = useRef<HTMLDivElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const focusTarget = useRef<'summary' | 'step' | null>(null);

  // After hydration (the first render matches the static HTML): steps, remembered details, query prefill.
  useEffect(() => {
    // Once, when the form first mounts.
    onReady?.();
  }, []);

  useEffect(() => {
    setEnhanced(true);
    setPage(window.location.pathname + window.location.search);
    const remembered = $userDetails.get();
    const query = new URLSearchParams(window.location.search);
    setValues((current) => {
      const next = { ...current };
      const shown = new Set(spec.steps.flatMap((s) => s.fields.map((f) => f.name)));
      for (const name of REMEMBERED_FIELDS) if (shown.has(name) && !next[name] && remembered[name]) next[name] = remembered[name]!;
      // A link to a form page names the vehicle it is about (/finance/?car_id=...&vehiclePriceBudget=...).
      return { ...next, ...queryPrefill(spec, query) };
    });
  }, [spec]);

  // The test-drive form offers the location's free times once they arrive; without them it keeps the typed date.
  const appointmentsUrl = spec.appointments ? (spec.appointments.urls[spec.appointments.choice ? (values[spec.appointments.choice] ?? '') : ''] ?? null) : null;
  const appointmentsShown = useRef<string | null>(null);
  useEffect(() => {
    setAppointments(null);
    // A time picked at one dealership means nothing at another.
    if (appointmentsShown.current !== null) setValues((v) => ({ ...v, preferred_date_time: '' }));
    appointmentsShown.current = appointmentsUrl;
    if (!appointmentsUrl) return;
    const controller = new AbortController();
    void requestJson<{ days?: TestDriveDay[] }>(appointmentsUrl, { signal: controller.signal }).then((answer) => {
      if (answer.ok && Array.isArray(answer.data?.days) && answer.data.days.length > 0) setAppointments(appointmentGroups(answer.data.days));
    });
    return () => controller.abort();
  }, [appointmentsUrl]);

  useEffect(() => {
    const target = focusTarget.current;
    focusTarget.current = null;
    if (target === 'summary') summary.current?.focus();
    if (target === 'step') stepHeading.current?.focus();
  });

  const fieldsToSend = () => leadFields({ ...values, ...checked });

  const showErrors = (found: FieldError[]) => {
    setErrors(found);
    focusTarget.current = 'summary';
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setAlert(null);
    const rules = specRules(spec);
    const result = validateLead(spec.form, fieldsToSend(), rules);
    const found = result.ok ? [] : result.errors;
    const last = step === spec.steps.length - 1;

    if (!last) {
      const here = stepErrors(spec, step, found);
      // Variant B's Vehicle Details step needs make, model and year before the next step.
      const outcome = submitServiceStep(
        spec.steps.map((s) => ({ id: s.id ?? 'contact', title: 'Contact Details', fields: [] })),
        step,
        values,
        { serviceVariant: spec.serviceVariantB ? 'B' : 'A' },
      );
      if (outcome.kind === 'error') setAlert(outcome.message);
      if (here.length > 0) return showErrors(here);
      if (outcome.kind === 'error') return;
      setErrors([]);
      setStep(step + 1);
      focusTarget.current = 'step';
      return;
    }
    if (found.length > 0) {
      // Go back to the first step with a problem.
      const first = spec.steps.findIndex((_, i) => stepErrors(spec, i, found).length > 0);
      if (first >= 0 && first !== step) setStep(first);
      return showErrors(first >= 0 ? stepErrors(spec, first, found) : found);
    }

    setErrors([]);
    setSending(true);
    key.current ||= newLeadKey();
    const fields = fieldsToSend();
    const answer = await submitLead(spec, fields, { key: key.current, page: page ?? window.location.pathname });
    if (answer.kind === 'stored') {
      const completion = spec.form === 'service-booking' ? { lead_status: 'Complete', form_completed: true } : {};
      track(spec.eventId, { form: spec.form, lead_id: answer.leadId, ...(spec.vehicle ? { car_id: spec.vehicle.id } : {}), ...completion });
      trackConversion({ form: spec.form, lead_id: answer.leadId, category: spec.successCategory });
      recordEnquiry({
        category: spec.successCategory,
        leadId: answer.leadId,
        at: new Date().toISOString(),
        vehicle: spec.vehicle ? { id: spec.vehicle.id, name: spec.vehicle.name, slug: spec.vehicle.slug } : null,
      });
      rememberUserDetails(fields);
      key.current = '';
      window.location.assign(successPath);
      return;
    }
    setSending(false);
    if (answer.kind === 'invalid') {
      const first = spec.steps.findIndex((_, i) => stepErrors(spec, i, answer.errors).length > 0);
      if (first >= 0) setStep(first);
      return showErrors(answer.errors);
    }
    setAlert(answer.message);
  };

  return (
    <LeadFormView
      spec={spec}
      values={values}
      checked={checked}
      errors={errors}
      alert={alert}
      enhanced={enhanced}
      step={step}
      sending={sending}
      page={page}
      appointments={appointments}
      headingLevel={headingLevel}
      before={before}
      summaryRef={summary}
      stepHeadingRef={stepHeading}
      onSubmit={onSubmit}
      onChange={(name, value) => {
        setValues((v) => ({ ...v, [name]: value }));
        // An error goes as soon as its field is corrected.
        if (errors.some((e) => e.field === name)) {
          const fixed = validateLead(spec.form, leadFields({ ...values, [name]: value, ...checked }), specRules(spec));
          if (fixed.ok || !fixed.errors.some((e) => e.field === name)) setErrors((list) => list.filter((e) => e.field !== name));
        }
      }}
      onCheck={(name, value) => {
        setChecked((c) => ({ ...c, [name]: value }));
        if (value) setErrors((list) => list.filter((e) => e.field !== name));
      }}
      onBack={() => {
        setErrors([]);
        setAlert(null);
        setStep(Math.max(0, step - 1));
        focusTarget.current = 'step';
      }}
    />
  );
}


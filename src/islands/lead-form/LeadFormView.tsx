/**
 * A lead form as markup: props in, markup out (no fetching, no stores). Rendered to static HTML
 * by the pages, where it posts as a plain form with every step shown, and by the island, which
 * adds steps, inline errors and a sending state. Labels are tied to their inputs; each error is
 * tied to its field (aria-invalid, aria-describedby) and listed in a summary that links to it.
 */
import type { FormEvent, ReactNode, Ref } from 'react';
import { ENVELOPE_FIELDS } from '../../forms/fields.ts';
import { checkFieldName, type FormFieldSpec, type FormSpec } from '../../forms/definitions.ts';
import { hiddenPrefillKeys } from '../../forms/prefill.ts';
import { FORM_ERRORS_HEADING, type FieldError } from '../../rules/forms.ts';
import type { AppointmentGroup } from '../../rules/test-drive-slots.ts';

export interface LeadFormViewProps {
  spec: FormSpec;
  values: Readonly<Record<string, string>>;
  /** Checkbox states: opt_in, terms_conditions. */
  checked: Readonly<Record<string, boolean>>;
  errors: readonly FieldError[];
  /** A message about the whole form (the server's error, or no answer). */
  alert: string | null;
  /** With JavaScript: one step at a time, errors shown here instead of by the browser. */
  enhanced: boolean;
  step: number;
  sending: boolean;
  /** Where the form was opened (sent along as `_page`). */
  page?: string;
  onChange?: (name: string, value: string) => void;
  onCheck?: (name: string, checked: boolean) => void;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  onBack?: () => void;
  summaryRef?: Ref<HTMLDivElement>;
  stepHeadingRef?: Ref<HTMLHeadingElement>;
  /** Rendered above the heading (a dialog's close button). */
  before?: ReactNode;
  /** Heading level: 2 on a page, 1 inside a dialog that names itself by it. */
  headingLevel?: 1 | 2;
  /** The location's free test-drive times, by day: the date-and-time field becomes a choice of them. */
  appointments?: readonly AppointmentGroup[] | null;
}

/** The field the test-drive times fill in. */
const APPOINTMENT_FIELD = 'preferred_date_time';
/** The choice that leaves the time to the dealer (the field is optional). */
const ANY_TIME = 'Any time (we will call to arrange)';

/** The id of a field's control; error links point at it. */
export function fieldId(formId: string, name: string): string {
  return `${formId}-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

const CONTROL = 'mt-1 block min-h-11 w-full rounded border bg-white px-3 py-2 text-slate-900';

/** A set of ticks (additional services): each posts `<option>_check=true` when ticked. */
function Checks(props: { formId: string; field: FormFieldSpec; checked: Readonly<Record<string, boolean>>; onCheck?: (name: string, checked: boolean) => void }) {
  const { formId, field, checked, onCheck } = props;
  return (
    <fieldset className="sm:col-span-2">
      <legend className="block font-semibold">{field.label}</legend>
      <div className="mt-1 grid gap-x-6 sm:grid-cols-2">
        {field.options?.map((option) => {
          const name = checkFieldName(option.value);
          const id = fieldId(formId, name);
          return (
            <label key={option.value} htmlFor={id} className="flex min-h-11 items-center gap-3">
              <input id={id} type="checkbox" name={name} value="true" className="h-5 w-5 shrink-0" checked={checked[name] ?? false} onChange={(e) => onCheck?.(name, e.currentTarget.checked)} />
              <span>{option.label}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function Field(props: {
  formId: string;
  field: FormFieldSpec;
  value: string;
  error: string | undefined;
  enhanced: boolean;
  onChange?: (name: string, value: string) => void;
  /** Grouped choices that replace a typed value (the test-drive times). */
  groups?: readonly AppointmentGroup[] | null | undefined;
}) {
  const { formId, field, value, error, enhanced, onChange, groups } = props;
  const id = fieldId(formId, field.name);
  const hintId = field.hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const border = error ? 'border-red-700' : 'border-slate-400';
  const common = {
    id,
    name: field.name,
    // Without JavaScript the browser checks these itself; with it, the form does and speaks the errors.
    required: field.required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: `${CONTROL} ${border}`,
    value,
    onChange: (e: { currentTarget: { value: string } }) => onChange?.(field.name, e.currentTarget.value),
  };
  return (
    <div className={field.kind === 'textarea' ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id} className="block font-semibold">
        {field.label}
        {field.required && (
          <span aria-hidden="true" className="text-red-700">
            {' '}*
          </span>
        )}
      </label>
      {field.kind === 'textarea' ? (
        <textarea {...common} rows={4} />
      ) : groups && groups.length > 0 ? (
        <select {...common}>
          <option value="">{ANY_TIME}</option>
          {groups.map((g) => (
            <optgroup key={g.label} label={g.label}>
              {g.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {`${g.label}, ${o.label}`}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      ) : field.kind === 'select' ? (
        <select {...common}>
          {!field.value && <option value="">Please select</option>}
          {field.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={field.kind}
          autoComplete={field.autocomplete}
          inputMode={field.inputMode}
          maxLength={field.maxLength}
          pattern={enhanced ? undefined : field.pattern}
          title={enhanced ? undefined : field.patternMessage}
        />
      )}
      {field.hint && (
        <p id={hintId} className="mt-1 text-sm text-slate-700">
          {field.hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

export function LeadFormView(props: LeadFormViewProps) {
  const { spec, values, checked, errors, alert, enhanced, step, sending, page } = props;
  const headingId = `${spec.id}-heading`;
  const Heading = props.headingLevel === 1 ? 'h1' : 'h2';
  const byField = new Map(errors.map((e) => [e.field, e.message]));
  const stepped = enhanced && spec.steps.length > 1;
  const last = !stepped || step === spec.steps.length - 1;
  const shown = stepped ? [spec.steps[step]!] : spec.steps;
  const grid = 'grid gap-4 sm:grid-cols-2';
  const fields = (s: FormSpec['steps'][number]) => (
    <div className={grid}>
      {s.fields.map((f) =>
        f.kind === 'checks' ? (
          <Checks key={f.name} formId={spec.id} field={f} checked={checked} onCheck={props.onCheck} />
        ) : (
          <Field
            key={f.name}
            formId={spec.id}
            field={f}
            value={values[f.name] ?? ''}
            error={byField.get(f.name)}
            enhanced={enhanced}
            onChange={props.onChange}
            groups={f.name === APPOINTMENT_FIELD ? props.appointments : null}
          />
        ),
      )}
    </div>
  );
  return (
    <section aria-labelledby={headingId} id={spec.id} className="scroll-mt-4">
      {props.before}
      <Heading id={headingId} className="text-2xl font-bold" tabIndex={props.headingLevel === 1 ? -1 : undefined}>
        {spec.heading}
      </Heading>
      {spec.intro && <p className="mt-2 text-slate-800">{spec.intro}</p>}
      <form method="post" action={spec.action} noValidate={enhanced} onSubmit={props.onSubmit} className="mt-4 space-y-6" aria-busy={sending || undefined}>
        <input type="hidden" name={ENVELOPE_FIELDS.site} value={spec.site} />
        <input type="hidden" name={ENVELOPE_FIELDS.form} value={spec.form} />
        {page && <input type="hidden" name={ENVELOPE_FIELDS.page} value={page} />}
        {Object.entries(spec.hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={values[name] ?? value} />
        ))}
        {/* The vehicle a form page was opened about (/book-test-drive/?car_id=...), once the island has read the address. */}
        {hiddenPrefillKeys(spec)
          .filter((name) => values[name])
          .map((name) => (
            <input key={name} type="hidden" name={name} value={values[name]} />
          ))}
        {/* People never see this field; software that fills in every field does, and is not a lead. */}
        <div className="sr-only" aria-hidden="true">
          <label htmlFor={`${spec.id}-website`}>Leave this field empty</label>
          <input id={`${spec.id}-website`} type="text" name={ENVELOPE_FIELDS.honeypot} tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        {alert && (
          <div role="alert" className="rounded border-2 border-red-700 bg-red-50 p-4 font-semibold text-red-900">
            {alert}
          </div>
        )}
        {errors.length > 0 && (
          <div ref={props.summaryRef} tabIndex={-1} role="alert" className="rounded border-2 border-red-700 bg-white p-4 text-red-900">
            <p className="font-bold">{FORM_ERRORS_HEADING}</p>
            <ul className="mt-2 list-disc pl-5">
              {errors.map((e) => (
                <li key={e.field}>
                  <a className="underline" href={`#${fieldId(spec.id, e.field)}`}>
                    {e.message}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
        <p className="text-sm text-slate-700">
          Fields marked{' '}
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
          <span className="sr-only">with an asterisk</span> are required.
        </p>
        {shown.map((s, i) =>
          s.title ? (
            <fieldset key={s.title} className="space-y-4">
              <legend className="text-lg font-bold">
                {stepped ? (
                  <span ref={props.stepHeadingRef as Ref<HTMLSpanElement>} tabIndex={-1}>
                    Step {step + 1} of {spec.steps.length}: {s.title}
                  </span>
                ) : (
                  s.title
                )}
              </legend>
              {fields(s)}
            </fieldset>
          ) : (
            <div key={i}>{fields(s)}</div>
          ),
        )}
        {last && (spec.optIn || spec.terms) && (
          <div className="space-y-3">
            {spec.optIn && (
              <label className="flex min-h-11 items-center gap-3">
                <input type="checkbox" name="opt_in" value="true" className="h-5 w-5 shrink-0" checked={checked.opt_in ?? false} onChange={(e) => props.onCheck?.('opt_in', e.currentTarget.checked)} />
                <span>Keep me up to date with offers and news</span>
              </label>
            )}
            {spec.terms && (
              <div>
                <label className="flex min-h-11 items-center gap-3">
                  <input
                    id={fieldId(spec.id, 'terms_conditions')}
                    type="checkbox"
                    name="terms_conditions"
                    value="true"
                    required
                    aria-invalid={byField.has('terms_conditions') || undefined}
                    aria-describedby={`${spec.id}-terms-notice`}
                    className="h-5 w-5 shrink-0"
                    checked={checked.terms_conditions ?? false}
                    onChange={(e) => props.onCheck?.('terms_conditions', e.currentTarget.checked)}
                  />
                  <span>
                    I agree to the{' '}
                    <a className="font-semibold text-brand underline" href={spec.terms.href}>
                      terms of use
                    </a>
                    <span aria-hidden="true" className="text-red-700">
                      {' '}*
                    </span>
                  </span>
                </label>
                <p id={`${spec.id}-terms-notice`} className={`text-sm ${byField.has('terms_conditions') ? 'font-semibold text-red-800' : 'text-slate-700'}`}>
                  {spec.terms.notice}
                </p>
              </div>
            )}
          </div>
        )}
        <div className="flex flex-wrap gap-3">
          {stepped && step > 0 && (
            <button type="button" onClick={props.onBack} className="inline-flex min-h-11 items-center rounded border border-slate-400 bg-white px-6 font-semibold text-slate-900">
              Back
            </button>
          )}
          <button type="submit" disabled={sending} className="inline-flex min-h-11 items-center rounded bg-brand px-6 font-semibold text-on-brand hover:opacity-90 disabled:opacity-60">
            {sending ? 'Sending…' : last ? spec.submitLabel : 'Next'}
          </button>
        </div>
      </form>
    </section>
  );
}

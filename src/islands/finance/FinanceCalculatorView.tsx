/**
 * The finance calculator's markup: the inputs (price, deposit, term, interest, final payment, frequency),
 * the repayment with its total and comparison rates, the listed fees and the disclaimer. A pure view: props
 * in, markup out. The build renders it with the vehicle's advertised figures, so without JavaScript it shows
 * the figure and everything it is worked out on.
 */
import type { ChangeEvent } from 'react';
import type { ComparisonRange } from '../../rules/finance-calculator.ts';
import type { FinanceSlider, RangeSlider } from '../../rules/finance-sliders.ts';
import type { FinanceFrequency } from '../../schemas/finance.ts';

export interface FinanceCalculatorViewProps {
  /** Prefix of the element ids (one calculator per page, but ids must not clash with the page's). */
  idPrefix: string;
  providerName: string;
  /** What the shopper sees in the money inputs: '$24,990'. */
  text: { amount: string; deposit: string; balloon: string };
  amount: number;
  term: number;
  interest: number;
  frequency: FinanceFrequency;
  sliders: { amount: RangeSlider; term: FinanceSlider; interest: RangeSlider };
  frequencies: FinanceFrequency[];
  /** '$151 /wk*' or 'Enquire for Finance'. */
  paymentText: string;
  /** '$47,116', or '' when there is no figure. */
  totalText: string;
  comparisonRateText: string;
  comparisonRange: ComparisonRange;
  fees: Array<{ label: string; amount: string }>;
  disclaimer: { text: string; showToggle: boolean; expanded: boolean };
  onMoney(field: 'amount' | 'deposit' | 'balloon', text: string): void;
  onAmountSlider(value: number): void;
  onTerm(years: number): void;
  onInterest(rate: number): void;
  onFrequency(frequency: FinanceFrequency): void;
  onToggleDisclaimer(): void;
}

const LABEL = 'block text-sm font-semibold text-slate-800';
const INPUT = 'mt-1 min-h-11 w-full rounded border border-slate-400 bg-white px-3 tabular-nums';
const SLIDER = 'mt-2 h-11 w-full cursor-pointer accent-brand disabled:cursor-not-allowed';

function yearsText(years: number): string {
  return `${years} ${years === 1 ? 'year' : 'years'}`;
}

function MoneyInput({ id, label, value, onChange, hint }: { id: string; label: string; value: string; onChange(text: string): void; hint?: string }) {
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className={INPUT}
        value={value}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-700">
          {hint}
        </p>
      )}
    </div>
  );
}

export function FinanceCalculatorView(props: FinanceCalculatorViewProps) {
  const { idPrefix: id, sliders } = props;
  const term = sliders.term;
  const termIndex = term.kind === 'list' ? Math.max(0, term.values.indexOf(props.term)) : 0;
  return (
    <div className="grid gap-6 rounded-lg border border-slate-200 p-4 sm:p-6 md:grid-cols-[minmax(0,1fr)_17rem]">
      <div className="space-y-5">
        {props.frequencies.length > 1 ? (
          <fieldset>
            <legend className={LABEL}>Repayments</legend>
            <div className="mt-1 flex flex-wrap gap-2">
              {props.frequencies.map((f) => (
                <label key={f.value} className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded border border-slate-300 px-3 has-[:checked]:border-brand has-[:checked]:bg-brand has-[:checked]:text-on-brand has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2">
                  <input type="radio" className="sr-only" name={`${id}-frequency`} value={f.value} checked={f.value === props.frequency.value} onChange={() => props.onFrequency(f)} />
                  {f.name}
                </label>
              ))}
            </div>
          </fieldset>
        ) : (
          <p className={LABEL}>{props.frequency.name} repayments</p>
        )}

        <div>
          <MoneyInput id={`${id}-amount`} label="Vehicle price" value={props.text.amount} onChange={(t) => props.onMoney('amount', t)} />
          <input
            type="range"
            className={SLIDER}
            aria-label="Vehicle price slider"
            aria-valuetext={props.text.amount}
            min={sliders.amount.min}
            max={sliders.amount.max}
            step={sliders.amount.step}
            value={Math.min(sliders.amount.max, Math.max(sliders.amount.min, props.amount))}
            onChange={(e) => props.onAmountSlider(Number(e.target.value))}
          />
        </div>

        <MoneyInput id={`${id}-deposit`} label="Deposit or trade-in" value={props.text.deposit} onChange={(t) => props.onMoney('deposit', t)} />

        <div>
          <label htmlFor={`${id}-term`} className={LABEL}>
            Loan term: <span className="font-normal">{yearsText(props.term)}</span>
          </label>
          {term.kind === 'list' ? (
            <input
              id={`${id}-term`}
              type="range"
              className={SLIDER}
              aria-valuetext={yearsText(props.term)}
              min={0}
              max={term.values.length - 1}
              step={1}
              value={termIndex}
              onChange={(e) => props.onTerm(term.values[Number(e.target.value)]!)}
            />
          ) : (
            <input
              id={`${id}-term`}
              type="range"
              className={SLIDER}
              aria-valuetext={yearsText(props.term)}
              min={term.min}
              max={term.max}
              step={term.step}
              value={props.term}
              onChange={(e) => props.onTerm(Number(e.target.value))}
            />
          )}
        </div>

        <div>
          <label htmlFor={`${id}-interest`} className={LABEL}>
            Interest rate: <span className="font-normal">{props.interest}% p.a.</span>
          </label>
          <input
            id={`${id}-interest`}
            type="range"
            className={SLIDER}
            aria-valuetext={`${props.interest}% per year`}
            min={sliders.interest.min}
            max={sliders.interest.max}
            step={sliders.interest.step}
            value={props.interest}
            disabled={sliders.interest.disabled}
            aria-describedby={sliders.interest.disabled ? `${id}-interest-fixed` : undefined}
            onChange={(e) => props.onInterest(Number(e.target.value))}
          />
          {sliders.interest.disabled && (
            <p id={`${id}-interest-fixed`} className="mt-1 text-xs text-slate-700">
              The rate is set by {props.providerName}.
            </p>
          )}
        </div>

        <MoneyInput id={`${id}-balloon`} label="Final (balloon) payment" value={props.text.balloon} onChange={(t) => props.onMoney('balloon', t)} />
      </div>

      <div className="self-start rounded-lg bg-slate-50 p-4 md:sticky md:top-4">
        <p className="text-sm text-slate-700">Estimated repayment with {props.providerName}</p>
        <p className="mt-1 text-3xl font-bold tabular-nums" aria-live="polite" data-finance-payment>
          {props.paymentText}
        </p>
        {props.totalText && (
          <p className="mt-1 text-sm text-slate-700">
            Total of repayments and fees <span className="font-semibold text-slate-900">{props.totalText}</span>
          </p>
        )}
        {props.comparisonRateText && <p className="mt-3 text-sm">Comparison rate {props.comparisonRateText}*</p>}
        {props.comparisonRange.min && props.comparisonRange.max && (
          <p className="mt-1 text-sm text-slate-700">
            Comparison rates from {props.comparisonRange.min} to {props.comparisonRange.max}*
          </p>
        )}
        {props.fees.length > 0 && (
          <div className="mt-3">
            <p className="text-sm font-semibold">Fees</p>
            <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
              {props.fees.map((fee) => (
                <li key={fee.label} className="flex justify-between gap-3">
                  <span>{fee.label}</span>
                  <span className="tabular-nums">{fee.amount}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>

      <div className="md:col-span-2">
        <p id="finance-disclaimer" className="text-xs leading-relaxed text-slate-700" data-finance-disclaimer>
          {props.disclaimer.text}
        </p>
        {props.disclaimer.showToggle && (
          <button type="button" className="mt-1 min-h-11 text-sm font-semibold underline" aria-expanded={props.disclaimer.expanded} aria-controls="finance-disclaimer" onClick={props.onToggleDisclaimer}>
            {props.disclaimer.expanded ? 'Show less' : 'Show more'}
          </button>
        )}
      </div>
    </div>
  );
}

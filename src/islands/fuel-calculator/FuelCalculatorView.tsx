/**
 * The fuel calculator's markup: three inputs (fuel price, distance, consumption) and the estimate.
 * Props in, markup out; the connected part keeps what was typed and works the estimate out.
 */

/** The calculator's inputs, as typed. */
export interface FuelInputs {
  pricePerLitre: string;
  kmPerWeek: string;
  litresPer100km: string;
}

export interface FuelCalculatorViewProps {
  inputs: FuelInputs;
  /** '$42.50', or null when an input cannot be read. */
  weeklyText: string | null;
  /** '$2,210', or null. */
  yearlyText: string | null;
  onInput?: (field: keyof FuelInputs, value: string) => void;
}

const FIELDS: Array<{ name: keyof FuelInputs; label: string; hint: string }> = [
  { name: 'pricePerLitre', label: 'Fuel price', hint: '$ per litre' },
  { name: 'kmPerWeek', label: 'Distance', hint: 'km per week' },
  { name: 'litresPer100km', label: 'Fuel use', hint: 'L/100km' },
];

export function FuelCalculatorView({ inputs, weeklyText, yearlyText, onInput }: FuelCalculatorViewProps) {
  return (
    <form className="grid gap-4 sm:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" data-fuel-calculator onSubmit={(event) => event.preventDefault()}>
      <div className="grid gap-3 sm:grid-cols-3">
        {FIELDS.map((field) => (
          <label key={field.name} className="flex flex-col justify-between gap-1 text-sm font-semibold">
            <span>
              {field.label} <span className="font-normal text-slate-700">({field.hint})</span>
            </span>
            <input
              type="text"
              inputMode="decimal"
              autoComplete="off"
              name={field.name}
              value={inputs[field.name]}
              onChange={(event) => onInput?.(field.name, event.currentTarget.value)}
              className="min-h-11 rounded border border-slate-400 px-3 text-base font-normal"
            />
          </label>
        ))}
      </div>
      <div className="rounded bg-slate-100 p-4" aria-live="polite" data-fuel-result>
        {weeklyText ? (
          <>
            <p>
              <span className="text-2xl font-bold" data-fuel-weekly>{weeklyText}</span> <span className="text-slate-700">a week, estimated</span>
            </p>
            {yearlyText && <p className="mt-1 text-sm text-slate-700">About {yearlyText} a year</p>}
          </>
        ) : (
          <p className="text-slate-800">Enter a number in each box to see the estimate.</p>
        )}
      </div>
    </form>
  );
}

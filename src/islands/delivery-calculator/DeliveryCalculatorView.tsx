/**
 * The delivery calculator's markup: a postcode box, the answer (a price and region, or one of the
 * spec's two messages) and the site's delivery prices by region, which read without the script.
 * Props in, markup out; the connected part answers from the table.
 */
import type { FormEvent } from 'react';

/** What the calculator shows under the box after a look-up. */
export type DeliveryShown =
  | { kind: 'estimate'; priceText: string; region: string | null }
  | { kind: 'empty' | 'no-estimate'; message: string };

export interface DeliveryCalculatorViewProps {
  postcode: string;
  answer: DeliveryShown | null;
  /** The regions as listed under the calculator. */
  rows: ReadonlyArray<{ name: string; priceText: string; postcodesText: string }>;
  onPostcode?: (value: string) => void;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}

export function DeliveryCalculatorView({ postcode, answer, rows, onPostcode, onSubmit }: DeliveryCalculatorViewProps) {
  return (
    <div data-delivery-calculator>
      <form className="flex flex-wrap items-end gap-3" onSubmit={onSubmit} noValidate>
        <label className="flex flex-col text-sm font-semibold">
          Your postcode
          <input
            type="text"
            name="postcode"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={4}
            value={postcode}
            onChange={(event) => onPostcode?.(event.currentTarget.value)}
            aria-describedby="delivery-answer"
            className="mt-1 min-h-11 w-32 rounded border border-slate-400 px-3 text-base font-normal"
          />
        </label>
        <button type="submit" className="inline-flex min-h-11 items-center rounded bg-brand px-5 font-semibold text-on-brand">
          Get estimate
        </button>
      </form>
      <div id="delivery-answer" className="mt-3 min-h-6" aria-live="polite" data-delivery-answer>
        {answer?.kind === 'estimate' && (
          <p>
            Estimated delivery{answer.region && <> to <strong>{answer.region}</strong></>}: <strong className="text-lg">{answer.priceText}</strong>
          </p>
        )}
        {answer && answer.kind !== 'estimate' && <p className="font-semibold text-red-800">{answer.message}</p>}
      </div>
      <details className="mt-4 text-sm">
        <summary className="cursor-pointer font-semibold text-brand underline">Delivery prices by region</summary>
        <table className="mt-2 w-full border-collapse text-left">
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-1 pr-3">Region</th>
              <th scope="col" className="py-1 pr-3">Price</th>
              <th scope="col" className="py-1">Postcodes</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.name} className="border-b border-slate-200 align-top">
                <th scope="row" className="py-1 pr-3 font-normal">{row.name}</th>
                <td className="py-1 pr-3">{row.priceText}</td>
                <td className="py-1">{row.postcodesText}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}

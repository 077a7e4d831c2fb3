// The EV comparison, a pure view: a model picker, the car in the chosen colour and the colour swatches on
// each side, then the Dimensions, Performance and Features tables for the pair. Server-rendered with the
// default pair, so the page reads the same before and after it hydrates.
import type { CompareSide, CompareState } from '../../rules/ev-compare.ts';
import { compareSections, type CompareColour, type CompareVariant } from '../../views/ev-compare.ts';

export interface EvCompareViewProps {
  variants: readonly CompareVariant[];
  state: CompareState;
  onVariant?: (side: keyof CompareState, variantId: string) => void;
  onColour?: (side: keyof CompareState, index: number) => void;
}

const SIDE_LABEL: Record<keyof CompareState, string> = { left: 'Left model', right: 'Right model' };

function CarImage({ variant, colour }: { variant: CompareVariant; colour: CompareColour | undefined }) {
  const alt = colour ? `${variant.name} in ${colour.name}` : variant.name;
  const picture = colour?.picture;
  if (!picture) {
    // No photo: the paint colour itself, at the photo's proportions so nothing moves when one arrives.
    return (
      <svg viewBox="0 0 600 400" role="img" aria-label={alt} className="h-auto w-full rounded bg-slate-100" data-compare-image="">
        <rect x="60" y="150" width="480" height="140" rx="60" fill={colour?.hex ?? '#cbd5e1'} className="stroke-slate-500" strokeWidth="2" />
      </svg>
    );
  }
  return (
    <picture key={picture.src}>
      {picture.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcset} />
      ))}
      <img src={picture.src} alt={alt} width={picture.width} height={picture.height} loading="lazy" decoding="async" className="h-auto w-full rounded bg-slate-100" data-compare-image="" />
    </picture>
  );
}

function Side({ side, variants, selection, onVariant, onColour }: { side: keyof CompareState; variants: readonly CompareVariant[]; selection: CompareSide } & Pick<EvCompareViewProps, 'onVariant' | 'onColour'>) {
  const variant = variants.find((v) => v.id === selection.variantId) ?? variants[0]!;
  const colour = variant.colours[selection.colourIndex];
  const models = [...new Set(variants.map((v) => v.model))];
  const pickerId = `compare-${side}-model`;
  return (
    <div className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 p-3 sm:p-4" data-compare-side={side}>
      <div>
        <label htmlFor={pickerId} className="block text-sm font-semibold text-slate-700">
          {SIDE_LABEL[side]}
        </label>
        <select
          id={pickerId}
          value={variant.id}
          onChange={(e) => onVariant?.(side, e.currentTarget.value)}
          className="mt-1 min-h-11 w-full rounded border border-slate-400 bg-white px-1 text-sm font-semibold sm:px-2 sm:text-base"
        >
          {models.map((model) => (
            <optgroup key={model} label={model}>
              {variants
                .filter((v) => v.model === model)
                .map((v) => (
                  <option key={v.id} value={v.id}>
                    {v.name}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </div>
      <CarImage variant={variant} colour={colour} />
      {variant.colours.length > 0 && (
        <fieldset>
          <legend className="text-sm text-slate-700">
            Colour: <span className="font-semibold text-slate-900" data-compare-colour-name="">{colour?.name}</span>
          </legend>
          <div className="mt-2 flex flex-wrap gap-1 sm:gap-2">
            {variant.colours.map((c, i) => (
              <label key={`${variant.id}-${c.name}`} title={c.name} className="relative inline-flex h-11 w-11 cursor-pointer items-center justify-center">
                <input
                  type="radio"
                  name={`compare-${side}-colour`}
                  value={String(i)}
                  checked={i === selection.colourIndex}
                  onChange={() => onColour?.(side, i)}
                  className="peer absolute inset-0 m-0 h-full w-full cursor-pointer appearance-none rounded-full opacity-0"
                />
                <span className="sr-only">{c.name}</span>
                <svg viewBox="0 0 24 24" aria-hidden="true" className="pointer-events-none h-9 w-9 rounded-full ring-offset-2 peer-checked:ring-2 peer-checked:ring-slate-900 peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-blue-700">
                  <circle cx="12" cy="12" r="11" fill={c.hex ?? '#e2e8f0'} className="stroke-slate-500" strokeWidth="1" />
                </svg>
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </div>
  );
}

export function EvCompareView({ variants, state, onVariant, onColour }: EvCompareViewProps) {
  const find = (id: string) => variants.find((v) => v.id === id) ?? variants[0]!;
  const left = find(state.left.variantId);
  const right = find(state.right.variantId);
  const sections = compareSections(left, right);
  const colourName = (v: CompareVariant, i: number) => v.colours[i]?.name;
  const described = (v: CompareVariant, i: number) => (colourName(v, i) ? `${v.name} in ${colourName(v, i)}` : v.name);
  return (
    <div>
      <p className="sr-only" aria-live="polite">
        Comparing {described(left, state.left.colourIndex)} with {described(right, state.right.colourIndex)}.
      </p>
      <div className="grid grid-cols-2 gap-3 sm:gap-4">
        <Side side="left" variants={variants} selection={state.left} onVariant={onVariant} onColour={onColour} />
        <Side side="right" variants={variants} selection={state.right} onVariant={onVariant} onColour={onColour} />
      </div>
      {sections.map((section) => {
        const id = `compare-${section.title.toLowerCase()}`;
        return (
          <section key={section.title} aria-labelledby={id} className="mt-8">
            <h2 id={id} className="text-2xl font-bold">
              {section.title}
            </h2>
            <table className="mt-3 w-full table-fixed text-left text-sm sm:text-base" data-compare-table={section.title}>
              <thead className="text-sm text-slate-700">
                <tr>
                  <th scope="col" className="w-1/3 py-2 pr-3">
                    <span className="sr-only">{section.title}</span>
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {left.name}
                  </th>
                  <th scope="col" className="py-2">
                    {right.name}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {section.rows.map((row) => (
                  <tr key={row.label}>
                    <th scope="row" className="py-2 pr-3 font-semibold">
                      {row.label}
                    </th>
                    <td className="break-words py-2 pr-3">{row.left}</td>
                    <td className="break-words py-2">{row.right}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        );
      })}
    </div>
  );
}

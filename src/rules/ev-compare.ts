/**
 * The electric microsite comparison (spec sections 4 and 9): colours per variant, the left/right
 * selection with colour indexes, and the dealership dropdown's single-option auto-selection.
 */
import type { Colour, EvModelVariant } from '../schemas/ev-model.ts';

/** Colours shown per variant, at most. */
export const MAX_COLOURS_PER_VARIANT = 6;

/** Default comparison: IM5 Performance on the left, IM5 Premium on the right. */
export const DEFAULT_LEFT_VARIANT = 'im5-performance';
export const DEFAULT_RIGHT_VARIANT = 'im5-premium';

const key = (text: string) => text.trim().toLowerCase();

/**
 * The colours of a variant: colours whose `model_variant.name` is the variant's name, unique by
 * colour name (first kept; names compared ignoring case and surrounding spaces), at most 6, in
 * the given order.
 */
export function variantColours<C extends Pick<Colour, 'name' | 'model_variant'>>(
  colours: readonly C[],
  variant: Pick<EvModelVariant, 'name'>,
): C[] {
  const seen = new Set<string>();
  const result: C[] = [];
  for (const colour of colours) {
    if (result.length === MAX_COLOURS_PER_VARIANT) break;
    const variantName = colour.model_variant?.name;
    if (!variantName || key(variantName) !== key(variant.name) || seen.has(key(colour.name))) continue;
    seen.add(key(colour.name));
    result.push(colour);
  }
  return result;
}

/** One side of the comparison: the variant shown and the index of its selected colour. */
export interface CompareSide {
  variantId: string;
  colourIndex: number;
}

export interface CompareState {
  left: CompareSide;
  right: CompareSide;
}

/**
 * The comparison's starting state: 'im5-performance' left and 'im5-premium' right, first colour
 * on both. When a default variant is missing from `variants`, that side takes the first variant
 * not already on the other side.
 */
export function initialCompareState(variants: ReadonlyArray<Pick<EvModelVariant, 'id'>>): CompareState {
  const ids = variants.map((variant) => variant.id);
  if (ids.length === 0) throw new Error('The comparison needs at least one variant in ev-models.yaml');
  const pick = (preferred: string, avoid?: string) =>
    ids.includes(preferred) ? preferred : (ids.find((id) => id !== avoid) ?? ids[0]!);
  const left = pick(DEFAULT_LEFT_VARIANT, ids.includes(DEFAULT_RIGHT_VARIANT) ? DEFAULT_RIGHT_VARIANT : undefined);
  const right = pick(DEFAULT_RIGHT_VARIANT, left);
  return { left: { variantId: left, colourIndex: 0 }, right: { variantId: right, colourIndex: 0 } };
}

/** A side showing another variant: its colour index goes back to the first colour; the same variant keeps it. */
export function selectVariant(state: CompareState, side: keyof CompareState, variantId: string): CompareState {
  const current = state[side];
  if (current.variantId === variantId) return state;
  return { ...state, [side]: { variantId, colourIndex: 0 } };
}

/** A side's colour index set to `index`, held within the variant's `colourCount` colours. */
export function selectColour(state: CompareState, side: keyof CompareState, index: number, colourCount: number): CompareState {
  const colourIndex = Math.min(Math.max(0, Math.trunc(index)), Math.max(0, colourCount - 1));
  return { ...state, [side]: { ...state[side], colourIndex } };
}

/** A dealership dropdown's selection and whether it has already been filled in for the shopper. */
export interface DealershipChoice {
  selected: string | null;
  autoSelected: boolean;
}

/**
 * A single available dealership is selected automatically, once: when exactly one option is
 * available, nothing is selected and no automatic selection has happened yet. After that the
 * shopper's choice (even clearing it) stands.
 */
export function autoSelectDealership(options: readonly string[], choice: DealershipChoice): DealershipChoice {
  if (choice.autoSelected || choice.selected !== null || options.length !== 1) return choice;
  return { selected: options[0]!, autoSelected: true };
}

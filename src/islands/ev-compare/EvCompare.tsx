// The EV comparison island, connected part: holds the left/right selection and applies the comparison
// rule's transitions (another model on a side goes back to its first colour; a colour index stays within
// the variant's colours). The page renders the same view with the default pair before it hydrates.
import { useState } from 'react';
import { selectColour, selectVariant, type CompareState } from '../../rules/ev-compare.ts';
import type { EvCompareProps } from '../../views/ev-compare.ts';
import { EvCompareView } from './EvCompareView.tsx';

export default function EvCompare({ variants, initial }: EvCompareProps) {
  const [state, setState] = useState<CompareState>(initial);
  const colourCount = (side: keyof CompareState, current: CompareState) => variants.find((v) => v.id === current[side].variantId)?.colours.length ?? 0;
  return (
    <EvCompareView
      variants={variants}
      state={state}
      onVariant={(side, variantId) => setState((s) => selectVariant(s, side, variantId))}
      onColour={(side, index) => setState((s) => selectColour(s, side, index, colourCount(side, s)))}
    />
  );
}

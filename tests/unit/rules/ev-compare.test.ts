import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  autoSelectDealership,
  initialCompareState,
  selectColour,
  selectVariant,
  variantColours,
} from '../../../src/rules/ev-compare.ts';
import { EvContentSchema } from '../../../src/schemas/content.ts';

const colour = (id: number, name: string, variant = 'IM5 Performance') => ({ id, name, model_variant: { id: 53, name: variant } });
const performance = { name: 'IM5 Performance' };

describe('colours per variant', () => {
  it('keeps at most 6 unique colours', () => {
    const colours = Array.from({ length: 8 }, (_, i) => colour(i + 1, `Colour ${i + 1}`));
    expect(variantColours(colours, performance).map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(variantColours(colours.slice(0, 6), performance)).toHaveLength(6);
    expect(variantColours(colours.slice(0, 5), performance)).toHaveLength(5);
  });

  it('keeps the first of colours with the same name and counts it once', () => {
    const colours = [
      colour(1, 'Glacier White'),
      colour(2, 'glacier white '),
      colour(3, 'Obsidian Black'),
      ...Array.from({ length: 5 }, (_, i) => colour(10 + i, `Colour ${i}`)),
    ];
    const result = variantColours(colours, performance);
    expect(result.map((c) => c.id)).toEqual([1, 3, 10, 11, 12, 13]);
  });

  it("takes only the variant's own colours", () => {
    const colours = [colour(1, 'Glacier White', 'IM5 Premium'), colour(2, 'Lunar Grey'), { id: 3, name: 'Loose', model_variant: null }];
    expect(variantColours(colours, performance).map((c) => c.id)).toEqual([2]);
  });

  it("caps the sample microsite's im5-performance (seven colours) at 6", () => {
    const content = EvContentSchema.parse(parse(readFileSync('content/bayside-mg/ev-models.yaml', 'utf8')));
    const variant = content.variants.find((v) => v.id === 'im5-performance')!;
    expect(content.colours.filter((c) => c.model_variant?.name === variant.name)).toHaveLength(7);
    expect(variantColours(content.colours, variant)).toHaveLength(6);
  });
});

describe('comparison state', () => {
  const variants = ['im5-premium', 'im5-long-range', 'im5-performance', 'im6-premium'].map((id) => ({ id }));

  it('starts with im5-performance left and im5-premium right on the first colour', () => {
    expect(initialCompareState(variants)).toEqual({
      left: { variantId: 'im5-performance', colourIndex: 0 },
      right: { variantId: 'im5-premium', colourIndex: 0 },
    });
  });

  it('falls back to other variants when a default is missing, never the same on both sides', () => {
    expect(initialCompareState([{ id: 'im6-premium' }, { id: 'im5-premium' }])).toEqual({
      left: { variantId: 'im6-premium', colourIndex: 0 },
      right: { variantId: 'im5-premium', colourIndex: 0 },
    });
    expect(initialCompareState([{ id: 'im5-performance' }, { id: 'im6-premium' }]).right.variantId).toBe('im6-premium');
    expect(() => initialCompareState([])).toThrow(/at least one variant/);
  });

  it('resets the colour index to 0 when the variant changes', () => {
    let state = initialCompareState(variants);
    state = selectColour(state, 'left', 3, 6);
    state = selectColour(state, 'right', 2, 6);
    expect(state.left.colourIndex).toBe(3);
    state = selectVariant(state, 'left', 'im6-premium');
    expect(state.left).toEqual({ variantId: 'im6-premium', colourIndex: 0 });
    expect(state.right).toEqual({ variantId: 'im5-premium', colourIndex: 2 });
  });

  it('keeps the colour index when the same variant is chosen again', () => {
    const state = selectColour(initialCompareState(variants), 'left', 4, 6);
    expect(selectVariant(state, 'left', 'im5-performance').left.colourIndex).toBe(4);
  });

  it('holds the colour index within the available colours', () => {
    const state = initialCompareState(variants);
    expect(selectColour(state, 'left', 9, 6).left.colourIndex).toBe(5);
    expect(selectColour(state, 'left', -1, 6).left.colourIndex).toBe(0);
    expect(selectColour(state, 'left', 2, 0).left.colourIndex).toBe(0);
  });
});

describe('dealership dropdown', () => {
  const none = { selected: null, autoSelected: false };

  it('selects a single available dealership', () => {
    expect(autoSelectDealership(['bayside-mg'], none)).toEqual({ selected: 'bayside-mg', autoSelected: true });
  });

  it('leaves the choice to the shopper when there are several or none', () => {
    expect(autoSelectDealership(['bayside-mg', 'bayside-mg-cleveland'], none)).toEqual(none);
    expect(autoSelectDealership([], none)).toEqual(none);
  });

  it('selects only once: a cleared choice stays cleared', () => {
    const cleared = { selected: null, autoSelected: true };
    expect(autoSelectDealership(['bayside-mg'], cleared)).toEqual(cleared);
  });

  it('does not override a choice already made', () => {
    const chosen = { selected: 'other', autoSelected: false };
    expect(autoSelectDealership(['bayside-mg'], chosen)).toEqual(chosen);
  });
});

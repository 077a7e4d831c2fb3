/**
 * A price range for React InstantSearch that filters only by what the shopper chose. InstantSearch's own
 * range widget clamps a choice to the current results' bounds and, given fixed bounds, filters every
 * search to them; a shopper's "up to $70,000" must stay exactly that. The range lives in the UI state as
 * `range.price = 'min:max'` (either end may be empty), which the routing module writes as `range[price]`.
 */
import { useConnector } from 'react-instantsearch';

export interface PriceRangeRenderState {
  /** The chosen bounds; undefined where open. */
  min: number | undefined;
  max: number | undefined;
  refine(min: number | undefined, max: number | undefined): void;
}

interface Params {
  attribute: string;
}

type Helper = {
  state: SearchParametersLike;
  setState(state: SearchParametersLike): Helper;
  search(): void;
};

interface SearchParametersLike {
  getNumericRefinement(attribute: string, operator: '>=' | '<='): number[] | undefined;
  removeNumericRefinement(attribute: string): SearchParametersLike;
  addNumericRefinement(attribute: string, operator: '>=' | '<=', value: number): SearchParametersLike;
  resetPage(): SearchParametersLike;
}

const bound = (values: number[] | undefined) => (values && values.length > 0 && Number.isFinite(values[0]) ? values[0] : undefined);

function withRange(state: SearchParametersLike, attribute: string, min: number | undefined, max: number | undefined): SearchParametersLike {
  let next = state.removeNumericRefinement(attribute);
  if (min !== undefined) next = next.addNumericRefinement(attribute, '>=', min);
  if (max !== undefined) next = next.addNumericRefinement(attribute, '<=', max);
  return next;
}

/** The connector: the render state, the UI state and the search parameters of one attribute's range. */
export function connectChosenRange(render: (state: PriceRangeRenderState & { widgetParams: Params; instantSearchInstance: unknown }, isFirst: boolean) => void, unmount: () => void = () => {}) {
  return (widgetParams: Params) => {
    const { attribute } = widgetParams;
    let refine: PriceRangeRenderState['refine'] = () => {};
    const widget = {
      $$type: 'dealer.chosenRange',
      init(options: { helper: Helper; state: SearchParametersLike; instantSearchInstance: unknown }) {
        render({ ...widget.getWidgetRenderState(options), instantSearchInstance: options.instantSearchInstance, widgetParams }, true);
      },
      render(options: { helper: Helper; state: SearchParametersLike; instantSearchInstance: unknown }) {
        render({ ...widget.getWidgetRenderState(options), instantSearchInstance: options.instantSearchInstance, widgetParams }, false);
      },
      dispose({ state }: { state: SearchParametersLike }) {
        unmount();
        return state.removeNumericRefinement(attribute);
      },
      getWidgetRenderState({ helper, state }: { helper: Helper; state: SearchParametersLike }) {
        refine = (min, max) => {
          helper.setState(withRange(helper.state, attribute, min, max).resetPage()).search();
        };
        return { min: bound(state.getNumericRefinement(attribute, '>=')), max: bound(state.getNumericRefinement(attribute, '<=')), refine: (min: number | undefined, max: number | undefined) => refine(min, max), widgetParams };
      },
      getRenderState(renderState: Record<string, unknown>, options: { helper: Helper; state: SearchParametersLike }) {
        return { ...renderState, chosenRange: { ...((renderState.chosenRange as object) ?? {}), [attribute]: widget.getWidgetRenderState(options) } };
      },
      getWidgetUiState(uiState: { range?: Record<string, string> }, { searchParameters }: { searchParameters: SearchParametersLike }) {
        const min = bound(searchParameters.getNumericRefinement(attribute, '>='));
        const max = bound(searchParameters.getNumericRefinement(attribute, '<='));
        const { [attribute]: _previous, ...others } = uiState.range ?? {};
        const next = { ...uiState, range: min === undefined && max === undefined ? others : { ...others, [attribute]: `${min ?? ''}:${max ?? ''}` } };
        if (Object.keys(next.range).length === 0) delete (next as { range?: unknown }).range;
        return next;
      },
      getWidgetSearchParameters(searchParameters: SearchParametersLike, { uiState }: { uiState: { range?: Record<string, string> } }) {
        const text = uiState.range?.[attribute];
        if (!text) return searchParameters.removeNumericRefinement(attribute);
        const [lo, hi] = text.split(':');
        const min = lo ? Number(lo) : undefined;
        const max = hi ? Number(hi) : undefined;
        return withRange(searchParameters, attribute, Number.isFinite(min) ? min : undefined, Number.isFinite(max) ? max : undefined);
      },
    };
    return widget;
  };
}

/** The chosen range of one numeric attribute, and a way to change it. */
export function useChosenRange(params: Params): PriceRangeRenderState {
  return useConnector(connectChosenRange as never, params as never) as unknown as PriceRangeRenderState;
}

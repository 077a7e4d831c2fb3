/**
 * The stock search's refinement lists as one InstantSearch widget. Each list is InstantSearch's own
 * (`connectRefinementList`): its items, refine, show more and its part of the UI state are the library's.
 * They mount together because InstantSearch works out the search parameters of every widget of the index
 * again each time one more mounts: in the browser, eighteen lists mounted one at a time made the island's
 * first commit a pass over all the widgets for each list, in one task on the shopper's phone.
 */
import connectRefinementList, { type RefinementListConnectorParams, type RefinementListRenderState } from 'instantsearch.js/es/connectors/refinement-list/connectRefinementList.js';
import { useConnector } from 'react-instantsearch';

export type { RefinementListConnectorParams, RefinementListRenderState };

export interface RefinementPanelsParams {
  /** One list per panel, in the order they mount (the order of their facets in the search). */
  lists: RefinementListConnectorParams[];
}

export interface RefinementPanelsRenderState {
  /** Each list's render state, by attribute. */
  lists: Record<string, RefinementListRenderState>;
}

/** What InstantSearch hands a widget at each step of its life; the lists read it as they always do. */
type LifecycleOptions = { instantSearchInstance: unknown; state: unknown } & Record<string, unknown>;

/** The part of a refinement list widget the panels drive: each step is the list's own. */
interface ListWidget {
  getWidgetRenderState(options: LifecycleOptions): RefinementListRenderState;
  getRenderState(renderState: Record<string, unknown>, options: LifecycleOptions): Record<string, unknown>;
  getWidgetUiState(uiState: Record<string, unknown>, options: LifecycleOptions): Record<string, unknown>;
  getWidgetSearchParameters(parameters: unknown, options: LifecycleOptions): unknown;
  dispose(options: LifecycleOptions): unknown;
}

type Render = (state: RefinementPanelsRenderState & { widgetParams: RefinementPanelsParams; instantSearchInstance: unknown }, isFirst: boolean) => void;

/** The connector: a widget whose every step is that of each of its lists, in order. */
export function connectRefinementPanels(render: Render, unmount: () => void = () => {}) {
  return (widgetParams: RefinementPanelsParams) => {
    // The options of the last render with results: a list renders itself again when a shopper shows more of
    // it, and the panels then render again with it.
    let last: LifecycleOptions | undefined;
    const renderAgain = (_state: unknown, isFirst: boolean) => {
      if (!isFirst && last) render({ ...widget.getWidgetRenderState(last), instantSearchInstance: last.instantSearchInstance }, false);
    };
    const lists = widgetParams.lists.map((params) => connectRefinementList(renderAgain)(params) as unknown as ListWidget);
    const widget = {
      $$type: 'dealer.refinementPanels',
      init(options: LifecycleOptions) {
        render({ ...widget.getWidgetRenderState(options), instantSearchInstance: options.instantSearchInstance }, true);
      },
      render(options: LifecycleOptions) {
        render({ ...widget.getWidgetRenderState(options), instantSearchInstance: options.instantSearchInstance }, false);
      },
      dispose(options: LifecycleOptions) {
        const state = lists.reduce((state, list) => list.dispose({ ...options, state }), options.state);
        unmount();
        return state;
      },
      getWidgetRenderState(options: LifecycleOptions) {
        // Options without results (before the first search) would render the lists empty.
        if (options.results) last = options;
        const states: Record<string, RefinementListRenderState> = {};
        lists.forEach((list, i) => (states[widgetParams.lists[i]!.attribute] = list.getWidgetRenderState(options)));
        return { lists: states, widgetParams };
      },
      getRenderState(renderState: Record<string, unknown>, options: LifecycleOptions) {
        return lists.reduce((state, list) => list.getRenderState(state, options), renderState);
      },
      getWidgetUiState(uiState: Record<string, unknown>, options: LifecycleOptions) {
        return lists.reduce((state, list) => list.getWidgetUiState(state, options), uiState);
      },
      getWidgetSearchParameters(parameters: unknown, options: LifecycleOptions) {
        return lists.reduce((state, list) => list.getWidgetSearchParameters(state, options), parameters);
      },
    };
    return widget;
  };
}

/**
 * The render state of every list in `params`. `params` must be the same object for the island's life:
 * new options (a new sort function, say) would mount the lists again.
 */
export function useRefinementPanels(params: RefinementPanelsParams): RefinementPanelsRenderState {
  return useConnector(connectRefinementPanels as never, params as never) as unknown as RefinementPanelsRenderState;
}

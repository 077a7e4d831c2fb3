/**
 * The stock search island: React InstantSearch over the site's search client, with the URL kept by the
 * routing module. The build renders it with the landing page's first results (`serverState`), so the HTML
 * is the finished page; in the browser it takes over that HTML without changing it and searches only once
 * the shopper refines. The index loads after the page has painted.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  InstantSearch,
  InstantSearchSSRProvider,
  useClearRefinements,
  useConfigure,
  useHits,
  useInstantSearch,
  usePagination,
  useSearchBox,
  useSortBy,
  type InstantSearchServerState,
} from 'react-instantsearch';
import { track } from '../../lib/analytics.ts';
import { carTypeLabel } from '../../lib/labels.ts';
import { countLabel } from '../../lib/text.ts';
import { EVENT_PHONE_LINK_CLICK, EVENT_SEARCH_PAGE_VIEW, phoneClickLabel } from '../../rules/analytics.ts';
import { formatKmInput, formatPriceInput } from '../../rules/formatting.ts';
import { moveHighThumb, moveLowThumb, snapToStep, type PricePreset, type PriceSliderBounds } from '../../rules/price-slider.ts';
import { insertPromoCards, type PromoSettings } from '../../rules/promo-insertion.ts';
import { collapseSoldRuns } from '../../rules/results.ts';
import { WEEKLY_PRICE_RANGES } from '../../rules/weekly-price-range.ts';
import { displayedStockCount, POPULAR_MAKES_COUNT } from '../../rules/search-rules.ts';
import type { PromoCard } from '../../schemas/promo-card.ts';
import type { CarType } from '../../schemas/common.ts';
import type { SearchState, SortOption } from '../../schemas/search-state.ts';
import { sortIndexName } from '../../search/listing.ts';
import type { SearchLanding } from '../../search/routing.ts';
import { fromUiState, searchRouter, toUiState, type IndexUiState } from '../../search/ui-state.ts';
import type { PromoCardView } from '../../views/promo-cards.ts';
import { seededRandom } from '../../views/seeded-random.ts';
import { FavouriteToggle } from './FavouriteToggle.tsx';
import { useChosenRange } from './price-range.ts';
import { useRefinementPanels, type RefinementListConnectorParams, type RefinementListRenderState } from './refinement-panels.ts';
import { PromoTile, ResultCard, SkeletonCard } from './ResultCard.tsx';
import { algoliaClient, embeddedClient, withSortConditions, type CardHit, type IslandSearchClient } from './search-client.ts';

export interface SearchSettings {
  pageSize: number;
  sortMenu: Array<{ value: SortOption; label: string }>;
  priceSlider: PriceSliderBounds;
  pricePresets: PricePreset[];
  collapseSold: boolean;
  lowestPriceExcludesZero: boolean;
  popularMakesFirst: boolean;
  stockCountOverride?: number;
  carTypeOrder: CarType[];
  noResults: { text: string; buttonLabel: string };
  emptyCard: { title: string; text: string; link: string };
}

export type SearchBackendProps = { kind: 'embedded'; indexUrl: string } | { kind: 'algolia'; appId: string; searchKey: string; hosts?: string[] };

export interface StockSearchProps {
  /** The primary index's name; sort replicas are `<base>_<sort>`. */
  base: string;
  backend: SearchBackendProps;
  landings: SearchLanding[];
  /** The page's own path (the promo cards' arrangement is seeded with it). */
  path: string;
  /** The landing page this page is a twin of, when it is one. */
  canonicalPath?: string;
  /** The search this page was rendered with. */
  rendered: SearchState;
  defaultQueryString?: string;
  settings: SearchSettings;
  /** Promo cards open when the page was built; the island checks their windows again once it takes over. */
  promo: { cards: PromoCard[]; views: Record<string, PromoCardView>; settings: PromoSettings };
  serverState?: InstantSearchServerState;
  /** Build only: answers the searches of the server render. */
  serverClient?: IslandSearchClient;
}

/** Refinement panels, in order. The first ones start open. */
const PANELS: Array<{ attribute: string; title: string; all: string; open?: boolean }> = [
  { attribute: 'car_type', title: 'Car type', all: 'All car types', open: true },
  { attribute: 'make', title: 'Make', all: 'All makes', open: true },
  { attribute: 'model', title: 'Model', all: 'All models', open: true },
  { attribute: 'badge', title: 'Badge', all: 'All badges' },
  { attribute: 'body', title: 'Body type', all: 'All body types' },
  { attribute: 'fuel', title: 'Fuel', all: 'All fuel types' },
  { attribute: 'transmission', title: 'Transmission', all: 'All transmissions' },
  { attribute: 'drive', title: 'Drive', all: 'All drive types' },
  { attribute: 'colour', title: 'Colour', all: 'All colours' },
  { attribute: 'seats', title: 'Seats', all: 'All seat counts' },
  { attribute: 'year', title: 'Year', all: 'All years' },
  { attribute: 'location_name', title: 'Location', all: 'All locations' },
  { attribute: 'dealership_name', title: 'Dealership', all: 'All dealerships' },
  { attribute: 'state', title: 'State', all: 'All states' },
  { attribute: 'certified', title: 'Certified', all: 'All' },
  { attribute: 'tag', title: 'Tag', all: 'All tags' },
  { attribute: 'filtered_features', title: 'Features', all: 'All features' },
  { attribute: 'weekly_price_range', title: 'Weekly repayment', all: 'All repayments' },
];

export default function StockSearch(props: StockSearchProps) {
  const { base, backend, serverClient, serverState } = props;
  const client = useMemo(
    () =>
      withSortConditions(
        serverClient ??
          (backend.kind === 'embedded' ? embeddedClient(backend.indexUrl, base) : algoliaClient(backend.appId, backend.searchKey, backend.hosts)),
        base,
        { search: { lowestPriceExcludesZero: props.settings.lowestPriceExcludesZero } },
      ),
    [],
  );
  // The build renders with the same router, so links (pages, refinements) carry their real addresses.
  const router = useMemo(() => searchRouter({
        landings: props.landings,
        rendered: props.rendered,
        ...(props.defaultQueryString ? { defaultQueryString: props.defaultQueryString } : {}),
        ...(props.canonicalPath ? { alias: { path: props.path, canonicalPath: props.canonicalPath } } : {}),
      }), []);
  const routing = {
    router,
    stateMapping: {
      stateToRoute: (ui: Record<string, IndexUiState>) => fromUiState(ui[base], base),
      routeToState: (route: SearchState) => ({ [base]: toUiState(route, base) }),
    },
  };

  useEffect(() => {
    // Follow the address from now on (a query string the static page could not show is searched now),
    // and fetch the index once the page is idle, so the first refinement answers at once.
    const settle = setTimeout(() => router.settle(), 0);
    const preload = () => ('preload' in client ? (client as { preload(): void }).preload() : undefined);
    const idle = typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(preload, { timeout: 3000 }) : null;
    const fallback = idle === null ? setTimeout(preload, 1500) : undefined;
    track(EVENT_SEARCH_PAGE_VIEW, { page: window.location.pathname });
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href^="tel:"]');
      if (link) track(EVENT_PHONE_LINK_CLICK, { label: phoneClickLabel(window.location.pathname) });
    };
    document.addEventListener('click', onClick);
    return () => {
      clearTimeout(settle);
      if (idle !== null) window.cancelIdleCallback(idle);
      clearTimeout(fallback);
      document.removeEventListener('click', onClick);
    };
  }, []);

  return (
    <InstantSearchSSRProvider {...(serverState ?? {})}>
      <InstantSearch
        searchClient={client as never}
        indexName={base}
        initialUiState={{ [base]: toUiState(props.rendered, base) }}
        routing={routing as never}
        future={{ preserveSharedStateOnUnmount: true }}
      >
        <SearchLayout {...props} />
      </InstantSearch>
    </InstantSearchSSRProvider>
  );
}

function SearchLayout(props: StockSearchProps) {
  const { settings, base } = props;
  const [panelOpen, setPanelOpen] = useState(false);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const top = useRef<HTMLDivElement>(null);
  const sort = useSortBy({ items: settings.sortMenu.map((o) => ({ label: o.label, value: sortIndexName(base, o.value) })) });
  // A sort's own conditions (Lowest Price without cars lacking a price) are added by the search client.
  useConfigure({ hitsPerPage: settings.pageSize });
  const showResults = () => {
    setPanelOpen(false);
    top.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <div ref={top} className="scroll-mt-4" data-stock-search={ready ? 'ready' : 'static'}>
      <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-2 text-slate-700">
        <ResultCount settings={settings} />
        <button type="button" className="inline-flex min-h-11 items-center rounded border border-slate-300 px-4 font-semibold text-brand lg:hidden" aria-expanded={panelOpen} aria-controls="refine" onClick={() => setPanelOpen(true)}>
          Refine search
        </button>
      </div>
      <div className="mt-4 flex flex-wrap items-end gap-4">
        <SearchBox />
        <label className="flex flex-col text-sm font-semibold text-slate-800">
          Sort by
          <select className="mt-1 min-h-11 w-44 rounded border border-slate-300 bg-white px-3 font-normal" value={sort.currentRefinement} onChange={(e) => sort.refine(e.target.value)}>
            {sort.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="mt-6 grid gap-8 lg:grid-cols-[18rem_1fr]">
        <aside
          id="refine"
          aria-label="Refine your search"
          className={panelOpen ? 'fixed inset-0 z-40 overflow-y-auto bg-white p-4 lg:static lg:z-auto lg:p-0' : 'hidden lg:block'}
          {...(panelOpen ? { role: 'dialog', 'aria-modal': true } : {})}
          onKeyDown={(e) => e.key === 'Escape' && setPanelOpen(false)}
        >
          <Refinements {...props} />
          <div className={panelOpen ? 'sticky bottom-0 mt-6 bg-white py-3 lg:hidden' : 'hidden'}>
            <ShowResultsButton onClick={showResults} />
          </div>
        </aside>
        <section aria-labelledby="results-heading" id="search-results">
          <h2 id="results-heading" className="sr-only">
            Results
          </h2>
          <Results {...props} />
          <Pages onPage={() => top.current?.scrollIntoView({ block: 'start' })} />
        </section>
      </div>
    </div>
  );
}

function ResultCount({ settings }: { settings: SearchSettings }) {
  const { results } = useInstantSearch();
  const carTypes = (results?._rawResults?.[0]?.facets?.car_type ?? {}) as Record<string, number>;
  const count = displayedStockCount(results?.nbHits ?? 0, carTypes, { search: { stockCountOverride: settings.stockCountOverride } });
  return (
    <span aria-live="polite" data-result-count>
      {countLabel(count, 'vehicle')} found
    </span>
  );
}

function ShowResultsButton({ onClick }: { onClick: () => void }) {
  const { results } = useInstantSearch();
  return (
    <button type="button" className="min-h-11 w-full rounded bg-brand px-5 font-semibold text-on-brand" onClick={onClick}>
      Show {countLabel(results?.nbHits ?? 0, 'vehicle')}
    </button>
  );
}

/** How long typing pauses before the words are searched: each keystroke paints at once, the search follows. */
export const QUERY_PAUSE_MS = 200;

function SearchBox() {
  const { query, refine } = useSearchBox();
  const [value, setValue] = useState(query);
  const sent = useRef(query);
  const pause = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The query changed from elsewhere (clear all, the back button): show it. Not the echo of what was typed.
  useEffect(() => {
    if (query !== sent.current) setValue((sent.current = query));
  }, [query]);
  useEffect(() => () => clearTimeout(pause.current), []);
  const search = (words: string) => {
    clearTimeout(pause.current);
    if (words !== sent.current) refine((sent.current = words));
  };
  return (
    <form
      role="search"
      className="flex min-w-64 flex-1 flex-col text-sm font-semibold text-slate-800"
      onSubmit={(e) => {
        e.preventDefault();
        search(value);
      }}
    >
      <label htmlFor="stock-query">Search stock</label>
      <input
        id="stock-query"
        type="search"
        className="mt-1 min-h-11 w-full rounded border border-slate-300 px-3 font-normal"
        placeholder="Make, model, colour or stock number"
        autoComplete="off"
        enterKeyHint="search"
        value={value}
        onChange={(e) => {
          const words = e.target.value;
          setValue(words);
          clearTimeout(pause.current);
          pause.current = setTimeout(() => search(words), QUERY_PAUSE_MS);
        }}
      />
    </form>
  );
}

function Refinements(props: StockSearchProps) {
  const { settings } = props;
  const clear = useClearRefinements();
  const { setIndexUiState } = useInstantSearch();
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-bold">Refine</h2>
        <button
          type="button"
          className="min-h-11 px-2 font-semibold text-brand underline disabled:text-slate-500 disabled:no-underline"
          disabled={!clear.canRefine}
          onClick={() => setIndexUiState((state) => ({ ...(state.sortBy ? { sortBy: state.sortBy } : {}) }))}
        >
          Clear all
        </button>
      </div>
      <PriceFilter bounds={settings.priceSlider} presets={settings.pricePresets} />
      <ListFilters settings={settings} />
      <KmFilter />
    </div>
  );
}

/**
 * A refinement panel. A closed panel renders its values only once opened: the page's HTML carries the
 * panels a shopper sees (and the refined ones), not a hidden list of every colour and feature.
 */
function Panel({ title, open, children }: { title: string; open?: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(Boolean(open));
  useEffect(() => {
    if (open) setOpened(true);
  }, [open]);
  return (
    <details className="group border-b border-slate-200 pb-3" open={open} onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary className="flex min-h-11 cursor-pointer items-center justify-between font-semibold">{title}</summary>
      <div className="mt-2">{opened ? children : null}</div>
    </details>
  );
}

function itemLabel(attribute: string, value: string): string {
  if (attribute === 'car_type') return carTypeLabel(value);
  if (attribute === 'certified') return value === 'true' ? 'Certified' : 'Not certified';
  return value;
}

/** Each panel's refinement list: how many values it shows, and in what order. */
function listOptions(attribute: string, settings: SearchSettings): RefinementListConnectorParams {
  const popular = attribute === 'make' && settings.popularMakesFirst;
  return {
    attribute,
    limit: popular ? POPULAR_MAKES_COUNT : 8,
    showMore: true,
    showMoreLimit: 200,
    sortBy:
      attribute === 'weekly_price_range'
        ? (a: { name: string }, b: { name: string }) => WEEKLY_PRICE_RANGES.findIndex((r) => r.label === a.name) - WEEKLY_PRICE_RANGES.findIndex((r) => r.label === b.name)
        : attribute === 'car_type'
        ? (a: { name: string }, b: { name: string }) => settings.carTypeOrder.indexOf(a.name as CarType) - settings.carTypeOrder.indexOf(b.name as CarType)
        : attribute === 'year'
          ? ['name:desc' as const]
          : popular
            ? ['count:desc' as const, 'name:asc' as const]
            : ['name:asc' as const],
  };
}

/** The refinement panels, their lists mounted as one widget (refinement-panels.ts). */
function ListFilters({ settings }: { settings: SearchSettings }) {
  // One options object for the island's life: new sort functions each render would mount the lists again.
  const params = useMemo(() => ({ lists: PANELS.map((panel) => listOptions(panel.attribute, settings)) }), []);
  const { lists } = useRefinementPanels(params);
  return (
    <>
      {PANELS.map((panel) => {
        const list = lists[panel.attribute];
        return list ? <ListFilter key={panel.attribute} {...panel} list={list} settings={settings} /> : null;
      })}
    </>
  );
}

function ListFilter({ attribute, title, all, open, list, settings }: { attribute: string; title: string; all: string; open?: boolean; list: RefinementListRenderState; settings: SearchSettings }) {
  const popular = attribute === 'make' && settings.popularMakesFirst;
  if (list.items.length === 0) return null;
  // Popular makes first: the 20 with most stock, then every other make by name.
  const items = popular && list.isShowingMore ? [...list.items.slice(0, POPULAR_MAKES_COUNT), ...list.items.slice(POPULAR_MAKES_COUNT).sort((a, b) => a.label.localeCompare(b.label))] : list.items;
  const id = `filter-${attribute}`;
  return (
    <Panel title={title} open={open || list.items.some((i) => i.isRefined)}>
      <ul className="space-y-1" id={id}>
        {items.map((item) => (
          <li key={item.value}>
            <label className="flex min-h-11 cursor-pointer items-center gap-3">
              <input type="checkbox" className="h-5 w-5 accent-brand" checked={item.isRefined} onChange={() => list.refine(item.value)} />
              <span className="flex-1">{itemLabel(attribute, item.label)}</span>{' '}
              <span className="text-sm text-slate-600">
                {item.count}
                <span className="sr-only"> {item.count === 1 ? 'vehicle' : 'vehicles'}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      {list.canToggleShowMore && (
        <button type="button" className="mt-1 min-h-11 font-semibold text-brand underline" aria-controls={id} aria-expanded={list.isShowingMore} onClick={list.toggleShowMore}>
          {list.isShowingMore ? 'Show fewer' : all}
        </button>
      )}
    </Panel>
  );
}

/** One end of the price range: a native slider (keyboard and screen readers included), committed on release. */
function Thumb(props: { label: string; bounds: PriceSliderBounds; value: number; valueText: string; onMove: (value: number) => void; onDone: () => void }) {
  const { bounds } = props;
  return (
    <label className="flex flex-col text-sm">
      {props.label}
      <input
        type="range"
        className="accent-brand"
        min={bounds.min}
        max={bounds.max}
        step={bounds.step}
        value={props.value}
        aria-valuetext={props.valueText}
        onChange={(e) => props.onMove(snapToStep(Number(e.target.value), bounds))}
        onPointerUp={props.onDone}
        onKeyUp={props.onDone}
      />
    </label>
  );
}

function PriceFilter({ bounds, presets }: { bounds: PriceSliderBounds; presets: PricePreset[] }) {
  const chosen = useChosenRange({ attribute: 'price' });
  const fromChoice = (): readonly [number, number] => [chosen.min ?? bounds.min, chosen.max ?? bounds.max];
  const [range, setRange] = useState(fromChoice);
  useEffect(() => setRange(fromChoice()), [chosen.min, chosen.max]);
  // The slider's ends mean "no limit": a shopper at $250,000 wants everything above it too.
  const commit = (next: readonly [number, number]) => {
    const min = next[0] <= bounds.min ? undefined : next[0];
    const max = next[1] >= bounds.max ? undefined : next[1];
    if (min !== chosen.min || max !== chosen.max) chosen.refine(min, max);
  };
  const text = (value: number) => formatPriceInput(value);
  return (
    <Panel title="Price" open>
      <fieldset>
        <legend className="sr-only">Price range</legend>
        <p className="text-sm text-slate-700" aria-hidden="true">
          {text(range[0])} to {text(range[1])}
          {range[1] >= bounds.max ? '+' : ''}
        </p>
        <div className="mt-2 grid gap-2">
          <Thumb label="Minimum price" bounds={bounds} value={range[0]} valueText={text(range[0])} onMove={(v) => setRange(moveLowThumb(range, v, bounds))} onDone={() => commit(range)} />
          <Thumb
            label="Maximum price"
            bounds={bounds}
            value={range[1]}
            valueText={`${text(range[1])}${range[1] >= bounds.max ? ' or more' : ''}`}
            onMove={(v) => setRange(moveHighThumb(range, v, bounds))}
            onDone={() => commit(range)}
          />
        </div>
        <p className="mt-3 text-sm font-semibold">Up to</p>
        <ul className="mt-1 flex flex-wrap gap-2">
          {presets.map((preset) => (
            <li key={preset.value}>
              <button
                type="button"
                className="min-h-11 rounded-full border border-slate-300 px-3 text-sm hover:border-brand aria-pressed:border-brand aria-pressed:bg-brand aria-pressed:text-on-brand"
                aria-pressed={chosen.max === preset.value && chosen.min === undefined}
                aria-label={`Up to ${preset.label}`}
                onClick={() => chosen.refine(undefined, preset.value)}
              >
                {preset.label}
              </button>
            </li>
          ))}
        </ul>
      </fieldset>
    </Panel>
  );
}

/** Odometer limits offered, in kilometres. */
export const KM_LIMITS = [10_000, 50_000, 100_000, 150_000] as const;

function KmFilter() {
  const chosen = useChosenRange({ attribute: 'km' });
  return (
    <Panel title="Kilometres" open={chosen.max !== undefined}>
      <fieldset>
        <legend className="sr-only">Kilometres up to</legend>
        <ul className="flex flex-wrap gap-2">
          {KM_LIMITS.map((limit) => {
            const pressed = chosen.max === limit && chosen.min === undefined;
            return (
              <li key={limit}>
                <button
                  type="button"
                  className="min-h-11 rounded-full border border-slate-300 px-3 text-sm hover:border-brand aria-pressed:border-brand aria-pressed:bg-brand aria-pressed:text-on-brand"
                  aria-pressed={pressed}
                  onClick={() => chosen.refine(undefined, pressed ? undefined : limit)}
                >
                  Under {formatKmInput(limit)}
                </button>
              </li>
            );
          })}
        </ul>
      </fieldset>
    </Panel>
  );
}

function Results(props: StockSearchProps) {
  const { settings, promo } = props;
  const { items } = useHits<CardHit>();
  const { status, results, indexUiState, error } = useInstantSearch({ catchError: true });
  // Until the island takes over, the cards are those the build found open, so the first render is the page's HTML.
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => setNow(new Date()), []);
  const page = (results?.page ?? 0) + 1;
  const grid = useMemo(
    () =>
      insertPromoCards({
        results: collapseSoldRuns(items, { search: { collapseSold: settings.collapseSold } }),
        cards: now ? promo.cards : promo.cards.map(({ start: _start, expiry: _expiry, ...card }) => card),
        activeCarTypes: (indexUiState.refinementList?.car_type ?? []) as CarType[],
        now: now ?? new Date(0),
        settings: promo.settings,
        random: seededRandom(page === 1 ? props.path : `${props.path}?page=${page}`),
      }),
    [items, now, page],
  );
  const loading = status === 'stalled';
  if (results && results.nbHits === 0 && status !== 'loading' && status !== 'stalled') return <NoResults settings={settings} />;
  let vehicleIndex = 0;
  return (
    <>
      {status === 'error' && (
        <p role="alert" className="mb-4 rounded border border-red-300 bg-red-50 p-3 text-red-800">
          Search is not answering just now ({error?.message ?? 'no answer'}). The results below are the last ones found.
        </p>
      )}
      <ul className={`grid gap-4 sm:grid-cols-2 lg:grid-cols-3 ${loading ? 'opacity-60' : ''}`} aria-busy={loading} data-results>
        {grid.map((item) =>
          item.kind === 'vehicle' ? (
            <li key={item.vehicle.objectID}>
              {item.vehicle.card ? (
                <ResultCard
                  card={item.vehicle.card}
                  eager={vehicleIndex++ < 3}
                  headingLevel={3}
                  favourite={item.vehicle.card.favourite ? <FavouriteToggle favourite={item.vehicle.card.favourite} /> : undefined}
                />
              ) : (
                <SkeletonCard />
              )}
            </li>
          ) : (
            <li key={`promo-${item.card.id}`}>{promo.views[item.card.id] && <PromoTile card={promo.views[item.card.id]!} />}</li>
          ),
        )}
        {grid.length === 0 && Array.from({ length: 6 }, (_, i) => <li key={`skeleton-${i}`}><SkeletonCard /></li>)}
      </ul>
    </>
  );
}

function NoResults({ settings }: { settings: SearchSettings }) {
  const { setIndexUiState } = useInstantSearch();
  return (
    <div className="space-y-6">
      <div className="rounded-lg border border-slate-200 bg-slate-50 p-6">
        <p className="text-slate-800">{settings.noResults.text}</p>
        <p className="mt-4">
          <button type="button" className="inline-flex min-h-11 items-center rounded bg-brand px-5 font-semibold text-on-brand" onClick={() => setIndexUiState((state) => ({ ...(state.sortBy ? { sortBy: state.sortBy } : {}) }))}>
            {settings.noResults.buttonLabel}
          </button>
        </p>
      </div>
      <a className="block rounded-lg border border-slate-200 p-6 hover:border-brand" href={settings.emptyCard.link}>
        <h3 className="text-xl font-bold">{settings.emptyCard.title}</h3>
        <p className="mt-2 text-slate-700">{settings.emptyCard.text}</p>
      </a>
    </div>
  );
}

function Pages({ onPage }: { onPage: () => void }) {
  const { pages, currentRefinement, nbPages, refine, createURL, isLastPage } = usePagination({ padding: 2 });
  if (nbPages <= 1) return null;
  const go = (page: number) => (event: React.MouseEvent) => {
    event.preventDefault();
    refine(page);
    onPage();
  };
  const shown = new Set([0, nbPages - 1, ...pages]);
  const items = [...shown].sort((a, b) => a - b);
  return (
    <nav aria-label="Pages" className="mt-8">
      <ul className="flex flex-wrap items-center gap-2">
        {items.map((page, i) => (
          <li key={page} className="flex items-center gap-2">
            {i > 0 && page - items[i - 1]! > 1 && <span aria-hidden="true">…</span>}
            <a
              href={createURL(page)}
              onClick={go(page)}
              aria-current={page === currentRefinement ? 'page' : undefined}
              className={`inline-flex min-h-11 min-w-11 items-center justify-center rounded border px-3 ${page === currentRefinement ? 'border-brand bg-brand font-semibold text-on-brand' : 'border-slate-300 hover:border-brand'}`}
            >
              <span className="sr-only">Page </span>
              {page + 1}
            </a>
          </li>
        ))}
        {!isLastPage && (
          <li>
            <a href={createURL(currentRefinement + 1)} onClick={go(currentRefinement + 1)} className="inline-flex min-h-11 items-center rounded border border-slate-300 px-4 font-semibold hover:border-brand">
              Next
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}

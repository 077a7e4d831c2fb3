/**
 * What a search landing page hands the stock search island: its settings, the landing table the routing
 * module writes with, the promo cards open at build time, and the search the page stands for; and the
 * search client the build renders its first results with (the embedded engine over the site's listing
 * records, each hit with its card). Pure: no Node module and no I/O.
 */
import type { SiteData } from '../data/site-data.ts';
import { promoCardInWindow } from '../rules/promo-insertion.ts';
import { pricePresets } from '../rules/price-slider.ts';
import { emptyResultsCard, noResultsMessage, sortMenu } from '../rules/search-rules.ts';
import { internalHref } from '../lib/urls.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { NormalisedVehicle } from '../schemas/snapshot.ts';
import type { SearchState } from '../schemas/search-state.ts';
import { embeddedSearchClient } from '../search/client.ts';
import type { SearchEngine } from '../search/engine.ts';
import { searchEngineAfter } from '../search/engine-update.ts';
import { EMBEDDED_INDEX, listingEngineConfig, SEARCH_INDEX_PATH, type ListingRecord } from '../search/listing.ts';
import { previousCatalogue, vehiclesById } from '../search/query.ts';
import type { SearchLanding } from '../search/routing.ts';
import { stateOfLocation } from '../search/ui-state.ts';
import type { CardHit, IslandSearchClient } from '../islands/search/search-client.ts';
import type { StockSearchProps } from '../islands/search/StockSearch.tsx';
import type { RouteOf } from './common.ts';
import type { ImageIndex } from './images.ts';
import { promoCardView } from './promo-cards.ts';
import { listingRecords, resultCardData, type ResultCardData } from './search-records.ts';

const perData = new WeakMap<SiteData, Map<string, unknown>>();
function memo<T>(data: SiteData, key: string, make: () => T): T {
  let entries = perData.get(data);
  if (!entries) perData.set(data, (entries = new Map()));
  if (!entries.has(key)) entries.set(key, make());
  return entries.get(key) as T;
}

/** The engine the build's search client made over each catalogue's listing records. */
const enginesByCatalogue = new WeakMap<readonly NormalisedVehicle[], SearchEngine<ListingRecord>>();

/** The primary index name and where the island reads from. */
function backendOf(site: SiteConfig): Pick<StockSearchProps, 'base' | 'backend'> {
  const backend = site.search.backend;
  if (backend.kind === 'algolia') return { base: backend.indexName, backend: { kind: 'algolia', appId: backend.appId, searchKey: backend.searchKey } };
  return { base: EMBEDDED_INDEX, backend: { kind: 'embedded', indexUrl: SEARCH_INDEX_PATH } };
}

export function stockSearchProps(site: SiteConfig, data: SiteData, route: RouteOf<'search'>, landings: SearchLanding[], publicFiles: ReadonlySet<string>, asOf: Date): StockSearchProps {
  const { search } = site;
  // A twin under /used-car/ stands for the same search as the /search/ page it is canonical to.
  const rendered: SearchState = stateOfLocation({ pathname: route.canonicalPath ?? route.path, search: '' }, landings, search.defaultQueryString);
  const open = data.content.promoCards.filter((card) => promoCardInWindow(card, asOf));
  const none = noResultsMessage(site);
  const card = emptyResultsCard(site);
  return {
    ...backendOf(site),
    landings,
    path: route.path,
    ...(route.canonicalPath ? { canonicalPath: route.canonicalPath } : {}),
    rendered,
    ...(search.defaultQueryString ? { defaultQueryString: search.defaultQueryString } : {}),
    settings: {
      pageSize: search.pageSize,
      sortMenu: sortMenu(site),
      priceSlider: search.priceSlider,
      pricePresets: pricePresets(search.pricePresets),
      collapseSold: search.collapseSold,
      lowestPriceExcludesZero: search.lowestPriceExcludesZero,
      popularMakesFirst: search.popularMakesFirst,
      ...(search.stockCountOverride ? { stockCountOverride: search.stockCountOverride } : {}),
      carTypeOrder: search.carTypeOrder,
      noResults: none,
      emptyCard: { ...card, link: internalHref(card.link) },
    },
    promo: {
      cards: open,
      views: Object.fromEntries(open.map((c) => [c.id, promoCardView(c, publicFiles)])),
      settings: site.promoCards,
    },
  };
}

/**
 * What a page's first results keep of a hit: what the island reads from it (the id, the status that runs of
 * sold vehicles collapse by, and the card). The rest of the listing record is what the engine refines by,
 * not what a shopper sees; left in, it was a third of a search page's island state.
 */
function pageHit(hit: ListingRecord, card: ResultCardData): CardHit {
  return { objectID: hit.objectID, status: hit.status, card };
}

/**
 * The build's search client: the embedded engine over the site's listing records, answering as the island's
 * client does (each hit with its card, keeping of the record only what the island reads), with no timing in
 * the answer so the same data renders the same HTML.
 */
export function serverSearchClient(site: SiteConfig, data: SiteData, images: ImageIndex, asOf: Date): IslandSearchClient {
  return memo(data, `client:${asOf.toISOString()}`, () => {
    const base = backendOf(site).base;
    const byId = vehiclesById(data.vehicles);
    const records = listingRecords(site, data, asOf);
    const engine = embeddedSearchClient(async () => records, listingEngineConfig(base), (loaded, config) => {
      // A running site's update starts from the engine its previous catalogue's pages were rendered with.
      const previous = previousCatalogue(data.vehicles);
      const built = searchEngineAfter(previous && enginesByCatalogue.get(previous), loaded, config);
      enginesByCatalogue.set(data.vehicles, built);
      return built;
    });
    const cards = new Map<string, ResultCardData>();
    const cardOf = (id: string) => {
      let card = cards.get(id);
      if (!card) cards.set(id, (card = resultCardData(byId.get(Number(id))!, site, images, asOf)));
      return card;
    };
    // An update asks a search page's searches to tell whether it changed, then renders it with the same
    // searches: each is answered once per catalogue and time.
    const answered = new Map<string, Promise<{ results: unknown[] }>>();
    const answer = async (requests: Parameters<IslandSearchClient['search']>[0]) => {
      const { results } = await engine.search(requests);
      return {
        results: results.map((result) => {
          const r = result as { hits?: ListingRecord[]; processingTimeMS?: number };
          return { ...r, processingTimeMS: 0, ...(r.hits ? { hits: r.hits.map((hit) => pageHit(hit, cardOf(hit.objectID))) } : {}) };
        }),
      };
    };
    return {
      async search(requests) {
        const key = JSON.stringify(requests);
        let known = answered.get(key);
        if (!known) answered.set(key, (known = answer(requests)));
        // Read-only for the caller; the list is its own.
        return { results: [...(await known).results] };
      },
    };
  });
}

/**
 * Readies a site a process has just loaded for its first stock change. Such a process has run none of the
 * code an update runs (the plan, the renders, the sitemap, feeds and search files), so its first updates
 * run it cold and slowly. Here one update of two made-up changes, a price cut and a sale, runs as a preview,
 * and a second undoes them: each into a scratch folder laid over the live release, which is then removed.
 * The live release, the snapshot, the build state and the site held in memory are left as they were.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AppEntry } from './compile.ts';
import { applyEvents, updateLiveSite, type EventInput, type LiveSite } from './incremental.ts';

/** The made-up changes: a price cut of one vehicle in stock and the sale of another. */
export function warmUpEvents(live: Pick<LiveSite, 'snapshot'>, now: Date): EventInput[] {
  const stock = live.snapshot.vehicles.filter((v) => v.status === 'in_stock');
  if (stock.length < 2) return [];
  const [cut, sold] = [stock[0]!, stock[Math.floor(stock.length / 2)]!];
  const at = now.toISOString();
  return [
    { eventId: 'warm-up-price', event: { id: 'warm-up-price', type: 'vehicle.updated', occurred_at: at, data: { id: Number(cut.id), record: { ...cut, price: Math.max(1, cut.price - 100) } } } },
    { eventId: 'warm-up-sale', event: { id: 'warm-up-sale', type: 'vehicle.sold', occurred_at: at, data: { id: Number(sold.id) } } },
  ];
}

/**
 * Runs {@link warmUpEvents} through `live` as a preview update and throws its result away. A second preview
 * then takes the site back from the made-up state to the live one, so the search engine, the index
 * columns and the sitemap the process keeps for its latest catalogue are those of the live catalogue,
 * which the first real change follows. Returns the pages the first preview rendered, or 0 when the site
 * has too little stock to make the changes up from.
 */
export async function warmLiveSite(live: LiveSite, entry: Pick<AppEntry, 'render' | 'searchPageAnswers'>, options: { root: string; appRoot?: string; now: Date }): Promise<number> {
  const events = warmUpEvents(live, options.now);
  if (events.length === 0) return 0;
  const applied = await applyEvents(live, events, { now: options.now });
  const scratch = await mkdtemp(path.join(os.tmpdir(), `warm-up-${live.site.slug}-`));
  const preview = { root: options.root, appRoot: options.appRoot, preview: true, searchPageAnswers: entry.searchPageAnswers };
  try {
    const forward = await updateLiveSite({ ...live, releaseDir: path.join(scratch, 'forward') }, { snapshot: applied.snapshot, touched: applied.touched }, entry.render, preview);
    await updateLiveSite({ ...forward.live, releaseDir: path.join(scratch, 'back') }, { snapshot: live.snapshot, touched: applied.touched }, entry.render, preview);
    return forward.result.rendered;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

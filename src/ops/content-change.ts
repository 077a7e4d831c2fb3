/**
 * What a change to a site's editorial content changes on the site: which parts of the content moved
 * (against the fingerprints the live release was rendered from) and the snapshot with the offers and
 * models the source now gives. The site runner uses it for a content rebuild; the editor's preview for
 * a draft, from a copy of the content folder with the draft in it.
 */
import { readYaml } from '../data/content-files.ts';
import { offersForSite } from '../data/normalise.ts';
import { changedContent, contentFingerprints, type SiteContent } from '../data/site-data.ts';
import type { Source } from '../data/sources/source.ts';
import type { LiveSite } from '../generator/incremental.ts';
import { ModelSchema } from '../schemas/model.ts';
import { OfferSchema } from '../schemas/offer.ts';
import type { Snapshot } from '../schemas/snapshot.ts';
import path from 'node:path';

const json = (value: unknown) => JSON.stringify(value);

/** Offers and models as the site's source gives them (for the demo's file source, from content/<slug>/). */
export interface EditorialRecords {
  offers: unknown[];
  models: unknown[];
}

/** The offers and models files of a content folder, as the file source reads them. */
export function editorialRecordsIn(contentDir: string): EditorialRecords {
  const offers = readYaml(path.join(contentDir, 'offers.yaml'), []);
  const models = readYaml(path.join(contentDir, 'models.yaml'), []);
  return { offers: Array.isArray(offers) ? offers : [], models: Array.isArray(models) ? models : [] };
}

/** The offers and models a source gives now. */
export async function editorialRecordsOf(source: Source): Promise<EditorialRecords> {
  const pulled = await source.pull();
  return { offers: pulled.offers, models: pulled.models };
}

/**
 * The content parts that differ from what `current` was rendered from (`menus`, `copy`, `page:<slug>`,
 * `offers`, `models` ...), and `next` with the new offers and models where they changed. Records that do
 * not parse are left out, as a pull leaves them out.
 */
export function contentChange(current: LiveSite, next: Snapshot, content: SiteContent, records: EditorialRecords): { changes: Set<string>; snapshot: Snapshot } {
  const changes = changedContent(current.state.content ?? {}, contentFingerprints(content));
  const offers = offersForSite(records.offers.map((o) => OfferSchema.safeParse(o)).filter((r) => r.success).map((r) => r.data), current.site);
  const models = records.models.map((m) => ModelSchema.safeParse(m)).filter((r) => r.success).map((r) => r.data);
  if (json(offers) !== json(next.offers)) changes.add('offers');
  if (json(models) !== json(next.models)) changes.add('models');
  return { changes, snapshot: changes.has('offers') || changes.has('models') ? { ...next, offers, models } : next };
}

/**
 * Each site's current data as the runtime API answers from it: the snapshot of the live stock with the
 * site's content, and the image index of its live release. A site is read once, and again only when its
 * snapshot or build state changes (webhook updates and rebuilds replace them), so a call costs two `stat`s,
 * not a parse of the catalogue. Shared by the vehicle PDFs and the shopper routes.
 */
import { readFile, stat } from 'node:fs/promises';
import { loadSiteContent, siteData, type SiteData } from '../data/site-data.ts';
import { readSnapshot, snapshotVersion } from '../data/snapshot-files.ts';
import { buildStatePath } from '../generator/build.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { NormalisedVehicle } from '../schemas/snapshot.ts';
import type { ImageIndex } from '../views/images.ts';

export interface CatalogueSite {
  /** The files' modification times the data was read at. */
  version: string;
  data: SiteData;
  images: ImageIndex;
  byId: ReadonlyMap<number, NormalisedVehicle>;
  bySlug: ReadonlyMap<string, NormalisedVehicle>;
}

export class SiteCatalogue {
  private readonly root: string;
  private readonly cache = new Map<string, CatalogueSite>();
  private readonly loading = new Map<string, Promise<CatalogueSite | null>>();

  constructor(root: string) {
    this.root = root;
  }

  /** The site's current data, or null while it has no snapshot. */
  async load(site: SiteConfig): Promise<CatalogueSite | null> {
    const stateVersion = (await stat(buildStatePath(site.slug, this.root)).catch(() => null))?.mtimeMs ?? 'none';
    const version = `${await snapshotVersion(site.slug, this.root)}:${stateVersion}`;
    const cached = this.cache.get(site.slug);
    if (cached?.version === version) return cached;
    const key = `${site.slug}@${version}`;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = (async () => {
        const snapshot = await readSnapshot(site.slug, this.root, { trusted: true });
        if (!snapshot) return null;
        const state = JSON.parse(await readFile(buildStatePath(site.slug, this.root), 'utf8').catch(() => '{}')) as { images?: ImageIndex };
        const data = siteData(snapshot, loadSiteContent(site.slug, this.root));
        const loaded: CatalogueSite = {
          version,
          data,
          images: state.images ?? {},
          byId: new Map(data.vehicles.map((v) => [Number(v.id), v])),
          bySlug: new Map(data.vehicles.map((v) => [v.slug, v])),
        };
        this.cache.set(site.slug, loaded);
        return loaded;
      })().finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }
}

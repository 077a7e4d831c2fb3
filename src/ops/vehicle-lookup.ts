import { readSnapshot, snapshotVersion } from '../data/snapshot-files.ts';
import { vehiclePath } from '../lib/urls.ts';
import type { SiteConfig } from '../schemas/site-config.ts';
import type { NormalisedVehicle } from '../schemas/snapshot.ts';
import type { LeadVehicle } from './lead-store.ts';

/**
 * The vehicles of each site's current snapshot, by id, as a lead records them. A snapshot is read
 * once and again only when it changes (a pull replaces it, a webhook update logs a change), so a lead
 * costs two `stat`s, not a parse of the catalogue.
 */
export class VehicleLookup {
  private readonly cache = new Map<string, { version: string; vehicles: Map<number, LeadVehicle> }>();
  private readonly loading = new Map<string, Promise<Map<number, LeadVehicle>>>();
  private readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  /** The vehicle with `id` on `site`, or null when the site has no snapshot or no such vehicle. */
  async find(site: SiteConfig, id: number): Promise<LeadVehicle | null> {
    const vehicles = await this.vehicles(site).catch(() => null);
    return vehicles?.get(id) ?? null;
  }

  private async vehicles(site: SiteConfig): Promise<Map<number, LeadVehicle>> {
    const version = await snapshotVersion(site.slug, this.root);
    const cached = this.cache.get(site.slug);
    if (cached && cached.version === version) return cached.vehicles;
    const key = `${site.slug}@${version}`;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = (async () => {
        const snapshot = await readSnapshot(site.slug, this.root, { trusted: true });
        if (!snapshot) throw new Error(`${site.slug} has no snapshot`);
        const vehicles = new Map(snapshot.vehicles.map((v) => [Number(v.id), leadVehicle(v, site)]));
        this.cache.set(site.slug, { version, vehicles });
        return vehicles;
      })().finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }
}

/** What a lead keeps of a vehicle. */
export function leadVehicle(v: NormalisedVehicle, site: Pick<SiteConfig, 'url'>): LeadVehicle {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
  const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
  return {
    id: Number(v.id),
    slug: v.slug,
    stocknum: text(v.stocknum),
    vin: text(v.vin),
    year: num(v.year),
    make: v.make,
    model: v.model,
    badge: text(v.badge),
    car_type: v.car_type,
    price: num(v.offer_price) && num(v.offer_price)! > 0 ? num(v.offer_price) : num(v.price),
    km: num(v.km),
    colour: text(v.colour),
    url: `${site.url}${vehiclePath(v)}`,
  };
}

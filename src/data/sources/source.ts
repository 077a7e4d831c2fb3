/**
 * Where a site's platform data comes from. Adapters return records exactly as
 * the platform sends them; validation and normalisation happen after, the same
 * for every adapter, so adding an adapter never touches pages.
 */
export interface RawSiteData {
  vehicles: unknown[];
  locations: unknown[];
  reviews: unknown[];
  dealerships: unknown[];
  offers: unknown[];
  models: unknown[];
}

export interface Source {
  /** Short name for messages and reports, e.g. "file data/feed/bayside-mg". */
  readonly describe: string;
  pull(): Promise<RawSiteData>;
  /** One vehicle as the platform has it now, or null when it has none (used for id-only webhooks). */
  fetchVehicle?(id: number): Promise<unknown | null>;
}

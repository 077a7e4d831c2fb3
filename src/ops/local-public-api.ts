/**
 * The runtime API (leads, vehicle PDFs, sign-in and the shoppers' routes) for a local server that serves
 * built sites: the preview and the audit. Leads and shoppers are kept in `<dataDir>/ops.sqlite`.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { loadAllSiteConfigs } from '../data/site-config.ts';
import type { PublicApiConfig } from './config.ts';
import { createPublicApi } from './leads-api.ts';
import { SESSION_COOKIE, shopperServices } from './shopper-api.ts';
import { SIGN_IN_DEFAULTS } from './sign-in.ts';
import { SiteCatalogue } from './site-catalogue.ts';
import { OpsStore } from './store.ts';
import { VehicleLookup } from './vehicle-lookup.ts';
import { VehiclePdfs } from './vehicle-pdf-api.ts';

export interface LocalPublicApi {
  /** Answers a request for `/api/*`. */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** Signs a shopper of `site` in without a code (the audit's shopper): the session cookie's name and value. */
  shopperSession(site: string, phone: string): { name: string; value: string };
  /** The SQLite file leads are stored in. */
  database: string;
  close(): Promise<void>;
}

export async function startLocalPublicApi(root: string, config: PublicApiConfig, log: (line: string) => void): Promise<LocalPublicApi> {
  const store = new OpsStore(path.resolve(root, config.dataDir, 'ops.sqlite'));
  const sites = loadAllSiteConfigs('sites', root);
  const catalogue = new SiteCatalogue(root);
  const now = () => new Date();
  const shoppers = shopperServices(config, { shoppers: store.shoppers, catalogue, sites, now, log });
  const api = await createPublicApi(
    {
      leads: store.leads,
      vehicles: new VehicleLookup(root),
      sites,
      now,
      log,
      leadRateLimit: config.leadRateLimit,
      pdfs: new VehiclePdfs(root, catalogue),
      shoppers,
    },
    { trustProxy: config.trustProxy },
  );
  return {
    handle: (req, res) => api.routing(req, res),
    shopperSession(site, phone) {
      const at = now();
      const session = store.shoppers.startSession(randomBytes(24).toString('base64url'), store.shoppers.shopperForPhone(site, phone, at), at, SIGN_IN_DEFAULTS.sessionTtlMs);
      return { name: SESSION_COOKIE, value: shoppers.signIn.cookieValue(session.id) };
    },
    database: store.db.name,
    async close() {
      await api.close();
      store.close();
    },
  };
}

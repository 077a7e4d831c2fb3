import { describe, expect, it } from 'vitest';
import { buildRouteManifest } from '../../src/data/route-manifest.ts';
import { siteData } from '../../src/data/site-data.ts';
import { planUpdate } from '../../src/generator/incremental.ts';
import { routeFingerprints } from '../../src/generator/route-fingerprints.ts';
import { searchLandings } from '../../src/search/landings.ts';
import { evModelView } from '../../src/views/ev.ts';
import { DEMO_NOW, demoManifest } from '../support/demo-manifest.ts';

// An electric model's page (/models/<base id>/) links to the model's search page while some vehicle of
// that model is in stock, and to a text search otherwise: the page follows the stock.
describe("an electric model's page and the stock of that model", () => {
  const before = demoManifest('bayside-mg', 120);
  const evRoute = before.routes.find((r) => r.kind === 'ev-model' && before.data.vehicles.some((v) => v.model_slug === r.baseId));
  if (!evRoute || evRoute.kind !== 'ev-model') throw new Error("bayside-mg's demo data has no electric model in stock");
  const gone = before.data.vehicles.filter((v) => v.model_slug === evRoute.baseId);
  const { snapshot: meta, content, ...records } = before.data;
  const data = siteData({ ...records, meta, vehicles: before.data.vehicles.filter((v) => v.model_slug !== evRoute.baseId) }, content);
  const after = { data, routes: buildRouteManifest(before.site, data) };

  it('links elsewhere once the last vehicle of the model leaves', () => {
    expect(evModelView(content.ev!, evRoute, before.data.vehicles).stockHref).not.toBe(evModelView(content.ev!, evRoute, data.vehicles).stockHref);
  });

  it('is rendered again by the update that sells the last one', () => {
    const plan = planUpdate(before, after, { vehicles: new Set(gone.map((v) => Number(v.id))), content: new Set() }, DEMO_NOW);
    expect(plan.everything).toBeNull();
    expect(plan.render.map((r) => r.path)).toContain(evRoute.path);
  });

  it('has a new fingerprint, so the next build renders it again', () => {
    const fingerprints = (d: typeof data, routes: typeof after.routes) =>
      routeFingerprints({ site: before.site, data: d, routes, images: {}, publicFiles: new Set(), asOf: DEMO_NOW.toISOString(), codeVersion: 'test', landings: searchLandings(routes, d) });
    expect(fingerprints(before.data, before.routes).get(evRoute.path)).not.toBe(fingerprints(data, after.routes).get(evRoute.path));
  });
});

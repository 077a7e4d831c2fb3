// Renders vehicle pages of a demo site exactly as the build does (the compiled app, the site's
// snapshot, content and image index), with some vehicles' fields replaced: a browser test can then
// serve what the build would publish for a feed it made up. Runs as its own Node process (the
// compiled app does not load inside the test runner's module loader):
//   node tests/support/render-vehicle-pages.ts < {"site":"bayside-mg","vehicles":{"100001":{"dealercomments":"..."}}}
// and prints {"100001":"<!doctype html>..."}.
import { readFileSync } from 'node:fs';
import { buildStatePath } from '../../src/generator/build.ts';
import { compileApp, loadRenderer } from '../../src/generator/compile.ts';
import { listPublicFiles } from '../../src/generator/public-files.ts';
import type { Route } from '../../src/data/route-manifest.ts';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { loadSiteContent, siteData } from '../../src/data/site-data.ts';
import { readSnapshot } from '../../src/data/snapshot-files.ts';
import { vehiclePath } from '../../src/lib/urls.ts';

const input = JSON.parse(readFileSync(0, 'utf8')) as { site: string; vehicles: Record<string, Record<string, unknown>> };
const site = findSite(loadAllSiteConfigs('sites'), input.site);
const snapshot = (await readSnapshot(site.slug))!;
const vehicles = snapshot.vehicles.map((v) => ({ ...v, ...(input.vehicles[String(v.id)] ?? {}) }));
const data = siteData({ ...snapshot, vehicles }, loadSiteContent(site.slug));
const images = (JSON.parse(readFileSync(buildStatePath(site.slug), 'utf8')) as { images: Record<string, never> }).images;
const render = await loadRenderer((await compileApp()).dir);
const publicFiles = listPublicFiles();
const pages: Record<string, string> = {};
for (const id of Object.keys(input.vehicles)) {
  const vehicle = vehicles.find((v) => String(v.id) === id);
  if (!vehicle) throw new Error(`${site.slug} has no vehicle ${id}`);
  const route = { kind: 'vehicle', path: vehiclePath(vehicle), vehicleId: Number(id), similar: [], deps: { vehicles: [Number(id)] } } as Route;
  const rendered = await render(new Request(`${site.url}${route.path}`), { site, data, route, images, publicFiles, asOf: snapshot.meta.pulledAt, landings: [] });
  if (rendered.status !== 200) throw new Error(`${route.path} answered ${rendered.status}`);
  pages[id] = rendered.body.toString('utf8');
}
process.stdout.write(JSON.stringify(pages));

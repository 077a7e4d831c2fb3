// Builds the dealer sites under sites/ into out/<slug>/.
//   npm run build                      every site
//   npm run build -- --site bayside-mg one site
//   npm run build -- --skip-pull       render from the current snapshots
//   npm run build -- --force           publish even if a pull's stock-drop guard objects
//   npm run build -- --workers 1       render workers (default: one per core)
//   npm run build -- --full            render every page, carrying none over from the live release
import './compile-cache.ts';
import path from 'node:path';
import { parseCliArgs, runCli } from './cli.ts';

// Loaded once the compile cache is on, so the generator's own modules are cached too.
const { buildSites } = await import('../src/generator/build.ts');

await runCli(async () => {
  const args = parseCliArgs({
    site: { type: 'string' },
    'skip-pull': { type: 'boolean' },
    force: { type: 'boolean' },
    workers: { type: 'string' },
    full: { type: 'boolean' },
    // Machine-readable summary on the last line, for the benchmark.
    json: { type: 'boolean' },
  });
  const started = performance.now();
  const summary = await buildSites({
    site: args.site,
    skipPull: args['skip-pull'] ?? false,
    force: args.force ?? false,
    full: args.full ?? false,
    ...(args.workers ? { workers: Number(args.workers) } : {}),
    log: console.log,
    // The app is compiled from this project, wherever the sites and data are (the working directory).
    appRoot: path.resolve(import.meta.dirname, '..'),
  });
  const pages = summary.sites.reduce((n, r) => n + r.pages, 0);
  const rendered = summary.sites.reduce((n, r) => n + r.rendered, 0);
  const patched = summary.sites.reduce((n, r) => n + r.patched, 0);
  const wall = (performance.now() - started) / 1000;
  const inPlace = patched > 0 ? `${patched} brought up to date in place, ` : '';
  console.log(`\nBuilt ${summary.sites.length} site(s), ${pages} pages (${rendered} rendered, ${inPlace}${pages - rendered - patched} unchanged) in ${wall.toFixed(1)} s:`);
  for (const r of summary.sites) {
    const t = r.timings;
    console.log(
      `  ${r.site.padEnd(20)} ${String(r.pages).padStart(6)} pages ${String(r.rendered).padStart(6)} rendered  pull ${t.pull}s  manifest ${t.manifest}s  images ${t.images}s  ` +
        `render ${t.render}s (${r.pagesPerSecond}/s)  host files ${t.hostFiles}s  publish ${t.publish}s${r.unchanged ? '  (unchanged: the live release stays)' : ''}`,
    );
  }
  console.log('Reports: out/_reports/<site>.json');
  if (args.json) {
    const sum = (phase: keyof (typeof summary.sites)[number]['timings']) => summary.sites.reduce((n, r) => n + r.timings[phase], 0);
    const render = sum('render');
    console.log(
      JSON.stringify({
        pages,
        rendered,
        patched,
        carried: pages - rendered - patched,
        /** Sites whose build made their live release again, which stayed live. */
        unchangedSites: summary.sites.filter((r) => r.unchanged).length,
        wallSeconds: wall,
        phases: { compile: summary.compileSeconds, pull: sum('pull'), manifest: sum('manifest'), images: sum('images'), render, hostFiles: sum('hostFiles'), publish: sum('publish') },
        pagesPerSecond: render > 0 ? rendered / render : 0,
        peakRssMb: process.resourceUsage().maxRSS / 1024,
        imageTransforms: {
          done: summary.sites.reduce((n, r) => n + r.imageTransforms.done, 0),
          reused: summary.sites.reduce((n, r) => n + r.imageTransforms.reused, 0),
        },
      }),
    );
  }
});

import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PullReport } from '../../src/data/pull.ts';
import type { SiteBuildReport } from '../../src/generator/build.ts';
import { reportPath } from '../../src/generator/build.ts';
import { pullReportPath } from '../../src/data/snapshot-files.ts';
import { jobSummary, MAX_DEPLOY_LINES, MAX_LISTED_QUARANTINED } from '../../src/generator/job-summary.ts';

/** A build report as src/generator/build.ts writes it to out/_reports/<site>.json. */
function buildReport(overrides: Partial<SiteBuildReport> = {}): SiteBuildReport {
  return {
    site: 'northside-used',
    status: 'published',
    builtAt: '2026-11-25T16:31:50.000Z',
    codeVersion: 'abc123',
    pages: 1234,
    rendered: 1234,
    patched: 0,
    carried: 0,
    pagesByKind: { vehicle: { pages: 210, bytes: 4_200_000 }, 'search-landing': { pages: 900, bytes: 9_000_000 }, home: { pages: 1, bytes: 40_000 } },
    htmlBytes: 13_240_000,
    timings: { pull: 0.42, manifest: 0.11, images: 0.08, render: 1.93, hostFiles: 0.3, publish: 0.05 },
    pagesPerSecond: 639,
    workers: 2,
    imageTransforms: { done: 0, reused: 1680 },
    skippedImages: [],
    quarantined: [],
    ...overrides,
  };
}

const pullReport: PullReport = {
  site: 'northside-used',
  source: 'file data/feed/northside-used',
  pulledAt: '2026-11-25T16:31:43.394Z',
  counts: { pulled: 250, quarantined: 1, duplicates: 0, filtered: 40, published: 209, available: 200 },
  published: true,
  timings: { fetchMs: 8.1, validateMs: 18.2, normaliseMs: 23.8, writeMs: 9.4 },
  quarantined: [],
  duplicates: [],
  filtered: [],
  adjusted: [],
};

describe('jobSummary', () => {
  it('says where a good build was published, with its pages, timings, images and stock', () => {
    const md = jobSummary({ site: 'northside-used', build: buildReport(), pull: pullReport, deploy: { target: 's3', outcome: 'success', output: 'uploaded 3 files, deleted 1' } });
    expect(md).toMatch(/^## northside-used: published to s3\n/);
    expect(md).toContain('| pages | 1,234 (13.2 MB HTML) |');
    expect(md).toContain('| images | 0 made, 1680 reused from the cache |');
    expect(md).toContain('| quarantined records | 0 |');
    expect(md).toContain('| stock | 250 pulled, 209 published (200 available), 40 filtered, 0 duplicates |');
    expect(md).toContain('**Timings (s):** pull 0.4 · route manifest 0.1 · images 0.1 · render 1.9 · host files 0.3 · publish 0.1');
    expect(md).toContain('| vehicle | 210 | 4102 |');
    expect(md).toContain('<summary>Deploy to s3</summary>');
    expect(md).toContain('uploaded 3 files, deleted 1');
    expect(md).not.toContain('Nothing was published');
  });

  it('tells the pages a build rendered from those it carried over unchanged', () => {
    const md = jobSummary({ site: 'northside-used', build: buildReport({ pages: 1234, rendered: 34, carried: 1200, htmlBytes: 340_000 }), pull: pullReport, deploy: { target: 's3', outcome: 'success', output: '' } });
    expect(md).toContain('| pages | 1,234: 34 rendered (0.3 MB HTML), 1,200 unchanged from the live release |');
    expect(md).toContain('<summary>Rendered pages by kind</summary>');
  });

  it('says a build that made the live release again left it live', () => {
    const unchanged = jobSummary({ site: 'northside-used', build: buildReport({ pages: 1234, rendered: 0, carried: 1234, htmlBytes: 0, unchanged: true }), pull: pullReport, deploy: { target: 'dir', outcome: 'success', output: '' } });
    expect(unchanged).toContain('Nothing changed since the live release: the build made it file for file, so it stays live and nothing new was published.');
    expect(unchanged).toContain('| pages | 1,234: 0 rendered (0.0 MB HTML), 1,234 unchanged from the live release |');
    expect(jobSummary({ site: 'northside-used', build: buildReport({ rendered: 0, carried: 1234 }), pull: pullReport, deploy: { target: 'dir', outcome: 'success', output: '' } })).not.toContain('Nothing changed');
  });

  it('says a failed build published nothing, and in which phase it failed', () => {
    const md = jobSummary({
      site: 'northside-used',
      build: buildReport({ status: 'failed', pages: 0, pagesByKind: {}, failure: { phase: 'pull', message: 'northside-used: the source returned no available vehicles.\nThe last good snapshot was kept.' } }),
      pull: null,
      deploy: { target: 'dir', outcome: 'skipped' },
    });
    expect(md).toMatch(/^## northside-used: build failed, nothing published\n/);
    expect(md).toContain('**Build failed in pull:** northside-used: the source returned no available vehicles. The last good snapshot was kept.');
    expect(md).toContain('Nothing was published; the previous release stays live.');
    expect(md).not.toContain('Deploy to');
  });

  it('tells a build that stopped before writing its report from one that ran', () => {
    const md = jobSummary({ site: 'bayside-mg', build: null, pull: null, deploy: { target: 'dir', outcome: '' } });
    expect(md).toMatch(/^## bayside-mg: build failed, nothing published\n/);
    expect(md).toContain('wrote no report');
  });

  it('tells a failed deploy after a good build apart from a published site', () => {
    const md = jobSummary({ site: 'bayside-mg', build: buildReport({ site: 'bayside-mg' }), pull: null, deploy: { target: 's3', outcome: 'failure', output: 'S3 answered 403' } });
    expect(md).toMatch(/^## bayside-mg: built, but the deploy to s3 failed\n/);
    expect(md).toContain('S3 answered 403');
  });

  it(`lists up to ${MAX_LISTED_QUARANTINED} quarantined records, safely inside the table, and counts the rest`, () => {
    const quarantined = Array.from({ length: MAX_LISTED_QUARANTINED + 5 }, (_, i) => ({ source: 'vehicles', id: String(300000 + i), path: 'price', reason: 'expected number | got "POA"\nsecond line' }));
    const md = jobSummary({ site: 'northside-used', build: buildReport({ quarantined }), pull: null, deploy: { target: 'dir', outcome: 'success' } });
    expect(md).toContain(`| quarantined records | ${MAX_LISTED_QUARANTINED + 5} |`);
    expect(md).toContain('| vehicles | 300000 | price | expected number \\| got "POA" second line |');
    expect(md).toContain(`| vehicles | ${300000 + MAX_LISTED_QUARANTINED - 1} |`);
    expect(md).not.toContain(`| vehicles | ${300000 + MAX_LISTED_QUARANTINED} |`);
    expect(md).toContain('…and 5 more: see the build-report artifact.');
  });

  it(`shows the last ${MAX_DEPLOY_LINES} lines of a long deploy output`, () => {
    const output = Array.from({ length: MAX_DEPLOY_LINES + 10 }, (_, i) => `line ${i + 1}`).join('\n');
    const md = jobSummary({ site: 'northside-used', build: buildReport(), pull: null, deploy: { target: 'dir', outcome: 'success', output } });
    expect(md).toContain('… 10 earlier line(s) in the artifact');
    expect(md).not.toContain('line 10\n');
    expect(md).toContain('line 11\n');
    expect(md).toContain(`line ${MAX_DEPLOY_LINES + 10}\n`);
  });

  it("names the ops server's dispatch that started the run", () => {
    const md = jobSummary({
      site: 'northside-used',
      build: buildReport(),
      pull: null,
      deploy: { target: 'dir', outcome: 'success' },
      dispatch: { site: 'northside-used', vehicle_ids: [1, 2], event_ids: ['a', 'b', 'c'], full: true },
    });
    expect(md).toContain('Started by the ops server for 3 journalled event(s) naming 2 vehicle(s) (full rebuild asked for).');
  });
});

describe('scripts/job-summary.ts', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the reports a build leaves in the working directory and prints the summary', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'job-summary-'));
    mkdirSync(path.join(dir, 'out/_reports'), { recursive: true });
    mkdirSync(path.join(dir, 'data/snapshots'), { recursive: true });
    // Where the build and the pull really write them.
    writeFileSync(reportPath('northside-used', dir), JSON.stringify(buildReport()));
    writeFileSync(pullReportPath('northside-used', dir), JSON.stringify(pullReport));
    writeFileSync(path.join(dir, 'out/_reports/northside-used.deploy.txt'), 'copied 12 changed files to /srv/northside\n');
    const run = (args: string[]) => execFileSync(process.execPath, [path.resolve('scripts/job-summary.ts'), ...args], { cwd: dir, encoding: 'utf8' });
    const md = run([
      '--site', 'northside-used', '--target', 'dir', '--deploy', 'success',
      '--deploy-output', 'out/_reports/northside-used.deploy.txt',
      '--dispatch', JSON.stringify({ site: 'northside-used', vehicle_ids: [300001], event_ids: ['e1'], full: false }),
    ]);
    expect(md).toMatch(/^## northside-used: published to dir\n/);
    expect(md).toContain('| stock | 250 pulled');
    expect(md).toContain('copied 12 changed files to /srv/northside');
    expect(md).toContain('Started by the ops server for 1 journalled event(s) naming 1 vehicle(s).');
    // Outside a dispatch the workflow passes an empty payload; a site that never built still gets a summary.
    expect(run(['--site', 'bayside-mg', '--deploy', '', '--dispatch', ''])).toMatch(/^## bayside-mg: build failed, nothing published\n/);
  });

  it('runs with no installed packages, so a job whose npm install failed still gets its summary', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'job-summary-bare-'));
    for (const file of ['scripts/job-summary.ts', 'scripts/cli.ts', 'src/generator/job-summary.ts']) cpSync(file, path.join(dir, file));
    const md = execFileSync(process.execPath, ['scripts/job-summary.ts', '--site', 'northside-used', '--deploy', ''], { cwd: dir, encoding: 'utf8' });
    expect(md).toMatch(/^## northside-used: build failed, nothing published\n/);
  });
});

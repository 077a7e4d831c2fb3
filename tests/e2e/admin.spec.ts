import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { cp, mkdir, mkdtemp, readFile, readdir, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { readSnapshot } from '../../src/data/snapshot-files.ts';
import { sign } from '../../src/ops/signature.ts';
import { OpsStore } from '../../src/ops/store.ts';
import { axeViolations } from '../support/axe.ts';

// Runs in the 'ops' project: the real ops server (`npm start`'s script, with the real site runner) in a copy of
// the project's data: the sites' configs and the demo feed as they are, a copy of the content, the snapshots
// and of northside-used as `npm run test:e2e` has just built it. Publishing content there changes neither the
// repository nor the site the other specs are testing.
const TOKEN = `e2e-admin-${Math.random().toString(36).slice(2)}-token`;
const WEBHOOK_SECRET = `e2e-webhook-${Math.random().toString(36).slice(2)}-secret`;
const project = path.resolve(import.meta.dirname, '..', '..');
const sites = loadAllSiteConfigs('sites');
const northside = findSite(sites, 'northside-used');
const OPERATOR = { username: 'sam', name: 'Sam Operator', password: 'e2e-operator-password' };
const MARKETING = { username: 'alex', name: 'Alex Chen', password: 'e2e-marketing-password' };

let server: ChildProcess;
let output = '';
let base = '';
let root = '';

/** A copy of the project's data with northside-used's live release, to run the server in. */
async function isolatedRoot(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ops-admin-e2e-'));
  await symlink(path.join(project, 'sites'), path.join(dir, 'sites'), 'dir');
  await cp(path.join(project, 'content'), path.join(dir, 'content'), { recursive: true });
  // The feed as it is, but for the content images, where uploaded pictures are stored: a copy of those.
  await mkdir(path.join(dir, 'data', 'feed'), { recursive: true });
  for (const entry of await readdir(path.join(project, 'data', 'feed'))) {
    if (entry === 'content') await cp(path.join(project, 'data', 'feed', entry), path.join(dir, 'data', 'feed', entry), { recursive: true });
    else await symlink(path.join(project, 'data', 'feed', entry), path.join(dir, 'data', 'feed', entry));
  }
  await symlink(path.join(project, 'data', 'image-cache'), path.join(dir, 'data', 'image-cache'), 'dir');
  await cp(path.join(project, 'data', 'snapshots'), path.join(dir, 'data', 'snapshots'), { recursive: true });
  const live = await realpath(path.join(project, 'out', northside.slug));
  const release = path.join(dir, 'out', '.releases', northside.slug, path.basename(live));
  await cp(live, release, { recursive: true });
  if (existsSync(`${live}.complete`)) await cp(`${live}.complete`, `${release}.complete`);
  await symlink(release, path.join(dir, 'out', northside.slug), 'dir');
  await mkdir(path.join(dir, 'out', '_reports'), { recursive: true });
  await cp(path.join(project, 'out', '_reports', `${northside.slug}.json`), path.join(dir, 'out', '_reports', `${northside.slug}.json`));
  return dir;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  root = await isolatedRoot();
  const store = new OpsStore(path.join(root, 'data', 'ops', 'ops.sqlite'));
  await store.staff.add({ ...OPERATOR, role: 'operator', sites: [] }, new Date());
  await store.staff.add({ ...MARKETING, role: 'marketing', sites: [northside.slug] }, new Date());
  store.close();
  server = spawn(process.execPath, [path.join(project, 'scripts', 'start.ts')], {
    cwd: root,
    env: { ...process.env, OPS_HOST: '127.0.0.1', OPS_PORT: '0', OPS_DATA_DIR: path.join(root, 'data', 'ops'), OPS_ADMIN_TOKEN: TOKEN, OPS_MODE: 'local', OPS_COALESCE_MS: '100', NORTHSIDE_USED_WEBHOOK_SECRET: WEBHOOK_SECRET },
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
  if (root) await rm(root, { recursive: true, force: true });
});

/** A page of a host the ops server answers by name (`<slug>.localhost`), asked on its loopback address. */
function getByHost(url: string): Promise<{ status: number; body: string }> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: pathname, headers: { host: `${hostname}:${port}` } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function signIn(page: Page, who: { username: string; password: string }): Promise<void> {
  await page.goto(`${base}/admin`);
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${base}/admin`);
}

test('without a session the admin page refuses and offers a sign-in form', async ({ page }) => {
  const response = await page.goto(`${base}/admin`);
  expect(response?.status()).toBe(401);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dealer sites ops');
  await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');
  await expect(page.getByRole('table')).toHaveCount(0);

  const api = await page.request.get(`${base}/api/sites`);
  expect(api.status()).toBe(401);
  // The machine token still opens the API.
  expect((await page.request.get(`${base}/api/sites`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status()).toBe(200);

  expect(await axeViolations(page)).toEqual([]);

  await page.getByLabel('Username').fill(OPERATOR.username);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('do not match');
});

test('signed in, a rebuild shows live progress and then the published result', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await signIn(page, OPERATOR);
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
  // Every text the status cell shows, so a phase that passes quickly is still seen; and every announcement,
  // since the one live region speaks for all sites (another site's build may be announced just after).
  await page.evaluate(() => {
    const record = (element: Element, into: string[], alongside?: () => void) =>
      new MutationObserver(() => {
        into.push(element.textContent!.trim());
        alongside?.();
      }).observe(element, { subtree: true, childList: true, characterData: true });
    const seen: string[] = [];
    const announced: string[] = [];
    // Whether the site's rebuild button was disabled as each announcement was made: a build that carries
    // every page over can finish before a poll from here sees the button at all.
    const buttonDisabled: boolean[] = [];
    Object.assign(window, { seenStatus: seen, announced, buttonDisabled });
    record(document.querySelector('tr[data-site="northside-used"] td.status')!, seen);
    const button = document.querySelector<HTMLButtonElement>('tr[data-site="northside-used"] form.rebuild button')!;
    record(document.querySelector('#live')!, announced, () => buttonDisabled.push(button.disabled));
  });
  const announced = () => page.evaluate(() => (window as unknown as { announced: string[] }).announced);

  const button = row.getByRole('button', { name: `Rebuild ${northside.name}` });
  await button.click();
  // This rebuild's own start: another run of the site (a time boundary passed while the server was down
  // fires at start-up) may start first, and the button is enabled again when that one finishes.
  const ownStart = new RegExp(`^${northside.name}: build started \\(.*rebuild by ${OPERATOR.username}`);
  await expect.poll(announced, { timeout: 30_000 }).toContainEqual(expect.stringMatching(ownStart));
  // Disabled while it runs: as its start was announced.
  const atStart = await page.evaluate((source) => {
    const { announced, buttonDisabled } = window as unknown as { announced: string[]; buttonDisabled: boolean[] };
    return buttonDisabled[announced.findIndex((text) => new RegExp(source).test(text))];
  }, ownStart.source);
  expect(atStart).toBe(true);

  // The result cell may still show an earlier build's result: the announcement says when this one is done.
  await expect.poll(announced, { timeout: 180_000 }).toContainEqual(expect.stringMatching(new RegExp(`^${northside.name}: published, \\d+ pages in [\\d.]+ s`)));
  await expect(row.locator('td.result')).toHaveText(/^Published/);
  await expect(row.locator('td.pages')).toHaveText(/^\d+$/);
  await expect(row.locator('td.result')).toContainText(`rebuild by ${OPERATOR.username}`);
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
  expect(latest).toMatchObject({ status: 'published', trigger: `rebuild by ${OPERATOR.username}` });

  expect(await axeViolations(page)).toEqual([]);

  const shot = testInfo.outputPath('admin-after-rebuild.png');
  await page.screenshot({ path: shot, fullPage: true });
  await testInfo.attach('admin page after a rebuild', { path: shot, contentType: 'image/png' });
  expect(problems).toEqual([]);
  console.log(`status texts seen: ${seen.join(' | ')}`);
});

test('a marketing user changes an offer: checked, previewed, published, seen live within seconds, undone, and every step in the audit log', async ({ page, context }, testInfo) => {
  test.setTimeout(240_000);
  const port = new URL(base).port;
  const live = (p: string) => `http://${northside.slug}.localhost:${port}${p}`;
  const offerPath = '/offers/all-makes/reserve-online/';
  const OLD = 'Reserve online for $200';
  const NEW = 'Reserve online for $100 this week';
  expect((await getByHost(live(offerPath))).body).toContain(OLD);

  await signIn(page, MARKETING);
  // Only their site, with no leads; the way in to its content.
  await expect(page.getByRole('table', { name: /Sites/ }).getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('columnheader', { name: 'Leads' })).toHaveCount(0);
  await page.getByRole('link', { name: `Edit content of ${northside.name}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Content of ${northside.name}`);

  // A picture for the offer, uploaded; a file that is not a picture is refused and says why.
  const notPicture = testInfo.outputPath('notes.txt');
  await writeFile(notPicture, 'not a picture');
  await page.getByLabel('Picture', { exact: true }).setInputFiles(notPicture);
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('status')).toContainText('Not uploaded: That file is not a picture');
  const picture = testInfo.outputPath('reserve.png');
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#1d4ed8' } }).png().toFile(picture);
  await page.getByLabel('Picture', { exact: true }).setInputFiles(picture);
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('status')).toContainText('Uploaded. Use it as /content/northside-used/images/uploads/');
  const pictureUrl = /\/content\/northside-used\/images\/uploads\/[0-9a-f]{20}\.png/.exec((await page.getByRole('status').textContent())!)![0];
  await expect(page.locator('ul.pictures code').first()).toHaveText(pictureUrl);
  await page.getByRole('link', { name: 'Offers', exact: true }).click();

  // The headline and an end date before the start: the form says what is wrong and where.
  const offer = page.getByRole('group', { name: OLD });
  // The offer's own name (its model has one too, further down).
  await offer.getByLabel('Name', { exact: true }).first().fill(NEW);
  await expect(offer.getByLabel(/^Start/)).toHaveValue('2026-01-01T00:00');
  await offer.getByLabel(/^Expiry/).fill('2025-12-31T23:59');
  await page.getByRole('button', { name: 'Check and preview' }).click();
  const problems = page.getByRole('alert');
  await expect(problems).toContainText('expiry is before start');
  // The form shows what was typed, the new headline among it.
  await expect(page.getByRole('group', { name: NEW }).getByLabel(/^Expiry/)).toHaveAttribute('aria-invalid', 'true');
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('offer-with-an-error.png'), fullPage: false });

  // Fixed, with the uploaded picture: the preview lists the pages that change, and only the preview shows the
  // new headline and the picture (made into the page's image sizes by the image pipeline).
  await page.getByRole('group', { name: NEW }).getByLabel(/^Expiry/).fill('2027-06-30T23:59');
  await page.getByRole('group', { name: NEW }).getByLabel(/^Image url/).fill(pictureUrl);
  await page.getByRole('button', { name: 'Check and preview' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preview of your change to Offers');
  const affected = page.locator('ul.affected');
  await expect(affected.getByRole('link', { name: offerPath })).toBeVisible();
  await expect(affected.getByRole('link', { name: '/special-offers/' })).toBeVisible();
  const previewUrl = await affected.getByRole('link', { name: offerPath }).getAttribute('href');
  expect(previewUrl).toMatch(new RegExp(`^http://${northside.slug}--[0-9a-f]{24}\\.localhost:${port}${offerPath}$`));
  const preview = await context.newPage();
  await preview.goto(previewUrl!);
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText(NEW);
  // The offers page shows the offer with its new picture, made into the sizes the page shows.
  await preview.goto(new URL('/special-offers/', previewUrl!).href);
  const card = preview.locator('article, li').filter({ hasText: NEW }).last();
  const shown = card.locator('img').first();
  await expect(shown).toHaveAttribute('src', /^\/images\/[0-9a-f]+-[a-z0-9-]+\.(jpg|webp)$/);
  await shown.scrollIntoViewIfNeeded();
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await preview.screenshot({ path: testInfo.outputPath('offer-preview.png') });
  await preview.close();
  expect((await getByHost(live(offerPath))).body).toContain(OLD);

  // Published: the live offer page changes within seconds.
  const published = Date.now();
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page).toHaveURL(/\/admin\?published=northside-used$/);
  await expect.poll(async () => (await getByHost(live(offerPath))).body.includes(NEW), { timeout: 30_000, intervals: [250] }).toBe(true);
  const seconds = (Date.now() - published) / 1000;
  testInfo.annotations.push({ type: 'publish to live', description: `${seconds.toFixed(1)} s` });
  expect(seconds).toBeLessThan(30);
  // The preview address ends with the draft.
  expect((await getByHost(previewUrl!)).status).toBe(404);

  // Not theirs: another dealer's content and the operators' screens.
  expect((await page.goto(`${base}/admin/sites/bayside-mg/content`))?.status()).toBe(403);
  await expect(page.getByRole('alert')).toContainText('You do not edit the content of "bayside-mg"');
  expect((await page.goto(`${base}/admin/sites/${northside.slug}/leads`))?.status()).toBe(403);

  // Undone: the offer is back as it was.
  await page.goto(`${base}/admin/sites/${northside.slug}/content`);
  await page.getByRole('button', { name: 'Undo the change to offers.yaml' }).click();
  await expect(page.getByRole('status')).toContainText('The change to offers.yaml is undone');
  await expect.poll(async () => (await getByHost(live(offerPath))).body.includes(OLD), { timeout: 30_000, intervals: [250] }).toBe(true);
  expect(await readFile(path.join(root, 'content', northside.slug, 'offers.yaml'), 'utf8')).toBe(await readFile(path.join(project, 'content', northside.slug, 'offers.yaml'), 'utf8'));

  // The audit log lists each step, who and what.
  await page.goto(`${base}/admin/audit`);
  const log = page.getByRole('table');
  for (const action of ['sign in', 'change', 'preview', 'publish', 'undo']) {
    await expect(log.getByRole('row').filter({ hasText: MARKETING.name }).filter({ has: page.getByRole('cell', { name: action, exact: true }) }).first()).toBeVisible();
  }
  await expect(log.getByRole('row').filter({ hasText: 'published offers.yaml' })).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);
});

test('a price change by signed webhook renders the stock pages listing the car again, and a shopper searches them as before', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const port = new URL(base).port;
  const live = (p: string) => `http://${northside.slug}.localhost:${port}${p}`;
  const ALL_STOCK = '/search/new-used-and-demo-cars/';
  // A car on the first page of all stock, priced between the others so the page's price range stays.
  const snapshot = (await readSnapshot(northside.slug, root))!;
  const inStock = snapshot.vehicles.filter((v) => v.status === 'in_stock');
  const [lowest, highest] = [Math.min(...inStock.map((v) => v.price)), Math.max(...inStock.map((v) => v.price))];
  const firstPage = [...(await getByHost(live(ALL_STOCK))).body.matchAll(/href="\/cars\/([^/"]+)\/"/g)].map((m) => m[1]!);
  const car = inStock.find((v) => firstPage.includes(v.slug) && v.price > lowest && v.price < highest)!;
  expect(car, 'an in-stock car on the first page of all stock').toBeTruthy();
  const priceOnCard = () => page.locator('[data-results] article').filter({ has: page.locator(`a[href="/cars/${car.slug}/"]`) }).locator('[data-price]');
  await page.goto(live(ALL_STOCK));
  const before = Number(await priceOnCard().getAttribute('data-price'));

  const body = JSON.stringify({ id: `e2e-price-${Date.now()}`, type: 'vehicle.updated', occurred_at: new Date().toISOString(), data: { id: Number(car.id), record: { ...car, price: car.price - 100 } } });
  const response = await fetch(`${base}/webhooks/${northside.slug}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'x-dealer-signature': sign(WEBHOOK_SECRET, body, Math.floor(Date.now() / 1000)) },
  });
  expect(response.status).toBe(202);
  await expect.poll(async () => (await getByHost(live(ALL_STOCK))).body.includes(`data-price="${before - 100}"`), { timeout: 30_000, intervals: [250] }).toBe(true);

  // The page as a shopper opens it: the new price on the card, the search taken over by the island, and
  // refining by the car's make narrows the results to that make.
  await page.goto(live(ALL_STOCK));
  await expect(priceOnCard()).toHaveAttribute('data-price', String(before - 100));
  await expect(page.locator('[data-stock-search="ready"]')).toBeAttached({ timeout: 15_000 });
  const count = Number((await page.locator('[data-result-count]').textContent())!.replace(/\D/g, ''));
  const makeBox = page.getByRole('checkbox', { name: new RegExp(`^${car.make} \\d+ vehicles?$`) });
  await expect(async () => {
    if (!(await makeBox.isVisible())) await page.getByRole('button', { name: 'All makes', exact: true }).click({ timeout: 2_000 });
    await expect(makeBox).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const ofMake = Number(/(\d+) vehicles?$/.exec(await makeBox.evaluate((box) => box.getAttribute('aria-label') ?? box.closest('label')?.textContent ?? ''))?.[1]);
  expect(ofMake).toBeGreaterThan(0);
  expect(ofMake).toBeLessThan(count);
  await makeBox.check();
  await expect(page).toHaveURL(new RegExp(`/search/${car.make_slug}/`));
  await expect(page.locator('[data-result-count]')).toHaveText(`${ofMake} ${ofMake === 1 ? 'vehicle' : 'vehicles'} found`);
  await expect(priceOnCard()).toHaveAttribute('data-price', String(before - 100));
  await page.screenshot({ path: testInfo.outputPath('search-after-webhook.png') });
  expect(await axeViolations(page)).toEqual([]);
});

test('the server stops cleanly on SIGTERM', async () => {
  server.kill('SIGTERM');
  const code = await new Promise<number | null>((resolve) => server.once('exit', resolve));
  expect(code, output).toBe(0);
  expect(output).toContain('Ops server stopped.');
});

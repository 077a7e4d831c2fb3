// The header's dropdowns and the footer's links on every demo site: dropdowns open by hover or by click as
// the site is set up (menu.dropdownOnHover) and by keyboard, one at a time, and close on Escape, a click
// outside or their own button; no link is listed twice or leads nowhere.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { MODEL_BODY_GROUPS, type Model } from '../../src/schemas/model.ts';
import { modelGroups } from '../../src/rules/models-menu.ts';
import { axeViolations, seriousViolations } from '../support/axe.ts';
import { readSnapshotSync } from '../../src/data/snapshot-files.ts';

const sites = loadAllSiteConfigs('sites');
const siteOf = (project: { metadata: Record<string, unknown> }) => findSite(sites, String(project.metadata.site));

/** The header's dropdowns at desktop width; a site whose header is a row of plain links has none. */
async function menuBar(page: Page): Promise<{ dropdowns: Locator; count: number }> {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const dropdowns = nav.locator('details[data-dropdown]');
  const count = await dropdowns.count();
  if (count === 0) {
    // No dropdown at all: every item is a link on the bar itself.
    expect(await nav.locator('#main-menu > li > a[href]').count()).toBeGreaterThanOrEqual(3);
    test.skip(true, 'this site has no dropdowns (its header is a row of links)');
  }
  expect(count).toBeGreaterThanOrEqual(2);
  return { dropdowns, count };
}

test.describe('header menus', () => {
  test('a dropdown opens the way the site is set up, one at a time, and closes on Escape, a click outside and its button', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const { dropdowns } = await menuBar(page);
    const first = dropdowns.nth(0);
    const second = dropdowns.nth(1);

    if (site.menu.dropdownOnHover) {
      await first.locator('summary').hover();
      await expect(first).toHaveAttribute('open', '');
      // Moving on to the next one swaps them.
      await second.locator('summary').hover();
      await expect(second).toHaveAttribute('open', '');
      await expect(first).not.toHaveAttribute('open');
      // Leaving the bar closes it.
      await page.mouse.move(683, 800);
      await expect(second).not.toHaveAttribute('open');
    } else {
      await first.locator('summary').hover();
      await page.waitForTimeout(300);
      await expect(first).not.toHaveAttribute('open');
    }

    // A click opens it (on a hover site, the click that follows the hover keeps it open).
    await first.locator('summary').click();
    await expect(first).toHaveAttribute('open', '');
    await expect(first.getByRole('link').first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`${site.slug}-dropdown-open.png`) });
    expect(await axeViolations(page, 'header')).toEqual([]);

    await second.locator('summary').click();
    await expect(second).toHaveAttribute('open', '');
    await expect(first).not.toHaveAttribute('open');

    await page.keyboard.press('Escape');
    await expect(second).not.toHaveAttribute('open');
    await expect(second.locator('summary')).toBeFocused();

    await second.locator('summary').click();
    await page.mouse.click(683, 700);
    await expect(second).not.toHaveAttribute('open');

    // Its own button closes it.
    await first.locator('summary').click();
    await expect(first).toHaveAttribute('open', '');
    await first.locator('summary').click();
    await expect(first).not.toHaveAttribute('open');
  });

  test('the keyboard opens a dropdown, walks its links and leaves it closed behind', async ({ page }) => {
    const { dropdowns } = await menuBar(page);
    const first = dropdowns.nth(0);
    await first.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('open', '');
    // Its links, after the filter buttons of the models mega-menu.
    const links = first.locator('a[href]:visible, button:visible');
    await page.keyboard.press('Tab');
    await expect(links.first()).toBeFocused();
    // Tabbing past its last link closes it, so it never covers the page behind.
    const count = await links.count();
    for (let i = 1; i < count; i++) await page.keyboard.press('Tab');
    await expect(links.last()).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(first).not.toHaveAttribute('open');
  });

  test('no dropdown lists a link twice', async ({ page }) => {
    const { dropdowns, count } = await menuBar(page);
    for (let i = 0; i < count; i++) {
      // The models mega-menu lists a model under each of its groups: there, no group lists a link twice.
      if ((await dropdowns.nth(i).getAttribute('data-mega-menu')) !== null) {
        for (const group of await dropdowns.nth(i).locator('[data-model-group]').all()) {
          const hrefs = await group.locator('a').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute('href')));
          expect(new Set(hrefs).size).toBe(hrefs.length);
        }
        continue;
      }
      // One page with or without its trailing slash.
      // Closed dropdowns hide their links from the accessibility tree: read the anchors themselves.
      const hrefs = await dropdowns.nth(i).locator('a').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname.replace(/(?<=.)\/$/, '')));
      expect(hrefs.length).toBeGreaterThan(0);
      expect(new Set(hrefs).size, `dropdown ${i}: ${hrefs.join(', ')}`).toBe(hrefs.length);
    }
  });
});

test('every footer link leads somewhere', async ({ page }) => {
  await page.goto('/');
  const footer = page.locator('footer');
  await expect(footer.locator('a:not([href])')).toHaveCount(0);
  const hrefs = await footer.getByRole('link').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThan(3);
  for (const href of hrefs) expect(href).toMatch(/^(\/|https?:)/);
});

/** The models of a site's range (its snapshot), which the header's models menu lists. */
function rangeOf(slug: string): Model[] {
  return (readSnapshotSync(slug)! as { models?: Model[] }).models ?? [];
}

/** The page path a model tile links to: its override URL, else /{slug}, with the site's trailing slash. */
const tilePath = (model: Model) => `${(model.override_url ?? `/${model.slug}`).replace(/\/$/, '')}/`;

test.describe('models mega-menu', () => {
  /** The mega-menu at desktop width; skips (after checking it is absent) on a site without a models range. */
  async function megaMenu(page: Page, slug: string): Promise<{ menu: Locator; button: Locator; models: Model[] }> {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/');
    const menu = page.locator('header details[data-mega-menu]');
    const models = rangeOf(slug);
    if (models.length === 0) {
      await expect(menu).toHaveCount(0);
      await expect(page.locator('[data-models-mega]')).toHaveCount(0);
      test.skip(true, `${slug} has no models range, and no models menu`);
    }
    await expect(menu).toHaveCount(1);
    return { menu, button: menu.locator('summary'), models };
  }

  test('opens the way the site is set up, shows the groups in order with Coming Soon badges and override URLs, and passes axe', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const { menu, button, models } = await megaMenu(page, site.slug);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    if (site.menu.dropdownOnHover) await button.hover();
    else await button.click();
    await expect(menu).toHaveAttribute('open', '');
    await expect(button).toHaveAttribute('aria-expanded', 'true');

    // Groups in the spec's order, each headed by its name, holding every model that belongs to it.
    const present = MODEL_BODY_GROUPS.filter((g) => models.some((m) => modelGroups(m).includes(g)));
    expect(present.length).toBeGreaterThanOrEqual(5);
    await expect(menu.locator('[data-model-group]')).toHaveCount(present.length);
    expect(await menu.locator('[data-model-group]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.modelGroup))).toEqual(present);
    await expect(menu.locator('[data-model-group] h3')).toHaveText(['Hatchback & Sedan', 'SUV', 'Premium', 'Petrol & Diesel', 'Electric', 'Hybrid', 'Coming Soon'].filter((_, i) => present.includes(MODEL_BODY_GROUPS[i]!)));
    for (const group of present) {
      const hrefs = await menu.locator(`[data-model-group="${group}"] a`).evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute('href')));
      expect(hrefs, group).toEqual(models.filter((m) => modelGroups(m).includes(group)).map(tilePath));
    }

    // A model with an override URL links there; a coming_soon model carries the badge, no other does.
    const overridden = models.find((m) => m.override_url);
    expect(overridden).toBeDefined();
    await expect(menu.locator(`a[href="${tilePath(overridden!)}"]`).first()).toBeVisible();
    await expect(menu.locator(`a[href="/${overridden!.slug}/"]`)).toHaveCount(0);
    const comingSoon = models.filter((m) => m.status === 'coming_soon');
    expect(comingSoon.length).toBeGreaterThan(0);
    const badged = await menu.locator('[data-model-tile]:has([data-badge])').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(new Set(badged)).toEqual(new Set(comingSoon.map(tilePath)));
    await expect(menu.locator('[data-model-group="coming-soon"] [data-badge]').first()).toHaveText(/coming soon/i);

    await page.screenshot({ path: testInfo.outputPath(`${site.slug}-mega-menu.png`) });
    expect(await seriousViolations(page, 'header')).toEqual([]);

    // Clicking a tile goes to the model's page.
    await menu.locator(`a[href="${tilePath(overridden!)}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`${tilePath(overridden!)}$`));
  });

  test('the filter buttons show one body type or powertrain at a time', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const { menu, button, models } = await megaMenu(page, site.slug);
    await button.click();
    const filters = menu.getByRole('group', { name: /filter/i });
    await expect(filters.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await filters.getByRole('button', { name: 'Electric' }).click();
    await expect(filters.getByRole('button', { name: 'Electric' })).toHaveAttribute('aria-pressed', 'true');
    await expect(filters.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    await expect(menu.locator('[data-model-group]:visible')).toHaveCount(1);
    const electric = models.filter((m) => modelGroups(m).includes('electric'));
    await expect(menu.locator('[data-model-tile]:visible')).toHaveCount(electric.length);
    await expect(menu.locator('[data-model-tile]:visible')).toHaveText(electric.map((m) => new RegExp(m.name.replace(/[+&]/g, '\\$&'))));
    // Another filter swaps the group; the panel stays open while filtering.
    await filters.getByRole('button', { name: 'SUV' }).click();
    await expect(menu).toHaveAttribute('open', '');
    await expect(menu.locator('[data-model-group]:visible')).toHaveAttribute('data-model-group', 'suv');
    expect(await seriousViolations(page, 'header')).toEqual([]);
    await filters.getByRole('button', { name: 'All' }).click();
    await expect(menu.locator('[data-model-group]:visible')).toHaveCount(await menu.locator('[data-model-group]').count());
  });

  test('the keyboard opens it, walks into the panel, and Escape closes it and returns to its button', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const { menu, button } = await megaMenu(page, site.slug);
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('open', '');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    // Focus order: the button, then the filters, then the tiles.
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('button', { name: 'All' })).toBeFocused();
    await page.keyboard.press('Enter');
    const filterCount = await menu.locator('button[data-filter]').count();
    for (let i = 1; i < filterCount; i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect(menu.locator('[data-model-group]:visible')).toHaveAttribute('data-model-group', 'coming-soon');
    await page.keyboard.press('Tab');
    await expect(menu.locator('[data-model-group="coming-soon"] a').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).not.toHaveAttribute('open');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
    // Space on the button opens it too; its own button closes it.
    await page.keyboard.press('Space');
    await expect(menu).toHaveAttribute('open', '');
    await page.keyboard.press('Enter');
    await expect(menu).not.toHaveAttribute('open');
  });

  test('only one dropdown is open: opening another closes the models menu, and a click outside closes it', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const { menu, button } = await megaMenu(page, site.slug);
    await button.click();
    await expect(menu).toHaveAttribute('open', '');
    const other = page.locator('header details[data-dropdown]:not([data-mega-menu])').first();
    await other.locator('summary').click();
    await expect(other).toHaveAttribute('open', '');
    await expect(menu).not.toHaveAttribute('open');
    await expect(page.locator('header details[open]')).toHaveCount(1);
    await button.click();
    await expect(menu).toHaveAttribute('open', '');
    await expect(other).not.toHaveAttribute('open');
    // The panel covers most of the window: click somewhere plainly outside it.
    await page.locator('footer').click({ position: { x: 2, y: 2 } });
    await expect(menu).not.toHaveAttribute('open');
  });

  test('on a phone without JavaScript every group shows, and a tile leads to its model', async ({ browser }, testInfo) => {
    const site = siteOf(testInfo.project);
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, baseURL: testInfo.project.use.baseURL });
    const page = await context.newPage();
    await page.goto('/');
    const models = rangeOf(site.slug);
    const menu = page.locator('header details[data-mega-menu]');
    if (models.length === 0) {
      await expect(menu).toHaveCount(0);
      await context.close();
      return;
    }
    await page.getByText('Menu', { exact: true }).click();
    await menu.locator('summary').click();
    await expect(menu.locator('[data-models-filters]')).toBeHidden();
    const groups = MODEL_BODY_GROUPS.filter((g) => models.some((m) => modelGroups(m).includes(g)));
    await expect(menu.locator('[data-model-group]:visible')).toHaveCount(groups.length);
    await page.screenshot({ path: testInfo.outputPath(`${site.slug}-mega-menu-phone.png`) });
    const first = models.find((m) => modelGroups(m).length > 0)!;
    await menu.locator(`a[href="${tilePath(first)}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`${tilePath(first)}$`));
    await context.close();
  });
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { loadSiteContent } from '../../src/data/site-data.ts';
import { DEFAULT_LEFT_VARIANT, DEFAULT_RIGHT_VARIANT, MAX_COLOURS_PER_VARIANT, variantColours } from '../../src/rules/ev-compare.ts';
import type { EvContent } from '../../src/schemas/content.ts';
import type { SiteConfig } from '../../src/schemas/site-config.ts';
import { variantSpecs } from '../../src/views/ev.ts';
import { seriousViolations } from '../support/axe.ts';

// The electric microsite as a shopper uses it: the comparison's model and colour pickers on each side,
// the hub's hero slider and the interior colour carousel. Only sites with the microsite have these
// pages; on the others they are absent.

const sites = loadAllSiteConfigs('sites');
const siteOf = (project: { metadata: Record<string, unknown> }) => findSite(sites, String(project.metadata.site));
const COMPARE = '/pages/mg-im/compare/';
const HUB = '/pages/mg-im/';

function evOf(site: SiteConfig): EvContent | null {
  return site.features.evMicrosite ? loadSiteContent(site.slug).ev : null;
}

const variantOf = (ev: EvContent, id: string) => ev.variants.find((v) => v.id === id)!;
const coloursOf = (ev: EvContent, id: string) => variantColours(ev.colours, variantOf(ev, id));

const side = (page: Page, which: 'left' | 'right') => page.locator(`[data-compare-side="${which}"]`);
const imageOf = (s: Locator) => s.locator('[data-compare-image]');
const colourNameOf = (s: Locator) => s.locator('[data-compare-colour-name]');

/** Scrolls to the comparison, as a shopper would, and waits for its island to take over. */
async function hydrated(page: Page): Promise<void> {
  await page.locator('#ev-compare').scrollIntoViewIfNeeded();
  await expect(page.locator('#ev-compare astro-island:not([ssr])')).toBeAttached({ timeout: 15_000 });
}

/** A table row's two values, by section and row label. */
async function row(page: Page, section: string, label: string): Promise<[string, string]> {
  const cells = page.locator(`[data-compare-table="${section}"] tbody tr`).filter({ has: page.getByRole('rowheader', { name: label, exact: true }) }).locator('td');
  return [(await cells.nth(0).innerText()).trim(), (await cells.nth(1).innerText()).trim()];
}

/** Every Dimensions and Performance figure of the pair, as the content file gives them. */
async function expectFigures(page: Page, ev: EvContent, leftId: string, rightId: string): Promise<void> {
  const left = variantSpecs(variantOf(ev, leftId));
  const right = variantSpecs(variantOf(ev, rightId));
  for (const [i, section] of left.entries()) {
    for (const [j, spec] of section.rows.entries()) {
      expect(await row(page, section.title, spec.label), `${section.title} ${spec.label}`).toEqual([spec.value, right[i]!.rows[j]!.value]);
    }
  }
}

test.describe('EV compare', () => {
  test('sites without the electric microsite have no comparison, hub or model pages', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    test.skip(evOf(site) !== null, 'this site has the microsite');
    for (const path of [COMPARE, HUB, '/models/im5/']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
    }
  });

  test('the page shows the default comparison before any script runs', async ({ browser }, testInfo) => {
    const site = siteOf(testInfo.project);
    const ev = evOf(site);
    test.skip(ev === null, 'no electric microsite on this site');
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(COMPARE);
    await expect(page).toHaveTitle(/^Compare/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find your perfect IM');
    await expect(page.getByLabel('Left model')).toHaveValue(DEFAULT_LEFT_VARIANT);
    await expect(page.getByLabel('Right model')).toHaveValue(DEFAULT_RIGHT_VARIANT);
    for (const title of ['Dimensions', 'Performance', 'Features']) await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await expectFigures(page, ev!, DEFAULT_LEFT_VARIANT, DEFAULT_RIGHT_VARIANT);
    // Up to six unique colours per variant; the first is chosen, and its car is shown with its size set.
    const colours = coloursOf(ev!, DEFAULT_LEFT_VARIANT);
    expect(colours.length).toBe(MAX_COLOURS_PER_VARIANT);
    await expect(side(page, 'left').getByRole('radio')).toHaveCount(colours.length);
    await expect(colourNameOf(side(page, 'left'))).toHaveText(colours[0]!.name);
    await expect(imageOf(side(page, 'left'))).toHaveAttribute('alt', `IM5 Performance in ${colours[0]!.name}`);
    await expect(imageOf(side(page, 'left'))).toHaveAttribute('width', /\d+/);
    await expect(imageOf(side(page, 'left'))).toHaveAttribute('height', /\d+/);
    await context.close();
  });

  test('swapping a side\'s model resets its colour to the first; colours change the car; the sides are independent', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const ev = evOf(site);
    test.skip(ev === null, 'no electric microsite on this site');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(COMPARE);
    await hydrated(page);
    const left = side(page, 'left');
    const right = side(page, 'right');
    const rightImage = await imageOf(right).getAttribute('src');

    // A colour on the left: its name and the car change; the right side stays as it was.
    const leftColours = coloursOf(ev!, DEFAULT_LEFT_VARIANT);
    const firstLeft = await imageOf(left).getAttribute('src');
    await left.getByRole('radio', { name: leftColours[2]!.name }).check();
    await expect(colourNameOf(left)).toHaveText(leftColours[2]!.name);
    await expect(imageOf(left)).not.toHaveAttribute('src', firstLeft!);
    await expect(imageOf(left)).toHaveAttribute('alt', `IM5 Performance in ${leftColours[2]!.name}`);
    await expect(imageOf(right)).toHaveAttribute('src', rightImage!);

    // Another model on the left: back to that model's first colour, figures follow, right untouched.
    const other = ev!.variants.find((v) => v.baseId !== 'im5' && v.id.endsWith('long-range'))!;
    await page.getByLabel('Left model').selectOption(other.id);
    const otherColours = coloursOf(ev!, other.id);
    await expect(colourNameOf(left)).toHaveText(otherColours[0]!.name);
    await expect(left.getByRole('radio').first()).toBeChecked();
    await expect(left.getByRole('radio')).toHaveCount(otherColours.length);
    await expect(imageOf(left)).toHaveAttribute('alt', `${other.name} in ${otherColours[0]!.name}`);
    await expect(page.getByLabel('Right model')).toHaveValue(DEFAULT_RIGHT_VARIANT);
    await expect(imageOf(right)).toHaveAttribute('src', rightImage!);
    await expectFigures(page, ev!, other.id, DEFAULT_RIGHT_VARIANT);

    // The right side on its own: a colour, then a model; the left keeps its choice.
    const rightColours = coloursOf(ev!, DEFAULT_RIGHT_VARIANT);
    await right.getByRole('radio', { name: rightColours[1]!.name }).check();
    await expect(colourNameOf(right)).toHaveText(rightColours[1]!.name);
    await expect(imageOf(right)).not.toHaveAttribute('src', rightImage!);
    await page.getByLabel('Right model').selectOption('im6-performance');
    await expect(colourNameOf(right)).toHaveText(coloursOf(ev!, 'im6-performance')[0]!.name);
    await expect(colourNameOf(left)).toHaveText(otherColours[0]!.name);
    await expectFigures(page, ev!, other.id, 'im6-performance');
    // Features: every feature of either side, Yes or No per side as the content file lists it.
    const performance = variantOf(ev!, 'im6-performance');
    for (const feature of [...new Set([...other.features, ...performance.features])]) {
      expect(await row(page, 'Features', feature)).toEqual([other.features.includes(feature) ? 'Yes' : 'No', performance.features.includes(feature) ? 'Yes' : 'No']);
    }
    // The chosen car's image really loads.
    await expect.poll(() => imageOf(left).evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(errors).toEqual([]);

    // Axe with both pickers changed.
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the pickers work from the keyboard', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const ev = evOf(site);
    test.skip(ev === null, 'no electric microsite on this site');
    await page.goto(COMPARE);
    await hydrated(page);
    const left = side(page, 'left');
    const colours = coloursOf(ev!, DEFAULT_LEFT_VARIANT);
    // Tab from the left model picker reaches the chosen colour; the arrow keys move between colours.
    await page.getByLabel('Left model').focus();
    await page.keyboard.press('Tab');
    await expect(left.getByRole('radio', { name: colours[0]!.name })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(left.getByRole('radio', { name: colours[1]!.name })).toBeChecked();
    await expect(colourNameOf(left)).toHaveText(colours[1]!.name);
    // The model picker by keyboard: the next variant in the list, back on its first colour.
    await page.getByLabel('Left model').focus();
    await page.keyboard.press('ArrowDown');
    const order = ev!.variants.map((v) => v.id);
    const next = ev!.variants[order.indexOf(DEFAULT_LEFT_VARIANT) + 1]!;
    await expect(page.getByLabel('Left model')).toHaveValue(next.id);
    await expect(colourNameOf(left)).toHaveText(coloursOf(ev!, next.id)[0]!.name);
  });

  test('hydrating the comparison moves nothing on the page', async ({ page }, testInfo) => {
    test.skip(evOf(siteOf(testInfo.project)) === null, 'no electric microsite on this site');
    await page.goto(COMPARE);
    await page.evaluate(() => {
      (window as unknown as { shift: number }).shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) (window as unknown as { shift: number }).shift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await hydrated(page);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBeLessThan(0.01);
  });
});

test.describe('EV hero slider and interior colour carousel', () => {
  /** The strip's scroll position and whether each button can be pressed. */
  async function strip(carousel: Locator) {
    const track = carousel.locator('[data-slides-track]');
    return {
      track,
      left: () => track.evaluate((el) => Math.round(el.scrollLeft)),
      prev: carousel.locator('[data-slides-prev]'),
      next: carousel.locator('[data-slides-next]'),
    };
  }

  test('the hub\'s hero slider moves by its buttons and by the keyboard', async ({ page }, testInfo) => {
    const ev = evOf(siteOf(testInfo.project));
    test.skip(ev === null, 'no electric microsite on this site');
    await page.goto(HUB);
    const hero = page.locator('[data-ev-slides="hero"]');
    const models = [...new Set(ev!.variants.map((v) => v.baseId))];
    await expect(hero.locator('[data-slide]')).toHaveCount(models.length);
    // Each slide shows a car of its model, loaded.
    const first = hero.locator('[data-slide]').first().locator('img');
    await expect(first).toHaveAttribute('alt', new RegExp(`^${ev!.variants.find((v) => v.baseId === models[0])!.name.split(' ')[0]}`));
    await expect.poll(() => first.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const { track, left, prev, next } = await strip(hero);
    await hero.scrollIntoViewIfNeeded();
    await expect(prev).toBeDisabled();
    await next.click();
    await expect(hero.locator('[data-slide]').nth(1)).toBeInViewport({ ratio: 0.9 });
    await expect.poll(left).toBeGreaterThan(0);
    await expect(next).toBeDisabled();
    await expect(prev).toBeEnabled();
    await prev.click();
    await expect.poll(left).toBe(0);
    // Keyboard: the strip takes focus; End and Home, then the arrow keys.
    await track.focus();
    await page.keyboard.press('End');
    await expect(hero.locator('[data-slide]').last()).toBeInViewport({ ratio: 0.9 });
    await page.keyboard.press('ArrowLeft');
    await expect.poll(left).toBe(0);
    await page.keyboard.press('ArrowRight');
    // The strip glides there: a shopper reaches for the back button once it has arrived and come on.
    await expect(hero.locator('[data-slide]').nth(1)).toBeInViewport({ ratio: 0.9 });
    await expect(prev).toBeEnabled();
    // The buttons themselves by keyboard.
    await prev.focus();
    await page.keyboard.press('Enter');
    await expect.poll(left).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a model page\'s interior colour carousel shows each trim and scrolls by button and keyboard', async ({ page }, testInfo) => {
    const ev = evOf(siteOf(testInfo.project));
    test.skip(ev === null, 'no electric microsite on this site');
    const trims = ev!.interiors.filter((t) => t.baseId === 'im6');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/models/im6/');
    const carousel = page.locator('[data-ev-slides="cards"]');
    await expect(carousel.getByRole('heading', { name: 'Interior colours' })).toBeVisible();
    await expect(carousel.locator('[data-slide]')).toHaveCount(trims.length);
    for (const [i, trim] of trims.entries()) {
      await expect(carousel.locator('[data-slide]').nth(i)).toContainText(trim.name);
      await expect(carousel.locator('[data-slide]').nth(i).locator('img')).toHaveAttribute('alt', `IM6 cabin in ${trim.name}`);
    }
    const { track, left, prev, next } = await strip(carousel);
    await carousel.scrollIntoViewIfNeeded();
    await expect(prev).toBeDisabled();
    await next.click();
    await expect(carousel.locator('[data-slide]').nth(1)).toBeInViewport({ ratio: 0.9 });
    const afterOne = await left();
    expect(afterOne).toBeGreaterThan(0);
    await track.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(left).toBeGreaterThan(afterOne);
    await expect(next).toBeDisabled();
    await page.keyboard.press('Home');
    await expect.poll(left).toBe(0);
    await expect(prev).toBeDisabled();
    const img = carousel.locator('[data-slide]').first().locator('img');
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

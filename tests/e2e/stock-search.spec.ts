import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { financePrice } from '../../src/rules/finance-eligibility.ts';
import type { SiteConfig } from '../../src/schemas/site-config.ts';
import type { NormalisedVehicle } from '../../src/schemas/snapshot.ts';
import { seriousViolations } from '../support/axe.ts';
import { readSnapshotSync } from '../../src/data/snapshot-files.ts';

const sites = loadAllSiteConfigs('sites');
const siteOf = (project: { metadata: Record<string, unknown> }) => findSite(sites, String(project.metadata.site));
const ALL_STOCK = '/search/new-used-and-demo-cars/';

function vehiclesOf(site: SiteConfig): NormalisedVehicle[] {
  return (readSnapshotSync(site.slug)! as { vehicles: NormalisedVehicle[] }).vehicles;
}

/** A make and one of its models with stock in several price bands, so each refinement narrows the results. */
function makeAndModel(site: SiteConfig): { make: NormalisedVehicle; models: number } {
  const vehicles = vehiclesOf(site).filter((v) => v.status === 'in_stock');
  const byModel = new Map<string, NormalisedVehicle[]>();
  for (const v of vehicles) byModel.set(`${v.make_slug}/${v.model_slug}`, [...(byModel.get(`${v.make_slug}/${v.model_slug}`) ?? []), v]);
  const [, list] = [...byModel].sort((a, b) => b[1].length - a[1].length)[0]!;
  return { make: list[0]!, models: list.length };
}

/** Waits until the island has taken over the server's HTML. */
async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('[data-stock-search="ready"]')).toBeAttached({ timeout: 15_000 });
}

/** The vehicle slugs of the result cards, in order. */
async function resultSlugs(page: Page): Promise<string[]> {
  const hrefs = await page.locator('[data-results] article h3 a').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.map((href) => href.replace(/^\/cars\//, '').replace(/\/$/, ''));
}

/** Ticks a value in a refinement panel, opening the panel's full list first when the value is not among the first shown. */
async function refine(page: Page, value: string, all: string): Promise<void> {
  const box = checkbox(page, value);
  const showAll = page.getByRole('button', { name: all, exact: true });
  // The previous refinement may redraw the panel while this one looks for the value: until the value is on
  // screen, open the full list, trying again when the redraw takes the button away under the click.
  await expect(async () => {
    if (!(await box.isVisible())) await showAll.click({ timeout: 2_000 });
    await expect(box).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await box.check();
}

const checkbox = (page: Page, name: string) => page.getByRole('checkbox', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\d+ vehicles?$`) });

test.describe('stock search', () => {
  test('refining by make then model writes the make/model landing path, a price range writes range[price]', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const { make } = makeAndModel(site);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(ALL_STOCK);
    await hydrated(page);

    await refine(page, make.make, 'All makes');
    await expect(page).toHaveURL(new RegExp(`/search/${make.make_slug}/$`));
    await refine(page, make.model, 'All models');
    await expect(page).toHaveURL(new RegExp(`/search/${make.make_slug}/${make.model_slug}/$`));
    const vehicles = new Map(vehiclesOf(site).map((v) => [v.slug, v]));
    await expect.poll(async () => (await resultSlugs(page)).every((slug) => vehicles.get(slug)?.model_slug === make.model_slug)).toBe(true);

    // A preset caps the price; then the minimum slider moves up one step by keyboard.
    const cap = site.search.pricePresets === 'premium' ? 800000 : 70000;
    await page.getByRole('button', { name: `Up to $${cap.toLocaleString('en-AU')}` }).click();
    await expect(page).toHaveURL(new RegExp(`/search/${make.make_slug}/${make.model_slug}/\\?range\\[price\\]=:${cap}$`));
    const low = page.getByRole('slider', { name: 'Minimum price' });
    await low.focus();
    await low.press('ArrowRight');
    const min = site.search.priceSlider.min + site.search.priceSlider.step;
    await expect(page).toHaveURL(new RegExp(`\\?range\\[price\\]=${min}:${cap}$`));
    await expect.poll(async () => (await resultSlugs(page)).every((slug) => financePrice(vehicles.get(slug)!) >= min && financePrice(vehicles.get(slug)!) <= cap)).toBe(true);
    await page.screenshot({ path: testInfo.outputPath(`${site.slug}-refined.png`) });

    // Reload keeps the state: the same refinements and the same results.
    const before = await resultSlugs(page);
    await page.reload();
    await hydrated(page);
    await expect(checkbox(page, make.model)).toBeChecked();
    await expect.poll(() => resultSlugs(page)).toEqual(before);
    expect(errors).toEqual([]);
  });

  test('sorting by lowest price lists ascending prices, and the back button restores the previous sort', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const vehicles = new Map(vehiclesOf(site).map((v) => [v.slug, v]));
    await page.goto(ALL_STOCK);
    await hydrated(page);
    const first = await resultSlugs(page);

    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Lowest Price' });
    await expect(page).toHaveURL(/\?sortBy=lowestPrice$/);
    await expect.poll(async () => (await resultSlugs(page))[0]).not.toBe(first[0]);
    const prices = (await resultSlugs(page)).map((slug) => financePrice(vehicles.get(slug)!));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    if (site.search.lowestPriceExcludesZero) expect(prices.filter((p) => p === 0)).toEqual([]);

    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${ALL_STOCK.replace(/\//g, '\\/')}$`));
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('vehicles');
    await expect.poll(() => resultSlugs(page)).toEqual(first);
  });

  test('a lowest-price search never shows a car without a price, not even before its first answer settles', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    test.skip(!site.search.lowestPriceExcludesZero, 'this site lists cars without a price under Lowest Price');
    const vehicles = new Map(vehiclesOf(site).map((v) => [v.slug, v]));
    // A sort the static page cannot show is searched as the island takes over: once its answer is on the
    // screen, the engine is ready and every later search answers at once.
    await page.goto(`${ALL_STOCK}?sortBy=highestPrice`);
    await hydrated(page);
    const pricesShown = async () => (await resultSlugs(page)).map((slug) => financePrice(vehicles.get(slug)!));
    await expect.poll(async () => {
      const prices = await pricesShown();
      return prices.length > 1 && prices.every((price, i) => i === 0 || price <= prices[i - 1]!);
    }).toBe(true);
    // Every card the results show from now on, however briefly.
    await page.evaluate(() => {
      const shown = new Set<string>();
      (window as unknown as { shownSlugs: Set<string> }).shownSlugs = shown;
      const results = document.querySelector('[data-results]')!;
      new MutationObserver(() => {
        for (const link of results.querySelectorAll('article h3 a')) shown.add((link.getAttribute('href') ?? '').replace(/^\/cars\//, '').replace(/\/$/, ''));
      }).observe(results, { childList: true, subtree: true });
    });

    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Lowest Price' });
    await expect.poll(async () => {
      const prices = await pricesShown();
      return prices.length > 1 && prices.every((price, i) => i === 0 || price >= prices[i - 1]!);
    }).toBe(true);
    const shown = await page.evaluate(() => [...(window as unknown as { shownSlugs: Set<string> }).shownSlugs]);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((slug) => financePrice(vehicles.get(slug)!) === 0)).toEqual([]);
  });

  test('page 2 shows the next results, and back returns to page 1', async ({ page }) => {
    await page.goto(ALL_STOCK);
    await hydrated(page);
    const first = await resultSlugs(page);
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2', exact: true }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect.poll(async () => (await resultSlugs(page))[0]).not.toBe(first[0]);
    const second = await resultSlugs(page);
    expect(second.filter((slug) => first.includes(slug))).toEqual([]);
    await page.goBack();
    await expect(page).not.toHaveURL(/page=2/);
    await expect.poll(() => resultSlugs(page)).toEqual(first);
  });

  test('a landing page shows its results, counts and refinements with JavaScript off', async ({ browser }, testInfo) => {
    const site = siteOf(testInfo.project);
    const { make } = makeAndModel(site);
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: testInfo.project.use.baseURL });
    const page = await context.newPage();
    await page.goto(`/search/${make.make_slug}/${make.model_slug}/`);
    const expected = vehiclesOf(site).filter((v) => v.make_slug === make.make_slug && v.model_slug === make.model_slug);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(make.model);
    await expect(page.locator('[data-result-count]')).toHaveText(`${expected.length} ${expected.length === 1 ? 'vehicle' : 'vehicles'} found`);
    expect((await resultSlugs(page)).length).toBe(Math.min(site.search.pageSize, expected.length));
    await expect(checkbox(page, make.model)).toBeChecked();
    await expect(page.getByRole('link', { name: make.make, exact: true }).first()).toBeAttached();
    await context.close();
  });

  test('taking over the page moves nothing: the first card stays where it was and nothing shifts', async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { shifts: number }).shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(ALL_STOCK, { waitUntil: 'domcontentloaded' });
    const card = page.locator('[data-results] > li').first();
    const before = await card.boundingBox();
    const html = await card.innerHTML();
    await hydrated(page);
    await page.waitForTimeout(500);
    expect(await card.boundingBox()).toEqual(before);
    expect(await card.innerHTML()).toBe(html);
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
  });

  test('the island takes its first results from the page’s data block and takes over without a hydration error', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(ALL_STOCK, { waitUntil: 'domcontentloaded' });
    // The results, facets and landing table are in one JSON block; the island itself is handed only the page.
    const block = JSON.parse(await page.locator('script#stock-search-props[type="application/json"]').textContent() ?? '') as {
      serverState: { initialResults: { vehicles: { results: Array<{ hits: unknown[]; nbHits: number }> } } };
      landings: unknown[];
    };
    const results = block.serverState.initialResults.vehicles.results[0]!;
    expect(results.hits.length).toBeGreaterThan(0);
    expect(block.landings.length).toBeGreaterThan(0);
    const island = page.locator('astro-island', { has: page.locator('[data-stock-search]') });
    expect(JSON.parse((await island.getAttribute('props')) ?? '')).toEqual({ page: [0, ALL_STOCK] });
    const count = await page.locator('[data-result-count]').textContent();
    const slugs = await resultSlugs(page);
    await hydrated(page);
    await expect(page.locator('[data-result-count]')).toHaveText(count ?? '');
    expect(await resultSlugs(page)).toEqual(slugs);
    expect(errors).toEqual([]);
  });

  test('on a phone the refinements open as a panel; its show button closes it at the top of the results', async ({ browser }, testInfo) => {
    const site = siteOf(testInfo.project);
    const { make } = makeAndModel(site);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: testInfo.project.use.baseURL });
    const page = await context.newPage();
    await page.goto(ALL_STOCK);
    await hydrated(page);
    await page.getByRole('button', { name: 'Refine search' }).click();
    const panel = page.getByRole('dialog', { name: 'Refine your search' });
    await expect(panel).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await refine(page, make.make, 'All makes');
    await expect(page).toHaveURL(new RegExp(`/search/${make.make_slug}/$`));
    const count = vehiclesOf(site).filter((v) => v.make_slug === make.make_slug).length;
    await panel.getByRole('button', { name: new RegExp(`^Show ${count} vehicles?$`) }).click();
    await expect(panel).toBeHidden();
    const top = await page.locator('[data-stock-search]').evaluate((el) => el.getBoundingClientRect().top);
    expect(Math.abs(top)).toBeLessThan(20);
    await page.screenshot({ path: testInfo.outputPath(`${site.slug}-phone-results.png`) });
    await context.close();
  });

  test('a search with no results says so and Clear Filters brings the stock back', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    await page.goto(ALL_STOCK);
    await hydrated(page);
    await page.getByRole('searchbox', { name: 'Search stock' }).fill('qqqqzzzz');
    await expect(page.getByText(site.search.noResultsText)).toBeVisible();
    await expect(page.getByRole('heading', { name: site.search.emptyCard.title })).toBeVisible();
    await expect(page).toHaveURL(/\?query=qqqqzzzz$/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page.locator('[data-results] article').first()).toBeVisible();
  });

  test('free text finds a model by a prefix with a typo', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    // A word of 5 letters or more from the name of the most stocked model that has one (shorter words get
    // no typo allowance; 'Seal' or 'D-Max' would not do).
    const long = (text: string) => text.toLowerCase().split(/\s+/).find((w) => /^[a-z]{5,}$/.test(w));
    const stocked = vehiclesOf(site).filter((v) => v.status === 'in_stock' && long(v.model));
    const count = (v: NormalisedVehicle) => stocked.filter((o) => o.model_slug === v.model_slug).length;
    const make = [...stocked].sort((a, b) => count(b) - count(a))[0]!;
    await page.goto(ALL_STOCK);
    await hydrated(page);
    // The model's name with its second and third letters swapped, as a quick thumb types it.
    const word = long(make.model)!;
    const typed = `${word.charAt(0)}${word.charAt(2)}${word.charAt(1)}${word.slice(3)}`;
    await page.getByRole('searchbox', { name: 'Search stock' }).fill(typed);
    const vehicles = new Map(vehiclesOf(site).map((v) => [v.slug, v]));
    await expect.poll(async () => (await resultSlugs(page)).some((slug) => `${vehicles.get(slug)?.make} ${vehicles.get(slug)?.model}`.toLowerCase().includes(word))).toBe(true);
  });

  test('an odometer limit writes range[km] and lists only vehicles under it', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const vehicles = new Map(vehiclesOf(site).map((v) => [v.slug, v]));
    await page.goto(ALL_STOCK);
    await hydrated(page);
    await page.locator('summary', { hasText: 'Kilometres' }).click();
    await page.getByRole('button', { name: 'Under 50,000 kms' }).click();
    await expect(page).toHaveURL(/\?range\[km\]=:50000$/);
    await expect.poll(async () => (await resultSlugs(page)).every((slug) => (vehicles.get(slug)!.km ?? 0) <= 50000)).toBe(true);
    await expect(page.getByRole('button', { name: 'Under 50,000 kms' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('a weekly repayment band lists only vehicles whose card shows a repayment in it', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    test.skip(!site.finance.provider || site.finance.monthlyOnly, 'the site shows no weekly repayments');
    await page.goto(ALL_STOCK);
    await hydrated(page);
    await page.locator('summary', { hasText: 'Weekly repayment' }).click();
    const label = (await page.locator('#filter-weekly_price_range label').first().innerText()).split('\n')[0]!.trim();
    await page.locator('#filter-weekly_price_range input[type="checkbox"]').first().check();
    await expect(page).toHaveURL(/refinementList\[weekly_price_range\]\[0\]=/);
    const [lo, hi] = label.startsWith('Under') ? [0, Number(label.replace(/\D+/g, '')) - 1] : label.includes('or more') ? [Number(label.replace(/\D+/g, '')), Infinity] : label.match(/\d+/g)!.map(Number);
    await expect.poll(async () => {
      const figures = await page.locator('[data-results] [data-weekly]').allInnerTexts();
      return figures.length > 0 && figures.every((text) => {
        const n = Number(text.replace(/[^\d]/g, ''));
        return n >= lo! && n <= hi!;
      });
    }).toBe(true);
  });

  test('promo cards sit at their positions on the group site, before and after the island takes over', async ({ page }, testInfo) => {
    test.skip(siteOf(testInfo.project).slug !== 'summit-motor-group', 'the group site places promo cards at 8 and 17');
    const positions = () => page.locator('[data-results] > li').evaluateAll((items) => items.flatMap((li, i) => (li.querySelector('[data-promo-card]') ? [i + 1] : [])));
    await page.goto(ALL_STOCK, { waitUntil: 'domcontentloaded' });
    const before = await positions();
    // Positions 8 and 17, both moved by the site's random start offset of 0 to 2.
    expect(before).toHaveLength(2);
    const offset = before[0]! - 8;
    expect(offset).toBeGreaterThanOrEqual(0);
    expect(offset).toBeLessThanOrEqual(2);
    expect(before[1]).toBe(17 + offset);
    await hydrated(page);
    expect(await positions()).toEqual(before);
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2', exact: true }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect.poll(async () => (await positions()).length).toBe(2);
  });

  test('the favourite toggle on a card saves the vehicle in this browser, records the event, and survives a reload', async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { dataLayer: unknown[] }).dataLayer = [];
    });
    await page.goto(ALL_STOCK);
    await hydrated(page);
    const toggle = page.locator('[data-results] [data-favourite]').first();
    const id = Number(await toggle.getAttribute('data-favourite'));
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('dealer-sites:favourites') ?? '[]') as Array<{ id: number }>);
    expect(stored.map((f) => f.id)).toEqual([id]);
    await expect.poll(() => page.evaluate(() => (window as unknown as { dataLayer: Array<{ eventId?: number }> }).dataLayer.some((e) => e.eventId === 39))).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.reload();
    await hydrated(page);
    await expect(page.locator(`[data-results] [data-favourite="${id}"]`)).toHaveAttribute('aria-pressed', 'true');
    await page.locator(`[data-results] [data-favourite="${id}"]`).click();
    await expect(page.locator(`[data-results] [data-favourite="${id}"]`)).toHaveAttribute('aria-pressed', 'false');
    expect(await page.evaluate(() => localStorage.getItem('dealer-sites:favourites'))).toBe('[]');
  });

  test('a search page view and a phone-link click reach the tag manager (events 49 and 25)', async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { dataLayer: unknown[] }).dataLayer = [];
      // The phone link would leave the page for the dialler.
      document.addEventListener('click', (event) => (event.target as Element).closest('a[href^="tel:"]') && event.preventDefault(), true);
    });
    await page.goto('/search/used-cars/');
    await hydrated(page);
    const events = () => page.evaluate(() => (window as unknown as { dataLayer: Array<{ eventId?: number; label?: string }> }).dataLayer.map((e) => `${e.eventId}:${e.label ?? ''}`));
    await expect.poll(events).toContain('49:');
    // A site that masks its number shows it once the shopper asks.
    const reveal = page.getByRole('banner').locator('details[data-phone-reveal] summary');
    if ((await reveal.count()) > 0) await reveal.click();
    await page.getByRole('banner').locator('a[href^="tel:"]').first().click();
    await expect.poll(events).toContain('25:Used Car');
  });

  test('the home page\'s price range opens the search on that range, dearest first', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const vehicles = new Map(vehiclesOf(site).map((v) => [v.slug, v]));
    await page.goto('/');
    const high = page.getByRole('slider', { name: 'Highest price' });
    await high.focus();
    for (let i = 0; i < 3; i++) await high.press('PageDown');
    const max = Number(await high.inputValue());
    expect(max).toBeLessThan(site.search.priceSlider.max);
    await page.getByRole('button', { name: 'Show vehicles in this range' }).click();
    await hydrated(page);
    await expect.poll(() => new URL(page.url()).searchParams.get('range[price]')).toBe(`:${max}`);
    expect(new URL(page.url()).searchParams.get('sortBy')).toBe('highestPrice');
    await expect.poll(async () => {
      const prices = (await resultSlugs(page)).map((slug) => financePrice(vehicles.get(slug)!));
      return prices.length > 0 && prices.every((p) => p <= max) && prices.join() === [...prices].sort((a, b) => b - a).join();
    }).toBe(true);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('vehicles_highestPrice');
  });

  test('the search page passes axe, before and after refining', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const { make } = makeAndModel(site);
    await page.goto(ALL_STOCK);
    await hydrated(page);
    expect(await seriousViolations(page)).toEqual([]);
    await refine(page, make.make, 'All makes');
    await expect(page).toHaveURL(new RegExp(`/search/${make.make_slug}/$`));
    expect(await seriousViolations(page)).toEqual([]);
  });
  test('a panel shows every value and fewer again; the make panel lists the popular makes first when the site says so', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const inStock = vehiclesOf(site).filter((v) => v.status === 'in_stock' || v.status === 'demo');
    const makes = [...new Set(inStock.map((v) => v.make))];
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(ALL_STOCK);
    await hydrated(page);
    const panel = page.locator('#filter-make');
    const values = () => panel.getByRole('checkbox').count();
    const shown = await values();
    expect(makes.length, `${site.slug} has more makes than its panel shows at first`).toBeGreaterThan(shown);
    const models = await page.locator('#filter-model').getByRole('checkbox').count();
    const more = page.getByRole('button', { name: 'All makes', exact: true });
    await more.click();
    const fewer = page.getByRole('button', { name: 'Show fewer', exact: true });
    await expect(fewer).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(values).toBeGreaterThan(shown);
    expect(await page.locator('#filter-model').getByRole('checkbox').count()).toBe(models);
    const labels = await panel.locator('label span.flex-1').allTextContents();
    if (site.search.popularMakesFirst) {
      // After the popular makes (by stock), the others by name.
      const rest = labels.slice(20);
      expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b)));
    } else {
      // InstantSearch's name order: by character code, so 'MG' comes before 'Mazda'.
      expect(labels).toEqual([...labels].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    }
    expect(await seriousViolations(page, '#refine')).toEqual([]);
    await fewer.click();
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(values).toBe(shown);
    // Another panel keeps its own state throughout.
    expect(await page.locator('#filter-model').getByRole('checkbox').count()).toBe(models);
    expect(errors).toEqual([]);
  });
});

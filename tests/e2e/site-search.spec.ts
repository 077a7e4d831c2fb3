import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';

test.describe('the header search box', () => {
  test('finds content pages as the shopper types, and opens the chosen one', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search this site' });
    await box.fill('privacy');
    const results = page.getByRole('listbox', { name: 'Search results' });
    await expect(results.getByRole('option').first()).toContainText('Search stock for “privacy”');
    const policy = results.locator('[role="option"][data-href="/privacy-policy/"]');
    await expect(policy).toHaveCount(1);
    expect(await seriousViolations(page, 'header')).toEqual([]);

    // By keyboard: down to the page, Enter opens it.
    const options = await results.getByRole('option').evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.href));
    const index = options.indexOf('/privacy-policy/');
    for (let i = 0; i <= index; i++) await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', await policy.getAttribute('id') ?? '');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/privacy-policy\/$/);
    expect(errors).toEqual([]);
  });

  test('a stock query typed there opens the stock search with that query', async ({ page }) => {
    await page.goto('/privacy-policy/');
    const box = page.getByRole('combobox', { name: 'Search this site' });
    await box.fill('automatic');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\/new-used-and-demo-cars\/\?query=automatic$/);
    await expect(page.locator('[data-stock-search="ready"]')).toBeAttached({ timeout: 15_000 });
    await expect(page.getByRole('searchbox', { name: 'Search stock' })).toHaveValue('automatic');
  });

  test('without JavaScript the box still opens the stock search', async ({ browser }, testInfo) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: testInfo.project.use.baseURL });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Search this site' }).fill('toyota');
    await page.getByRole('combobox', { name: 'Search this site' }).press('Enter');
    await expect(page).toHaveURL(/\/search\/new-used-and-demo-cars\/\?query=toyota$/);
    await context.close();
  });
});

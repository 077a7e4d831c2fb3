// The vehicle page's finance figures: the block beside the price, the calculator island, and the disclaimer
// stating what each figure is worked out on, on every demo site.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { findSite, loadAllSiteConfigs } from '../../src/data/site-config.ts';
import { EVENT_FINANCE_FIRST_CHANGE } from '../../src/rules/analytics.ts';
import { calculateRepayment, type RepaymentInput } from '../../src/rules/finance-calculator.ts';
import { DISCLAIMER_COLLAPSED_LENGTH } from '../../src/rules/finance-disclaimer.ts';
import type { SiteConfig } from '../../src/schemas/site-config.ts';
import type { NormalisedVehicle, Snapshot } from '../../src/schemas/snapshot.ts';
import { financeQuote } from '../../src/ops/shopper-api.ts';
import { instantQuoteText } from '../../src/rules/finance-eligibility.ts';
import { financeQuoteView, vehicleFinance, type VehicleFinanceView } from '../../src/views/vehicle/finance.ts';
import { findAll, parseHtml, text } from '../support/html.ts';
import { axeViolations, seriousViolations } from '../support/axe.ts';
import { readSnapshotSync } from '../../src/data/snapshot-files.ts';

const sites = loadAllSiteConfigs('sites');
const siteOf = (project: { metadata: Record<string, unknown> }) => findSite(sites, String(project.metadata.site));

function snapshotOf(site: SiteConfig): Snapshot {
  return readSnapshotSync(site.slug)!;
}

/** A vehicle with a finance figure (not 'Enquire for Finance'), the dearest such, so every input has room to move. */
function financedVehicle(site: SiteConfig): { vehicle: NormalisedVehicle; finance: VehicleFinanceView } {
  const snapshot = snapshotOf(site);
  const now = new Date(snapshot.meta.pulledAt);
  const financed = snapshot.vehicles
    .map((vehicle) => ({ vehicle, finance: vehicleFinance(vehicle, site, now) }))
    .filter((f): f is { vehicle: NormalisedVehicle; finance: VehicleFinanceView } => f.finance !== null && f.finance.summary.paymentText !== 'Enquire for Finance')
    .sort((a, b) => b.finance.calculator.basis.price - a.finance.calculator.basis.price);
  expect(financed.length).toBeGreaterThan(0);
  return financed[Math.floor(financed.length / 2)]!;
}

function inputOf(finance: VehicleFinanceView, over: Partial<RepaymentInput> = {}): RepaymentInput {
  const { basis } = finance.calculator;
  return { amount: basis.price, deposit: basis.deposit, residual: basis.balloon, term: basis.years, interest: basis.rate, frequency: basis.frequency, ...over };
}

async function openCalculator(page: Page, vehicle: NormalisedVehicle): Promise<void> {
  await page.goto(`/cars/${vehicle.slug}/`);
  await page.locator('#finance-calculator').scrollIntoViewIfNeeded();
  // Hydrated once a change reaches the figure; the island loads when it comes into view.
  await expect(page.locator('#finance-calculator astro-island:not([ssr])')).toBeAttached({ timeout: 15_000 });
}

const payment = (page: Page) => page.locator('[data-finance-payment]');

test.describe('finance calculator', () => {
  test('starts at the figure beside the price, and follows the frequency and the term', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    test.skip(!site.finance.provider, `${site.slug} has no finance provider`);
    const { vehicle, finance } = financedVehicle(site);
    await openCalculator(page, vehicle);
    const context = finance.calculator.context;

    await expect(page.getByRole('complementary', { name: 'Price and actions' })).toContainText(finance.summary.paymentText);
    await expect(payment(page)).toHaveText(finance.summary.paymentText);
    await expect(page.locator('[data-finance-disclaimer]')).toHaveText(new RegExp(`^\\*The estimate of ${finance.summary.paymentText.replace(/ \/\w+\*$/, '').replace('$', '\\$')} per week`));

    if (finance.calculator.frequencies.length > 1) {
      await page.getByText('Monthly', { exact: true }).click();
      const monthly = calculateRepayment(inputOf(finance, { frequency: { name: 'Monthly', value: 12 } }), context);
      await expect(payment(page)).toHaveText(monthly.paymentText);
      await expect(page.locator('[data-finance-disclaimer]')).toContainText(`per month is worked out on`);
    }
    const frequency = finance.calculator.frequencies.length > 1 ? ({ name: 'Monthly', value: 12 } as const) : finance.calculator.basis.frequency;

    // One step down the term slider by keyboard.
    const term = page.getByLabel(/^Loan term/);
    await term.focus();
    await term.press('ArrowLeft');
    const slider = finance.calculator.sliders.term;
    const years = slider.kind === 'list' ? slider.values[Math.max(0, slider.values.indexOf(finance.calculator.basis.years) - 1)]! : finance.calculator.basis.years - slider.step;
    const shorter = calculateRepayment(inputOf(finance, { frequency, term: years }), context);
    await expect(payment(page)).toHaveText(shorter.paymentText);
    await expect(page.locator('[data-finance-disclaimer]')).toContainText(`over ${years} years at`);
    await page.locator('#finance-calculator').screenshot({ path: testInfo.outputPath(`${site.slug}-calculator.png`) });
  });

  test('typed amounts lose stray characters and show thousands; the first change alone records event 26', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    test.skip(!site.finance.provider, `${site.slug} has no finance provider`);
    const { vehicle, finance } = financedVehicle(site);
    await page.addInitScript(() => {
      (window as unknown as { dataLayer: unknown[] }).dataLayer = [];
    });
    await openCalculator(page, vehicle);
    const deposit = page.getByLabel('Deposit or trade-in');
    await deposit.fill('');
    await deposit.pressSequentially('5a,00x0');
    await expect(deposit).toHaveValue('$5,000');
    const expected = calculateRepayment(inputOf(finance, { deposit: 5000 }), finance.calculator.context);
    await expect(payment(page)).toHaveText(expected.paymentText);
    await page.getByLabel(/^Interest rate/).focus();
    await page.getByLabel(/^Interest rate/).press('ArrowRight');
    const events = await page.evaluate((id) => (window as unknown as { dataLayer: Array<{ eventId?: number }> }).dataLayer.filter((e) => e.eventId === id).length, EVENT_FINANCE_FIRST_CHANGE);
    expect(events).toBe(1);
  });

  test('the disclaimer is open at first, cut to 197 characters when closed, and the page passes axe', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    test.skip(!site.finance.provider, `${site.slug} has no finance provider`);
    const { vehicle, finance } = financedVehicle(site);
    await openCalculator(page, vehicle);
    const disclaimer = page.locator('[data-finance-disclaimer]');
    await expect(disclaimer).toHaveText(finance.disclaimer);
    const toggle = page.getByRole('button', { name: 'Show less' });
    if (!site.finance.disclaimerToggle) {
      await expect(toggle).toHaveCount(0);
      return;
    }
    await toggle.click();
    await expect(disclaimer).toHaveText(`${finance.disclaimer.slice(0, DISCLAIMER_COLLAPSED_LENGTH).trimEnd()}...`);
    await expect(page.getByRole('button', { name: 'Show more' })).toHaveAttribute('aria-expanded', 'false');
    if (site.finance.listedFees.length > 0) {
      for (const fee of site.finance.listedFees) await expect(page.locator('#finance-calculator')).toContainText(fee.label);
    }
    expect(await seriousViolations(page, '#finance-calculator')).toEqual([]);
  });

  test('every vehicle page of the site shows the figure its disclaimer states, beside the price and in the calculator', async ({}, testInfo) => {
    test.setTimeout(120_000);
    const site = siteOf(testInfo.project);
    const root = path.resolve('out', site.slug, 'cars');
    const snapshot = snapshotOf(site);
    const now = new Date(snapshot.meta.pulledAt);
    const bySlug = new Map(snapshot.vehicles.map((v) => [v.slug, v]));
    let checked = 0;
    for (const slug of readdirSync(root)) {
      const vehicle = bySlug.get(slug);
      if (!vehicle) continue;
      const finance = vehicleFinance(vehicle, site, now);
      const { document } = parseHtml(readFileSync(path.join(root, slug, 'index.html'), 'utf8'));
      const shown = findAll(document, (n) => n.attrs?.some((a) => a.name === 'data-finance-payment') ?? false).map(text);
      const disclaimer = findAll(document, (n) => n.attrs?.some((a) => a.name === 'data-finance-disclaimer') ?? false).map(text);
      const beside = findAll(document, (n) => n.attrs?.some((a) => a.name === 'data-finance-summary') ?? false).map(text);
      if (!finance) {
        expect([...shown, ...disclaimer, ...beside], slug).toEqual([]);
        continue;
      }
      checked++;
      expect(shown, slug).toEqual([finance.summary.paymentText]);
      expect(beside, slug).toEqual([finance.summary.paymentText]);
      expect(disclaimer, slug).toEqual([finance.disclaimer]);
      const stated = /^\*The estimate of (\$[\d,]+) per (week|month)/.exec(disclaimer[0]!);
      if (stated) expect(`${stated[1]} /${stated[2] === 'week' ? 'wk' : 'mo'}*`).toBe(finance.summary.paymentText);
      else expect(finance.summary.paymentText).toBe('Enquire for Finance');
    }
    if (site.finance.provider) expect(checked).toBeGreaterThan(10);
  });
});

test.describe('instant finance quote', () => {
  test("shows the runtime API's quote with the figures it rests on where the site asks for one, and nothing elsewhere", async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    const { vehicle } = financedVehicle(site);
    const view = financeQuoteView(vehicle, site);
    await page.goto(`/cars/${vehicle.slug}/`);
    if (!site.features.financeQuote) {
      expect(view).toBeNull();
      await expect(page.locator('[data-finance-quote]')).toHaveCount(0);
      return;
    }
    const quotes: unknown[] = [];
    page.on('request', (r) => r.url().includes('/api/youx/quote') && quotes.push(r.postDataJSON()));
    const section = page.locator('#finance-quote');
    await expect(section).toBeHidden();
    await page.locator('[data-finance-quote]').scrollIntoViewIfNeeded();
    // Worked out here from the same settings and lender figures the API uses.
    const expected = instantQuoteText(financeQuote(site, vehicle, view!.request.purchasePrice, view!.request.loanTerm), view!.request);
    expect(expected).toMatch(/^\$[\d,]+ per week on a price of \$[\d,]+ over 5 years, with no deposit or final payment and before fees, at \d+\.\d\d% p\.a\./);
    await expect(section.getByText(expected!)).toBeVisible();
    expect(quotes).toEqual([{ selfAssessedCreditScore: 'GREAT', purchasePrice: view!.request.purchasePrice, loanTerm: 5, year: vehicle.year, vin: vehicle.vin ?? null, nvic: vehicle.nvic ?? null, whoIsHelping: site.name }]);
    expect(await axeViolations(page, '#finance-quote')).toEqual([]);
  });

  test('a failed quote shows nothing and breaks nothing', async ({ page }, testInfo) => {
    const site = siteOf(testInfo.project);
    test.skip(!site.features.financeQuote, `${site.slug} gives no instant quotes`);
    const { vehicle } = financedVehicle(site);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.route('**/api/youx/quote**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"down"}' }));
    await page.goto(`/cars/${vehicle.slug}/`);
    const answered = page.waitForResponse('**/api/youx/quote**');
    await page.locator('[data-finance-quote]').scrollIntoViewIfNeeded();
    await answered;
    await expect(page.locator('#finance-quote')).toBeHidden();
    expect(errors).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { advertisedWeeklyRepayment } from '../../../src/rules/finance-calculator.ts';
import { financeEligibility, financePrice } from '../../../src/rules/finance-eligibility.ts';
import { WEEKLY_PRICE_RANGES, weeklyPriceRange } from '../../../src/rules/weekly-price-range.ts';
import { listingNames, listingRecord, resultCardData } from '../../../src/views/search-records.ts';
import { demoManifest, DEMO_NOW } from '../../support/demo-manifest.ts';

// The weekly figure on result cards and in the search's weekly refinement is worked out on the vehicle's own
// finance price with the lender's rate, term, deposit and balloon (the figures its disclaimer quotes), never
// on a default amount. Here it is held to a plain amortisation over every vehicle of every demo site.

describe.each(['bayside-mg', 'summit-motor-group', 'northside-used'])('the advertised weekly repayment on %s', (slug) => {
  const { site, data } = demoManifest(slug, 400);

  it('is the lender-figure amortisation of the vehicle\'s finance price, rounded up, wherever the rules allow a figure', () => {
    let shown = 0;
    for (const vehicle of data.vehicles) {
      const weekly = advertisedWeeklyRepayment(site, vehicle, DEMO_NOW);
      const eligibility = financeEligibility(site, vehicle, DEMO_NOW);
      if (!eligibility.eligible || site.finance.monthlyOnly) {
        expect(weekly, String(vehicle.id)).toBeNull();
        continue;
      }
      if (weekly !== null) shown++;
      const { lender, provider } = eligibility;
      const fee = provider.establishmentFee ?? lender.establishmentFees ?? 0;
      const principal = financePrice(vehicle) - (lender.deposit ?? 0) + fee;
      const r = lender.interestRate! / 100 / 52;
      const n = 52 * (lender.termYears && lender.termYears > 0 ? lender.termYears : site.finance.defaultTerm);
      const balloon = lender.balloon ?? 0;
      const exact = r === 0 ? (principal - balloon) / n : ((principal - balloon / (1 + r) ** n) * r) / (1 - (1 + r) ** -n);
      if (provider.rounding !== 'up') continue;
      const expected = Math.ceil(exact - 1e-9) > 25 ? Math.ceil(exact - 1e-9) : null;
      expect(weekly, `vehicle ${vehicle.id}`).toBe(expected);
    }
    if (site.finance.provider && !site.finance.monthlyOnly) expect(shown).toBeGreaterThan(0);
  });

  it('reaches the card and the listing record as the same figure and band', () => {
    const names = listingNames(data);
    for (const vehicle of data.vehicles.slice(0, 150)) {
      const record = listingRecord(vehicle, names, site, DEMO_NOW);
      const card = resultCardData(vehicle, site, {}, DEMO_NOW);
      expect(record.weekly_price_range).toBe(weeklyPriceRange(record.weekly));
      if (record.weekly !== null && card.price?.kind !== 'subscription' && !card.soldMessage) expect(card.weekly).toBe(`$${record.weekly} /wk*`);
    }
  });
});

it('puts every weekly figure in exactly one band', () => {
  expect(weeklyPriceRange(99)).toBe(WEEKLY_PRICE_RANGES[0]!.label);
  expect(weeklyPriceRange(100)).toBe(WEEKLY_PRICE_RANGES[1]!.label);
  expect(weeklyPriceRange(10_000)).toBe(WEEKLY_PRICE_RANGES.at(-1)!.label);
  expect(weeklyPriceRange(null)).toBeNull();
});

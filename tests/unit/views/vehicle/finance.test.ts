import { describe, expect, it } from 'vitest';
import { DEFAULT_SIZES } from '../../../../src/data/demo/generate.ts';
import { calculateRepayment, type RepaymentInput } from '../../../../src/rules/finance-calculator.ts';
import { financePrice } from '../../../../src/rules/finance-eligibility.ts';
import { resultCardData } from '../../../../src/views/search-records.ts';
import { vehicleFinance } from '../../../../src/views/vehicle/finance.ts';
import { demoManifest, DEMO_NOW } from '../../../support/demo-manifest.ts';
import { site, vehicle } from './fixtures.ts';

/** The numbers a disclaimer's first sentence states, read back from its words. */
function statedBasis(disclaimer: string) {
  const money = (text: string | undefined) => (text === undefined ? 0 : Number(text.replace(/[$,]/g, '')));
  const match =
    /^\*(?:The estimate of (\$[\d,]+) per (week|fortnight|month) is worked out on|Repayments worked out on) a price of (\$[\d,.]+), (?:less a deposit of (\$[\d,.]+)|with no deposit), (?:plus an establishment fee of (\$[\d,.]+), )?over ([\d.]+) years? at ([\d.]+)% p\.a\., with (?:a final \(balloon\) payment of (\$[\d,.]+)|no final \(balloon\) payment)(\.| are too small to estimate here)/.exec(
      disclaimer,
    );
  if (!match) return null;
  return {
    shown: match[1] ? money(match[1]) : null,
    periodsPerYear: match[2] === 'week' ? 52 : match[2] === 'fortnight' ? 26 : match[2] === 'month' ? 12 : 52,
    price: money(match[3]),
    deposit: money(match[4]),
    fee: money(match[5]),
    years: Number(match[6]),
    rate: Number(match[7]),
    balloon: money(match[8]),
  };
}

/** The textbook amortised repayment with a discounted balloon: a reference written apart from the rules. */
function reference(principal: number, rate: number, years: number, perYear: number, balloon: number): number {
  const r = rate / 100 / perYear;
  const n = years * perYear;
  return r === 0 ? (principal - balloon) / n : ((principal - balloon / (1 + r) ** n) * r) / (1 - (1 + r) ** -n);
}

describe.each(Object.keys(DEFAULT_SIZES))('finance figures on every vehicle of %s', (slug) => {
  const { site: demoSite, data } = demoManifest(slug, DEFAULT_SIZES[slug]!);

  it("show the figure its disclaimer's numbers give, on the page, on the card and in the calculator's first state", () => {
    let figures = 0;
    for (const v of data.vehicles) {
      const finance = vehicleFinance(v, demoSite, DEMO_NOW);
      const card = resultCardData(v, demoSite, {}, DEMO_NOW);
      if (!finance) {
        // No finance block, no figure on the card either.
        expect(card.weekly, `vehicle ${v.id}`).toBeNull();
        continue;
      }
      const stated = statedBasis(finance.disclaimer);
      expect(stated, `vehicle ${v.id}: ${finance.disclaimer.slice(0, 160)}`).not.toBeNull();
      // The numbers stated are the vehicle's price and its lender's figures.
      const lender = v.finance_lenders![demoSite.finance.provider!.key]!;
      expect(stated!.price).toBe(financePrice(v));
      expect(stated!.rate).toBe(lender.interestRate);
      expect(stated!.deposit).toBe(lender.deposit ?? 0);
      expect(stated!.balloon).toBe(lender.balloon ?? 0);
      // Every other interest rate the disclaimer names (outside a comparison-rate range) is the same rate.
      const outsideRanges = finance.disclaimer.replace(/\d+(?:\.\d+)?%(?: p\.a\.)? (?:to|and) \d+(?:\.\d+)?%/g, '');
      const rates = [...outsideRanges.matchAll(/(?<![\d.])(\d+(?:\.\d+)?)% p\.a\./g)].map((m) => Number(m[1]));
      expect(rates.filter((r) => r !== stated!.rate), `vehicle ${v.id}`).toEqual([]);

      const exact = reference(stated!.price - stated!.deposit + stated!.fee, stated!.rate, stated!.years, stated!.periodsPerYear, stated!.balloon);
      const whole = finance.summary.paymentText.match(/^\$([\d,]+) \/(wk|fn|mo)\*$/);
      if (stated!.shown === null) {
        expect(finance.summary.paymentText).toBe('Enquire for Finance');
        expect(Math.ceil(exact - 1e-6)).toBeLessThanOrEqual(26);
        continue;
      }
      figures++;
      expect(whole, `vehicle ${v.id}`).not.toBeNull();
      const shown = Number(whole![1]!.replace(/,/g, ''));
      expect(shown).toBe(stated!.shown);
      // Rounded up, or (one lender) to whichever whole dollar is nearer its quote: never more than a dollar out.
      if (demoSite.finance.provider!.rounding === 'up') expect(shown).toBe(Math.ceil(exact - 1e-6));
      else expect(Math.abs(shown - exact)).toBeLessThan(1);

      // The calculator's first state gives the same figure; the card shows the same weekly figure.
      const { basis, context } = finance.calculator;
      const input: RepaymentInput = { amount: basis.price, deposit: basis.deposit, residual: basis.balloon, term: basis.years, interest: basis.rate, frequency: basis.frequency };
      expect(calculateRepayment(input, context).paymentText).toBe(finance.summary.paymentText);
      if (card.weekly !== null) expect(card.weekly).toBe(finance.summary.paymentText);
      else expect(card.price?.kind === 'subscription' || whole![2] !== 'wk').toBe(true);
    }
    expect(figures).toBeGreaterThan(0);
  });
});

describe('the finance view of one vehicle', () => {
  const quickfin = 'finance:\n  provider: { key: quickfin, name: QuickFin, eligibility: weekly-payment }\n';
  const lender = { quickfin: { interestRate: 10.95, comparisonRate: 11.554, paymentWeek: 120, deposit: 2599, balloon: 7797, termYears: 5, disclaimer: 'Indicative only. Comparison rate range 8.38% to 19.42% p.a.' } };
  const NOW = new Date('2025-06-15T02:00:00Z');

  it('gives the block, the calculator and the disclaimer one figure, with the comparison rate and range', () => {
    const view = vehicleFinance(vehicle({ finance_lenders: lender }), site(quickfin), NOW)!;
    expect(view.summary.paymentText).toMatch(/^\$\d{2,3} \/wk\*$/);
    expect(view.summary.comparisonRateText).toBe('11.55%');
    expect(view.calculator.comparisonRange).toEqual({ min: '8.38%', max: '19.42%' });
    expect(view.disclaimer.startsWith(`*The estimate of ${view.summary.paymentText.replace(' /wk*', '')} per week`)).toBe(true);
    expect(view.disclaimer).toContain('Indicative only.');
  });

  it('is absent when the vehicle is not eligible or the site has no provider', () => {
    expect(vehicleFinance(vehicle({ finance_lenders: lender, price: 400 }), site(quickfin), NOW)).toBeNull();
    expect(vehicleFinance(vehicle({ finance_lenders: lender }), site(), NOW)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { findSite, loadAllSiteConfigs, parseSiteConfig } from '../../../src/data/site-config.ts';
import {
  collapseDisclaimer,
  disclaimerView,
  formatListedFees,
  licensedCreditProviderSentence,
  listedFeesSentence,
  repaymentBasisSentence,
  standardFinanceDisclaimer,
  vehicleFinanceDisclaimer,
} from '../../../src/rules/finance-disclaimer.ts';
import type { SiteConfig } from '../../../src/schemas/site-config.ts';

const MINIMAL = 'name: Test Motors\ntemplate: classic\nurl: https://www.test.example\n';
const defaults = parseSiteConfig(MINIMAL, 'sites/test-motors.yaml');
function siteWith(finance: string): SiteConfig {
  return parseSiteConfig(`${MINIMAL}finance:\n${finance}`, 'sites/test-motors.yaml');
}
const demo = loadAllSiteConfigs('sites');
const northside = findSite(demo, 'northside-used');
const summit = findSite(demo, 'summit-motor-group');

const chars = (n: number) => 'abcdefghij'.repeat(30).slice(0, n);

describe('collapsing the disclaimer', () => {
  it('leaves text of 197 characters or fewer alone', () => {
    expect(collapseDisclaimer(chars(197))).toBe(chars(197));
  });

  it('cuts longer text to 197 characters and an ellipsis', () => {
    const collapsed = collapseDisclaimer(chars(198));
    expect(collapsed).toBe(`${chars(197)}...`);
    expect(collapsed).toHaveLength(200);
  });

  it('does not leave a space before the ellipsis', () => {
    const text = `${'x'.repeat(196)} and more words`;
    expect(collapseDisclaimer(text)).toBe(`${'x'.repeat(196)}...`);
  });
});

describe('disclaimer toggle', () => {
  const long = chars(250);

  it('is expanded by default, with a toggle when the text is longer than 197', () => {
    expect(disclaimerView(long, { toggleEnabled: true })).toEqual({ text: long, showToggle: true, expanded: true });
  });

  it('shows the cut text when collapsed', () => {
    expect(disclaimerView(long, { toggleEnabled: true, expanded: false })).toEqual({
      text: `${chars(197)}...`,
      showToggle: true,
      expanded: false,
    });
  });

  it('has no toggle for text of 197 characters, and one from 198', () => {
    expect(disclaimerView(chars(197), { toggleEnabled: true, expanded: false })).toEqual({
      text: chars(197),
      showToggle: false,
      expanded: true,
    });
    expect(disclaimerView(chars(198), { toggleEnabled: true }).showToggle).toBe(true);
  });

  it('always shows the full text, without a toggle, when the site hides the toggle', () => {
    const site = siteWith('  disclaimerToggle: false\n');
    expect(disclaimerView(long, { toggleEnabled: site.finance.disclaimerToggle, expanded: false })).toEqual({
      text: long,
      showToggle: false,
      expanded: true,
    });
  });
});

describe('standard disclaimer text', () => {
  it('reads, on the platform defaults', () => {
    expect(standardFinanceDisclaimer(defaults.finance)).toBe(
      'Repayments shown are indicative only and are not a binding quote or an offer of finance. ' +
        'They are general information and do not take into account your objectives, financial situation or needs. ' +
        'Finance is available to approved applicants only; terms and conditions, fees, charges and lending criteria apply. ' +
        'Estimates assume a 10.0% deposit and 30.0% final payment. ' +
        '*The comparison rate is based on a 5-year secured fixed loan of $30,000. ' +
        'WARNING: this comparison rate is true only for the example given and may not include all fees and charges. ' +
        'Different terms, fees or other loan amounts might result in a different comparison rate.',
    );
  });

  it('quotes the configured deposit and final payment to one decimal', () => {
    const site = siteWith('  disclaimerDepositPercent: 12.5\n  disclaimerFinalPaymentPercent: 0\n');
    expect(standardFinanceDisclaimer(site.finance)).toContain('Estimates assume a 12.5% deposit and 0.0% final payment.');
  });

  it('says the provider is a licensed credit provider and the figure an estimate when configured (Northside)', () => {
    const sentence = 'QuickFin is a licensed credit provider. The repayment shown is an estimate only.';
    expect(licensedCreditProviderSentence(northside.finance.provider)).toBe(sentence);
    expect(standardFinanceDisclaimer(northside.finance)).toContain(sentence);
    expect(standardFinanceDisclaimer(summit.finance)).not.toContain('licensed credit provider');
    expect(licensedCreditProviderSentence(undefined)).toBe('');
  });

  it('lists the configured fees (Summit)', () => {
    const sentence =
      'Fees include: Establishment fee $395, Vehicle security registration $6, Monthly account administration fee $8, Dealer agency fee $912.25.';
    expect(listedFeesSentence(summit.finance.listedFees)).toBe(sentence);
    expect(standardFinanceDisclaimer(summit.finance).endsWith(sentence)).toBe(true);
    expect(listedFeesSentence([])).toBe('');
  });

  it('formats each listed fee for a fee table', () => {
    expect(formatListedFees(summit.finance.listedFees)).toEqual([
      { label: 'Establishment fee', amount: '$395' },
      { label: 'Vehicle security registration', amount: '$6' },
      { label: 'Monthly account administration fee', amount: '$8' },
      { label: 'Dealer agency fee', amount: '$912.25' },
    ]);
  });
});

describe('vehicle finance disclaimer', () => {
  const lenderText = 'Indicative only. Comparison rate range 8.38% to 19.42% p.a.';

  it('uses the lender text when there is one, followed by what the site adds', () => {
    expect(vehicleFinanceDisclaimer(northside.finance, { disclaimer: ` ${lenderText} ` })).toBe(
      `${lenderText} QuickFin is a licensed credit provider. The repayment shown is an estimate only.`,
    );
    expect(vehicleFinanceDisclaimer(defaults.finance, { disclaimer: lenderText })).toBe(lenderText);
  });

  it('falls back to the standard text without a lender text', () => {
    const standard = standardFinanceDisclaimer(summit.finance);
    expect(vehicleFinanceDisclaimer(summit.finance, { disclaimer: '   ' })).toBe(standard);
    expect(vehicleFinanceDisclaimer(summit.finance, { disclaimer: null })).toBe(standard);
    expect(vehicleFinanceDisclaimer(summit.finance, null)).toBe(standard);
  });
});

describe("the sentence stating a figure's basis", () => {
  const WEEKLY = { name: 'Weekly', value: 52 } as const;
  const basis = { price: 24990, deposit: 2499, balloon: 7497, years: 5, rate: 8.5, establishmentFee: 1300, frequency: WEEKLY };
  const payment = { kind: 'payment', payment: 151, total: 40560, principal: 23791, establishmentFee: 1300, paymentText: '$151 /wk*', totalText: '$40,560' } as const;

  it('names the figure and every number it is worked out on', () => {
    expect(repaymentBasisSentence(basis, payment)).toBe(
      '*The estimate of $151 per week is worked out on a price of $24,990, less a deposit of $2,499, plus an establishment fee of $1,300, over 5 years at 8.5% p.a., with a final (balloon) payment of $7,497.',
    );
  });

  it('says when there is no deposit, fee or balloon, keeps cents, and names the frequency and a single year', () => {
    const plain = { ...basis, deposit: 0, balloon: 0, establishmentFee: 1360.5, years: 1, rate: 10.95, frequency: { name: 'Monthly', value: 12 } as const };
    expect(repaymentBasisSentence(plain, { ...payment, payment: 2300 })).toBe(
      '*The estimate of $2,300 per month is worked out on a price of $24,990, with no deposit, plus an establishment fee of $1,360.50, over 1 year at 10.95% p.a., with no final (balloon) payment.',
    );
  });

  it("says the figure is too small to estimate where the calculator shows 'Enquire for Finance'", () => {
    const enquire = { kind: 'enquire', payment: null, total: null, paymentText: 'Enquire for Finance', totalText: '' } as const;
    expect(repaymentBasisSentence({ ...basis, price: 4640 }, enquire)).toMatch(/^\*Repayments worked out on a price of \$4,640, .* are too small to estimate here: please enquire for finance\.$/);
  });

  it('leaves out the assumed deposit and final payment of the standard text where a basis is stated', () => {
    expect(vehicleFinanceDisclaimer(summit.finance, null)).toContain('Estimates assume a 10.0% deposit and 30.0% final payment.');
    expect(vehicleFinanceDisclaimer(summit.finance, null, { basisStated: true })).not.toContain('Estimates assume');
  });
});

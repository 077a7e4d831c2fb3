import { describe, expect, it } from 'vitest';
import { findSite, loadAllSiteConfigs, parseSiteConfig } from '../../../src/data/site-config.ts';
import { clampToSlider, loanSliderMax, vehiclePageSliders, type ListSlider, type RangeSlider } from '../../../src/rules/finance-sliders.ts';
import type { SiteConfig } from '../../../src/schemas/site-config.ts';

const MINIMAL = 'name: Test Motors\ntemplate: classic\nurl: https://www.test.example\n';
const defaults = parseSiteConfig(MINIMAL, 'sites/test-motors.yaml');
function siteWith(finance: string): SiteConfig {
  return parseSiteConfig(`${MINIMAL}finance:\n${finance}`, 'sites/test-motors.yaml');
}
const demo = loadAllSiteConfigs('sites');

describe('vehicle-page sliders: platform defaults', () => {
  it('loan 1000-100000 step 500, term 1-7 step 0.5, interest 0.5-15 step 0.5', () => {
    expect(vehiclePageSliders(defaults.finance, 24990)).toEqual({
      amount: { kind: 'range', min: 1000, max: 100000, step: 500, disabled: false },
      term: { kind: 'range', min: 1, max: 7, step: 0.5, disabled: false },
      interest: { kind: 'range', min: 0.5, max: 15, step: 0.5, disabled: false },
    });
  });

  it('keeps the loan max at 100000 for a dearer vehicle unless the site lifts it', () => {
    expect(vehiclePageSliders(defaults.finance, 200000).amount.max).toBe(100000);
  });
});

describe('vehicle-page loan slider', () => {
  it('starts at 5000 on Summit Motor Group', () => {
    expect(vehiclePageSliders(findSite(demo, 'summit-motor-group').finance, 24990).amount.min).toBe(5000);
  });

  it('goes to 1.05 x the price when the price is over 100000 (maxFromPrice)', () => {
    const { loanSlider } = findSite(demo, 'summit-motor-group').finance;
    expect(loanSliderMax(loanSlider, 100000)).toBe(100000);
    expect(loanSliderMax(loanSlider, 100001)).toBe(105001.05);
    expect(loanSliderMax(loanSlider, 200000)).toBe(210000);
    expect(loanSliderMax(loanSlider, 0)).toBe(100000);
  });

  it('takes the configured step and maximum', () => {
    const site = siteWith('  loanSlider: { max: 150000, step: 1000, maxFromPrice: true }\n');
    expect(vehiclePageSliders(site.finance, 120000).amount).toMatchObject({ max: 150000, step: 1000 });
    expect(vehiclePageSliders(site.finance, 200000).amount.max).toBe(210000);
  });
});

describe('vehicle-page term slider', () => {
  it('stops at 5 years on Northside Used', () => {
    expect(vehiclePageSliders(findSite(demo, 'northside-used').finance, 0).term).toEqual({
      kind: 'range',
      min: 1,
      max: 5,
      step: 0.5,
      disabled: false,
    });
  });

  it('offers only the configured list of years, sorted and without repeats', () => {
    const site = siteWith('  termSlider: { values: [5, 3, 1, 3] }\n');
    expect(vehiclePageSliders(site.finance, 0).term).toEqual({ kind: 'list', values: [1, 3, 5], min: 1, max: 5, disabled: false });
  });

  it('treats an empty list as no list', () => {
    const site = siteWith('  termSlider: { values: [] }\n');
    expect(vehiclePageSliders(site.finance, 0).term.kind).toBe('range');
  });
});

describe('vehicle-page interest slider', () => {
  it.each([
    [7.5, 14.5],
    [9.95, 19.95],
    [4, 20],
    [1, 14.5],
    [5.99, 15.99],
  ])('passes the %s-%s variant through from the config', (min, max) => {
    const site = siteWith(`  interestSlider: { min: ${min}, max: ${max} }\n`);
    expect(vehiclePageSliders(site.finance, 0).interest).toEqual({ kind: 'range', min, max, step: 0.5, disabled: false });
  });

  it('uses the demo dealers variants: 4-20 (Bayside MG), 9.95-19.95 (Northside), 7.5-14.5 (Summit)', () => {
    const ranges = demo.map((site) => {
      const { min, max } = vehiclePageSliders(site.finance, 0).interest;
      return [site.slug, min, max];
    });
    expect(ranges).toEqual([
      ['bayside-mg', 4, 20],
      ['northside-used', 9.95, 19.95],
      ['summit-motor-group', 7.5, 14.5],
    ]);
  });

  it('is locked at the site rate when interestLocked', () => {
    const site = siteWith('  interestLocked: true\n  interestRate: 8.99\n');
    expect(vehiclePageSliders(site.finance, 0).interest).toEqual({ kind: 'range', min: 8.99, max: 8.99, step: 0.5, disabled: true });
  });

  it("reaches the vehicle's advertised figures, so the calculator starts at the figure its disclaimer states", () => {
    // Summit's interest slider runs 7.5-14.5; a lender rate of 6.99% moves the minimum, a $160,000 car the loan maximum.
    const summit = findSite(loadAllSiteConfigs('sites'), 'summit-motor-group');
    const sliders = vehiclePageSliders(summit.finance, 160000, { amount: 160000, years: 5, rate: 6.99 });
    expect(sliders.interest).toMatchObject({ min: 6.99, max: 14.5 });
    expect(sliders.amount.max).toBe(168000);
    const bayside = findSite(loadAllSiteConfigs('sites'), 'bayside-mg');
    expect(vehiclePageSliders(bayside.finance, 160000, { amount: 160000, years: 5, rate: 8.5 }).amount.max).toBe(160000);
    // A term the configured list lacks joins it; a locked rate is the lender's.
    const listed = siteWith('  termSlider: { values: [3, 7] }\n  interestLocked: true\n');
    const start = vehiclePageSliders(listed.finance, 30000, { amount: 30000, years: 5, rate: 9.49 });
    expect(start.term).toMatchObject({ kind: 'list', values: [3, 5, 7] });
    expect(start.interest).toMatchObject({ min: 9.49, max: 9.49, disabled: true });
    // Values inside the bounds change nothing.
    expect(vehiclePageSliders(bayside.finance, 30000, { amount: 30000, years: 5, rate: 8.5 })).toEqual(vehiclePageSliders(bayside.finance, 30000));
  });
});

describe('clamping a value into a slider', () => {
  const range: RangeSlider = { kind: 'range', min: 1000, max: 100000, step: 500, disabled: false };
  const list: ListSlider = { kind: 'list', values: [1, 3, 5], min: 1, max: 5, disabled: false };

  it('keeps values within the range as they are (not snapped to the step)', () => {
    expect(clampToSlider(1000, range)).toBe(1000);
    expect(clampToSlider(24990, range)).toBe(24990);
    expect(clampToSlider(100000, range)).toBe(100000);
  });

  it('raises values below the minimum and lowers values above the maximum', () => {
    expect(clampToSlider(999, range)).toBe(1000);
    expect(clampToSlider(-5, range)).toBe(1000);
    expect(clampToSlider(100001, range)).toBe(100000);
  });

  it('gives the minimum for a value that is not a number', () => {
    expect(clampToSlider(Number.NaN, range)).toBe(1000);
    expect(clampToSlider(Number.POSITIVE_INFINITY, range)).toBe(1000);
  });

  it('works on plain field bounds', () => {
    expect(clampToSlider(20, { min: 0.5, max: 15, step: 0.5 })).toBe(15);
  });

  it('picks the nearest listed value, the lower one on a tie', () => {
    expect(clampToSlider(3, list)).toBe(3);
    expect(clampToSlider(3.9, list)).toBe(3);
    expect(clampToSlider(4, list)).toBe(3);
    expect(clampToSlider(4.1, list)).toBe(5);
    expect(clampToSlider(0, list)).toBe(1);
    expect(clampToSlider(9, list)).toBe(5);
  });
});

import { describe, expect, it } from 'vitest';
import { searchFiles } from '../../../src/generator/search-files.ts';
import { COMPARE_SPECS, compareFacts, weeklyRepaymentNote } from '../../../src/views/compare.ts';
import { NOW, site, siteData, vehicle } from './fixtures.ts';

describe('compare facts', () => {
  const s = site();

  it('gives every compare row in order, as the vehicle page words it, null where the vehicle does not say', () => {
    const facts = compareFacts(vehicle(1, { year: 2019, km: 45210, body: 'Wagon', drive: 'AWD', engine_size_litres: 2.5, seats: 5, doors: null, colour: '  ' }), s, NOW);
    expect(facts).toHaveLength(COMPARE_SPECS.length);
    expect(Object.fromEntries(COMPARE_SPECS.map((label, i) => [label, facts[i]]))).toEqual({
      Year: '2019',
      Odometer: '45,210 kms',
      Body: 'Wagon',
      Transmission: 'Automatic',
      Fuel: 'Petrol',
      Drive: 'AWD',
      Engine: '2.5 L',
      Seats: '5',
      'Fuel consumption (combined)': null,
      Doors: null,
      Colour: null,
      'ANCAP rating': null,
    });
  });

  it('travels in the search card files beside each result card', () => {
    const data = siteData({ vehicles: [vehicle(1, { year: 2019 }), vehicle(40, { year: 2021 })] });
    const { files, cards } = searchFiles(s, data, {}, NOW);
    const year = COMPARE_SPECS.indexOf('Year');
    expect(cards['1']!.facts[year]).toBe('2019');
    const cardFiles = [...files].filter(([path]) => path.startsWith('/_search/cards/')).map(([, text]) => JSON.parse(text) as Record<string, { facts: Array<string | null>; title: string }>);
    expect(cardFiles.flatMap((f) => Object.values(f).map((c) => c.facts[year]))).toEqual(['2019', '2021']);
  });
});

describe('weekly repayment note', () => {
  it('explains the asterisk where the site shows weekly figures, and is absent where it does not', () => {
    expect(weeklyRepaymentNote(site({ finance: { provider: { key: 'quickfin', name: 'QuickFin', eligibility: 'weekly-payment' } } }))).toMatch(/^\*Weekly repayments are estimates/);
    expect(weeklyRepaymentNote(site({ finance: { provider: { key: 'quickfin', name: 'QuickFin', eligibility: 'weekly-payment' }, monthlyOnly: true } }))).toBeNull();
    expect(weeklyRepaymentNote(site({ finance: {} }))).toBeNull();
  });
});

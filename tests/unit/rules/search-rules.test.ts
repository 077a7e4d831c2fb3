import { describe, expect, it } from 'vitest';
import {
  cardAttributes,
  conditionToFilter,
  displayedStockCount,
  emptyResultsCard,
  makeOptions,
  noResultsMessage,
  orderCarTypes,
  sortConditions,
  sortMenu,
} from '../../../src/rules/search-rules.ts';
import { SiteConfigSchema } from '../../../src/schemas/site-config.ts';
import type { SiteConfigInput } from '../../../src/schemas/site-config.ts';

const site = (over: Partial<SiteConfigInput> = {}) =>
  SiteConfigSchema.parse({ slug: 'test-motors', name: 'Test Motors', template: 'classic', url: 'https://www.test.example', ...over });

describe('no results', () => {
  it('uses the default message and empty card', () => {
    expect(noResultsMessage(site())).toEqual({
      text: 'No results found for your search at this time. Please try adjusting the filters for more results.',
      buttonLabel: 'Clear Filters',
    });
    expect(emptyResultsCard(site())).toEqual({
      title: 'No Results Available',
      text: 'There appears to be no offers currently available that meet the conditions of your search.',
      link: '/special-offers',
    });
  });

  it("uses the site's own texts", () => {
    const custom = site({ search: { noResultsText: 'Nothing here.', emptyCard: { title: 'Sorry' } } });
    expect(noResultsMessage(custom).text).toBe('Nothing here.');
    expect(emptyResultsCard(custom).title).toBe('Sorry');
  });
});

describe('lowest price sort', () => {
  it('adds price > 0 on sites that exclude zero prices', () => {
    const excluding = site({ search: { lowestPriceExcludesZero: true } });
    expect(sortConditions('lowestPrice', excluding).map(conditionToFilter)).toEqual(['price > 0']);
    expect(sortConditions('highestPrice', excluding)).toEqual([]);
    expect(sortConditions(undefined, excluding)).toEqual([]);
    expect(sortConditions('lowestPrice', site())).toEqual([]);
  });
});

describe('stock count', () => {
  const facets = { new: 1200, demo: 300, used: 950 };

  it('shows counts up to 1999 as they are', () => {
    expect(displayedStockCount(1999, facets, site())).toBe(1999);
  });

  it('replaces counts above 1999 by the site count, or the summed facet counts', () => {
    expect(displayedStockCount(2000, facets, site({ search: { stockCountOverride: 3100 } }))).toBe(3100);
    expect(displayedStockCount(2000, facets, site())).toBe(2450);
  });
});

describe('cards and refinements', () => {
  it('shows the default card attributes', () => {
    expect(cardAttributes(site())).toEqual(['car_type', 'simple_body', 'km', 'simple_transmission', 'stocknum']);
  });

  it('orders car types new, demo, used, unknown values last', () => {
    const items = [{ value: 'used' }, { value: 'other' }, { value: 'new' }, { value: 'Demo' }];
    expect(orderCarTypes(items, site()).map((i) => i.value)).toEqual(['new', 'Demo', 'used', 'other']);
    expect(orderCarTypes(items, site({ search: { carTypeOrder: ['used', 'new', 'demo'] } })).map((i) => i.value)).toEqual([
      'used',
      'new',
      'Demo',
      'other',
    ]);
  });

  it('lists the 20 most popular makes first, then all makes alphabetically', () => {
    const facet: Record<string, number> = {};
    for (let i = 1; i <= 22; i++) facet[`Make ${String(i).padStart(2, '0')}`] = i;
    facet['audi'] = 22; // ties with 'Make 22': alphabetical, case-insensitive
    const { popular, all } = makeOptions(facet, site({ search: { popularMakesFirst: true } }));
    expect(popular).toHaveLength(20);
    expect(popular.slice(0, 3).map((m) => m.value)).toEqual(['audi', 'Make 22', 'Make 21']);
    expect(popular.map((m) => m.value)).not.toContain('Make 03');
    expect(popular.map((m) => m.value)).toContain('Make 04');
    expect(all).toHaveLength(23);
    expect(all[0]?.value).toBe('audi');
    expect(all[1]?.value).toBe('Make 01');
  });

  it('lists only all makes alphabetically on other sites', () => {
    expect(makeOptions({ Toyota: 50, Mazda: 10 }, site())).toEqual({
      popular: [],
      all: [
        { value: 'Mazda', count: 10 },
        { value: 'Toyota', count: 50 },
      ],
    });
  });

  it('offers the four sort options in order, or the site list', () => {
    expect(sortMenu(site()).map((o) => o.value)).toEqual(['mostRelevant', 'latest', 'highestPrice', 'lowestPrice']);
    expect(sortMenu(site({ search: { sortOptions: ['latest', 'lowestPrice'] } }))).toEqual([
      { value: 'latest', label: 'Latest' },
      { value: 'lowestPrice', label: 'Lowest Price' },
    ]);
  });
});

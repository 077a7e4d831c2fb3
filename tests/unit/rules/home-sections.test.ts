import { describe, expect, it } from 'vitest';
import { HOME_SECTIONS_BY_TEMPLATE, homeSections } from '../../../src/rules/home-sections.ts';

describe('home page sections by template', () => {
  const all = () => true;

  it('a brand dealer leads with its range: slider, category cards, then the model tabs', () => {
    expect(homeSections('brand', all).slice(0, 4)).toEqual(['slider', 'intro', 'categories', 'tabs']);
    expect(homeSections('brand', all)).toContain('salesCounter');
    expect(homeSections('brand', all)).not.toContain('brandGrids');
  });

  it('a used-car dealer leads with search: price, body types, then makes as facet tiles', () => {
    expect(homeSections('classic', all).slice(0, 5)).toEqual(['slider', 'intro', 'priceSearch', 'popularBodies', 'facetTiles']);
    expect(homeSections('classic', all)).not.toContain('tabs');
    expect(homeSections('classic', all)).not.toContain('categories');
  });

  it('a group shows its stats, brand grids and company profile', () => {
    const group = homeSections('group', all);
    expect(group.indexOf('stats')).toBeLessThan(group.indexOf('brandGrids'));
    expect(group).toContain('companyProfile');
    expect(group).not.toContain('salesCounter');
  });

  it('every template ends with locations, reviews and FAQs, and leaves out blocks with nothing to show', () => {
    for (const template of ['brand', 'classic', 'group'] as const) {
      expect(HOME_SECTIONS_BY_TEMPLATE[template].slice(-3)).toEqual(['locations', 'reviews', 'faq']);
      expect(homeSections(template, (s) => s !== 'slider' && s !== 'faq')).not.toContain('slider');
    }
  });
});

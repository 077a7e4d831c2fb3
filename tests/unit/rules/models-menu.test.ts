import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { bodyLabelGroup, modelGroups, modelTile, modelsMenu, type MenuModel } from '../../../src/rules/models-menu.ts';
import { ModelsFileSchema } from '../../../src/schemas/content.ts';

const models: MenuModel[] = [
  { name: 'MG4', slug: 'mg4', body_group: 'electric' },
  { name: 'MG3', slug: 'mg3', body_group: 'hatchback-sedan' },
  { name: 'MG HS', slug: 'mg-hs', body_group: 'petrol-diesel' },
  { name: 'MG IM', slug: 'mg-im', body_group: 'premium', override_url: '/pages/mg-im' },
  { name: 'MG ZS', slug: 'mg-zs', body_group: 'suv' },
  { name: 'MG3 Hybrid+', slug: 'mg3-hybrid', body_group: 'hybrid' },
  { name: 'MG U9', slug: 'mg-u9', body_group: 'coming-soon', status: 'coming_soon' },
  { name: 'MGS5 EV', slug: 'mgs5-ev', body_group: 'electric', status: 'coming_soon' },
  { name: 'MG5', slug: 'mg5', body_group: 'hatchback-sedan' },
];

describe('models mega-menu', () => {
  it('orders groups hatchback & sedan, suv, premium, petrol & diesel, electric, hybrid, coming soon', () => {
    expect(modelsMenu(models).map((g) => [g.group, g.label])).toEqual([
      ['hatchback-sedan', 'Hatchback & Sedan'],
      ['suv', 'SUV'],
      ['premium', 'Premium'],
      ['petrol-diesel', 'Petrol & Diesel'],
      ['electric', 'Electric'],
      ['hybrid', 'Hybrid'],
      ['coming-soon', 'Coming Soon'],
    ]);
  });

  it('keeps the given order of models within a group', () => {
    expect(modelsMenu(models)[0]!.tiles.map((t) => t.slug)).toEqual(['mg3', 'mg5']);
  });

  it('lists a coming_soon model under its own group and under coming soon, with the badge', () => {
    const menu = modelsMenu(models);
    const electric = menu.find((g) => g.group === 'electric')!.tiles;
    const comingSoon = menu.find((g) => g.group === 'coming-soon')!.tiles;
    expect(electric.map((t) => [t.slug, t.badge])).toEqual([
      ['mg4', null],
      ['mgs5-ev', 'Coming Soon'],
    ]);
    expect(comingSoon.map((t) => t.slug)).toEqual(['mg-u9', 'mgs5-ev']);
  });

  it('links each tile to its override URL or /{slug}', () => {
    expect(modelTile(models[3]!).href).toBe('/pages/mg-im');
    expect(modelTile(models[0]!).href).toBe('/mg4');
  });

  it('prefers the CDN image', () => {
    expect(modelTile({ name: 'A', slug: 'a', image: 'a.jpg', cloudfront_new_image_url: 'https://cdn/a.jpg' }).image).toBe('https://cdn/a.jpg');
    expect(modelTile({ name: 'A', slug: 'a', image: 'a.jpg' }).image).toBe('a.jpg');
  });

  it('filters by one body type or powertrain', () => {
    expect(modelsMenu(models, 'suv')).toEqual([
      { group: 'suv', label: 'SUV', tiles: [{ name: 'MG ZS', slug: 'mg-zs', href: '/mg-zs', image: null, badge: null }] },
    ]);
    expect(modelsMenu(models, 'electric')[0]!.tiles).toHaveLength(2);
    expect(modelsMenu(models, 'hybrid').map((g) => g.group)).toEqual(['hybrid']);
  });

  it('leaves out empty groups and models without a group', () => {
    const menu = modelsMenu([{ name: 'X', slug: 'x' }, { name: 'Y', slug: 'y', body_group: 'suv' }]);
    expect(menu.map((g) => g.group)).toEqual(['suv']);
    expect(modelsMenu([], 'suv')).toEqual([]);
  });

  it('reads the groups a manufacturer body label names, hybrids before electric', () => {
    expect(['Hatch', 'Sedan', 'SUV', 'Premium', 'Petrol', 'Diesel', 'Electric', 'EV', 'Plug-in Hybrid', 'Hybrid', 'Plug-in Hybrid EV', 'Ute', 'Convertible', null].map(bodyLabelGroup)).toEqual([
      'hatchback-sedan',
      'hatchback-sedan',
      'suv',
      'premium',
      'petrol-diesel',
      'petrol-diesel',
      'electric',
      'electric',
      'hybrid',
      'hybrid',
      'hybrid',
      null,
      null,
      null,
    ]);
  });

  it('lists a model in every group its body_group and manufacturer_body, body2 and body3 name, in menu order', () => {
    const im: MenuModel = { name: 'IM5 & IM6', slug: 'mg-im', body_group: 'premium', manufacturer_body: 'Sedan', manufacturer_body2: 'SUV', manufacturer_body3: 'Electric' };
    expect(modelGroups(im)).toEqual(['hatchback-sedan', 'suv', 'premium', 'electric']);
    expect(modelGroups({ name: 'U9', slug: 'u9', manufacturer_body: 'Ute', manufacturer_body2: 'Diesel', status: 'coming_soon' })).toEqual(['petrol-diesel', 'coming-soon']);
    const menu = modelsMenu([im, { name: 'MG4', slug: 'mg4', manufacturer_body: 'Hatch', manufacturer_body2: 'Electric', override_url: '/mg4-electric' }]);
    expect(menu.map((g) => [g.group, g.tiles.map((t) => t.href)])).toEqual([
      ['hatchback-sedan', ['/mg-im', '/mg4-electric']],
      ['suv', ['/mg-im']],
      ['premium', ['/mg-im']],
      ['electric', ['/mg-im', '/mg4-electric']],
    ]);
    expect(modelsMenu([im], 'electric').map((g) => g.group)).toEqual(['electric']);
  });

  it("groups the sample brand's models.yaml", () => {
    const file = ModelsFileSchema.parse(parse(readFileSync('content/bayside-mg/models.yaml', 'utf8')));
    const menu = modelsMenu(file);
    expect(menu.map((g) => g.group)).toEqual(['hatchback-sedan', 'suv', 'premium', 'petrol-diesel', 'electric', 'hybrid', 'coming-soon']);
    expect(menu.at(-1)!.tiles.every((t) => t.badge === 'Coming Soon')).toBe(true);
  });
});

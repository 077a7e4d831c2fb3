import { describe, expect, it } from 'vitest';
import { detailListView, isSpecValueShown, showThumbnails, specListView } from '../../../src/rules/gallery.ts';
import type { SpecRow } from '../../../src/rules/gallery.ts';
import { SiteConfigSchema } from '../../../src/schemas/site-config.ts';
import type { SiteConfigInput } from '../../../src/schemas/site-config.ts';

const site = (over: Partial<SiteConfigInput> = {}) =>
  SiteConfigSchema.parse({ slug: 'test-motors', name: 'Test Motors', template: 'classic', url: 'https://www.test.example', ...over });

const images = (n: number) => Array.from({ length: n }, (_, i) => ({ image: `images/car-${i}.jpg` }));
const rows = (n: number): SpecRow[] => Array.from({ length: n }, (_, i) => ({ label: `Row ${i + 1}`, value: i + 1 }));

describe('thumbnails strip', () => {
  it('needs more than 3 images: 3 hide it, 4 show it', () => {
    expect(showThumbnails({ images: images(3) })).toBe(false);
    expect(showThumbnails({ images: images(4) })).toBe(true);
    expect(showThumbnails({ images: null })).toBe(false);
  });
});

describe('specification rows', () => {
  it("hides undefined, null, empty and 'null' values", () => {
    expect(isSpecValueShown(undefined)).toBe(false);
    expect(isSpecValueShown(null)).toBe(false);
    expect(isSpecValueShown('')).toBe(false);
    expect(isSpecValueShown('null')).toBe(false);
    expect(isSpecValueShown(' NULL ')).toBe(false);
    expect(isSpecValueShown('   ')).toBe(false);
  });

  it('shows real values, including 0 and text containing null', () => {
    expect(isSpecValueShown(0)).toBe(true);
    expect(isSpecValueShown('7.3m')).toBe(true);
    expect(isSpecValueShown('nullarbor')).toBe(true);
  });

  it('shows the first 4 rows with Show All, then every row with Show Less', () => {
    const collapsed = specListView(rows(5), site(), false);
    expect(collapsed.items.map((r) => r.label)).toEqual(['Row 1', 'Row 2', 'Row 3', 'Row 4']);
    expect(collapsed.toggle).toBe('Show All');
    expect(collapsed.hiddenCount).toBe(1);
    const expanded = specListView(rows(5), site(), true);
    expect(expanded.items).toHaveLength(5);
    expect(expanded.toggle).toBe('Show Less');
  });

  it('has no toggle with 4 rows, and counts only rows that have values', () => {
    expect(specListView(rows(4), site(), false)).toEqual({ items: rows(4), toggle: null, hiddenCount: 0 });
    const withEmpty = [...rows(4), { label: 'Torque', value: 'null' }, { label: 'Sleeps', value: null }];
    expect(specListView(withEmpty, site(), false).toggle).toBeNull();
  });
});

describe('detail lists', () => {
  const features = (n: number) => Array.from({ length: n }, (_, i) => `Feature ${i + 1}`);

  it('shows the first 8 items with Show More, then all with Show Less', () => {
    expect(detailListView(features(8), site(), false)).toEqual({ items: features(8), toggle: null, hiddenCount: 0 });
    const collapsed = detailListView(features(9), site(), false);
    expect(collapsed.items).toEqual(features(8));
    expect(collapsed.toggle).toBe('Show More');
    expect(detailListView(features(9), site(), true)).toEqual({ items: features(9), toggle: 'Show Less', hiddenCount: 0 });
  });

  it('follows the site limit', () => {
    expect(detailListView(features(6), site({ vehicle: { detailListLimit: 5 } }), false).items).toHaveLength(5);
  });
});

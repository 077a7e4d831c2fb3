import { describe, expect, it } from 'vitest';
import { modelStockFilter } from '../../../src/views/models.ts';
import { site, vehicle } from './fixtures.ts';

describe('model pages', () => {
  it('drops a make prefix from a model slug when only the stock model slug matches', () => {
    const stock = [vehicle(1, { make_slug: 'mg', model_slug: 'zs' }), vehicle(2, { make_slug: 'mg', model_slug: 'mg3' })];
    expect(modelStockFilter({ slug: 'mg-zs', manufacturer_name: 'MG' }, site(), stock)).toEqual({ make: 'mg', model: 'zs' });
    expect(modelStockFilter({ slug: 'mg3', manufacturer_name: null }, site({ manufacturer: 'MG' }), stock)).toEqual({ make: 'mg', model: 'mg3' });
  });

});

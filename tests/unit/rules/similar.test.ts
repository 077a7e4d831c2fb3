import { describe, expect, it } from 'vitest';
import { similarPriceBand, similarVehicles } from '../../../src/rules/similar.ts';
import type { SimilarCandidate } from '../../../src/rules/similar.ts';

const hit = (id: number, price: number, model = 'Corolla', status = 'in_stock'): SimilarCandidate => ({ id, price, model, status });
const ids = (list: SimilarCandidate[]) => list.map((v) => v.id);

describe('similar vehicles price band', () => {
  it('is +/- $10,000 under $50,000 and +/- $25,000 from $50,000', () => {
    expect(similarPriceBand(49_999)).toEqual({ min: 39_999, max: 59_999 });
    expect(similarPriceBand(50_000)).toEqual({ min: 25_000, max: 75_000 });
    expect(similarPriceBand(5_000)).toEqual({ min: 0, max: 15_000 });
  });

  it('includes both ends of the band and nothing beyond', () => {
    const vehicle = hit(1, 30_000);
    const hits = [hit(2, 20_000), hit(3, 19_999), hit(4, 40_000), hit(5, 40_001)];
    expect(ids(similarVehicles(vehicle, hits))).toEqual([2, 4]);
  });

  it('uses the wide band from $50,000', () => {
    const hits = [hit(2, 74_000), hit(3, 26_000)];
    expect(ids(similarVehicles(hit(1, 49_999), hits))).toEqual([]);
    expect(ids(similarVehicles(hit(1, 50_000), hits))).toEqual([2, 3]);
  });
});

describe('similar vehicles selection', () => {
  const vehicle = hit(1, 30_000, 'Corolla');

  it('keeps in_stock vehicles only and never the vehicle itself', () => {
    const hits = [hit(1, 30_000), hit(2, 30_000, 'Corolla', 'sold'), hit(3, 30_000, 'Corolla', 'coming_soon'), hit(4, 30_000)];
    expect(ids(similarVehicles(vehicle, hits))).toEqual([4]);
  });

  it('puts the same model first (any case), keeping hit order within each group', () => {
    const hits = [hit(2, 30_000, 'Camry'), hit(3, 30_000, 'COROLLA'), hit(4, 30_000, 'Yaris'), hit(5, 30_000, 'Corolla')];
    expect(ids(similarVehicles(vehicle, hits))).toEqual([3, 5, 2, 4]);
  });

  it('drops repeated ids and takes at most 6', () => {
    const hits = [2, 3, 2, 4, 5, 3, 6, 7, 8, 9].map((id) => hit(id, 30_000));
    expect(ids(similarVehicles(vehicle, hits))).toEqual([2, 3, 4, 5, 6, 7]);
  });
});

/** The similar-vehicles section (spec sections 4, 7 and 9). */
import type { Vehicle } from '../schemas/vehicle.ts';

/** Spec 9: at most 6 similar vehicles show. */
export const SIMILAR_MAX = 6;
/** Spec 7 and 9: each similar-vehicle query asks for 10 hits. */
export const SIMILAR_SEARCH_LIMIT = 10;
/** Spec 9: placeholders while loading. */
export const SIMILAR_PLACEHOLDERS = 6;
/** Prices below this use the narrow band (49,999: +/-10,000; 50,000: +/-25,000). */
export const SIMILAR_WIDE_BAND_FROM = 50_000;

/**
 * Spec 9: the price band of similar vehicles: +/- $10,000 when the price is under $50,000, else
 * +/- $25,000. Both ends inclusive; the low end never goes below 0.
 */
export function similarPriceBand(price: number): { min: number; max: number } {
  const spread = price < SIMILAR_WIDE_BAND_FROM ? 10_000 : 25_000;
  return { min: Math.max(0, price - spread), max: price + spread };
}

export type SimilarCandidate = Pick<Vehicle, 'id' | 'status' | 'price' | 'model'>;

/** What "the same model" compares: the model's name, trimmed, in any case. */
export function similarModelKey(vehicle: Pick<Vehicle, 'model'>): string {
  return vehicle.model.trim().toLowerCase();
}

/**
 * Spec 7 and 9: from the merged hits of the similar-vehicle queries, keeps vehicles that are
 * in_stock (coming_soon is not), are not the vehicle itself and sit in its price band; puts the
 * same model (any case) first, each group in hit order; drops repeated ids (first hit wins); and
 * takes at most 6.
 */
export function similarVehicles<T extends SimilarCandidate>(vehicle: SimilarCandidate, hits: readonly T[]): T[] {
  const band = similarPriceBand(vehicle.price);
  const model = similarModelKey(vehicle);
  const seen = new Set<number>();
  const kept = hits.filter((hit) => {
    if (hit.status !== 'in_stock' || hit.id === vehicle.id || seen.has(hit.id)) return false;
    if (hit.price < band.min || hit.price > band.max) return false;
    seen.add(hit.id);
    return true;
  });
  const sameModel = (hit: T) => similarModelKey(hit) === model;
  return [...kept.filter(sameModel), ...kept.filter((hit) => !sameModel(hit))].slice(0, SIMILAR_MAX);
}

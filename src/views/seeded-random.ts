/**
 * A deterministic random source in [0, 1) seeded from a string (FNV-1a hash feeding mulberry32).
 * The search pages pass their path, so the promo cards' random start offset and shuffle differ
 * between pages but a rebuild of the same data gives byte-identical HTML.
 */
export function seededRandom(seed: string): () => number {
  let state = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    state ^= seed.charCodeAt(i);
    state = Math.imul(state, 0x01000193) >>> 0;
  }
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

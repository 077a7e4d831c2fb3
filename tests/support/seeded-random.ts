/**
 * A small seeded generator for generated test cases, so a failing case can be replayed from its seed.
 * Seeds are spread over the state space and a few draws discarded: neighbouring small seeds would otherwise
 * start nearly alike.
 */
export function seededRandom(seed: number) {
  let state = Math.imul(seed, 2654435761) >>> 0;
  const next = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  for (let i = 0; i < 4; i++) next();
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!, chance: (p: number) => next() < p };
}

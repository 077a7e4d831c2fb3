/**
 * Promo cards inserted into the search results grid (spec section 4, "Promo cards").
 *
 * Reading of the spec used here:
 * - A card is eligible when `promoCards.enabled` is on, its date window holds
 *   (start <= now <= expiry, both inclusive, parsed as instants, either end optional) and the
 *   car-type filter permits it (see {@link promoCardPermittedByCarType}).
 * - Eligible cards with a `position` come first, in order of position (ties keep file order);
 *   the others keep file order, or are shuffled when `promoCards.shuffle` is on.
 * - Positioned cards go at their own 1-based position in the final grid (vehicles and promos
 *   counted together). A position beyond the end of the grid (more than one past the last item)
 *   is dropped rather than appended.
 * - Unpositioned cards are inserted after every `interval` vehicles when an interval is set,
 *   cycling through them by the number already inserted (the 1st slot gets card 1, the 2nd card 2,
 *   and after the last card it starts again). A slot that falls after the last vehicle is kept.
 *   Without an interval, unpositioned cards are not shown.
 * - `randomStartOffset` adds a random 0, 1 or 2 to the start: to every position and to the first
 *   interval slot (later interval slots keep their spacing).
 * - An empty result list gets no promo cards: the empty-results card shows instead.
 * - The list is the current page of results; each page is laid out on its own.
 * - `random` returns a number in [0, 1), like Math.random. It is called once for the start offset
 *   (when enabled) and then by a Fisher-Yates shuffle of the unpositioned cards (when enabled).
 */
import type { CarType } from '../schemas/common.ts';
import type { PromoCard } from '../schemas/promo-card.ts';
import type { SiteConfig } from '../schemas/site-config.ts';

/** One cell of the results grid. */
export type GridItem<T> = { kind: 'vehicle'; vehicle: T } | { kind: 'promo'; card: PromoCard };

export type PromoSettings = Pick<SiteConfig['promoCards'], 'enabled' | 'interval' | 'shuffle' | 'randomStartOffset'>;

export interface PromoInsertionInput<T> {
  /** Vehicles of the current results page, in order. */
  results: readonly T[];
  /** Promo cards of the site, in file order. */
  cards: readonly PromoCard[];
  /** Car types of the active car-type refinement; empty when there is none. */
  activeCarTypes: readonly CarType[];
  now: Date;
  settings: PromoSettings;
  /** Random number source in [0, 1); inject a fixed one in tests. */
  random: () => number;
}

/** The highest random start offset (the offset is 0, 1 or 2). */
export const MAX_RANDOM_START_OFFSET = 2;

/** Spec 4: the card's date window holds at `now` (start and expiry inclusive; either may be left out). */
export function promoCardInWindow(card: Pick<PromoCard, 'start' | 'expiry'>, now: Date): boolean {
  const t = now.getTime();
  if (card.start !== undefined && t < Date.parse(card.start)) return false;
  if (card.expiry !== undefined && t > Date.parse(card.expiry)) return false;
  return true;
}

/**
 * Spec 4: the car-type filter permits the card. With `strictDisplay` a car-type filter must be
 * active and every active car type must be in the card's `display` list; without it, the card
 * shows when no car-type filter is active or when any active car type is in `display`.
 */
export function promoCardPermittedByCarType(
  card: Pick<PromoCard, 'display' | 'strictDisplay'>,
  activeCarTypes: readonly CarType[],
): boolean {
  if (card.strictDisplay) return activeCarTypes.length > 0 && activeCarTypes.every((t) => card.display.includes(t));
  return activeCarTypes.length === 0 || activeCarTypes.some((t) => card.display.includes(t));
}

/** Fisher-Yates shuffle driven by `random`; returns a new array. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.min(i, Math.floor(random() * (i + 1)));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Eligible cards split into positioned (sorted by position) and the rest (shuffled if configured). */
export function orderPromoCards(
  input: Pick<PromoInsertionInput<unknown>, 'cards' | 'activeCarTypes' | 'now' | 'settings'>,
  random: () => number,
): { positioned: PromoCard[]; unpositioned: PromoCard[] } {
  if (!input.settings.enabled) return { positioned: [], unpositioned: [] };
  const eligible = input.cards.filter(
    (card) => promoCardInWindow(card, input.now) && promoCardPermittedByCarType(card, input.activeCarTypes),
  );
  const positioned = eligible
    .filter((card) => card.position !== undefined)
    .sort((a, b) => (a.position as number) - (b.position as number));
  const rest = eligible.filter((card) => card.position === undefined);
  return { positioned, unpositioned: input.settings.shuffle ? shuffled(rest, random) : rest };
}

/**
 * Spec 4: lays out one page of results with the promo cards inserted, following the reading in
 * this module's header. Returns vehicles and promos in grid order.
 */
export function insertPromoCards<T>(input: PromoInsertionInput<T>): GridItem<T>[] {
  const vehicles: GridItem<T>[] = input.results.map((vehicle) => ({ kind: 'vehicle', vehicle }));
  if (!input.settings.enabled || vehicles.length === 0 || input.cards.length === 0) return vehicles;

  const offset = input.settings.randomStartOffset
    ? Math.min(MAX_RANDOM_START_OFFSET, Math.floor(input.random() * (MAX_RANDOM_START_OFFSET + 1)))
    : 0;
  const { positioned, unpositioned } = orderPromoCards(input, input.random);

  const grid: GridItem<T>[] = [];
  const interval = input.settings.interval;
  let inserted = 0;
  vehicles.forEach((item, index) => {
    grid.push(item);
    const seen = index + 1;
    if (interval !== undefined && unpositioned.length > 0 && seen >= interval + offset && (seen - offset) % interval === 0) {
      grid.push({ kind: 'promo', card: unpositioned[inserted % unpositioned.length] as PromoCard });
      inserted++;
    }
  });

  let lastIndex = -1;
  for (const card of positioned) {
    const index = Math.max((card.position as number) + offset - 1, lastIndex + 1);
    if (index > grid.length) break;
    grid.splice(index, 0, { kind: 'promo', card });
    lastIndex = index;
  }
  return grid;
}

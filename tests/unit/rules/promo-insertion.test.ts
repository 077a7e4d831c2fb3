import { describe, expect, it } from 'vitest';
import {
  insertPromoCards,
  promoCardInWindow,
  promoCardPermittedByCarType,
  shuffled,
} from '../../../src/rules/promo-insertion.ts';
import type { GridItem, PromoInsertionInput, PromoSettings } from '../../../src/rules/promo-insertion.ts';
import { PromoCardSchema } from '../../../src/schemas/promo-card.ts';
import type { PromoCardInput } from '../../../src/schemas/promo-card.ts';

const card = (id: string, over: Partial<PromoCardInput> = {}) => PromoCardSchema.parse({ id, title: id.toUpperCase(), ...over });
const vehicles = (n: number) => Array.from({ length: n }, (_, i) => `v${i + 1}`);
const now = new Date('2025-07-10T12:00:00+10:00');
const noRandom = () => {
  throw new Error('random must not be called');
};
const settings = (over: Partial<PromoSettings> = {}): PromoSettings => ({ enabled: true, shuffle: false, randomStartOffset: false, ...over });

function layout(over: Partial<PromoInsertionInput<string>>): string[] {
  const grid: GridItem<string>[] = insertPromoCards({
    results: vehicles(6),
    cards: [],
    activeCarTypes: [],
    now,
    settings: settings({ interval: 3 }),
    random: noRandom,
    ...over,
  });
  return grid.map((item) => (item.kind === 'vehicle' ? item.vehicle : item.card.id));
}

describe('promo card eligibility', () => {
  it('holds the date window inclusively at both ends', () => {
    const c = card('a', { start: '2025-07-10T12:00:00+10:00', expiry: '2025-07-20T12:00:00+10:00' });
    expect(promoCardInWindow(c, new Date('2025-07-10T12:00:00+10:00'))).toBe(true);
    expect(promoCardInWindow(c, new Date('2025-07-10T11:59:59.999+10:00'))).toBe(false);
    expect(promoCardInWindow(c, new Date('2025-07-20T12:00:00+10:00'))).toBe(true);
    expect(promoCardInWindow(c, new Date('2025-07-20T12:00:00.001+10:00'))).toBe(false);
    expect(promoCardInWindow(card('open'), now)).toBe(true);
  });

  it('with strictDisplay needs an active car-type filter wholly inside display', () => {
    const strict = card('s', { display: ['used'], strictDisplay: true });
    expect(promoCardPermittedByCarType(strict, [])).toBe(false);
    expect(promoCardPermittedByCarType(strict, ['used'])).toBe(true);
    expect(promoCardPermittedByCarType(strict, ['used', 'new'])).toBe(false);
  });

  it('without strictDisplay shows with no filter or any matching car type', () => {
    const loose = card('l', { display: ['used'] });
    expect(promoCardPermittedByCarType(loose, [])).toBe(true);
    expect(promoCardPermittedByCarType(loose, ['new', 'used'])).toBe(true);
    expect(promoCardPermittedByCarType(loose, ['new'])).toBe(false);
  });

  it('inserts nothing when promo cards are off, out of their window, filtered out, or there are no results', () => {
    const a = card('a');
    expect(layout({ cards: [a], settings: settings({ enabled: false, interval: 3 }) })).toEqual(vehicles(6));
    expect(layout({ cards: [card('b', { expiry: '2025-07-09T00:00:00+10:00' })] })).toEqual(vehicles(6));
    expect(layout({ cards: [card('c', { display: ['new'] })], activeCarTypes: ['used'] })).toEqual(vehicles(6));
    expect(layout({ cards: [a], results: [] })).toEqual([]);
    expect(layout({ cards: [a] })).toEqual(['v1', 'v2', 'v3', 'a', 'v4', 'v5', 'v6', 'a']);
  });
});

describe('insertion at an interval', () => {
  it('inserts after every `interval` vehicles, cycling through the cards', () => {
    const cards = [card('a'), card('b')];
    expect(layout({ cards, results: vehicles(14), settings: settings({ interval: 4 }) })).toEqual([
      'v1', 'v2', 'v3', 'v4', 'a', 'v5', 'v6', 'v7', 'v8', 'b', 'v9', 'v10', 'v11', 'v12', 'a', 'v13', 'v14',
    ]);
  });

  it('keeps a slot that falls right after the last vehicle, and none before a full interval', () => {
    expect(layout({ cards: [card('a')], results: vehicles(4), settings: settings({ interval: 4 }) })).toEqual(['v1', 'v2', 'v3', 'v4', 'a']);
    expect(layout({ cards: [card('a')], results: vehicles(3), settings: settings({ interval: 4 }) })).toEqual(['v1', 'v2', 'v3']);
  });

  it('shows unpositioned cards only when an interval is set', () => {
    expect(layout({ cards: [card('a')], settings: settings() })).toEqual(vehicles(6));
  });
});

describe('insertion at positions', () => {
  it('puts each positioned card at its 1-based grid position, in order of position', () => {
    const cards = [card('p3', { position: 3 }), card('p1', { position: 1 })];
    expect(layout({ cards, settings: settings() })).toEqual(['p1', 'v1', 'p3', 'v2', 'v3', 'v4', 'v5', 'v6']);
  });

  it('places a card one past the last item but drops one further out', () => {
    expect(layout({ cards: [card('p', { position: 3 })], results: vehicles(2), settings: settings() })).toEqual(['v1', 'v2', 'p']);
    expect(layout({ cards: [card('p', { position: 4 })], results: vehicles(2), settings: settings() })).toEqual(['v1', 'v2']);
  });

  it('keeps file order for cards sharing a position', () => {
    const cards = [card('x', { position: 2 }), card('y', { position: 2 })];
    expect(layout({ cards, results: vehicles(3), settings: settings() })).toEqual(['v1', 'x', 'y', 'v2', 'v3']);
  });

  it('fills the unpositioned cards by interval around the positioned ones', () => {
    const cards = [card('u'), card('p', { position: 2 })];
    expect(layout({ cards, results: vehicles(8), settings: settings({ interval: 4 }) })).toEqual([
      'v1', 'p', 'v2', 'v3', 'v4', 'u', 'v5', 'v6', 'v7', 'v8', 'u',
    ]);
  });
});

describe('shuffle and random start', () => {
  const abc = [card('a'), card('b'), card('c')];

  it('shuffles the unpositioned cards with the injected random source', () => {
    expect(shuffled(['a', 'b', 'c'], () => 0)).toEqual(['b', 'c', 'a']);
    const always0 = { results: vehicles(3), settings: settings({ interval: 1, shuffle: true }), random: () => 0 };
    expect(layout({ cards: abc, ...always0 })).toEqual(['v1', 'b', 'v2', 'c', 'v3', 'a']);
    expect(layout({ cards: abc, results: vehicles(3), settings: settings({ interval: 1 }) })).toEqual(['v1', 'a', 'v2', 'b', 'v3', 'c']);
  });

  it('never shuffles positioned cards', () => {
    const cards = [card('p2', { position: 2 }), card('p1', { position: 1 })];
    expect(layout({ cards, results: vehicles(2), settings: settings({ shuffle: true }), random: () => 0 })).toEqual(['p1', 'p2', 'v1', 'v2']);
  });

  it('adds a random 0 to 2 to the start of the interval', () => {
    const run = (r: number) => layout({ cards: [card('a')], results: vehicles(9), settings: settings({ interval: 3, randomStartOffset: true }), random: () => r });
    expect(run(0)).toEqual(['v1', 'v2', 'v3', 'a', 'v4', 'v5', 'v6', 'a', 'v7', 'v8', 'v9', 'a']);
    expect(run(0.5)).toEqual(['v1', 'v2', 'v3', 'v4', 'a', 'v5', 'v6', 'v7', 'a', 'v8', 'v9']);
    expect(run(0.99)).toEqual(['v1', 'v2', 'v3', 'v4', 'v5', 'a', 'v6', 'v7', 'v8', 'a', 'v9']);
  });

  it('delays the first slot by the offset even when the interval is shorter than it', () => {
    const run = layout({ cards: [card('a')], results: vehicles(4), settings: settings({ interval: 1, randomStartOffset: true }), random: () => 0.99 });
    expect(run).toEqual(['v1', 'v2', 'v3', 'a', 'v4', 'a']);
  });

  it('adds the random start to positions too', () => {
    const cards = [card('p', { position: 1 })];
    expect(layout({ cards, results: vehicles(3), settings: settings({ randomStartOffset: true }), random: () => 0.99 })).toEqual([
      'v1', 'v2', 'p', 'v3',
    ]);
  });
});

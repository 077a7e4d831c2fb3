import { describe, expect, it } from 'vitest';
import { endOfMonthDate, startOfMonth, zonedParts, zonedTimeToInstant } from '../../../src/rules/time.ts';

describe('Brisbane time', () => {
  it('reads the wall clock in Brisbane (UTC+10, no daylight saving)', () => {
    expect(zonedParts(new Date('2026-11-30T13:59:59Z'))).toMatchObject({ year: 2026, month: 11, day: 30, hour: 23, minute: 59, second: 59, weekday: 1 });
    expect(zonedParts(new Date('2026-11-30T14:00:00Z'))).toMatchObject({ year: 2026, month: 12, day: 1, hour: 0, weekday: 2 });
    // January (Sydney on daylight saving) is still +10 in Brisbane.
    expect(zonedParts(new Date('2026-01-15T14:00:00Z')).hour).toBe(0);
  });

  it('finds the instant of a Brisbane wall-clock time', () => {
    expect(zonedTimeToInstant({ year: 2025, month: 7, day: 24, hour: 23, minute: 59, second: 59 }).toISOString()).toBe('2025-07-24T13:59:59.000Z');
    expect(zonedTimeToInstant({ year: 2025, month: 6, day: 30, hour: 23, minute: 59, second: 59 }).toISOString()).toBe('2025-06-30T13:59:59.000Z');
  });

  it('resolves other zones through their rules, across a daylight-saving change', () => {
    expect(zonedTimeToInstant({ year: 2026, month: 1, day: 15, hour: 12 }, 'Australia/Sydney').toISOString()).toBe('2026-01-15T01:00:00.000Z');
    expect(zonedTimeToInstant({ year: 2026, month: 7, day: 15, hour: 12 }, 'Australia/Sydney').toISOString()).toBe('2026-07-15T02:00:00.000Z');
  });

  it('starts the month at midnight Brisbane time', () => {
    expect(startOfMonth(new Date('2026-11-30T13:59:59Z')).toISOString()).toBe('2026-10-31T14:00:00.000Z');
    expect(startOfMonth(new Date('2026-11-30T14:00:00Z')).toISOString()).toBe('2026-11-30T14:00:00.000Z');
  });

  it('gives the last day of the current Brisbane month, leap years included', () => {
    expect(endOfMonthDate(new Date('2028-02-10T00:00:00Z'))).toBe('2028-02-29');
    expect(endOfMonthDate(new Date('2027-02-10T00:00:00Z'))).toBe('2027-02-28');
    expect(endOfMonthDate(new Date('2026-11-30T14:00:00Z'))).toBe('2026-12-31');
  });
});

describe('the wall clock in any zone', () => {
  // What Intl itself says, instant by instant: the reference the day-by-day offsets must agree with.
  const reference = (instant: number, timeZone: string) => {
    const format = new Intl.DateTimeFormat('en-AU', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', weekday: 'short' });
    const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
    const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday!);
    return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute), second: Number(parts.second), weekday };
  };
  const zones = ['Australia/Brisbane', 'Australia/Sydney', 'Australia/Lord_Howe', 'Australia/Adelaide', 'America/New_York', 'Asia/Kathmandu', 'Pacific/Chatham', 'Europe/London'];

  it('agrees with Intl second by second across daylight-saving changes, half-hour ones included', () => {
    const changes: Array<[string, string]> = [
      ['Australia/Sydney', '2026-04-04T16:00:00Z'],
      ['Australia/Sydney', '2026-10-03T16:00:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'],
      ['Australia/Lord_Howe', '2026-10-03T15:30:00Z'],
      ['America/New_York', '2026-03-08T07:00:00Z'],
      ['America/New_York', '2026-11-01T06:00:00Z'],
      ['Pacific/Chatham', '2026-04-04T14:00:00Z'],
      ['Europe/London', '2026-03-29T01:00:00Z'],
    ];
    for (const [zone, at] of changes) {
      const change = Date.parse(at);
      for (let instant = change - 120_000; instant <= change + 120_000; instant += 1000) expect(zonedParts(new Date(instant), zone), `${zone} at ${new Date(instant).toISOString()}`).toEqual(reference(instant, zone));
      // The first and last seconds of the UTC days either side, where a day's offset is looked up.
      const day = Math.floor(change / 86_400_000) * 86_400_000;
      for (const instant of [day - 86_400_000, day - 1000, day - 1, day, day + 86_400_000 - 1, day + 86_400_000]) expect(zonedParts(new Date(instant), zone)).toEqual(reference(instant, zone));
    }
  });

  it('agrees with Intl at instants spread over two centuries, milliseconds and dates before 1970 included', () => {
    let seed = 12345;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const from = Date.parse('1905-01-01T00:00:00Z');
    const to = Date.parse('2099-12-31T23:59:59Z');
    for (let i = 0; i < 4000; i++) {
      const instant = Math.floor(from + next() * (to - from));
      const zone = zones[i % zones.length]!;
      expect(zonedParts(new Date(instant), zone), `${zone} at ${new Date(instant).toISOString()}`).toEqual(reference(instant, zone));
    }
  });

  it('refuses an invalid date as Intl does', () => {
    expect(() => zonedParts(new Date(Number.NaN))).toThrow(RangeError);
  });
});

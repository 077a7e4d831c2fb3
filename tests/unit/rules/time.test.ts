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

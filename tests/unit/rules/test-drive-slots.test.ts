import { describe, expect, it } from 'vitest';
import { appointmentGroups, TEST_DRIVE_MAX_DAYS, testDriveDays } from '../../../src/rules/test-drive-slots.ts';

// Mon to Fri 8:30 am - 5:00 pm, Sat 9:00 am - 12:00 pm, Sun closed.
const regular = [
  ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: 'Open' as const, open: '08:30', close: '17:00' })),
  { weekday: 6, status: 'Open' as const, open: '09:00', close: '12:00' },
  { weekday: 0, status: 'Closed' as const },
];

describe('testDriveDays', () => {
  it('offers half-hour slots from opening until half an hour before closing, and skips closed days', () => {
    // Friday 27 November 2026, 6:00 am in Brisbane (UTC+10).
    const days = testDriveDays({ regular, special: [] }, new Date('2026-11-26T20:00:00Z'), { days: 3 });
    expect(days.map((d) => d.date)).toEqual(['2026-11-27', '2026-11-28']);
    expect(days[0]!.slots[0]).toEqual({ time: '08:30', at: '2026-11-27T08:30:00+10:00' });
    expect(days[0]!.slots.at(-1)!.time).toBe('16:30');
    expect(days[0]!.slots).toHaveLength(17);
    expect(days[1]!.slots.map((s) => s.time)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30']);
  });

  it('starts no earlier than an hour from now, in the site zone', () => {
    // Friday 10:10 am in Brisbane: the first slot is 11:30.
    const [today] = testDriveDays({ regular, special: [] }, new Date('2026-11-27T00:10:00Z'), { days: 1 });
    expect(today!.slots[0]!.time).toBe('11:30');
    // The same instant in Perth (UTC+8) is 8:10 am: the first slot is 9:30.
    const [perth] = testDriveDays({ regular, special: [] }, new Date('2026-11-27T00:10:00Z'), { days: 1, timeZone: 'Australia/Perth' });
    expect(perth!.slots[0]).toEqual({ time: '09:30', at: '2026-11-27T09:30:00+08:00' });
  });

  it('follows special hours: a closed public holiday, a shortened day', () => {
    const special = [
      { date: '2026-11-30', status: 'Closed' as const },
      { date: '2026-12-01', status: 'Open' as const, start_hour: '10:00', end_hour: '13:00' },
    ];
    const days = testDriveDays({ regular, special }, new Date('2026-11-29T00:00:00Z'), { days: 3 });
    expect(days.map((d) => [d.date, d.slots.length])).toEqual([['2026-12-01', 6]]);
  });

  it('writes the offset the zone has on the day, across a daylight-saving change', () => {
    // Sydney moves to daylight time (+11:00) on Sunday 4 October 2026; Monday is after the change.
    const days = testDriveDays({ regular, special: [] }, new Date('2026-10-01T20:00:00Z'), { days: 5, timeZone: 'Australia/Sydney' });
    expect(days.find((d) => d.date === '2026-10-02')!.slots[0]!.at).toBe('2026-10-02T08:30:00+10:00');
    expect(days.find((d) => d.date === '2026-10-05')!.slots[0]!.at).toBe('2026-10-05T08:30:00+11:00');
  });

  it('leaves out a day whose slots have all passed, and offers at most a month', () => {
    expect(testDriveDays({ regular, special: [] }, new Date('2026-11-27T06:30:00Z'), { days: 1 })).toEqual([]);
    const month = testDriveDays({ regular, special: [] }, new Date('2026-11-26T20:00:00Z'), { days: 400 });
    expect(month.at(-1)!.date <= '2026-12-27').toBe(true);
    expect(TEST_DRIVE_MAX_DAYS).toBe(31);
  });
});

describe('appointmentGroups', () => {
  it('labels each day and time as a shopper reads them, keeping the moment as the value', () => {
    expect(appointmentGroups([{ date: '2026-11-27', slots: [{ time: '09:30', at: '2026-11-27T09:30:00+10:00' }, { time: '13:00', at: '2026-11-27T13:00:00+10:00' }] }])).toEqual([
      { label: 'Fri 27 Nov', options: [{ value: '2026-11-27T09:30:00+10:00', label: '9:30 am' }, { value: '2026-11-27T13:00:00+10:00', label: '1:00 pm' }] },
    ]);
  });
});

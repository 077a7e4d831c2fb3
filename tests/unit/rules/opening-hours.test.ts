import { describe, expect, it } from 'vitest';
import {
  formatClockTime,
  hoursOnDate,
  openNow,
  regularDayHours,
  upcomingSpecialHours,
  weekDates,
  weeklyHoursRows,
  type DateHours,
  type RegularHours,
} from '../../../src/rules/opening-hours.ts';

const open = (weekday: number, openAt: string, close: string): RegularHours => ({ weekday, status: 'Open', open: openAt, close });

/** Mon-Fri 8:00-5:30, Sat 8:00-12:00, Sunday closed by appointment. */
const standard: RegularHours[] = [
  open(1, '08:00', '17:30'),
  open(2, '08:00', '17:30'),
  open(3, '08:00', '17:30'),
  open(4, '08:00', '17:30'),
  open(5, '08:00', '17:30'),
  open(6, '08:00', '12:00'),
  { weekday: 0, status: 'Closed', note: 'By appointment only' },
];

const christmas: DateHours[] = [
  { date: '2025-12-25', status: 'Closed' },
  { date: '2025-12-26', status: 'Open', hours: { begin: '09:00', end: '13:00' } },
  { date: '2025-12-27', status: 'Open', start_hour: '10:00', end_hour: '14:00' },
];

// Wednesday 24 December 2025, 10:00 in Brisbane (UTC+10, no daylight saving).
const christmasEve = new Date('2025-12-24T00:00:00Z');

describe('time formatting', () => {
  it.each([
    ['08:00', '8:00 am'],
    ['17:30', '5:30 pm'],
    ['12:00', '12:00 pm'],
    ['00:00', '12:00 am'],
    ['11:59', '11:59 am'],
    ['23:45', '11:45 pm'],
  ])('%s -> %s', (time, text) => {
    expect(formatClockTime(time)).toBe(text);
  });
});

describe('weekly hours table', () => {
  it('collapses Monday to Friday when the five weekdays match', () => {
    expect(weeklyHoursRows(standard)).toEqual([
      { label: 'Mon - Fri', weekdays: [1, 2, 3, 4, 5], text: '8:00 am - 5:30 pm', special: false },
      { label: 'Sat', weekdays: [6], text: '8:00 am - 12:00 pm', special: false },
      { label: 'Sun', weekdays: [0], text: 'By appointment only', special: false },
    ]);
  });

  it('lists every day when one weekday differs', () => {
    const lateThursday = standard.map((entry) => (entry.weekday === 4 ? open(4, '08:00', '19:00') : entry));
    const rows = weeklyHoursRows(lateThursday);
    expect(rows.map((row) => row.label)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(rows[3]!.text).toBe('8:00 am - 7:00 pm');
    expect(rows[4]!.text).toBe('8:00 am - 5:30 pm');
  });

  it('shows Closed for a missing day, so a missing weekday splits Mon - Fri', () => {
    const noFriday = standard.filter((entry) => entry.weekday !== 5);
    const rows = weeklyHoursRows(noFriday);
    expect(rows).toHaveLength(7);
    expect(rows[4]).toEqual({ label: 'Fri', weekdays: [5], text: 'Closed', special: false });
  });

  it('shows Closed for every day when there are no hours at all', () => {
    expect(weeklyHoursRows(null)).toEqual([
      { label: 'Mon - Fri', weekdays: [1, 2, 3, 4, 5], text: 'Closed', special: false },
      { label: 'Sat', weekdays: [6], text: 'Closed', special: false },
      { label: 'Sun', weekdays: [0], text: 'Closed', special: false },
    ]);
  });

  it('applies special hours to the dates of the week containing now (Brisbane)', () => {
    const rows = weeklyHoursRows(standard, { special: christmas, now: christmasEve });
    expect(rows.map((row) => [row.label, row.text, row.special])).toEqual([
      ['Mon', '8:00 am - 5:30 pm', false],
      ['Tue', '8:00 am - 5:30 pm', false],
      ['Wed', '8:00 am - 5:30 pm', false],
      ['Thu', 'Closed', true],
      ['Fri', '9:00 am - 1:00 pm', true],
      ['Sat', '10:00 am - 2:00 pm', true],
      ['Sun', 'By appointment only', false],
    ]);
  });

  it('ignores special hours outside the week and without now', () => {
    const januaryWeek = new Date('2026-01-07T00:00:00Z');
    expect(weeklyHoursRows(standard, { special: christmas, now: januaryWeek })[0]!.label).toBe('Mon - Fri');
    expect(weeklyHoursRows(standard, { special: christmas })[0]!.label).toBe('Mon - Fri');
  });

  it('finds the week in Brisbane time, not UTC', () => {
    // 2025-12-21T14:30Z is Sunday in UTC but Monday 22 December 00:30 in Brisbane.
    const dates = weekDates(new Date('2025-12-21T14:30:00Z'));
    expect(dates.get(1)).toBe('2025-12-22');
    expect(dates.get(4)).toBe('2025-12-25');
    expect(dates.get(0)).toBe('2025-12-28');
    // One minute earlier it is still Sunday 21 December in Brisbane: the week before.
    expect(weekDates(new Date('2025-12-21T13:59:00Z')).get(0)).toBe('2025-12-21');
  });
});

describe('one day', () => {
  it('shows Closed for a closed day without a note', () => {
    expect(regularDayHours({ weekday: 0, status: 'Closed' }).text).toBe('Closed');
    expect(regularDayHours({ weekday: 0, status: 'Closed', note: '  ' }).text).toBe('Closed');
  });

  it('shows the note of a closed day', () => {
    expect(regularDayHours({ weekday: 0, status: 'Closed', note: 'By appointment only' }).text).toBe('By appointment only');
  });

  it('falls back to the platform text when an open day has no clock times, and to Closed without it', () => {
    expect(regularDayHours({ weekday: 1, status: 'Open', formated_hours: '8:30 am - 5:00 pm' })).toEqual({
      open: true,
      opens: null,
      closes: null,
      text: '8:30 am - 5:00 pm',
      special: false,
    });
    expect(regularDayHours({ weekday: 1, status: 'Open' }).text).toBe('Closed');
  });

  it('reads both special hour shapes and keeps the regular day when an open special entry has no times', () => {
    expect(hoursOnDate('2025-12-26', standard, christmas).text).toBe('9:00 am - 1:00 pm');
    expect(hoursOnDate('2025-12-27', standard, christmas).text).toBe('10:00 am - 2:00 pm');
    expect(hoursOnDate('2025-12-29', standard, [{ date: '2025-12-29', status: 'Open' }])).toEqual({
      open: true,
      opens: '08:00',
      closes: '17:30',
      text: '8:00 am - 5:30 pm',
      special: false,
    });
  });
});

describe('open now (Brisbane)', () => {
  // Monday 22 December 2025 in Brisbane is UTC+10.
  it('opens at the opening minute and closes at the closing minute', () => {
    expect(openNow(standard, [], new Date('2025-12-21T21:59:59Z')).open).toBe(false); // 07:59:59
    expect(openNow(standard, [], new Date('2025-12-21T22:00:00Z')).open).toBe(true); // 08:00:00
    expect(openNow(standard, [], new Date('2025-12-22T07:29:59Z')).open).toBe(true); // 17:29:59
    expect(openNow(standard, [], new Date('2025-12-22T07:30:00Z')).open).toBe(false); // 17:30:00
  });

  it("gives today's date and hours in Brisbane", () => {
    const result = openNow(standard, christmas, new Date('2025-12-21T22:00:00Z'));
    expect(result.date).toBe('2025-12-22');
    expect(result.today.text).toBe('8:00 am - 5:30 pm');
  });

  it('uses special hours for today', () => {
    const christmasMorning = openNow(standard, christmas, new Date('2025-12-25T00:00:00Z')); // 10:00 Thursday
    expect(christmasMorning).toMatchObject({ open: false, date: '2025-12-25', today: { text: 'Closed', special: true } });
    expect(openNow(standard, christmas, new Date('2025-12-26T02:59:59Z')).open).toBe(true); // 12:59:59
    expect(openNow(standard, christmas, new Date('2025-12-26T03:00:00Z')).open).toBe(false); // 13:00:00
  });

  it('is never open on a closed day or a day with only text', () => {
    expect(openNow(standard, [], new Date('2025-12-21T02:00:00Z')).open).toBe(false); // Sunday noon
    expect(openNow([{ weekday: 1, status: 'Open', formated_hours: '8-5' }], [], new Date('2025-12-22T02:00:00Z')).open).toBe(false);
  });
});

describe('holiday hours list', () => {
  it('lists special hours from today in Brisbane, earliest first', () => {
    const shuffled = [christmas[2]!, christmas[0]!, christmas[1]!, { date: '2025-12-24', status: 'Closed' as const }];
    // 2025-12-24T14:00Z is already 25 December in Brisbane.
    expect(upcomingSpecialHours(shuffled, new Date('2025-12-24T14:00:00Z'))).toEqual([
      { date: '2025-12-25', text: 'Closed' },
      { date: '2025-12-26', text: '9:00 am - 1:00 pm' },
      { date: '2025-12-27', text: '10:00 am - 2:00 pm' },
    ]);
    expect(upcomingSpecialHours(shuffled, new Date('2025-12-24T13:59:59Z'))[0]).toEqual({ date: '2025-12-24', text: 'Closed' });
  });
});

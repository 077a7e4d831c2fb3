/**
 * Test-drive appointment times (spec 7, "test drive appointment availability"): the half-hour slots a
 * shopper may book at a location over the coming days, from its regular and special opening hours, in the
 * site's time zone. A drive takes its slot's half hour, so the last slot starts half an hour before closing,
 * and a slot must start at least an hour from now, giving the dealer time to have the car ready.
 */
import { formatClockTime, hoursOnDate, type DateHours, type RegularHours } from './opening-hours.ts';
import { BRISBANE, zonedParts, zonedTimeToInstant } from './time.ts';

/** Length of one appointment, in minutes. */
export const TEST_DRIVE_SLOT_MINUTES = 30;
/** How soon the first bookable slot may start, in minutes from now. */
export const TEST_DRIVE_NOTICE_MINUTES = 60;
/** Days offered when the caller does not say, and the most it may ask for. */
export const TEST_DRIVE_DEFAULT_DAYS = 14;
export const TEST_DRIVE_MAX_DAYS = 31;

export interface TestDriveSlot {
  /** Start time on the location's clock, 24-hour HH:MM. */
  time: string;
  /** The same moment as an ISO 8601 date-time with the zone's offset, as a lead's `preferred_date_time` takes it. */
  at: string;
}

export interface TestDriveDay {
  /** YYYY-MM-DD in the site's time zone. */
  date: string;
  /** Start times, in order. */
  slots: TestDriveSlot[];
}

const minutesOf = (time: string): number | null => {
  const match = /^(\d{1,2}):(\d{2})/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};
const two = (n: number) => String(n).padStart(2, '0');
const clock = (minutes: number) => `${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;

/** `2026-11-27T09:30:00+10:00`: a wall-clock time with the offset its zone had at that instant. */
function withOffset(date: string, minutes: number, instant: Date): string {
  const [y, m, d] = date.split('-').map(Number);
  const offset = Math.round((Date.UTC(y!, m! - 1, d!, Math.floor(minutes / 60), minutes % 60) - instant.getTime()) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  return `${date}T${clock(minutes)}:00${sign}${two(Math.floor(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`;
}

/**
 * The bookable days from today (in `timeZone`) for `days` days: each date the location is open with known
 * hours, with its slots from opening until half an hour before closing, none earlier than the notice period
 * from `now`. Closed days and days whose slots have all passed are left out.
 */
export function testDriveDays(
  hours: { regular: readonly RegularHours[] | null | undefined; special: readonly DateHours[] | null | undefined },
  now: Date,
  options: { days?: number; timeZone?: string } = {},
): TestDriveDay[] {
  const timeZone = options.timeZone ?? BRISBANE;
  const days = Math.min(Math.max(1, Math.floor(options.days ?? TEST_DRIVE_DEFAULT_DAYS)), TEST_DRIVE_MAX_DAYS);
  const earliest = now.getTime() + TEST_DRIVE_NOTICE_MINUTES * 60_000;
  const today = zonedParts(now, timeZone);
  const result: TestDriveDay[] = [];
  for (let offset = 0; offset < days; offset++) {
    const day = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const wall = { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() };
    const date = `${wall.year}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`;
    const open = hoursOnDate(date, hours.regular, hours.special);
    const from = open.open && open.opens ? minutesOf(open.opens) : null;
    const until = open.open && open.closes ? minutesOf(open.closes) : null;
    if (from === null || until === null) continue;
    const slots: TestDriveSlot[] = [];
    for (let start = Math.ceil(from / TEST_DRIVE_SLOT_MINUTES) * TEST_DRIVE_SLOT_MINUTES; start + TEST_DRIVE_SLOT_MINUTES <= until; start += TEST_DRIVE_SLOT_MINUTES) {
      const at = zonedTimeToInstant({ ...wall, hour: Math.floor(start / 60), minute: start % 60 }, timeZone);
      if (at.getTime() >= earliest) slots.push({ time: clock(start), at: withOffset(date, start, at) });
    }
    if (slots.length > 0) result.push({ date, slots });
  }
  return result;
}

/** A day of times as a picker shows it: 'Fri 27 Nov', then '9:30 am', ... with each slot's ISO moment as the value. */
export interface AppointmentGroup {
  label: string;
  options: Array<{ value: string; label: string }>;
}

// Made on first use, not when the module loads: the test-drive form's script starts with the page, and a
// page's first `Intl` formatter costs a long main-thread task (see formatting.ts).
let dayLabels: Intl.DateTimeFormat | undefined;
const dayLabel = (date: Date) =>
  (dayLabels ??= new Intl.DateTimeFormat('en-AU', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })).format(date).replace(/,/g, '');

/** The picker's groups for the days the API offered. */
export function appointmentGroups(days: readonly TestDriveDay[]): AppointmentGroup[] {
  return days.map((day) => {
    const [y, m, d] = day.date.split('-').map(Number);
    return {
      label: dayLabel(new Date(Date.UTC(y!, m! - 1, d!))),
      options: day.slots.map((slot) => ({ value: slot.at, label: formatClockTime(slot.time) })),
    };
  });
}

/**
 * Test-drive appointment times (spec 7, "test drive appointment availability"): the half-hour slots a
 * shopper may book at a location over the coming days, from its regular and special opening hours, in the
 * site's time zone. A drive takes its slot's half hour, so the last slot starts half an hour before closing,
 * and a slot must start at least an hour from now, giving the dealer time to have the car ready.
 */
import { hoursOnDate, type DateHours, type RegularHours } from './opening-hours.ts';
import { BRISBANE, zonedParts, zonedTimeToInstant } from './time.ts';

/** Length of one appointment, in minutes. */
export const TEST_DRIVE_SLOT_MINUTES = 30;
/** How soon the first bookable slot may start, in minutes from now. */
export const TEST_DRIVE_NOTICE_MINUTES = 60;
/** Days offered when the caller does not say, and the most it may ask for. */
export const TEST_DRIVE_DEFAULT_DAYS = 14;
export const TEST_DRIVE_MAX_DAYS = 31;

export interface TestDriveDay {
  /** YYYY-MM-DD in the site's time zone. */
  date: string;
  /** Start times, 24-hour HH:MM, in order. */
  slots: string[];
}

const minutesOf = (time: string): number | null => {
  const match = /^(\d{1,2}):(\d{2})/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};
const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

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
    const slots: string[] = [];
    for (let start = Math.ceil(from / TEST_DRIVE_SLOT_MINUTES) * TEST_DRIVE_SLOT_MINUTES; start + TEST_DRIVE_SLOT_MINUTES <= until; start += TEST_DRIVE_SLOT_MINUTES) {
      const at = zonedTimeToInstant({ ...wall, hour: Math.floor(start / 60), minute: start % 60 }, timeZone);
      if (at.getTime() >= earliest) slots.push(clock(start));
    }
    if (slots.length > 0) result.push({ date, slots });
  }
  return result;
}

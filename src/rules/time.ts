/**
 * Brisbane-time helpers. Queensland has no daylight saving, but the zone is
 * still resolved through Intl (never a fixed offset) so the rules stay right
 * if that ever changes and so other dealers' zones work the same way.
 */

export const BRISBANE = 'Australia/Brisbane';

export interface ZonedParts {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 Sunday - 6 Saturday */
  weekday: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-AU', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

// A zone's offset from UTC changes a few times a year at most, so it is asked of Intl once per UTC day of
// instants: when the day's first and last seconds have the same offset, no change falls in between and every
// instant of the day is read from it. A day holding a change is asked instant by instant.
const DAY_MS = 86_400_000;
const dayOffsets = new Map<string, Map<number, number | null>>();

/** The wall-clock date and time of `now` in `timeZone`. */
export function zonedParts(now: Date, timeZone = BRISBANE): ZonedParts {
  const instant = now.getTime();
  if (!Number.isFinite(instant)) return computeZonedParts(now, timeZone);
  const offset = dayOffset(Math.floor(instant / DAY_MS), timeZone);
  if (offset === null) return computeZonedParts(now, timeZone);
  const wall = new Date(instant + offset);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    weekday: wall.getUTCDay(),
  };
}

/** The offset (ms) of `timeZone` through the whole UTC day `day` (days since 1970), or null when it changes. */
function dayOffset(day: number, timeZone: string): number | null {
  let days = dayOffsets.get(timeZone);
  if (!days) dayOffsets.set(timeZone, (days = new Map()));
  let offset = days.get(day);
  if (offset === undefined) {
    const first = offsetAt(day * DAY_MS, timeZone);
    offset = first === offsetAt((day + 1) * DAY_MS - 1000, timeZone) ? first : null;
    // A build's dates span a few years, a few thousand days; past that many the zone's days start over.
    if (days.size >= 20_000) days.clear();
    days.set(day, offset);
  }
  return offset;
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, a whole second. */
function offsetAt(instant: number, timeZone: string): number {
  const p = computeZonedParts(new Date(instant), timeZone);
  const wall = new Date(0);
  wall.setUTCFullYear(p.year, p.month - 1, p.day);
  wall.setUTCHours(p.hour, p.minute, p.second, 0);
  return wall.getTime() - instant;
}

/** The wall clock of `now` in `timeZone`, as Intl reads it. */
function computeZonedParts(now: Date, timeZone: string): ZonedParts {
  const parts = Object.fromEntries(formatterFor(timeZone).formatToParts(now).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday!),
  };
}

/** The instant at which the given wall-clock time occurs in `timeZone`. */
export function zonedTimeToInstant(
  wall: { year: number; month: number; day: number; hour?: number; minute?: number; second?: number },
  timeZone = BRISBANE,
): Date {
  const guess = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour ?? 0, wall.minute ?? 0, wall.second ?? 0);
  // The zone's offset at the guessed instant; correct once more in case the guess crossed a transition.
  let instant = guess;
  for (let i = 0; i < 2; i++) {
    const p = zonedParts(new Date(instant), timeZone);
    const seenAsUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    instant += guess - seenAsUtc;
  }
  return new Date(instant);
}

/** Midnight at the start of the month containing `now`, in `timeZone`. */
export function startOfMonth(now: Date, timeZone = BRISBANE): Date {
  const p = zonedParts(now, timeZone);
  return zonedTimeToInstant({ year: p.year, month: p.month, day: 1 }, timeZone);
}

/** The last day of the month containing `now` in `timeZone`, as YYYY-MM-DD. */
export function endOfMonthDate(now: Date, timeZone = BRISBANE): string {
  const p = zonedParts(now, timeZone);
  const last = new Date(Date.UTC(p.year, p.month, 0)).getUTCDate();
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(last).padStart(2, '0')}`;
}

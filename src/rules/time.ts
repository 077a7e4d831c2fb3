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

// A build renders every page at one instant (the snapshot's time), so the same question comes thousands of
// times in a row: the last few answers are kept.
const recentParts = new Map<string, ZonedParts>();

/** The wall-clock date and time of `now` in `timeZone`. */
export function zonedParts(now: Date, timeZone = BRISBANE): ZonedParts {
  const key = `${timeZone}@${now.getTime()}`;
  const known = recentParts.get(key);
  if (known) return { ...known };
  const parts = computeZonedParts(now, timeZone);
  if (recentParts.size >= 8) recentParts.delete(recentParts.keys().next().value!);
  recentParts.set(key, parts);
  return { ...parts };
}

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

/**
 * Opening hours of a location: the weekly table (Mon - Fri grouped), special (holiday) hours,
 * today's hours and "open now" (spec sections 3, 5 and 8).
 */
import type { OpeningHour, SpecialHours } from '../schemas/location.ts';
import { BRISBANE, zonedParts } from './time.ts';

/** Text for a day without hours. */
export const CLOSED_TEXT = 'Closed';

/** Short day names, indexed by weekday (0 Sunday to 6 Saturday). */
export const DAY_LABELS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
/** Label of the grouped weekday row. */
export const WEEKDAYS_LABEL = 'Mon - Fri';

/** Order of the rows in the weekly table: Monday first, Sunday last. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** A weekday's regular hours as the rules read them. */
export type RegularHours = Pick<OpeningHour, 'weekday' | 'status'> &
  Partial<Pick<OpeningHour, 'open' | 'close' | 'formated_hours' | 'note'>>;

/** A date's special hours as the rules read them (both platform shapes). */
export type DateHours = Pick<SpecialHours, 'date' | 'status'> & Partial<Pick<SpecialHours, 'start_hour' | 'end_hour' | 'hours'>>;

/** What one day shows. */
export interface DayHours {
  /** Open for business with known times. */
  open: boolean;
  /** 24-hour HH:MM, when open. */
  opens: string | null;
  closes: string | null;
  /** Display text: '8:00 am - 5:30 pm', 'Closed' or the closed day's note. */
  text: string;
  /** True when special hours replaced the regular hours on this date. */
  special: boolean;
}

/** One row of the weekly table. */
export interface HoursRow {
  /** 'Mon - Fri', or a single day name such as 'Sat'. */
  label: string;
  /** Weekdays the row covers (0 Sunday to 6 Saturday). */
  weekdays: number[];
  text: string;
  /** True when any day of the row shows special hours. */
  special: boolean;
}

/**
 * A 24-hour `HH:MM` time as shown to shoppers: '08:00' -> '8:00 am', '17:30' -> '5:30 pm',
 * '12:00' -> '12:00 pm', '00:00' -> '12:00 am'.
 */
export function formatClockTime(time: string): string {
  const [h, m] = time.split(':');
  const hour = Number(h);
  const suffix = hour < 12 ? 'am' : 'pm';
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${m} ${suffix}`;
}

/** An opening range as shown: '8:00 am - 5:30 pm'. */
export function formatHoursRange(opens: string, closes: string): string {
  return `${formatClockTime(opens)} - ${formatClockTime(closes)}`;
}

const closed = (text: string, special: boolean): DayHours => ({ open: false, opens: null, closes: null, text, special });

/**
 * What a weekday shows from its regular hours:
 * - no entry for the day -> 'Closed';
 * - status Closed with a note -> the note ('By appointment only'); without a note -> 'Closed';
 * - status Open with open and close times -> '8:00 am - 5:30 pm';
 * - status Open with only the platform's `formated_hours` -> that text, as given;
 * - status Open without any hours -> 'Closed' (missing hours show Closed).
 */
export function regularDayHours(entry: RegularHours | undefined): DayHours {
  if (!entry) return closed(CLOSED_TEXT, false);
  if (entry.status === 'Closed') {
    const note = entry.note?.trim();
    return closed(note ? note : CLOSED_TEXT, false);
  }
  if (entry.open && entry.close) {
    return { open: true, opens: entry.open, closes: entry.close, text: formatHoursRange(entry.open, entry.close), special: false };
  }
  const given = entry.formated_hours?.trim();
  return given ? { open: true, opens: null, closes: null, text: given, special: false } : closed(CLOSED_TEXT, false);
}

/**
 * What a date shows from its special hours, or `null` when they do not replace the regular day.
 * Closed -> 'Closed'. Open reads `start_hour`/`end_hour` or `hours.begin`/`hours.end`; an Open
 * entry without both times says nothing usable, so the regular hours stay.
 */
export function specialDayHours(entry: DateHours): DayHours | null {
  if (entry.status === 'Closed') return closed(CLOSED_TEXT, true);
  const opens = entry.start_hour ?? entry.hours?.begin ?? null;
  const closes = entry.end_hour ?? entry.hours?.end ?? null;
  if (!opens || !closes) return null;
  return { open: true, opens, closes, text: formatHoursRange(opens, closes), special: true };
}

/** `YYYY-MM-DD` of a wall-clock date. */
function isoDay(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The calendar date (YYYY-MM-DD) and weekday of `now` in `timeZone`. */
export function zonedDate(now: Date, timeZone: string = BRISBANE): { date: string; weekday: number } {
  const p = zonedParts(now, timeZone);
  return { date: isoDay(p.year, p.month, p.day), weekday: p.weekday };
}

/**
 * The hours of one calendar date (YYYY-MM-DD, read in the site's time zone): special hours for
 * that date when they apply, otherwise the regular hours of its weekday.
 */
export function hoursOnDate(
  date: string,
  regular: readonly RegularHours[] | null | undefined,
  special: readonly DateHours[] | null | undefined = [],
): DayHours {
  const override = (special ?? []).find((entry) => entry.date === date);
  const fromSpecial = override ? specialDayHours(override) : null;
  if (fromSpecial) return fromSpecial;
  const [y, m, d] = date.split('-').map(Number);
  const weekday = new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay();
  return regularDayHours((regular ?? []).find((entry) => entry.weekday === weekday));
}

/** The dates (YYYY-MM-DD) of the Monday-to-Sunday week containing `now` in `timeZone`, by weekday. */
export function weekDates(now: Date, timeZone: string = BRISBANE): Map<number, string> {
  const p = zonedParts(now, timeZone);
  const daysSinceMonday = (p.weekday + 6) % 7;
  const dates = new Map<number, string>();
  for (let offset = 0; offset < 7; offset++) {
    const day = new Date(Date.UTC(p.year, p.month - 1, p.day - daysSinceMonday + offset));
    dates.set(day.getUTCDay(), isoDay(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()));
  }
  return dates;
}

/** Options of {@link weeklyHoursRows}. */
export interface WeeklyHoursOptions {
  /** Special hours; they apply only together with `now`, to the dates of the week containing it. */
  special?: readonly DateHours[] | null | undefined;
  now?: Date;
  /** The site's time zone. @default 'Australia/Brisbane' */
  timeZone?: string;
}

/**
 * The weekly hours table, Monday first. Monday to Friday collapse into one 'Mon - Fri' row when
 * the five weekdays show identical text; otherwise every day has its own row. Saturday and Sunday
 * always have their own rows.
 *
 * With `now` and `special`, each day of the week containing `now` (in the site's time zone) shows
 * that date's special hours where they apply; a holiday on a weekday therefore splits the
 * 'Mon - Fri' row for that week.
 */
export function weeklyHoursRows(regular: readonly RegularHours[] | null | undefined, options: WeeklyHoursOptions = {}): HoursRow[] {
  const dates = options.now ? weekDates(options.now, options.timeZone ?? BRISBANE) : null;
  const dayHours = (weekday: number): DayHours => {
    const date = dates?.get(weekday);
    return date
      ? hoursOnDate(date, regular, options.special)
      : regularDayHours((regular ?? []).find((entry) => entry.weekday === weekday));
  };
  const days = WEEK_ORDER.map((weekday) => ({ weekday, hours: dayHours(weekday) }));
  const weekdays = days.slice(0, 5);
  const first = weekdays[0]!.hours;
  const collapse = weekdays.every((day) => day.hours.text === first.text);
  const rows: HoursRow[] = [];
  if (collapse) {
    rows.push({
      label: WEEKDAYS_LABEL,
      weekdays: weekdays.map((day) => day.weekday),
      text: first.text,
      special: weekdays.some((day) => day.hours.special),
    });
  }
  for (const day of collapse ? days.slice(5) : days) {
    rows.push({ label: DAY_LABELS[day.weekday]!, weekdays: [day.weekday], text: day.hours.text, special: day.hours.special });
  }
  return rows;
}

/** Today's hours and whether the location is open at `now`. */
export interface OpenNow {
  open: boolean;
  /** Today's date in the site's time zone, YYYY-MM-DD. */
  date: string;
  today: DayHours;
}

function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h! * 60 + m!;
}

/**
 * Today's hours (special hours first) and whether the location is open at `now`, read in the
 * site's time zone (default Brisbane). Open from the opening minute up to, not including, the
 * closing minute. A day without clock times (only the platform's text) is never "open now", and
 * neither is a range whose closing time is not after its opening time.
 */
export function openNow(
  regular: readonly RegularHours[] | null | undefined,
  special: readonly DateHours[] | null | undefined,
  now: Date,
  timeZone: string = BRISBANE,
): OpenNow {
  const p = zonedParts(now, timeZone);
  const date = isoDay(p.year, p.month, p.day);
  const today = hoursOnDate(date, regular, special);
  if (!today.open || !today.opens || !today.closes) return { open: false, date, today };
  const seconds = p.hour * 3600 + p.minute * 60 + p.second;
  const open = seconds >= minutesOf(today.opens) * 60 && seconds < minutesOf(today.closes) * 60;
  return { open, date, today };
}

/** A special-hours entry for the holiday hours list. */
export interface UpcomingSpecialHours {
  date: string;
  text: string;
}

/**
 * Special hours from today onwards (dates compared in the site's time zone), earliest first,
 * for the "View Holiday Hours" list. An Open entry without both times is left out.
 */
export function upcomingSpecialHours(
  special: readonly DateHours[] | null | undefined,
  now: Date,
  timeZone: string = BRISBANE,
): UpcomingSpecialHours[] {
  const today = zonedDate(now, timeZone).date;
  return (special ?? [])
    .filter((entry) => entry.date >= today)
    .map((entry) => ({ date: entry.date, hours: specialDayHours(entry) }))
    .filter((entry): entry is { date: string; hours: DayHours } => entry.hours !== null)
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((entry) => ({ date: entry.date, text: entry.hours.text }));
}

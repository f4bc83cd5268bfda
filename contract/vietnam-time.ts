// Vietnam time (spec §9: days, DD/MM/YYYY dates and MM/YYYY months as people in Vietnam read
// them), one time zone for the server's exports and day filters and the app's screens.
// TZDate asks the platform's time zone data instead of a hand-kept +7 offset.
import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns/addDays';
import { lightFormat } from 'date-fns/lightFormat';

export const vietnamTimeZone = 'Asia/Ho_Chi_Minh';

/** An instant as seen on a clock in Vietnam. */
export function inVietnam(value: string | number | Date): TZDate {
  return new TZDate(new Date(value).getTime(), vietnamTimeZone);
}

const lastDay = { minute: NaN, day: '' };

/** YYYY-MM-DD of an instant in Vietnam time. */
export function vietnamDay(value: string | number | Date): string {
  const at = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : NaN;
  // The time zone lookup is the costly part, and a busy server asks for the same minute again
  // and again (every tracking event): the last minute's answer is kept.
  const minute = Math.floor(at / 60_000);
  if (minute === lastDay.minute) return lastDay.day;
  const day = lightFormat(inVietnam(value), 'yyyy-MM-dd');
  if (Number.isFinite(minute)) {
    lastDay.minute = minute;
    lastDay.day = day;
  }
  return day;
}

/** HH:mm of an instant in Vietnam time. */
export function vietnamTime(value: string | number | Date): string {
  return lightFormat(inVietnam(value), 'HH:mm');
}

/** An instant as DD/MM/YYYY and HH:mm in Vietnam time. */
export function vietnamDateTime(value: string | number | Date): { date: string; time: string } {
  const at = inVietnam(value);
  return { date: lightFormat(at, 'dd/MM/yyyy'), time: lightFormat(at, 'HH:mm') };
}

function dayStart(day: string): TZDate {
  const [year = Number.NaN, month = Number.NaN, date = Number.NaN] = day.split('-').map(Number);
  return TZDate.tz(vietnamTimeZone, year, month - 1, date);
}

/** Start of a calendar day (YYYY-MM-DD) in Vietnam time, as an ISO instant. */
export function vietnamDayStart(day: string): string {
  return new Date(dayStart(day).getTime()).toISOString();
}

const lastDayAfter = { day: '', after: '' };

/** Start of the day after a calendar day in Vietnam time (the end of a day filter). */
export function vietnamDayAfter(day: string): string {
  // Asked for today on every new visitor's cookie: the last answer is kept, like vietnamDay.
  if (day === lastDayAfter.day) return lastDayAfter.after;
  const after = new Date(addDays(dayStart(day), 1).getTime()).toISOString();
  lastDayAfter.day = day;
  lastDayAfter.after = after;
  return after;
}

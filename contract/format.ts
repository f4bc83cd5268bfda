// Numbers and dates the Vietnamese way (spec §9: dot thousands, DD/MM/YYYY, MM/YYYY), one
// module for the server's exports and the app. Dates go through date-fns' lightFormat: the
// numeric patterns need no locale, and it keeps the card page's script small.
import { lightFormat } from 'date-fns/lightFormat';

/** 1234567 → '1.234.567'. */
export function formatNumber(value: number): string {
  const negative = value < 0;
  const digits = Math.round(Math.abs(value)).toString();
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return negative ? `-${grouped}` : grouped;
}

/** 280000 → '280.000 ₫'. */
export function formatVnd(value: number): string {
  return `${formatNumber(value)} ₫`;
}

/** The calendar day a 'YYYY-MM-DD…' text starts with, as a local date, or null. */
function calendarDay(value: string | null | undefined): Date | null {
  const day = value ? /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0] : undefined;
  if (!day) return null;
  // A date-time without an offset is read as local time: the day stays the written day.
  const date = new Date(`${day}T00:00:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '2026-10-01' (or the day of an ISO time) → '01/10/2026'. */
export function formatDate(value: string | null | undefined): string {
  const date = calendarDay(value);
  return date ? lightFormat(date, 'dd/MM/yyyy') : '';
}

/** '2026-10-01' (or '2026-10') → '10/2026'. */
export function formatMonth(value: string | null | undefined): string {
  const date = calendarDay(value && /^\d{4}-\d{2}$/.test(value) ? `${value}-01` : value);
  return date ? lightFormat(date, 'MM/yyyy') : '';
}

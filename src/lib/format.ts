// Numbers and dates the Vietnamese way (spec §9), without Intl so that server and browser
// render the same text (hydration must match).

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

/** '2026-10-01' (or an ISO time) → '01/10/2026'. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

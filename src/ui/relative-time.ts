// Spec §9 relative time: years, months (30 days), days, hours, minutes, else "just now".
// Counts are plurals: Vietnamese has one form, English says "1 day" and "2 days".
import { plural, t } from '@lingui/core/macro';

export function relativeTime(iso: string, now: number = Date.now()): string {
  const minutes = Math.floor((now - new Date(iso).getTime()) / 60_000);
  const days = Math.floor(minutes / 1440);
  if (days >= 365) {
    const n = Math.floor(days / 365);
    return plural(n, { other: '# năm trước' });
  }
  if (days >= 30) {
    const n = Math.floor(days / 30);
    return plural(n, { other: '# tháng trước' });
  }
  if (days >= 1) return plural(days, { other: '# ngày trước' });
  if (minutes >= 60) {
    const n = Math.floor(minutes / 60);
    return plural(n, { other: '# giờ trước' });
  }
  if (minutes >= 1) return plural(minutes, { other: '# phút trước' });
  return t`Vừa xong`;
}

// Share titles and descriptions (spec §2 behaviours, §9: description cut at 120 characters).
export const titleSuffix = ' - m.e Cards';
export const defaultShareTitle = 'm.e cards';
export const defaultShareDescription = 'Smart name card';
export const errorShareTitle = 'm.e Cards 500';
export const descriptionLimit = 120;

/** Cuts a description at 120 characters (whole characters, not UTF-16 halves) plus '…'. */
export function cutDescription(text: string | null | undefined, limit = descriptionLimit): string {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  const chars = Array.from(clean);
  if (chars.length <= limit) return clean;
  return `${chars.slice(0, limit).join('')}…`;
}

/** 'View profile {name}' or its Vietnamese twin, with the product suffix. */
export function profileShareTitle(name: string, language: 'VN' | 'EN'): string {
  const base = language === 'EN' ? `View profile ${name}` : `Xem hồ sơ ${name}`;
  return `${base}${titleSuffix}`;
}

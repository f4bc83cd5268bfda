import { randomBytes } from 'node:crypto';

/** A short link for a new member: the name without accents, plus a random tail. */
export function slugForName(name: string): string {
  const base = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/gi, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  const tail = randomBytes(4).toString('hex').slice(0, 6);
  return base ? `${base}-${tail}` : `me-${tail}`;
}

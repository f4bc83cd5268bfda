// The one phone normaliser (issue 23): every place that matches or stores a phone number —
// logins and sign-ups, the till's member lookup, customers, contacts and phonebook search,
// imports — reads "0912 888 777", "0912.888.777", "+84 912 888 777" and "84912888777" as the
// same number, its national form "0912888777".

/**
 * Digits of a phone number or of part of one, in national form: spaces, dots, dashes and
 * brackets dropped, a leading +84 (or 84 before a whole 9–10 digit number) read as 0.
 */
export function phoneDigits(text: string | null | undefined): string {
  if (!text) return '';
  const digits = text.replace(/\D/g, '');
  if (!digits.startsWith('84')) return digits;
  const international = text.trim().startsWith('+') || /^84\d{9,10}$/.test(digits);
  return international ? `0${digits.slice(2)}` : digits;
}

/**
 * A whole Vietnamese phone number in national form (0 + 9 or 10 digits), or null when the text
 * is not one (letters, too short, another country's prefix).
 */
export function normalizePhone(text: string): string | null {
  if (!/^[\s\d+.\-()]+$/.test(text.trim())) return null;
  const national = phoneDigits(text);
  return /^0\d{9,10}$/.test(national) ? national : null;
}

/** True when the text typed looks like (part of) a phone number rather than a name. */
export function looksLikePhone(text: string): boolean {
  return /^\s*\+?[\d\s.\-()]+$/.test(text) && phoneDigits(text).length > 0;
}

/** True when a stored phone holds the typed digits (at least `minDigits` of them). */
export function phoneMatches(
  stored: string | null | undefined,
  typed: string,
  minDigits = 3,
): boolean {
  const wanted = phoneDigits(typed);
  return wanted.length >= minDigits && phoneDigits(stored).includes(wanted);
}

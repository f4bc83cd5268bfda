// Links that call, chat on Zalo or mail someone: one rule for the card page, the phonebook and
// the vCard, so a number that dials from one place dials from all of them.

/** The digits of a phone number, with a leading + kept (spaces, dots and dashes dropped). */
export function dialablePhone(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  return trimmed.startsWith('+') && digits ? `+${digits}` : digits;
}

export function telHref(phone: string): string {
  return `tel:${dialablePhone(phone)}`;
}

/** https://zalo.me/<digits>: Zalo opens a chat with that number (Zalo takes digits only). */
export function zaloHref(phone: string): string {
  return `https://zalo.me/${phone.replace(/\D/g, '')}`;
}

export function mailtoHref(email: string): string {
  return `mailto:${email.trim()}`;
}

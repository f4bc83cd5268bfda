// The text shown when nothing more specific can be said: a module of its own so that the first
// screen can show it without loading every message (docs/decisions/0003).
export const genericMessage = {
  vi: 'Đã có lỗi xảy ra. Vui lòng thử lại sau!',
  en: 'Something went wrong. Please try again later!',
} as const;

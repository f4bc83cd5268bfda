import * as v from 'valibot';

// Rules every address field shares (issue 25, docs/decisions/1020-url-and-text-rules.md): a
// stored address ends up in a Location header, an href or an <img src>, so anything a browser
// or an HTTP library reads differently from what the form showed is refused up front.

/** C0 and C1 control characters (CR, LF, tab …), DEL and the Unicode line separators. */
// eslint-disable-next-line no-control-regex
const controlCharacterPattern = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** True when the text holds a control character (a header break or a hidden tab). */
export function hasControlCharacters(text: string): boolean {
  return controlCharacterPattern.test(text);
}

export type UrlTextProblem = 'url_control_characters' | 'url_backslash';

/**
 * Why an address is refused whatever its field, or null: control characters (they split a
 * redirect's header or vanish in the browser's parser) and backslashes (browsers read `\` as
 * `/`, so `/\evil.example` is another site and `https://a.vn\@b.vn` goes to a.vn).
 */
export function urlTextProblem(text: string): UrlTextProblem | null {
  if (hasControlCharacters(text)) return 'url_control_characters';
  if (text.includes('\\')) return 'url_backslash';
  return null;
}

/** A path of this site: one slash, then neither a slash nor a backslash, no spaces. */
export function isLocalPath(text: string): boolean {
  return /^\/(?![/\\])\S*$/.test(text) && urlTextProblem(text) === null;
}

/** The two checks of `urlTextProblem` as pipe actions, first in every address field. */
export const noControlCharacters = v.check<string, 'url_control_characters'>(
  (text) => !hasControlCharacters(text),
  'url_control_characters',
);
export const noBackslash = v.check<string, 'url_backslash'>(
  (text) => !text.includes('\\'),
  'url_backslash',
);

/** A web address typed without its scheme: `instagram.com/x`, `www.mecards.vn`, `zalo.me/0901…`. */
const bareDomainPattern =
  /^[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}(?::\d{1,5})?(?:[/?#]\S*)?$/u;

/**
 * `https://` put before a bare domain, as a browser's address bar would (issue 23 item 10);
 * anything else — a scheme already there, a path, a word — is left for the field's own checks.
 */
export function withWebScheme(text: string): string {
  return bareDomainPattern.test(text) ? `https://${text}` : text;
}

/** `withWebScheme` as a pipe action, right after the trim of an address field. */
export const bareDomainToHttps = v.transform<string, string>(withWebScheme);

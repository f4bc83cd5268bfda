import * as v from 'valibot';

// A name, title or message made only of invisible characters (zero-width spaces, joiners,
// direction marks, fillers) looks empty everywhere it is shown, so it counts as empty
// (issue 25, docs/decisions/1020-url-and-text-rules.md).

/** Whitespace, control and format characters (zero-width space/joiners, marks, BOM, soft hyphen). */
const invisibleCategoryPattern = /^[\s\p{Cc}\p{Cf}\p{Z}]$/u;

/** Code points that draw nothing outside those categories: fillers, joiners, selectors. */
const invisibleRanges: readonly [number, number][] = [
  [0x034f, 0x034f], // combining grapheme joiner
  [0x115f, 0x1160], // Hangul choseong/jungseong fillers
  [0x17b4, 0x17b5], // Khmer inherent vowels
  [0x180b, 0x180f], // Mongolian variation selectors
  [0x2800, 0x2800], // Braille blank
  [0x3164, 0x3164], // Hangul filler
  [0xfe00, 0xfe0f], // variation selectors
  [0xffa0, 0xffa0], // halfwidth Hangul filler
  [0xe0100, 0xe01ef], // variation selectors supplement
];

function isInvisible(character: string): boolean {
  if (invisibleCategoryPattern.test(character)) return true;
  const codePoint = character.codePointAt(0) ?? 0;
  return invisibleRanges.some(([from, to]) => codePoint >= from && codePoint <= to);
}

/** True when the text shows at least one visible character. */
export function hasVisibleCharacter(text: string): boolean {
  for (const character of text) if (!isInvisible(character)) return true;
  return false;
}

/** Pipe action: a non-empty text must show something (empty is left to the field's own rule). */
export const visibleWhenPresent = v.check<string, 'text_invisible_only'>(
  (text) => text === '' || hasVisibleCharacter(text),
  'text_invisible_only',
);

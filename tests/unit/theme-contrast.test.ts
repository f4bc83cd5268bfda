// Every catalogue theme passes WCAG AA (4.5:1) for the text and buttons a card draws with it:
// the colour pairs each theme token is used in (src/ui/base.css, src/features/card/card.css).
import { describe, expect, it } from 'vitest';
import { themeCatalogue, type ThemeColors } from '../../contract/theme';

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = match.slice(1).map((h) => channel(parseInt(h, 16)));
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** [foreground, background, where]: every pair a card paints text in. */
const pairs: [keyof ThemeColors, keyof ThemeColors, string][] = [
  ['menuText', 'menu', 'menu tabs'],
  ['buttonText', 'button', 'buttons and the big card actions'],
  ['text', 'card', 'card text'],
  ['text', 'background', 'page text'],
  ['text', 'aboutMe', 'about-me block'],
  ['text', 'block', 'blocks'],
  ['button', 'card', 'secondary buttons and links on the card'],
  ['button', 'background', 'secondary buttons on the page'],
  ['price', 'card', 'prices'],
  ['price', 'block', 'prices in blocks'],
  ['saleOff', 'card', 'sale badges'],
];

describe('theme contrast (WCAG AA 4.5:1)', () => {
  it('knows the formula', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  for (const theme of themeCatalogue) {
    it(`${theme.code} (${theme.nameVi})`, () => {
      const failing = pairs
        .map(([fg, bg, where]) => ({
          where: `${fg} on ${bg} (${where})`,
          ratio: Math.round(contrast(theme.value[fg], theme.value[bg]) * 100) / 100,
        }))
        .filter((p) => p.ratio < 4.5);
      expect(failing).toEqual([]);
    });
  }
});

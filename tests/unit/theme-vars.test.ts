import { describe, expect, it } from 'vitest';
import { themeCatalogue, findTheme } from '../../contract/theme';
import { isSafeColor, themeCssVariables, themeVariableNames } from '../../src/ui/theme';

const allVariables = Object.values(themeVariableNames).sort();

describe('themeCssVariables', () => {
  it('gives every catalogue theme all eleven variables', () => {
    expect(themeCatalogue).toHaveLength(11);
    for (const theme of themeCatalogue) {
      const vars = themeCssVariables(theme);
      expect(Object.keys(vars).sort(), theme.code).toEqual(allVariables);
    }
  });

  it('maps each colour to its variable', () => {
    const dark = findTheme('darkmode');
    expect(themeCssVariables(dark)).toMatchObject({
      '--theme-menu': '#15181d',
      '--theme-menu-text': '#f2f4f7',
      '--theme-button': '#4ea1ff',
      '--theme-button-text': '#0b0d10',
      '--theme-card': '#1f242b',
      '--theme-text': '#f2f4f7',
      '--theme-about-me': '#262c34',
      '--theme-block': '#1f242b',
      '--theme-price': '#ff8a80',
      '--theme-sale-off': '#ffb74d',
      '--theme-background': '#0f1216',
    });
  });

  it('accepts bare colour sets and nothing', () => {
    expect(themeCssVariables(findTheme('violet')?.value)).toEqual(
      themeCssVariables(findTheme('violet')),
    );
    expect(themeCssVariables(undefined)).toEqual({});
    expect(themeCssVariables(null)).toEqual({});
  });

  it('leaves out values that are not plain colours (brand styles are user content)', () => {
    const base = findTheme('lightmode')!.value;
    const vars = themeCssVariables({
      ...base,
      menu: 'url(https://tracker.example/x.png)',
      button: 'red; background: url(x)',
      card: 'var(--secret)',
      text: '  #123456  ',
    });
    expect(vars['--theme-menu']).toBeUndefined();
    expect(vars['--theme-button']).toBeUndefined();
    expect(vars['--theme-card']).toBeUndefined();
    expect(vars['--theme-text']).toBe('#123456');
    expect(vars['--theme-background']).toBe(base.background);
  });
});

describe('isSafeColor', () => {
  it.each([
    '#fff',
    '#FFFFFF',
    '#11223344',
    'rgb(1, 2, 3)',
    'rgba(0,0,0,0.5)',
    'hsl(120deg 50% 40%)',
    'teal',
  ])('accepts %s', (value) => expect(isSafeColor(value)).toBe(true));
  it.each(['', '#ggg', 'url(a)', 'expression(alert(1))', 'red;color:blue', 'var(--x)', '#12345'])(
    'refuses %s',
    (value) => expect(isSafeColor(value)).toBe(false),
  );
});

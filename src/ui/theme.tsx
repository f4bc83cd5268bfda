// Theme tokens: a catalogue ThemeStyle (contract/theme.ts, spec §3) becomes CSS custom
// properties that base.css and every screen read (`var(--theme-button)`…).
import { useEffect, type CSSProperties, type ReactNode } from 'react';
import type { ThemeColors, ThemeStyle } from '../../contract/theme';

/** Custom property for each colour of a theme. */
export const themeVariableNames = {
  menu: '--theme-menu',
  menuText: '--theme-menu-text',
  button: '--theme-button',
  buttonText: '--theme-button-text',
  card: '--theme-card',
  text: '--theme-text',
  aboutMe: '--theme-about-me',
  block: '--theme-block',
  price: '--theme-price',
  saleOff: '--theme-sale-off',
  background: '--theme-background',
} as const satisfies Record<keyof ThemeColors, `--theme-${string}`>;

export type ThemeVariableName = (typeof themeVariableNames)[keyof ThemeColors];
export type ThemeCssVariables = Partial<Record<ThemeVariableName, string>>;

// Brands may store their own styles, so a value is user content: only plain colours pass,
// never url(), var() or anything that could end the declaration.
const hexColor = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const functionalColor = /^(?:rgba?|hsla?)\(\s*[-+0-9.%\s,/deg]+\)$/i;
const namedColor = /^[a-z]{3,20}$/i;

/** True for a colour value safe to put in a custom property. */
export function isSafeColor(value: string): boolean {
  const v = value.trim();
  return hexColor.test(v) || functionalColor.test(v) || namedColor.test(v);
}

/** The CSS custom properties of a theme; unsafe or missing colours are left out. */
export function themeCssVariables(
  style: ThemeStyle | ThemeColors | null | undefined,
): ThemeCssVariables {
  if (!style) return {};
  const colors: Partial<ThemeColors> = 'value' in style ? style.value : style;
  const vars: ThemeCssVariables = {};
  for (const key of Object.keys(themeVariableNames) as (keyof ThemeColors)[]) {
    const value = colors[key];
    if (typeof value === 'string' && isSafeColor(value)) {
      vars[themeVariableNames[key]] = value.trim();
    }
  }
  return vars;
}

/** A theme's variables as a React `style` object (custom properties are valid style keys). */
export function themeStyleProps(style: ThemeStyle | ThemeColors | null | undefined): CSSProperties {
  return themeCssVariables(style) as CSSProperties;
}

interface ThemeScopeProps {
  /** The theme to apply; nothing (the default look) when absent. */
  style: ThemeStyle | ThemeColors | null | undefined;
  children: ReactNode;
  className?: string;
  /** The element to render; a card page may want `main` or `article`. */
  as?: 'div' | 'main' | 'section' | 'article';
}

/** Applies a theme to everything inside it. */
export function ThemeScope({ style, children, className, as: Tag = 'div' }: ThemeScopeProps) {
  const classes = className ? `theme-scope ${className}` : 'theme-scope';
  return (
    <Tag className={classes} style={themeStyleProps(style)}>
      {children}
    </Tag>
  );
}

/**
 * Applies a theme to the whole document (body background, browser bar colour) while a screen
 * shows it; returns the function that restores the previous look.
 */
export function applyDocumentTheme(style: ThemeStyle | ThemeColors | null | undefined): () => void {
  const root = document.documentElement;
  const vars = themeCssVariables(style);
  const previous = new Map<string, string>();
  for (const [name, value] of Object.entries(vars)) {
    previous.set(name, root.style.getPropertyValue(name));
    root.style.setProperty(name, value);
  }
  const meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  const previousMeta = meta?.content;
  const menu = vars['--theme-menu'];
  if (meta && menu) meta.content = menu;
  return () => {
    for (const [name, value] of previous) {
      if (value) root.style.setProperty(name, value);
      else root.style.removeProperty(name);
    }
    if (meta && previousMeta !== undefined) meta.content = previousMeta;
  };
}

/** Applies a theme to the whole document while the calling screen is shown. */
export function useDocumentTheme(style: ThemeStyle | ThemeColors | null | undefined): void {
  useEffect(() => applyDocumentTheme(style), [style]);
}

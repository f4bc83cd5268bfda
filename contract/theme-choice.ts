// Spec §4 "Theme choice" as one pure function, used by the server (share pages, card API)
// and the client alike.
import {
  defaultMemberThemeCode,
  defaultThemeCode,
  findTheme,
  type ThemeMode,
  type ThemeStyle,
} from './theme';

export interface ThemeChoiceInput {
  memberType: 'personal' | 'organization' | 'agency';
  /** The member's (or brand's) theme code. */
  themeCode: string | null | undefined;
  language: string | null | undefined;
  /** The member or brand belongs to an agency. */
  hasAgency: boolean;
  /** The brand group's layout permission (organisations only). */
  layoutPermission?: 'FULL' | 'LIMIT' | null;
  /** The brand's own theme styles. */
  brandStyles?: readonly ThemeStyle[];
  /** Default organisation styles (no brand). */
  defaultOrganizationStyles?: readonly ThemeStyle[];
  /** The agency member's own theme style, when one is set. */
  ownAgencyStyle?: ThemeStyle | null;
  /** Default agency themes, in catalogue order. */
  defaultAgencyThemes?: readonly ThemeStyle[];
  themeType?: 'list' | 'square' | null;
}

export interface ThemeChoice {
  theme: ThemeStyle;
  /** Members of an agency get a light-grey menu. */
  lightGreyMenu: boolean;
  language: 'VN' | 'EN';
  mode: ThemeMode;
}

export const lightGreyMenu = { menu: '#eeeeee', menuText: '#262626' } as const;

function catalogueOrFallback(code: string | null | undefined, fallback: string): ThemeStyle {
  const theme = findTheme(code) ?? findTheme(fallback);
  if (!theme) throw new Error(`theme ${fallback} missing from the catalogue`);
  return theme;
}

function pickTheme(input: ThemeChoiceInput): ThemeStyle {
  if (input.memberType === 'organization' && input.layoutPermission === 'LIMIT') {
    const code = input.themeCode;
    return (
      input.brandStyles?.find((s) => s.code === code) ??
      input.defaultOrganizationStyles?.find((s) => s.code === code) ??
      catalogueOrFallback(defaultThemeCode, defaultThemeCode)
    );
  }
  if (input.memberType === 'agency') {
    return (
      input.ownAgencyStyle ??
      input.defaultAgencyThemes?.[0] ??
      catalogueOrFallback(defaultThemeCode, defaultThemeCode)
    );
  }
  return catalogueOrFallback(input.themeCode, defaultMemberThemeCode);
}

/** Picks the theme, menu style, mode and language of a card (spec §4). */
export function chooseTheme(input: ThemeChoiceInput): ThemeChoice {
  const picked = pickTheme(input);
  const theme = input.hasAgency
    ? { ...picked, value: { ...picked.value, ...lightGreyMenu } }
    : picked;
  return {
    theme,
    lightGreyMenu: input.hasAgency,
    language: input.language === 'EN' ? 'EN' : 'VN',
    mode: input.themeType === 'square' ? 'OrganizationSquareMode' : 'OrganizationMode',
  };
}

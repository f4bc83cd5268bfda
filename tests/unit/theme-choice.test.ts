import { describe, expect, it } from 'vitest';
import { findTheme, type ThemeStyle } from '../../contract/theme';
import { chooseTheme, lightGreyMenu } from '../../contract/theme-choice';

const style = (code: string, name: string): ThemeStyle => ({
  ...findTheme('blackgold')!,
  code,
  name,
});
const brandOwn = style('blackgold', 'Brand own classic');
const orgDefault = style('violet', 'Org default violet');
const agencyOwn = style('agency-own', 'Agency own');
const agencyDefault1 = style('agency-1', 'Agency default 1');
const agencyDefault2 = style('agency-2', 'Agency default 2');

describe('chooseTheme (spec §4)', () => {
  it('LIMIT organisation: the theme code found among the brand’s own styles', () => {
    const c = chooseTheme({
      memberType: 'organization',
      themeCode: 'blackgold',
      language: 'VN',
      hasAgency: false,
      layoutPermission: 'LIMIT',
      brandStyles: [brandOwn],
      defaultOrganizationStyles: [style('blackgold', 'default')],
    });
    expect(c.theme.name).toBe('Brand own classic');
  });

  it('LIMIT organisation: else among the default organisation styles', () => {
    const c = chooseTheme({
      memberType: 'organization',
      themeCode: 'violet',
      language: 'VN',
      hasAgency: false,
      layoutPermission: 'LIMIT',
      brandStyles: [brandOwn],
      defaultOrganizationStyles: [orgDefault],
    });
    expect(c.theme.name).toBe('Org default violet');
  });

  it('LIMIT organisation: else OrganizationMode, even for a catalogue code', () => {
    const c = chooseTheme({
      memberType: 'organization',
      themeCode: 'darkmode',
      language: 'VN',
      hasAgency: false,
      layoutPermission: 'LIMIT',
      brandStyles: [],
      defaultOrganizationStyles: [],
    });
    expect(c.theme.code).toBe('OrganizationMode');
  });

  it('a member of an agency gets the light-grey menu, colours otherwise kept', () => {
    const c = chooseTheme({
      memberType: 'personal',
      themeCode: 'darkmode',
      language: 'VN',
      hasAgency: true,
    });
    expect(c.lightGreyMenu).toBe(true);
    expect(c.theme.value.menu).toBe(lightGreyMenu.menu);
    expect(c.theme.value.menuText).toBe(lightGreyMenu.menuText);
    expect(c.theme.value.button).toBe(findTheme('darkmode')!.value.button);
  });

  it('no agency: the menu keeps the theme colour', () => {
    const c = chooseTheme({
      memberType: 'personal',
      themeCode: 'darkmode',
      language: 'VN',
      hasAgency: false,
    });
    expect(c.lightGreyMenu).toBe(false);
    expect(c.theme.value.menu).toBe(findTheme('darkmode')!.value.menu);
  });

  it('agency member: own theme style first', () => {
    const c = chooseTheme({
      memberType: 'agency',
      themeCode: 'agency-own',
      language: 'VN',
      hasAgency: false,
      ownAgencyStyle: agencyOwn,
      defaultAgencyThemes: [agencyDefault1, agencyDefault2],
    });
    expect(c.theme.name).toBe('Agency own');
  });

  it('agency member: else the first default agency theme', () => {
    const c = chooseTheme({
      memberType: 'agency',
      themeCode: null,
      language: 'VN',
      hasAgency: false,
      ownAgencyStyle: null,
      defaultAgencyThemes: [agencyDefault1, agencyDefault2],
    });
    expect(c.theme.name).toBe('Agency default 1');
  });

  it('agency member with no agency themes at all: OrganizationMode', () => {
    const c = chooseTheme({
      memberType: 'agency',
      themeCode: null,
      language: 'VN',
      hasAgency: false,
    });
    expect(c.theme.code).toBe('OrganizationMode');
  });

  it('other members: their theme code', () => {
    for (const code of [
      'trendymode',
      'violet',
      'white',
      'test',
      'jibtf',
      'pinkTransparent',
      'blackTransparent',
      'blackgold',
    ]) {
      expect(
        chooseTheme({ memberType: 'personal', themeCode: code, language: 'VN', hasAgency: false })
          .theme.code,
      ).toBe(code);
    }
  });

  it('other members: lightmode when the code is missing or unknown', () => {
    expect(
      chooseTheme({ memberType: 'personal', themeCode: null, language: 'VN', hasAgency: false })
        .theme.code,
    ).toBe('lightmode');
    expect(
      chooseTheme({ memberType: 'personal', themeCode: 'nope', language: 'VN', hasAgency: false })
        .theme.code,
    ).toBe('lightmode');
  });

  it('an organisation without LIMIT is themed like other members', () => {
    const c = chooseTheme({
      memberType: 'organization',
      themeCode: 'jibtf',
      language: 'VN',
      hasAgency: false,
      layoutPermission: 'FULL',
      brandStyles: [brandOwn],
    });
    expect(c.theme.code).toBe('jibtf');
  });

  it('language: EN stays EN, anything else falls back to VN', () => {
    const base = { memberType: 'personal' as const, themeCode: null, hasAgency: false };
    expect(chooseTheme({ ...base, language: 'EN' }).language).toBe('EN');
    expect(chooseTheme({ ...base, language: 'VN' }).language).toBe('VN');
    expect(chooseTheme({ ...base, language: null }).language).toBe('VN');
    expect(chooseTheme({ ...base, language: 'FR' }).language).toBe('VN');
  });

  it('organisation modes: list → OrganizationMode, square → OrganizationSquareMode', () => {
    const base = {
      memberType: 'organization' as const,
      themeCode: null,
      language: 'VN',
      hasAgency: false,
    };
    expect(chooseTheme({ ...base, themeType: 'list' }).mode).toBe('OrganizationMode');
    expect(chooseTheme({ ...base, themeType: 'square' }).mode).toBe('OrganizationSquareMode');
    expect(chooseTheme(base).mode).toBe('OrganizationMode');
  });
});

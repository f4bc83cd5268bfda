// The theme catalogue of spec §3. Colours are our own; codes and names are the spec's.
export interface ThemeColors {
  menu: string;
  menuText: string;
  button: string;
  buttonText: string;
  card: string;
  text: string;
  aboutMe: string;
  block: string;
  price: string;
  saleOff: string;
  background: string;
}

export interface ThemeStyle {
  code: string;
  name: string;
  nameVi: string;
  color: string;
  colorName: string;
  value: ThemeColors;
}

function theme(
  code: string,
  name: string,
  nameVi: string,
  colorName: string,
  value: ThemeColors,
): ThemeStyle {
  return { code, name, nameVi, color: value.button, colorName, value };
}

export const themeCatalogue: readonly ThemeStyle[] = [
  theme('OrganizationMode', 'm.e Cards', 'm.e Cards', 'blue', {
    menu: '#0b4a8b',
    menuText: '#ffffff',
    button: '#0b66c3',
    buttonText: '#ffffff',
    card: '#ffffff',
    text: '#1b2430',
    aboutMe: '#f1f6fc',
    block: '#ffffff',
    price: '#c0392b',
    saleOff: '#ae5f19',
    background: '#eef3f9',
  }),
  theme('lightmode', 'Light', 'Sáng', 'white', {
    menu: '#ffffff',
    menuText: '#1b2430',
    button: '#1769aa',
    buttonText: '#ffffff',
    card: '#ffffff',
    text: '#1b2430',
    aboutMe: '#f6f7f9',
    block: '#ffffff',
    price: '#b3261e',
    saleOff: '#c64e00',
    background: '#f3f4f6',
  }),
  theme('darkmode', 'Dark', 'Tối', 'black', {
    menu: '#15181d',
    menuText: '#f2f4f7',
    button: '#4ea1ff',
    buttonText: '#0b0d10',
    card: '#1f242b',
    text: '#f2f4f7',
    aboutMe: '#262c34',
    block: '#1f242b',
    price: '#ff8a80',
    saleOff: '#ffb74d',
    background: '#0f1216',
  }),
  theme('trendymode', 'Trendy', 'Thời thượng', 'teal', {
    menu: '#00695c',
    menuText: '#ffffff',
    button: '#007b6e',
    buttonText: '#ffffff',
    card: '#ffffff',
    text: '#102a27',
    aboutMe: '#e0f2f1',
    block: '#ffffff',
    price: '#c62828',
    saleOff: '#bf5600',
    background: '#e8f5f3',
  }),
  theme('violet', 'Charming', 'Quyến rũ', 'violet', {
    menu: '#5b2a86',
    menuText: '#ffffff',
    button: '#7b3fb0',
    buttonText: '#ffffff',
    card: '#ffffff',
    text: '#24133a',
    aboutMe: '#f3ecfa',
    block: '#ffffff',
    price: '#b0175b',
    saleOff: '#c64e00',
    background: '#f4effa',
  }),
  theme('white', 'Elegant', 'Thanh lịch', 'white', {
    menu: '#fafafa',
    menuText: '#222222',
    button: '#333333',
    buttonText: '#ffffff',
    card: '#ffffff',
    text: '#222222',
    aboutMe: '#f5f5f5',
    block: '#ffffff',
    price: '#a61b1b',
    saleOff: '#8d6e63',
    background: '#ffffff',
  }),
  theme('test', 'Creative', 'Sáng tạo', 'orange', {
    menu: '#c84c28',
    menuText: '#ffffff',
    button: '#a15f00',
    buttonText: '#ffffff',
    card: '#fffaf3',
    text: '#2b2118',
    aboutMe: '#fff1dc',
    block: '#fffaf3',
    price: '#c0392b',
    saleOff: '#29799b',
    background: '#fff6ea',
  }),
  theme('jibtf', 'Youthful', 'Trẻ trung', 'green', {
    menu: '#2e7d32',
    menuText: '#ffffff',
    button: '#347e38',
    buttonText: '#ffffff',
    card: '#ffffff',
    text: '#1b2e1c',
    aboutMe: '#e8f5e9',
    block: '#ffffff',
    price: '#c62828',
    saleOff: '#9c6917',
    background: '#f1f8f1',
  }),
  theme('pinkTransparent', 'Soothing', 'Dịu dàng', 'pink', {
    menu: '#f8bbd0',
    menuText: '#4a1730',
    button: '#d11a5d',
    buttonText: '#ffffff',
    card: '#fff5f8',
    text: '#3b1526',
    aboutMe: '#fde4ec',
    block: '#fff5f8',
    price: '#ad1457',
    saleOff: '#6a1b9a',
    background: '#fdeef3',
  }),
  theme('blackTransparent', 'Gentle', 'Nhẹ nhàng', 'grey', {
    menu: '#37474f',
    menuText: '#ffffff',
    button: '#546e7a',
    buttonText: '#ffffff',
    card: '#fafafa',
    text: '#1f2a30',
    aboutMe: '#eceff1',
    block: '#fafafa',
    price: '#b71c1c',
    saleOff: '#c84600',
    background: '#eceff1',
  }),
  theme('blackgold', 'Classic', 'Cổ điển', 'gold', {
    menu: '#111111',
    menuText: '#d4af37',
    button: '#d4af37',
    buttonText: '#111111',
    card: '#1a1a1a',
    text: '#f5e6b8',
    aboutMe: '#222222',
    block: '#1a1a1a',
    price: '#ffd54f',
    saleOff: '#ff8f00',
    background: '#0c0c0c',
  }),
];

export const defaultThemeCode = 'OrganizationMode';
export const defaultMemberThemeCode = 'lightmode';
export const themeModes = ['OrganizationMode', 'OrganizationSquareMode'] as const;
export type ThemeMode = (typeof themeModes)[number];

export function findTheme(code: string | null | undefined): ThemeStyle | undefined {
  return themeCatalogue.find((t) => t.code === code);
}

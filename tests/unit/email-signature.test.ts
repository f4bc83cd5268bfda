// The e-mail signature: tables and inline styles only (what Gmail, Outlook and Apple Mail keep),
// every profile text escaped, only safe link schemes in hrefs.
import { describe, expect, it } from 'vitest';
import { buildEmailSignature, type SignatureInput } from '../../src/features/qr/email-signature';

const base: SignatureInput = {
  name: 'Nguyễn Văn An',
  jobTitle: 'Giám đốc',
  company: 'Công ty A & B',
  phone: '0901 234 567',
  email: 'an@example.vn',
  website: 'example.vn',
  photoUrl: 'https://mecards.vn/img/abc/avatar',
  cardUrl: 'https://mecards.vn/me/an',
  qrDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
  links: [
    { title: 'Facebook', url: 'https://facebook.com/an' },
    { title: 'Bad', url: 'javascript:alert(1)' },
  ],
  cardLinkText: 'Xem danh thiếp của tôi',
  colors: { accent: '#0b66c3', text: '#333333' },
};

const entities: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

function decode(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => entities[e] ?? e);
}

function attributes(html: string, tag: string, name: string): string[] {
  const pattern = new RegExp(`<${tag}\\b[^>]*\\b${name}="([^"]*)"`, 'g');
  return [...html.matchAll(pattern)].map((m) => decode(m[1]!));
}

function textOf(html: string): string {
  return decode(html.replace(/<[^>]*>/g, ' '));
}

describe('buildEmailSignature', () => {
  it('lays out with tables and inline styles, no classes or style sheets', () => {
    const html = buildEmailSignature(base);
    expect(html.startsWith('<table')).toBe(true);
    expect(html).not.toMatch(/\sclass=|<style|<script|<div/);
    const cells = html.match(/<td\b[^>]*>/g) ?? [];
    expect(cells.length).toBeGreaterThan(5);
    for (const cell of cells) expect(cell).toMatch(/style="[^"]+"/);
    expect(html).toContain('#0b66c3');
  });

  it('carries photo, name, title, company, phone, e-mail, links and the card link with its QR', () => {
    const html = buildEmailSignature(base);
    const text = textOf(html);
    for (const part of [
      'Nguyễn Văn An',
      'Giám đốc',
      'Công ty A & B',
      '0901 234 567',
      'an@example.vn',
    ])
      expect(text).toContain(part);
    const hrefs = attributes(html, 'a', 'href');
    expect(hrefs).toEqual(
      expect.arrayContaining([
        'tel:0901234567',
        'mailto:an@example.vn',
        'https://example.vn',
        'https://facebook.com/an',
        'https://mecards.vn/me/an',
      ]),
    );
    expect(hrefs.some((href) => href.startsWith('javascript'))).toBe(false);
    expect(attributes(html, 'img', 'src')).toEqual([base.photoUrl, base.qrDataUrl]);
  });

  it('escapes markup typed into the profile', () => {
    const html = buildEmailSignature({ ...base, name: '<script>x</script>"' });
    expect(html).not.toContain('<script>');
    expect(textOf(html)).toContain('<script>x</script>"');
  });

  it('leaves out what the profile does not have', () => {
    const html = buildEmailSignature({
      ...base,
      jobTitle: null,
      company: null,
      phone: null,
      email: null,
      website: null,
      photoUrl: null,
      qrDataUrl: null,
      links: [],
    });
    expect(attributes(html, 'img', 'src')).toEqual([]);
    expect(attributes(html, 'a', 'href')).toEqual(['https://mecards.vn/me/an']);
  });
});

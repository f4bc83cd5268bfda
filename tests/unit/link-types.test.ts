import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { linkAddressOf, linkTypeOf, typedLinkSchema } from '../../contract/link-types';
import { fieldMessages } from '../../contract/field-messages';

const save = (type: Parameters<typeof typedLinkSchema>[0], url: string, title = '') =>
  v.safeParse(typedLinkSchema(type), { kind: 'link', title, url });

describe('links typed the way people know them', () => {
  it('makes each network’s address from a phone, a name or a handle', () => {
    expect(linkAddressOf('zalo', '0912 345 678')).toBe('https://zalo.me/0912345678');
    expect(linkAddressOf('zalo', '+84 912 345 678')).toBe('https://zalo.me/0912345678');
    expect(linkAddressOf('facebook', 'caphesuongmai')).toBe(
      'https://www.facebook.com/caphesuongmai',
    );
    expect(linkAddressOf('facebook', 'nguyen.van.a')).toBe('https://www.facebook.com/nguyen.van.a');
    expect(linkAddressOf('tiktok', '@suongmai.coffee')).toBe(
      'https://www.tiktok.com/@suongmai.coffee',
    );
    expect(linkAddressOf('youtube', '@MeCardsVN')).toBe('https://www.youtube.com/@MeCardsVN');
    // Addresses stay as typed (the link schema completes a bare domain).
    expect(linkAddressOf('facebook', 'facebook.com/x')).toBe('facebook.com/x');
    expect(linkAddressOf('website', 'mecards.vn')).toBe('mecards.vn');
  });

  it('saves the address with the network’s name as the title when none is typed', () => {
    const zalo = save('zalo', '0912.345.678');
    expect(zalo.success && zalo.output).toEqual({
      kind: 'link',
      title: 'Zalo',
      url: 'https://zalo.me/0912345678',
    });
    const facebook = save('facebook', 'facebook.com/caphesuongmai', 'Trang quán');
    expect(facebook.success && facebook.output.url).toBe('https://facebook.com/caphesuongmai');
    expect(facebook.success && facebook.output.title).toBe('Trang quán');
    const site = save('website', 'www.suongmai.vn');
    expect(site.success && site.output.url).toBe('https://www.suongmai.vn');
  });

  it('names the network when the text is not one of its addresses', () => {
    const code = (type: Parameters<typeof typedLinkSchema>[0], url: string) => {
      const result = save(type, url);
      return result.success
        ? null
        : (fieldMessages(typedLinkSchema(type), result.issues).url?.code ?? null);
    };
    expect(code('zalo', '12345')).toBe('invalid_zalo_link');
    expect(code('facebook', 'https://tiktok.com/@x')).toBe('invalid_facebook_link');
    expect(code('tiktok', 'https://facebook.com/x')).toBe('invalid_tiktok_link');
    expect(code('youtube', 'vimeo.com/123')).toBe('invalid_youtube_channel');
    expect(code('facebook', 'javascript:alert(1)')).not.toBeNull();
  });

  it('reads the type back from a stored address', () => {
    expect(linkTypeOf('https://zalo.me/0912345678')).toBe('zalo');
    expect(linkTypeOf('https://m.facebook.com/x')).toBe('facebook');
    expect(linkTypeOf('https://www.tiktok.com/@x')).toBe('tiktok');
    expect(linkTypeOf('https://www.youtube.com/@x')).toBe('youtube');
    expect(linkTypeOf('https://suongmai.vn')).toBe('website');
    expect(linkTypeOf('not an address')).toBe('website');
  });
});

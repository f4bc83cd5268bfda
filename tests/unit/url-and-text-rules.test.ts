// The contract's address and visible-text rules (decision 1020), case by case.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { isLocalPath, urlTextProblem, withWebScheme } from '../../contract/url-rules';
import { accountLinkUpsertSchema } from '../../contract/account-link';
import { hasVisibleCharacter } from '../../contract/visible-text';
import { shortLinkTargetProblem, shortLinkTargetSchema } from '../../contract/short-link';
import { bioLinkUrlProblem, bioLinkUrlSchema } from '../../contract/bio-link';

describe('urlTextProblem', () => {
  it.each([
    ['https://example.com/a\r\nSet-Cookie: x', 'url_control_characters'],
    ['https://example.com/\t', 'url_control_characters'],
    ['https://example.com/\u007f', 'url_control_characters'],
    ['https://example.com/\u2028', 'url_control_characters'],
    ['/\\evil.example', 'url_backslash'],
    ['https://a.vn\\@b.vn', 'url_backslash'],
    ['https://example.com/a?b=c#d', null],
    ['/me/demo', null],
  ])('%j → %s', (text, problem) => {
    expect(urlTextProblem(text)).toBe(problem);
  });
});

describe('isLocalPath', () => {
  it.each([
    ['/me/demo', true],
    ['/', true],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['/a b', false],
    ['/a\nb', false],
    ['https://example.com', false],
  ])('%j → %s', (text, local) => {
    expect(isLocalPath(text)).toBe(local);
  });
});

describe('short link and bio link targets', () => {
  it('refuse browser-normalised tricks, keep good addresses', () => {
    expect(shortLinkTargetProblem('/\\evil.example/x')).toBe('url_backslash');
    expect(shortLinkTargetProblem('//evil.example/x')).toBe('short_link_target_invalid');
    expect(shortLinkTargetProblem('https://example.com/a\r\nb')).toBe('url_control_characters');
    expect(shortLinkTargetProblem('/me/demo')).toBeNull();
    expect(shortLinkTargetProblem('https://example.vn/tet')).toBeNull();
    expect(bioLinkUrlProblem('https://example.com/a\r\nb')).toBe('url_control_characters');
    expect(bioLinkUrlProblem('javascript:alert(1)')).toBe('bio_link_url_unsafe');
    expect(bioLinkUrlProblem('https://shop.example.vn')).toBeNull();
  });
});

describe('hasVisibleCharacter', () => {
  it.each([
    ['\u200b', false],
    ['\u200b\u200c\u200d\u2060\ufeff', false],
    ['\u200e\u200f\u202a\u202e\u2066\u2069', false],
    ['\u3164\u115f\u1160\uffa0', false],
    ['\u00ad\u034f\ufe0f', false],
    ['\u2800', false],
    [' \t\n', false],
    ['Minh\u200bAnh', true],
    ['Nguyễn Văn A', true],
    ['😀', true],
    ['.', true],
  ])('%j → %s', (text, visible) => {
    expect(hasVisibleCharacter(text)).toBe(visible);
  });
});

describe('a bare domain becomes an https address (issue 23 item 10)', () => {
  it.each([
    ['instagram.com/x', 'https://instagram.com/x'],
    ['www.mecards.vn', 'https://www.mecards.vn'],
    ['zalo.me/0901234567', 'https://zalo.me/0901234567'],
    ['tiktok.com/@sương.mai?lang=vi', 'https://tiktok.com/@sương.mai?lang=vi'],
    ['quán-cà-phê.vn:8443/menu', 'https://quán-cà-phê.vn:8443/menu'],
    ['https://facebook.com/x', 'https://facebook.com/x'],
    ['javascript:alert(1)', 'javascript:alert(1)'],
    ['/me/demo', '/me/demo'],
    ['hello', 'hello'],
    ['localhost:8080', 'localhost:8080'],
  ])('%j → %j', (typed, stored) => {
    expect(withWebScheme(typed)).toBe(stored);
  });

  it('in every web-address field, while other schemes stay refused', () => {
    const link = {
      id: '3f1b6c1e-8a4e-4c55-9a43-0d6f1b2e7a10',
      kind: 'link',
      url: 'instagram.com/x',
    };
    const parsed = v.parse(accountLinkUpsertSchema, link);
    expect(parsed.kind === 'link' && parsed.url).toBe('https://instagram.com/x');
    const video = { ...link, kind: 'video', url: 'youtube.com/watch?v=dQw4w9WgXcQ' };
    const parsedVideo = v.parse(accountLinkUpsertSchema, video);
    expect(parsedVideo.kind === 'video' && parsedVideo.url).toBe(
      'https://youtube.com/watch?v=dQw4w9WgXcQ',
    );
    expect(v.parse(bioLinkUrlSchema, ' facebook.com/suongmai ')).toBe(
      'https://facebook.com/suongmai',
    );
    expect(v.parse(shortLinkTargetSchema, 'mecards.vn/me/demo')).toBe('https://mecards.vn/me/demo');
    expect(v.parse(shortLinkTargetSchema, '/me/demo')).toBe('/me/demo');
    expect(v.safeParse(shortLinkTargetSchema, 'javascript:alert(1)').success).toBe(false);
    expect(v.safeParse(accountLinkUpsertSchema, { ...link, url: 'data:text/html,x' }).success).toBe(
      false,
    );
  });
});

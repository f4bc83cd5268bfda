// The contract's address and visible-text rules (decision 1020), case by case.
import { describe, expect, it } from 'vitest';
import { isLocalPath, urlTextProblem } from '../../contract/url-rules';
import { hasVisibleCharacter } from '../../contract/visible-text';
import { shortLinkTargetProblem } from '../../contract/short-link';
import { bioLinkUrlProblem } from '../../contract/bio-link';

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

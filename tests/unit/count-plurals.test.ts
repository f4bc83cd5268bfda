// Counts read as plurals: Vietnamese has one form ("1 ngày trước", "2 ngày trước"), English
// says "1 day ago" and "2 days ago" (issue 23: "1 requests").
import { i18n } from '@lingui/core';
import { afterAll, describe, expect, it } from 'vitest';
import { messages as en } from '../../src/locales/en/messages.po';
import { messages as vi } from '../../src/locales/vi/messages.po';
import { relativeTime } from '../../src/ui/relative-time';

const now = Date.parse('2026-11-25T12:00:00Z');
const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

describe('relative time', () => {
  afterAll(() => i18n.activate('vi'));

  it('says one and many in English', () => {
    i18n.load({ en, vi });
    i18n.activate('en');
    expect(relativeTime(ago(1), now)).toBe('1 minute ago');
    expect(relativeTime(ago(5), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(60), now)).toBe('1 hour ago');
    expect(relativeTime(ago(1440), now)).toBe('1 day ago');
    expect(relativeTime(ago(3 * 1440), now)).toBe('3 days ago');
    expect(relativeTime(ago(400 * 1440), now)).toBe('1 year ago');
  });

  it('has one form in Vietnamese, with the dot for thousands', () => {
    i18n.load({ en, vi });
    i18n.activate('vi');
    expect(relativeTime(ago(1440), now)).toBe('1 ngày trước');
    expect(relativeTime(ago(3 * 1440), now)).toBe('3 ngày trước');
  });

  it('every English plural in the catalogs has a form for one', () => {
    for (const [id, text] of Object.entries(en)) {
      const source = JSON.stringify(text);
      if (id && source.includes('plural')) expect(source, id).toContain('one');
    }
  });
});

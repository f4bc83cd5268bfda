import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isAppPath } from '../../contract/app-routes';
import { parseCardPath } from '../../contract/card-paths';
import { cardPagePathPattern, cardPagePrefixes } from '../../contract/card-prefixes';
import { cardRouteName, createPointTarget } from '../../src/features/card/card-navigation';

const id = '5b1c2d3e-4f50-4a6b-8c7d-8e9fa0b1c2d3';

describe('parseCardPath (spec §2 profile family)', () => {
  it.each([
    ['/me/demo', { kind: 'profile', base: 'me', key: 'demo', layout: 'classic' }],
    ['/me/demo/products', { kind: 'products', base: 'me', key: 'demo' }],
    ['/me/demo/posts', { kind: 'posts', base: 'me', key: 'demo' }],
    ['/me/demo/relics', { kind: 'relics', base: 'me', key: 'demo' }],
    [`/me/products/${id}`, { kind: 'product', base: 'me', key: id }],
    ['/me/all-activity/demo', { kind: 'activities', base: 'me', key: 'demo' }],
    [`/me/detail-activity/${id}`, { kind: 'activity', base: 'me', key: id }],
    [`/me/relics/${id}`, { kind: 'relic', base: 'me', key: id }],
    [`/me/news/${id}`, { kind: 'post', base: 'me', key: id, segment: 'news' }],
    ['/mbg/demo-brand', { kind: 'profile', base: 'mbg', key: 'demo-brand' }],
    [`/mbg/products/${id}`, { kind: 'product', base: 'mbg', key: id }],
    ['/new-me/demo', { kind: 'profile', base: 'me', layout: 'new' }],
    ['/new-mbg/demo-brand', { kind: 'profile', base: 'mbg', layout: 'new' }],
    [`/blog/${id}`, { kind: 'post', base: 'any', key: id }],
    [`/mrd/${id}`, { kind: 'post', base: 'any', key: id }],
    ['/fme/demo', { kind: 'profile', base: 'me', key: 'demo' }],
    ['/smc/demo-brand', { kind: 'profile', base: 'any', key: 'demo-brand' }],
  ])('%s', (path, expected) => {
    expect(parseCardPath(path)).toMatchObject(expected);
  });

  it.each([
    '/me',
    '/me/',
    '/login',
    '/me/a/b/c',
    '/new-me/demo/products',
    '/me/%E0%A4%A',
    '/me/<x>',
  ])('%s is not a card page', (path) => {
    expect(parseCardPath(path)).toBeNull();
  });
});

describe('route-name reactions', () => {
  const member = { kind: 'member' as const, id: 'card-owner' };
  it('after createPoint, another member’s card jumps to the create-point action', () => {
    expect(createPointTarget(member, 'createPoint', 'staff')).toBe(
      '/action/createPoint?memberId=card-owner',
    );
  });
  it('not for one’s own card, another previous route, a brand, or a visitor', () => {
    expect(createPointTarget(member, 'createPoint', 'card-owner')).toBeNull();
    expect(createPointTarget(member, 'me', 'staff')).toBeNull();
    expect(createPointTarget({ kind: 'group', id: 'b' }, 'createPoint', 'staff')).toBeNull();
    expect(createPointTarget(member, 'createPoint', undefined)).toBeNull();
  });
  it('names card pages as the spec does', () => {
    const r = (
      kind: Parameters<typeof cardRouteName>[0]['kind'],
      base: 'me' | 'mbg' | 'any' = 'me',
    ) => ({
      kind,
      base,
      key: 'x',
      layout: 'classic' as const,
    });
    expect(cardRouteName(r('profile'), member)).toBe('me');
    expect(cardRouteName(r('profile', 'mbg'), { kind: 'group' })).toBe('mbg');
    expect(cardRouteName(r('product'), member)).toBe('productDetail');
    expect(cardRouteName(r('product', 'mbg'), { kind: 'group' })).toBe('mbgProductDetail');
    expect(cardRouteName(r('activity'), member)).toBe('meDetailActivity');
    expect(cardRouteName(r('activity', 'mbg'), { kind: 'group' })).toBe('mbgDetailActivity');
    expect(cardRouteName(r('post'), member)).toBe('postDetail');
    expect(cardRouteName(r('post', 'mbg'), { kind: 'group' })).toBe('mbgPostDetail');
    expect(cardRouteName(r('post', 'any'), member)).toBe('blog');
  });
});

describe('card page prefixes, one list', () => {
  it('every prefix has its app route, is an app path and is cached as a card page', () => {
    for (const prefix of cardPagePrefixes) {
      expect(existsSync(`src/routes/${prefix}.$.tsx`), prefix).toBe(true);
      expect(isAppPath(`/${prefix}/demo`), prefix).toBe(true);
      expect(cardPagePathPattern.test(`/${prefix}/demo`), prefix).toBe(true);
      expect(parseCardPath(`/${prefix}/demo`), prefix).not.toBeNull();
    }
    expect(cardPagePathPattern.test('/login')).toBe(false);
    expect(cardPagePathPattern.test('/meet/x')).toBe(false);
  });
});

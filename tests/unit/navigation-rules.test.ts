import { describe, expect, it } from 'vitest';
import { routeNameFor, shouldResetScroll } from '../../src/lib/navigation-rules';
import { isZaloInAppBrowser } from '../../src/lib/in-app-browser';
import { pageTitle } from '../../src/ui/page-title';

describe('shouldResetScroll', () => {
  it('resets when the path changes', () => {
    expect(shouldResetScroll({ pathname: '/me/demo' }, { pathname: '/me/demo/products' })).toBe(
      true,
    );
  });
  it('keeps the position when only the query changes on the same path', () => {
    expect(
      shouldResetScroll({ pathname: '/action/phonebook' }, { pathname: '/action/phonebook' }),
    ).toBe(false);
  });
  it('lets the first load restore', () => {
    expect(shouldResetScroll(undefined, { pathname: '/' })).toBe(true);
  });
});

describe('routeNameFor', () => {
  it.each([
    ['/action/createPoint', 'createPoint'],
    ['/me/$id', 'me'],
    ['/mbg/$id', 'mbg'],
    ['/change-password', 'changePassword'],
    ['/_app/friends/$id', 'friends'],
    ['/', 'home'],
    ['/$', 'notFound'],
  ])('%s → %s', (routeId, name) => {
    expect(routeNameFor(routeId)).toBe(name);
  });
  it('prefers the declared name', () => {
    expect(routeNameFor('/me/products/$id', 'productDetail')).toBe('productDetail');
  });
});

describe('isZaloInAppBrowser', () => {
  it('recognises Zalo on Android and iOS', () => {
    expect(
      isZaloInAppBrowser(
        'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36 Zalo android/12100717 ZaloTheme/light',
      ),
    ).toBe(true);
    expect(
      isZaloInAppBrowser(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Zalo iOS/476',
      ),
    ).toBe(true);
  });
  it('leaves other browsers alone', () => {
    expect(
      isZaloInAppBrowser(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124 Safari/537.36',
      ),
    ).toBe(false);
  });
});

describe('pageTitle', () => {
  it('adds the suffix, or gives the default', () => {
    expect(pageTitle('Phòng trưng bày')).toBe('Phòng trưng bày - m.e Cards');
    expect(pageTitle(undefined)).toBe('m.e cards');
  });
});

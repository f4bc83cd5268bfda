// Which install help a browser gets (issue 30, decision 1002): the iPhone guide on iOS Safari,
// the "open in the browser" guide in Zalo and Facebook, Chromium's own prompt elsewhere, and
// nothing inside the installed app; each moment offers once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installPlatformOf, isAppleMobile, isInstalledApp } from '../../src/lib/install-platform';
import {
  currentMoment,
  dismissMoment,
  rememberOfflineWrite,
} from '../../src/features/home-screen/install-moments';

const agents = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipadOs:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  zaloAndroid:
    'Mozilla/5.0 (Linux; Android 13; SM-A536E Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36 Zalo android/12100702 ZaloTheme/light ZaloLanguage/vi',
  zaloIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Zalo iOS/24.06.01 ZaloTheme/light ZaloLanguage/vi',
  facebookAndroid:
    'Mozilla/5.0 (Linux; Android 13; SM-A536E Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/447.0.0.37.106;]',
  facebookIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0.0.43.109;FBBV/612345678;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.5;FBSS/3;FBID/phone;FBLC/vi_VN;FBOP/5]',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 13; SM-A536E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
};

describe('installPlatformOf', () => {
  it('sends iPhone and iPad Safari to the Share-menu guide', () => {
    expect(installPlatformOf(agents.iphoneSafari)).toBe('ios');
    // iPadOS presents itself as a Mac; its touch screen gives it away.
    expect(installPlatformOf(agents.ipadOs, 5)).toBe('ios');
    expect(installPlatformOf(agents.macSafari, 0)).toBe('other');
  });

  it('sends Zalo and Facebook, on Android and iPhone, to the open-in-browser guide', () => {
    for (const agent of [
      agents.zaloAndroid,
      agents.zaloIphone,
      agents.facebookAndroid,
      agents.facebookIphone,
    ]) {
      expect(installPlatformOf(agent, 5), agent).toBe('in-app');
    }
  });

  it("leaves Chrome on Android to the browser's own prompt", () => {
    expect(installPlatformOf(agents.chromeAndroid, 5)).toBe('other');
  });

  it('knows every iPhone browser follows Safari’s push rules', () => {
    expect(isAppleMobile(agents.zaloIphone)).toBe(true);
    expect(isAppleMobile(agents.chromeAndroid, 5)).toBe(false);
  });
});

describe('isInstalledApp', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const displayMode = (mode: string | null) =>
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: mode !== null && query === `(display-mode: ${mode})`,
    }));

  it('is true in every display mode of an installed app and on iOS home-screen apps', () => {
    for (const mode of ['standalone', 'fullscreen', 'minimal-ui', 'window-controls-overlay']) {
      displayMode(mode);
      expect(isInstalledApp(), mode).toBe(true);
    }
    displayMode(null);
    vi.stubGlobal('navigator', { standalone: true });
    expect(isInstalledApp()).toBe(true);
  });

  it('is false in a browser tab', () => {
    displayMode('browser');
    vi.stubGlobal('navigator', { standalone: false });
    expect(isInstalledApp()).toBe(false);
  });
});

describe('install moments', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function memoryStorage() {
    const items = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    });
  }

  it('offers after login on the home only, once: a dismissal is kept', () => {
    memoryStorage();
    expect(currentMoment('/action/phonebook')).toBeNull();
    expect(currentMoment('/action')).toBe('login');
    dismissMoment('login');
    expect(currentMoment('/action')).toBeNull();
  });

  it('offers after the first offline write on any screen, once', () => {
    memoryStorage();
    dismissMoment('login');
    rememberOfflineWrite();
    expect(currentMoment('/action/phonebook')).toBe('offline');
    dismissMoment('offline');
    expect(currentMoment('/action/phonebook')).toBeNull();
  });
});

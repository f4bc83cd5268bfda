// The layout sweep (decision 0950): every screen of every role at phones' widths (320, 360,
// 390 px) and a tablet's (768 px), just opened and checked with the layout rules
// (e2e/support/layout.ts) and axe, no journey. The screens are the ones each role can reach from
// its menu and home, plus the public pages, so a screen no journey visits is still checked. One
// spec per role, so the lanes of `npm run e2e` can share them out.
import type { Page } from '@playwright/test';
import { test, expect, type AccessibilityWatch } from './axe';
import { logInThroughForm } from './session';
import { pageRouteOf } from '../../contract/page-routes';

const widths = [320, 360, 390, 768] as const;

const sweepRoles = {
  member: { name: 'member', email: 'demo@mecards.vn', password: 'demo12345' },
  staff: { name: 'staff', email: 'staff@mecards.vn', password: 'staff12345' },
  brandAdmin: { name: 'brand admin', email: 'brand@mecards.vn', password: 'brand12345' },
  agencyAdmin: { name: 'agency admin', email: 'agency@mecards.vn', password: 'agency12345' },
} as const;

const publicPaths = [
  '/login',
  '/register',
  '/forgot-password',
  '/me/demo',
  '/mbg/demo-brand',
  '/rg/demo-brand',
  '/404',
];

/** Same-origin screen addresses linked from the current page (menu opened), without fragments. */
async function linkedPaths(page: Page): Promise<string[]> {
  const menu = page.locator('details.member-menu');
  if ((await menu.count()) > 0)
    await menu.evaluate((el) => ((el as HTMLDetailsElement).open = true));
  const paths = await page.evaluate(() => {
    const seen = new Set<string>();
    for (const a of document.querySelectorAll<HTMLAnchorElement>('a[href]')) {
      const url = new URL(a.href, location.href);
      if (url.origin !== location.origin || a.target === '_blank' || a.hasAttribute('download')) {
        continue;
      }
      if (url.pathname.startsWith('/api/') || url.pathname === '/logout') continue;
      seen.add(`${url.pathname}${url.search}`);
    }
    return [...seen];
  });
  if ((await menu.count()) > 0)
    await menu.evaluate((el) => ((el as HTMLDetailsElement).open = false));
  return paths;
}

/**
 * Opens `path` inside the running app, as its own links do (the router follows the history),
 * then waits until no spinner shows. A page load per screen cost the sweep most of its time.
 */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const state: unknown = history.state;
    history.pushState(state, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state }));
  }, path);
  // Asked from the test's side every 100 ms rather than with one waitForFunction: twice in CI a
  // waitForFunction gave up while the screen stood at the path with no spinner (its in-page
  // polling runs on animation frames, and an error when the page was replaced ended it). Each
  // question here is fresh, and the failure says what the page last showed.
  const deadline = Date.now() + 20_000;
  let lastSeen = 'nothing yet';
  while (!page.isClosed() && Date.now() < deadline) {
    try {
      const shown = await page.evaluate(() => ({
        at: `${location.pathname}${location.search}`,
        spinners: [...document.querySelectorAll('.spinner')].map(
          (s) => s.parentElement?.outerHTML ?? '',
        ),
      }));
      if (shown.at === path && shown.spinners.length === 0) return;
      lastSeen = JSON.stringify(shown);
    } catch (error) {
      lastSeen = `the page could not be asked: ${String(error)}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${path} did not open in the app; last seen: ${lastSeen}`);
}

/**
 * Opens each path at each width (axe and the layout rules run on each); returns the problems.
 * `inApp`: after the first, screens open inside the app rather than by a page load.
 */
async function sweep(
  page: Page,
  watch: AccessibilityWatch,
  paths: string[],
  { inApp = false } = {},
): Promise<string[]> {
  // The sweep is where every screen of every role is checked, whatever the journeys saw.
  watch.checkEveryScreen = true;
  for (const [index, path] of paths.entries()) {
    // Narrowest first; the wider checks follow a resize, as a phone turned sideways or a window
    // widened would.
    await page.setViewportSize({ width: widths[0], height: 780 });
    // Pages only the server draws (wedding, bio) open by a page load, as their links do.
    const route = pageRouteOf(new URL(path, 'http://x').pathname);
    const routerDraws =
      route?.servedBy === 'app' || (route?.servedBy === 'server' && route.routerScreen);
    if (inApp && index > 0 && routerDraws) await openInApp(page, path);
    else await page.goto(path);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 780 });
      await watch.checkNow(page, { layout: true });
    }
  }
  return watch
    .takeLayoutFindings()
    .map((f) => `${f.address} at ${f.width}px — ${f.rule}: ${f.target}: ${f.detail}`);
}

/** The sweep of the public pages, as one test. */
export function sweepPublicPages(): void {
  test.describe('layout at 320, 360, 390 and 768 px', () => {
    test.describe.configure({ timeout: 300_000 });
    test('public pages', async ({ page, accessibility }) => {
      expect(await sweep(page, accessibility, publicPaths)).toEqual([]);
    });
  });
}

/** The sweep of every screen `role` reaches from its home and menu, as one test. */
export function sweepRole(key: keyof typeof sweepRoles): void {
  const role = sweepRoles[key];
  test.describe('layout at 320, 360, 390 and 768 px', () => {
    test.describe.configure({ timeout: 300_000 });
    test(`every screen of the ${role.name}`, async ({ page, accessibility }) => {
      await logInThroughForm(page, role);
      // The member's home: its menu and hub link every screen the role has.
      await page.goto('/action');
      await expect(page.getByRole('navigation', { name: 'Các chức năng' })).toBeVisible();
      await expect(page.locator('details.member-menu')).toHaveCount(1);
      const paths = ['/', ...(await linkedPaths(page))].filter(
        (path, index, all) => all.indexOf(path) === index,
      );
      expect(paths.length).toBeGreaterThan(8);
      expect(await sweep(page, accessibility, paths, { inApp: true })).toEqual([]);
    });
  });
}

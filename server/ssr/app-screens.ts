// A visitor's first app screens (login, register) rendered on the server with the app's own
// router, so that the form paints before any script runs on a slow phone (docs/decisions/0003).
// The controls are disabled until the app starts and replaces the markup, so nothing typed or
// clicked is lost to that swap.
import { cookieLocale, cookieNames } from '../../contract/cookie-names';
import type { AppDeps } from '../http/env';
import { ssrExport } from './page-parts';

/** App paths whose visitor screen is rendered on the server. */
const prerenderedPaths = new Set(['/', '/login', '/register']);

type ScreenRenderer = (pathname: string, locale: 'vi' | 'en') => Promise<string>;

/** Controls of server-rendered markup wait for the app: the markup is only for looking at. */
export function withControlsDisabled(html: string): string {
  return html.replace(/<(input|button|select|textarea)\b/g, '<$1 disabled=""');
}

function loggedIn(cookie: string): boolean {
  return new RegExp(`(?:^|;\\s*)${cookieNames.isLoggedIn}=true\\b`).test(cookie);
}

/**
 * The page for `pathname` with its screen rendered in, or the page as it is: for members (a
 * logged-in member is sent on from these screens), other paths, or without the SSR bundle.
 * Each screen is rendered once per language and process: it shows no data.
 */
export function appScreenPages(deps: AppDeps) {
  const load = ssrExport<ScreenRenderer>(deps, 'renderAppScreen');
  const screens = new Map<string, Promise<string | undefined>>();
  const screen = (pathname: string, locale: 'vi' | 'en') => {
    const key = `${locale}:${pathname}`;
    let html = screens.get(key);
    if (!html) {
      html = load()
        .then(async (render) =>
          render ? withControlsDisabled(await render(pathname, locale)) : undefined,
        )
        .catch((error: unknown) => {
          deps.logger.error('app screen render failed', { pathname, error: String(error) });
          return undefined;
        });
      screens.set(key, html);
    }
    return html;
  };

  return {
    /** Whether the answer for this path depends on the cookies. */
    rendersOn: (pathname: string) => prerenderedPaths.has(pathname),
    async page(page: string, pathname: string, cookie: string): Promise<string> {
      if (!prerenderedPaths.has(pathname) || loggedIn(cookie)) return page;
      const locale = cookieLocale(cookie) ?? 'vi';
      const markup = await screen(pathname, locale);
      if (!markup) return page;
      return page
        .replace('<!--app-html-->', () => markup)
        .replace('<html lang="vi">', `<html lang="${locale}">`);
    },
  };
}

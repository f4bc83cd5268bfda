// A visitor's first app screens (login, register) rendered on the server with the app's own
// router, so that the form paints before any script runs on a slow phone (docs/decisions/0003).
// The controls are disabled until the app starts and replaces the markup, so nothing typed or
// clicked is lost to that swap. `/login` is the exception (decision 0004): its own light page
// (login-visitor.html) carries a small script that makes the drawn form work, and no app.
import type { AuthProviders } from '../../contract/auth';
import { cookieLocale, cookieNames } from '../../contract/cookie-names';
import { authProvidersOf, loadAuthConfig } from '../auth/auth-config';
import type { AppDeps } from '../http/env';
import { pageTemplate, ssrExport } from './page-parts';

/** App paths whose visitor screen is rendered on the server. */
const prerenderedPaths = new Set(['/', '/login', '/register']);
/** The path whose screen works before the app, from its own page (login-visitor.html). */
const islandPath = '/login';

type ScreenRenderer = (
  pathname: string,
  locale: 'vi' | 'en',
  providers: AuthProviders,
) => Promise<string>;

/** Controls of server-rendered markup wait for the app: the markup is only for looking at. */
export function withControlsDisabled(html: string): string {
  return html.replace(/<(input|button|select|textarea)\b/g, '<$1 disabled=""');
}

/**
 * The login page's form before its script runs: fields to type in, the button waiting for the
 * script (with no default button a press of Enter sends nothing, so a password never ends up
 * in an address; decision 0004).
 */
export function withSubmitWaiting(html: string): string {
  return html.replace(/<button(?=[^>]*\stype="submit")/g, '<button disabled=""');
}

function loggedIn(cookie: string): boolean {
  return new RegExp(`(?:^|;\\s*)${cookieNames.isLoggedIn}=true\\b`).test(cookie);
}

/**
 * The page for `pathname` with its screen rendered in, or the page as it is: for members (a
 * logged-in member is sent on from these screens), other paths, or without the SSR bundle.
 * Each screen is rendered once per language and process: it shows no data, only the outside
 * logins the process has configured (the Facebook button, with no script needed to show it).
 */
export function appScreenPages(deps: AppDeps, providers = authProvidersOf(loadAuthConfig())) {
  const load = ssrExport<ScreenRenderer>(deps, 'renderAppScreen');
  const readLoginTemplate = pageTemplate(deps, 'login-visitor.html');
  const screens = new Map<string, Promise<string | undefined>>();
  const screen = (pathname: string, locale: 'vi' | 'en') => {
    const key = `${locale}:${pathname}`;
    let html = screens.get(key);
    if (!html) {
      html = load()
        .then(async (render) => (render ? await render(pathname, locale, providers) : undefined))
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
      const loginPage = pathname === islandPath ? readLoginTemplate() : undefined;
      if (loginPage) {
        // The screen's own name as the app's login screen sets it (the form's label).
        const title = /<form[^>]*\saria-label="([^"]+)"/.exec(markup)?.[1];
        return loginPage
          .replace('<!--app-html-->', () => withSubmitWaiting(markup))
          .replace('<html lang="vi">', `<html lang="${locale}">`)
          .replace('<title>m.e cards</title>', () =>
            title ? `<title>${title} - m.e Cards</title>` : '<title>m.e cards</title>',
          );
      }
      return page
        .replace('<!--app-html-->', () => withControlsDisabled(markup))
        .replace('<html lang="vi">', `<html lang="${locale}">`);
    },
  };
}

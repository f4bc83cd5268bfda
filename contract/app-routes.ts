// The screens of the app router (src/routes), by full path in the router's own syntax: `$name`
// is one segment, a trailing `$` the rest of the path. The server answers these paths with
// status 200 and every other page path with 404 while the app shows its 404 screen; a test
// (tests/unit/app-routes.test.ts) keeps this list equal to the router's route tree, so a new
// screen is declared here and becomes a 200 by that alone.
import { cardPagePrefixes } from './card-prefixes';

export const appScreenPaths = [
  '/',
  '/login',
  '/authenticating',
  '/logout',
  '/forgot-password',
  '/register',
  '/scan-qr',
  '/change-password',
  '/500',
  '/admin',
  '/password-reset/$token',
  '/verify/$id',
  '/friends/$id',
  '/contacts/$id',
  '/order-points/$id',
  '/dashboard/member/$id',
  '/dashboard/business/$id',
  '/messages',
  '/messages/$groupId',
  '/notifications',
  // The installed app's start address: on to the role's start screen (issue 30).
  '/start',
  // Registration information (decision 0664): the staff's screens and a brand's public form.
  '/admin/registrations',
  '/admin/registrations/$id',
  '/rg/$brand',
  // Public card pages: the server renders them itself (server/ssr/card-pages.ts) and answers
  // 404 for a path the card parser rejects or a card that does not exist.
  ...cardPagePrefixes.map((prefix) => `/${prefix}/$` as const),
  // Spec §2 /action children that have a screen today; the others show the 404 screen.
  '/action',
  '/action/qrcode',
  '/action/setting',
  '/action/phonebook',
  '/action/setting/links',
  '/action/statistical',
  '/action/memberManagement',
  '/action/createPoint',
  '/action/viewPoint',
  '/action/history',
  '/action/historyEditHistory/$history',
  '/action/historyCheckIn',
  '/action/historyCheckIn/$history',
  '/action/setting/display',
  '/action/setting/short-link',
  '/action/brand/$id',
  '/action/setting/photos',
  // Managing the member's and their brands' posts, products, activities, relics, posters.
  '/action/content/$kind',
  // The job diary, the CV form, its PDF and the public CV page (decisions 0710, 0711).
  '/action/jobDiary',
  '/action/createCv',
  '/action/dowloadcv',
  '/cv/$memberId',
  '/action/wedding',
  '/action/contact-us',
  // Agencies, discounts, association reports and the explore directory (decision 0810).
  '/action/agency',
  '/action/associationReports',
  '/action/discount',
  '/action/discover',
  '/action/discover/detail',
  '/action/editAgencyExplore',
  '/action/shortenedLink',
  // The bio link editor (decision 0940); its public page /bio/{key} is the server's.
  '/action/bio-link',
  // Spec §2 save-poster: the poster editor (the member's posters in the content screen).
  '/action/save-poster',
  '/action/support',
  '/action/supportInbox',
] as const;

/** Router paths that show the 404 screen: the named /404 page and the catch-all. */
export const notFoundScreenPaths = ['/404', '/$'] as const;

/** A path without its trailing slash (`/action/` is the index screen of `/action`). */
export function normalizeAppPath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/** The path pattern of a route path in the router's syntax (case-insensitive, as the router). */
export function patternOf(routePath: string): RegExp {
  const source = routePath
    .split('/')
    .map((segment) => {
      if (segment === '$') return '.+';
      if (segment.startsWith('$')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  // The router matches paths case-insensitively (its default), so the server does too.
  return new RegExp(`^${source || '/'}$`, 'i');
}

const appScreenPatterns: readonly RegExp[] = appScreenPaths.map(patternOf);

/** Whether the app has a screen (other than the 404 screen) for this path. */
export function isAppPath(pathname: string): boolean {
  const path = normalizeAppPath(pathname);
  return appScreenPatterns.some((re) => re.test(path));
}

// The server's list of app screens (contract/app-routes.ts) is the router's route tree: a screen
// added to src/routes without being declared (or declared without a screen) fails here, and the
// type check fails the same way.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FileRoutesByFullPath } from '../../src/routeTree.gen';
import {
  appScreenPaths,
  isAppPath,
  normalizeAppPath,
  notFoundScreenPaths,
} from '../../contract/app-routes';

type WithoutTrailingSlash<P extends PropertyKey> = P extends `${infer Head}/`
  ? Head extends ''
    ? '/'
    : Head
  : P;
type RouterPath = WithoutTrailingSlash<keyof FileRoutesByFullPath>;
type DeclaredPath = (typeof appScreenPaths)[number] | (typeof notFoundScreenPaths)[number];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const declaredIsRouterTree: Same<RouterPath, DeclaredPath> = true;

async function routerFullPaths(): Promise<string[]> {
  const file = path.resolve(import.meta.dirname, '../../src/routeTree.gen.ts');
  const source = await readFile(file, 'utf8');
  const body = /export interface FileRoutesByFullPath \{([\s\S]*?)\n\}/.exec(source)?.[1] ?? '';
  return [...body.matchAll(/^\s*'([^']+)':/gm)].map((m) => normalizeAppPath(m[1] ?? ''));
}

describe('app routes shared by the server and the router', () => {
  it('declares exactly the screens of the route tree', async () => {
    expect(declaredIsRouterTree).toBe(true);
    const declared = [...appScreenPaths, ...notFoundScreenPaths].sort();
    expect((await routerFullPaths()).sort()).toEqual(declared);
  });

  it.each([
    '/',
    '/login',
    '/Login',
    '/login/',
    '/action',
    '/action/',
    '/action/qrcode',
    '/action/setting',
    '/action/historyCheckIn/',
    '/action/historyCheckIn/12',
    '/action/historyEditHistory/12',
    '/action/setting/display',
    '/action/setting/short-link',
    '/action/brand/4b0e7c6a-1f2d-4e5f-9a8b-7c6d5e4f3a2b',
    '/verify/abc',
    '/me/demo',
    '/mbg/demo-brand/products',
    '/action/jobDiary',
    '/action/createCv',
    '/action/dowloadcv',
    // The page exists; the server answers 404 for a member without a public CV (decision 0711).
    '/cv/abc',
  ])('%s has a screen', (p) => {
    expect(isAppPath(p)).toBe(true);
  });

  it.each([
    '/404',
    '/nothing',
    '/wedding/abc',
    '/dashboard/member/abc/more',
    '/action/setting/other',
    '/action/qrcode/more',
    '/admin/child',
    '/verify',
    '/verify/a/b',
    '/me',
    '/me/',
  ])('%s shows the 404 screen', (p) => {
    expect(isAppPath(p)).toBe(false);
  });
});

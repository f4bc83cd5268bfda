// The table of pages (contract/page-routes.ts): every path belongs to the right owner, so the
// server, the worker and the router agree on it.
import { describe, expect, it } from 'vitest';
import { appScreenPaths } from '../../contract/app-routes';
import { honoPathOf, isPageRead, pageRouteOf, pageRoutes } from '../../contract/page-routes';

describe('the table of pages', () => {
  it.each([
    ['/wedding/0b6f4a2e-9c1d-4e5f-8a7b-6c5d4e3f2a1b', 'server', '/wedding/$id'],
    ['/bio/demo', 'server', '/bio/$key'],
    ['/bio/demo/go/abc', 'server', '/bio/$key/go/$id'],
    ['/me/demo', 'server', '/me/$'],
    ['/mbg/demo-brand/products', 'server', '/mbg/$'],
    ['/rg/demo-brand', 'app', '/rg/$brand'],
    ['/cv/abc', 'app', '/cv/$memberId'],
    ['/action/', 'app', '/action'],
    ['/api/health', 'server-only', '/api/$'],
    ['/img/abc/card', 'server-only', '/img/$'],
  ])('%s is a %s page (%s)', (path, servedBy, routePath) => {
    expect(pageRouteOf(path)).toMatchObject({ servedBy, path: routePath });
  });

  it.each(['/nothing', '/wedding', '/bio/a/b', '/me'])('%s is no page (404)', (path) => {
    expect(pageRouteOf(path)).toBeUndefined();
  });

  it('holds every router screen once', () => {
    const declared = pageRoutes.filter(
      (r) => r.servedBy === 'app' || (r.servedBy === 'server' && r.routerScreen),
    );
    expect(declared.map((r) => r.path).sort()).toEqual([...appScreenPaths].sort());
  });

  it('gives the server Hono paths', () => {
    expect(honoPathOf('/wedding/$id')).toBe('/wedding/:id{[^/]+}');
    expect(honoPathOf('/me/$')).toBe('/me/*');
  });

  it('keeps public reads of pages, not other calls', () => {
    expect(isPageRead('/api/rg/form/demo-brand')).toBe(true);
    expect(isPageRead('/api/cv/getCvByMemberId/abc')).toBe(true);
    expect(isPageRead('/api/members/getMemberIdView/demo')).toBe(true);
    expect(isPageRead('/api/sync/pull')).toBe(false);
  });
});

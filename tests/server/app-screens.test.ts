// A visitor's login and register screens come rendered in the page (docs/decisions/0003), with
// their controls disabled until the app takes over; members and other paths get the plain page.
// /login comes in its own light page whose script makes the form work (decision 0004).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withControlsDisabled, withSubmitWaiting } from '../../server/ssr/app-screens';
import { createTestServer, startTestServer } from './test-server';

const clientDir = await mkdtemp(path.join(tmpdir(), 'mecards-screens-'));
afterAll(() => rm(clientDir, { recursive: true, force: true }));
await writeFile(
  path.join(clientDir, 'index.html'),
  '<!doctype html><html lang="vi"><head></head><body><div id="app"><!--app-html--></div><script src="/app.js"></script></body></html>',
);
await writeFile(
  path.join(clientDir, 'login-visitor.html'),
  '<!doctype html><html lang="vi"><head><title>m.e cards</title></head><body><div id="app"><!--app-html--></div><script src="/login-island.js"></script></body></html>',
);
// The SSR bundle's entry as the build makes it: here a stand-in that names what it rendered.
await mkdir(path.join(clientDir, 'server'), { recursive: true });
await writeFile(
  path.join(clientDir, 'server', 'entry-server.js'),
  `export async function renderAppScreen(pathname, locale, providers) {
     return '<form aria-label="screen ' + pathname + ' ' + locale + '"><input name="email"/><button type="submit">Go</button></form>'
       + (providers && providers.facebook ? '<a href="/api/passport/auth/facebook">Facebook</a>' : '');
   }\n`,
);

const server = await startTestServer({ config: { clientDir } });

describe('server-rendered first screens', () => {
  it('renders the login and register screens into the page for a visitor', async () => {
    for (const [p, screen] of [
      ['/', '/'],
      ['/register', '/register'],
    ] as const) {
      const res = await server.request(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('vary'), p).toContain('Cookie');
      const html = await res.text();
      expect(html, p).toContain(`aria-label="screen ${screen} vi"`);
      // Nothing can be typed or submitted into markup the app is about to replace.
      expect(html, p).toContain('<input disabled="" name="email"/>');
      expect(html, p).toContain('<button disabled="" type="submit">');
    }
  });

  it('gives a visitor of /login its own page: fields to type in, no app', async () => {
    for (const p of ['/login', '/login/', '/login?redirect=/action']) {
      const res = await server.request(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('vary'), p).toContain('Cookie');
      const html = await res.text();
      expect(html, p).toContain('aria-label="screen /login vi"');
      expect(html, p).toContain('<title>screen /login vi - m.e Cards</title>');
      expect(html, p).toContain('<script src="/login-island.js">');
      expect(html, p).not.toContain('/app.js');
      expect(html, p).toContain('<input name="email"/>');
      // The button waits for the page's script: no default button, nothing sent without it.
      expect(html, p).toContain('<button disabled="" type="submit">');
    }
  });

  it('shows the Facebook button on the first-visit login page when Facebook login is on', async () => {
    expect(await (await server.request('/login')).text()).not.toContain(
      '/api/passport/auth/facebook',
    );
    process.env.FACEBOOK_CLIENT_ID = 'test-app';
    process.env.FACEBOOK_CLIENT_SECRET = 'test-secret';
    const withFacebook = await createTestServer({ config: { clientDir } }).finally(() => {
      delete process.env.FACEBOOK_CLIENT_ID;
      delete process.env.FACEBOOK_CLIENT_SECRET;
    });
    try {
      const html = await (await withFacebook.request('/login')).text();
      expect(html).toContain('<script src="/login-island.js">');
      expect(html).toContain('<a href="/api/passport/auth/facebook">Facebook</a>');
      // The same answer as the app asks for.
      expect(await (await withFacebook.request('/api/auth/providers')).json()).toEqual({
        facebook: true,
      });
    } finally {
      await withFacebook.close();
    }
  });

  it('renders in the language of the lang cookie and says so on <html>', async () => {
    const html = await (await server.request('/login', { headers: { cookie: 'lang=en' } })).text();
    expect(html).toContain('aria-label="screen /login en"');
    expect(html).toContain('<html lang="en">');
  });

  it('gives a logged-in member (sent on from these screens) and other paths the plain page', async () => {
    const member = await (
      await server.request('/login', { headers: { cookie: 'isLoggedIn=true; memberId=abc' } })
    ).text();
    expect(member).toContain('<!--app-html-->');
    expect(member).not.toContain('<form');
    const other = await (await server.request('/change-password')).text();
    expect(other).toContain('<!--app-html-->');
  });

  it('holds back only the submit button of the login page', () => {
    expect(
      withSubmitWaiting(
        '<input name="a"/><button type="button">x</button><button class="b" type="submit">y</button>',
      ),
    ).toBe(
      '<input name="a"/><button type="button">x</button><button disabled="" class="b" type="submit">y</button>',
    );
  });

  it('disables every kind of control, whatever its attributes', () => {
    expect(
      withControlsDisabled(
        '<input id="a"/><button>x</button><select></select><textarea></textarea>',
      ),
    ).toBe(
      '<input disabled="" id="a"/><button disabled="">x</button><select disabled=""></select><textarea disabled=""></textarea>',
    );
  });
});

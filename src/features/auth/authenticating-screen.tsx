import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { authAuthenticating } from '../../../contract/rest-routes';
import { apiCall, refreshSession, SessionExpiredError } from '../../api/http-client';
import { readSession, writeSession } from '../../api/session-store';
import { markLoggedIn, markLoggedOut } from '../../api/use-session';
import { activateMemberLocale } from '../../i18n/i18n';
import { Spinner } from '../../ui/spinner';
import { usePageTitle } from '../../ui/page-title';
import { errorText } from './form-errors';
import { homeAfterLogin } from './safe-redirect';
import './auth.css';

/**
 * /authenticating: where an outside login (Facebook) lands. The server has set the refresh
 * cookie; here it is traded for an access token and checked with GET /auth/authenticating.
 */
export function AuthenticatingScreen() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Đang đăng nhập`);
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    const run = async () => {
      try {
        await refreshSession(undefined, { endOnFailure: false });
        const facts = await apiCall(authAuthenticating);
        // Read again: the call may have refreshed the token meanwhile.
        const session = await readSession();
        if (!session) throw new SessionExpiredError();
        const restored = { ...session, name: facts.name, urlMinify: facts.urlMinify };
        await writeSession(restored);
        markLoggedIn(restored);
        await activateMemberLocale(facts.language);
        if (!cancelled)
          await navigate({ href: homeAfterLogin(facts.urlMinify, undefined), replace: true });
      } catch (error) {
        markLoggedOut(error instanceof Error ? error : null);
        if (cancelled) return;
        // No session to trade (a bookmarked or reopened address): the login screen says why.
        if (error instanceof SessionExpiredError) {
          await navigate({ to: '/login', replace: true });
          return;
        }
        setFailure(errorText(error, i18n.locale === 'en' ? 'en' : 'vi'));
      }
    };
    void run();
    return () => {
      cancelled = true;
    };
  }, [navigate, i18n]);

  return (
    <main className="auth-screen center-screen">
      {failure ? (
        <>
          <p className="auth-alert" role="alert">
            {failure}
          </p>
          <Link to="/login">
            <Trans>Quay lại đăng nhập</Trans>
          </Link>
        </>
      ) : (
        <p role="status">
          <Spinner size="small" decorative /> <Trans>Đang đăng nhập…</Trans>
        </p>
      )}
    </main>
  );
}

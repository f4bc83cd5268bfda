import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LoginForm } from '../../../contract/login';
import { useSession } from '../../api/use-session';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { usePageTitle } from '../../ui/page-title';
import { logIn } from './session-api';
import { applyServerErrors, errorText, useMessageLang } from './form-errors';
import { homeAfterLogin } from './safe-redirect';
import { loginFields, useLoginForm } from './use-login-form';
import { useAuthProviders } from './use-providers';
import './auth.css';

/** Spec §2: `/login` and `/` are both this screen. */
export function LoginScreen({ redirect }: { redirect?: string | undefined }) {
  const { t } = useLingui();
  usePageTitle(t`Đăng nhập`);
  const session = useSession();
  const navigate = useNavigate();
  const lang = useMessageLang();
  const providers = useAuthProviders();
  const { formRef, errors, onSubmit, onChange, onFocus } = useLoginForm(
    lang,
    async (form: LoginForm, setError) => {
      try {
        const answer = await logIn(form);
        await navigate({ href: homeAfterLogin(answer.urlMinify, redirect), replace: true });
      } catch (error) {
        applyServerErrors(error, loginFields, setError);
      }
    },
  );

  const failure = session.status === 'loggedOut' && session.error ? session.error : null;

  return (
    <main className="auth-screen">
      <h1 className="auth-screen__title">m.e Cards</h1>
      <p className="auth-screen__lead">
        <Trans>Danh thiếp thông minh</Trans>
      </p>
      <form
        ref={formRef}
        className="auth-form"
        noValidate
        onSubmit={onSubmit}
        onChange={onChange}
        onFocus={onFocus}
        aria-label={t`Đăng nhập`}
        // The login page's own script (src/ssr/login-island.ts) has no catalog: the one text it
        // cannot take from the server's answer comes with the page.
        data-offline-message={t`Không có kết nối mạng. Vui lòng thử lại khi có mạng.`}
      >
        <TextField
          label={t`Email hoặc số điện thoại`}
          autoComplete="username"
          inputMode="email"
          name="email"
          defaultValue=""
          error={errors.email?.message}
        />
        <TextField
          label={t`Mật khẩu`}
          type="password"
          autoComplete="current-password"
          name="password"
          defaultValue=""
          error={errors.password?.message}
        />
        {failure && (
          <p className="auth-alert" role="alert" data-testid="login-error">
            {errorText(failure, lang)}
          </p>
        )}
        <Button type="submit" busy={session.status === 'loggingIn'}>
          <Trans>Đăng nhập</Trans>
        </Button>
      </form>
      {providers.data?.facebook && (
        <a className="auth-facebook" href="/api/passport/auth/facebook">
          <Trans>Đăng nhập với Facebook</Trans>
        </a>
      )}
      <nav className="auth-links">
        <Link to="/forgot-password">
          <Trans>Quên mật khẩu?</Trans>
        </Link>
        <Link to="/register">
          <Trans>Đăng ký tài khoản</Trans>
        </Link>
      </nav>
    </main>
  );
}

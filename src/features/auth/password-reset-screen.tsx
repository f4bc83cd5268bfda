import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { contractResolver } from '../../lib/contract-resolver';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { passwordResetSchema, type PasswordResetInput } from '../../../contract/auth';
import { ApiRequestError } from '../../api/http-client';
import { Button } from '../../ui/button';
import { usePageTitle } from '../../ui/page-title';
import { toast } from '../../ui/toast';
import { resetPassword } from './account-api';
import { useSubmitFailure } from './form-messages';
import { useMessageLang } from './form-errors';
import { NewPasswordFields } from './new-password-fields';
import './auth.css';

/** /password-reset/{token}: a new password from the e-mailed link (single use, 60 minutes). */
export function PasswordResetScreen({ token }: { token: string }) {
  const { t } = useLingui();
  usePageTitle(t`Đặt lại mật khẩu`);
  const navigate = useNavigate();
  const submitFailure = useSubmitFailure();
  const lang = useMessageLang();
  const [linkError, setLinkError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordResetInput>({
    resolver: contractResolver(passwordResetSchema, lang),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = async (input: PasswordResetInput) => {
    try {
      await resetPassword(token, input);
      toast.success(t`Đặt lại mật khẩu thành công, vui lòng đăng nhập`);
      await navigate({ to: '/login', replace: true });
    } catch (error) {
      if (error instanceof ApiRequestError && error.code.startsWith('reset_token_')) {
        setLinkError(error.message);
        return;
      }
      submitFailure(error, ['password', 'confirmPassword'], setError);
    }
  };

  return (
    <main className="auth-screen">
      <h1 className="auth-screen__title">
        <Trans>Đặt lại mật khẩu</Trans>
      </h1>
      {linkError ? (
        <>
          <p className="auth-alert" role="alert">
            {linkError}
          </p>
          <nav className="auth-links">
            <Link to="/forgot-password">
              <Trans>Gửi lại liên kết</Trans>
            </Link>
          </nav>
        </>
      ) : (
        <form
          className="auth-form"
          noValidate
          onSubmit={handleSubmit(onSubmit)}
          aria-label={t`Đặt lại mật khẩu`}
        >
          <NewPasswordFields
            password={register('password')}
            confirmPassword={register('confirmPassword')}
            errors={errors}
            passwordLabel={t`Mật khẩu mới`}
            confirmLabel={t`Xác nhận mật khẩu`}
          />
          <Button type="submit" busy={isSubmitting}>
            <Trans>Đặt lại mật khẩu</Trans>
          </Button>
        </form>
      )}
    </main>
  );
}

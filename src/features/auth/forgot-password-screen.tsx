import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { contractResolver } from '../../lib/contract-resolver';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  checkOtpForgotPasswordSchema,
  forgotPasswordSchema,
  otpResetPasswordSchema,
  type CheckOtpForgotPasswordInput,
  type ForgotPasswordInput,
} from '../../../contract/auth';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { usePageTitle } from '../../ui/page-title';
import { toast } from '../../ui/toast';
import { checkResetOtp, forgotPassword, sendResetOtp } from './account-api';
import { useFieldText, useSubmitFailure } from './form-messages';
import { useMessageLang } from './form-errors';
import './auth.css';

/** Forgot password: a reset link by e-mail, or a code by SMS for phone accounts. */
export function ForgotPasswordScreen() {
  const { t } = useLingui();
  usePageTitle(t`Quên mật khẩu`);
  const [byPhone, setByPhone] = useState(false);
  return (
    <main className="auth-screen">
      <h1 className="auth-screen__title">
        <Trans>Quên mật khẩu</Trans>
      </h1>
      {byPhone ? <PhoneReset /> : <EmailReset />}
      <nav className="auth-links">
        <Link to="/login">
          <Trans>Quay lại đăng nhập</Trans>
        </Link>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setByPhone(!byPhone)}
        >
          {byPhone ? <Trans>Dùng email</Trans> : <Trans>Dùng số điện thoại</Trans>}
        </button>
      </nav>
    </main>
  );
}

function EmailReset() {
  const { t } = useLingui();
  const fieldText = useFieldText();
  const lang = useMessageLang();
  const submitFailure = useSubmitFailure();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput>({
    resolver: contractResolver(forgotPasswordSchema, lang),
    defaultValues: { email: '' },
  });
  const onSubmit = async (input: ForgotPasswordInput) => {
    try {
      await forgotPassword(input);
      // Same answer whether or not the account exists (the server says nothing more).
      toast.success(t`Chúng tôi đã gửi email khôi phục mật khẩu cho bạn`);
      setSent(true);
    } catch (error) {
      submitFailure(error, ['email'], setError);
    }
  };
  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-label={t`Quên mật khẩu`}
    >
      <p className="auth-screen__lead">
        <Trans>Nhập email của tài khoản, chúng tôi sẽ gửi liên kết đặt lại mật khẩu.</Trans>
      </p>
      <TextField
        label={t`Email`}
        type="email"
        autoComplete="email"
        error={fieldText(errors.email)}
        {...register('email')}
      />
      {sent && (
        <p className="auth-note" role="status">
          <Trans>
            Nếu email này có tài khoản, liên kết đặt lại mật khẩu sẽ đến trong ít phút. Liên kết có
            hiệu lực 60 phút.
          </Trans>
        </p>
      )}
      <Button type="submit" busy={isSubmitting}>
        <Trans>Gửi liên kết</Trans>
      </Button>
    </form>
  );
}

function PhoneReset() {
  const { t } = useLingui();
  const fieldText = useFieldText();
  const lang = useMessageLang();
  const submitFailure = useSubmitFailure();
  const navigate = useNavigate();
  const [phone, setPhone] = useState<string | null>(null);
  const phoneForm = useForm<{ phone: string }>({
    resolver: contractResolver(otpResetPasswordSchema, lang),
    defaultValues: { phone: '' },
  });
  const codeForm = useForm<CheckOtpForgotPasswordInput>({
    resolver: contractResolver(checkOtpForgotPasswordSchema, lang),
    defaultValues: { phone: '', otp: '' },
  });

  const sendCode = async ({ phone: value }: { phone: string }) => {
    try {
      await sendResetOtp(value);
      codeForm.setValue('phone', value);
      setPhone(value);
      toast.success(t`Nếu số điện thoại có tài khoản, mã xác thực đã được gửi`);
    } catch (error) {
      submitFailure(error, ['phone'], phoneForm.setError);
    }
  };

  const checkCode = async (input: CheckOtpForgotPasswordInput) => {
    try {
      const { token } = await checkResetOtp(input.phone, input.otp);
      await navigate({ to: '/password-reset/$token', params: { token }, replace: true });
    } catch (error) {
      submitFailure(error, ['otp'], codeForm.setError);
    }
  };

  if (!phone) {
    return (
      <form
        className="auth-form"
        noValidate
        onSubmit={phoneForm.handleSubmit(sendCode)}
        aria-label={t`Lấy mã qua SMS`}
      >
        <TextField
          label={t`Số điện thoại`}
          type="tel"
          autoComplete="tel"
          error={fieldText(phoneForm.formState.errors.phone)}
          {...phoneForm.register('phone')}
        />
        <Button type="submit" busy={phoneForm.formState.isSubmitting}>
          <Trans>Gửi mã qua SMS</Trans>
        </Button>
      </form>
    );
  }
  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={codeForm.handleSubmit(checkCode)}
      aria-label={t`Xác thực OTP`}
    >
      <TextField
        label={t`Mã OTP`}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={fieldText(codeForm.formState.errors.otp)}
        {...codeForm.register('otp')}
      />
      <Button type="submit" busy={codeForm.formState.isSubmitting}>
        <Trans>Tiếp tục</Trans>
      </Button>
    </form>
  );
}

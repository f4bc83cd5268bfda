import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { contractResolver } from '../../lib/contract-resolver';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  otpFormSchema,
  registerFormSchema,
  type OtpForm,
  type RegisterForm,
  type RegisterInput,
} from '../../../contract/auth';
import { normalizeEmail } from '../../../contract/login';
import { normalizePhone } from '../../../contract/phone';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { usePageTitle } from '../../ui/page-title';
import { toast } from '../../ui/toast';
import { register as registerAccount, sendRegisterOtp } from './account-api';
import { useFieldText, useSubmitFailure } from './form-messages';
import { errorText, useMessageLang } from './form-errors';
import { NewPasswordFields } from './new-password-fields';
import { homeAfterLogin } from './safe-redirect';
import './auth.css';

type Details = Omit<RegisterForm, 'type'> & { type: 'tbMail' | 'tbPhone' };

/** Spec §5 register: details, then the 6-digit code sent to the e-mail or phone, then login. */
export function RegisterScreen() {
  const { t } = useLingui();
  usePageTitle(t`Đăng ký`);
  const [details, setDetails] = useState<Details | null>(null);
  return (
    <main className="auth-screen">
      <h1 className="auth-screen__title">
        <Trans>Đăng ký tài khoản</Trans>
      </h1>
      {details ? (
        <OtpStep details={details} onBack={() => setDetails(null)} />
      ) : (
        <DetailsStep onSent={setDetails} />
      )}
      <nav className="auth-links">
        <Link to="/login">
          <Trans>Đã có tài khoản? Đăng nhập</Trans>
        </Link>
      </nav>
    </main>
  );
}

function target(details: Details): { email: string } | { phone: string } {
  return details.type === 'tbMail'
    ? { email: normalizeEmail(details.email ?? '') }
    : { phone: normalizePhone(details.phone ?? '') ?? details.phone ?? '' };
}

function DetailsStep({ onSent }: { onSent: (details: Details) => void }) {
  const { t } = useLingui();
  const fieldText = useFieldText();
  const lang = useMessageLang();
  const submitFailure = useSubmitFailure();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterForm>({
    resolver: contractResolver(registerFormSchema, lang),
    defaultValues: {
      type: 'tbMail',
      email: '',
      phone: '',
      name: '',
      password: '',
      confirmPassword: '',
    },
  });
  const type = useWatch({ control, name: 'type' });

  const onSubmit = async (form: RegisterForm) => {
    const details = { ...form, type: form.type === 'tbPhone' ? 'tbPhone' : 'tbMail' } as Details;
    try {
      await sendRegisterOtp(target(details));
      onSent(details);
    } catch (error) {
      submitFailure(error, ['email', 'phone', 'name', 'password'], setError);
    }
  };

  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-label={t`Đăng ký`}
    >
      <fieldset className="auth-choice">
        <legend className="visually-hidden">
          <Trans>Đăng ký bằng</Trans>
        </legend>
        <label>
          <input type="radio" value="tbMail" {...register('type')} /> <Trans>Email</Trans>
        </label>
        <label>
          <input type="radio" value="tbPhone" {...register('type')} /> <Trans>Số điện thoại</Trans>
        </label>
      </fieldset>
      <TextField
        label={t`Họ và tên`}
        autoComplete="name"
        error={fieldText(errors.name)}
        {...register('name')}
      />
      {type === 'tbPhone' ? (
        <TextField
          label={t`Số điện thoại`}
          type="tel"
          autoComplete="tel"
          error={fieldText(errors.phone)}
          {...register('phone')}
        />
      ) : (
        <TextField
          label={t`Email`}
          type="email"
          autoComplete="email"
          error={fieldText(errors.email)}
          {...register('email')}
        />
      )}
      <NewPasswordFields
        password={register('password')}
        confirmPassword={register('confirmPassword')}
        errors={errors}
        passwordLabel={t`Mật khẩu`}
        confirmLabel={t`Xác nhận mật khẩu`}
      />
      <Button type="submit" busy={isSubmitting}>
        <Trans>Nhận mã xác thực</Trans>
      </Button>
    </form>
  );
}

function OtpStep({ details, onBack }: { details: Details; onBack: () => void }) {
  const { t } = useLingui();
  const lang = useMessageLang();
  const navigate = useNavigate();
  const fieldText = useFieldText();
  const submitFailure = useSubmitFailure();
  const [resending, setResending] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<OtpForm>({
    resolver: contractResolver(otpFormSchema, lang),
    defaultValues: { otp: '' },
  });
  const destination = details.type === 'tbMail' ? details.email : details.phone;

  const onSubmit = async ({ otp }: OtpForm) => {
    const base = {
      name: details.name,
      password: details.password,
      confirmPassword: details.confirmPassword,
      otp,
    };
    const input: RegisterInput =
      details.type === 'tbMail'
        ? { ...base, type: 'tbMail', email: details.email ?? '' }
        : { ...base, type: 'tbPhone', phone: details.phone ?? '' };
    try {
      const answer = await registerAccount(input);
      toast.success(t`Đăng ký thành công`);
      await navigate({ href: homeAfterLogin(answer.urlMinify, undefined), replace: true });
    } catch (error) {
      submitFailure(error, ['otp'], setError);
    }
  };

  const resend = async () => {
    setResending(true);
    try {
      await sendRegisterOtp(target(details));
      toast.success(t`Đã gửi lại mã xác thực`);
    } catch (error) {
      toast.error(errorText(error, lang));
    } finally {
      setResending(false);
    }
  };

  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-label={t`Xác thực OTP`}
    >
      <p className="auth-note">
        <Trans>
          Mã xác thực gồm 6 chữ số đã được gửi tới {destination}. Mã có hiệu lực 10 phút.
        </Trans>
      </p>
      <TextField
        label={t`Mã OTP`}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={fieldText(errors.otp)}
        {...register('otp')}
      />
      <Button type="submit" busy={isSubmitting}>
        <Trans>Xác nhận và đăng ký</Trans>
      </Button>
      <div className="button-row">
        <Button variant="secondary" busy={resending} onClick={() => void resend()}>
          <Trans>Gửi lại mã</Trans>
        </Button>
        <Button variant="secondary" onClick={onBack}>
          <Trans>Sửa thông tin</Trans>
        </Button>
      </div>
    </form>
  );
}

import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { changePasswordSchema, type ChangePasswordInput } from '../../../contract/auth';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { usePageTitle } from '../../ui/page-title';
import { toast } from '../../ui/toast';
import { changePassword } from './auth-api';
import { applyServerErrors, errorText, useFieldText } from './form-messages';
import './auth.css';

const emptyForm: ChangePasswordInput = { currentPassword: '', password: '', confirmPassword: '' };

/** Spec §5 change password; the member's other sessions end, this one stays. */
export function ChangePasswordScreen() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Đổi mật khẩu`);
  const fieldText = useFieldText();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput>({
    resolver: valibotResolver(changePasswordSchema),
    defaultValues: emptyForm,
  });

  const onSubmit = async (input: ChangePasswordInput) => {
    try {
      await changePassword(input);
      toast.success(t`Đổi mật khẩu thành công`);
      reset(emptyForm);
    } catch (error) {
      const placed = applyServerErrors(
        error,
        ['currentPassword', 'password', 'confirmPassword'],
        setError,
      );
      if (!placed) toast.error(errorText(error, i18n.locale === 'en' ? 'en' : 'vi'));
    }
  };

  return (
    <main className="auth-screen">
      <h1 className="auth-screen__title">
        <Trans>Đổi mật khẩu</Trans>
      </h1>
      <form
        className="auth-form"
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        aria-label={t`Đổi mật khẩu`}
      >
        <TextField
          label={t`Mật khẩu hiện tại`}
          type="password"
          autoComplete="current-password"
          error={fieldText(errors.currentPassword)}
          {...register('currentPassword')}
        />
        <TextField
          label={t`Mật khẩu mới`}
          type="password"
          autoComplete="new-password"
          hint={t`Ít nhất 8 ký tự, không dùng mật khẩu phổ biến`}
          error={fieldText(errors.password)}
          {...register('password')}
        />
        <TextField
          label={t`Xác nhận mật khẩu mới`}
          type="password"
          autoComplete="new-password"
          error={fieldText(errors.confirmPassword)}
          {...register('confirmPassword')}
        />
        <Button type="submit" busy={isSubmitting}>
          <Trans>Đổi mật khẩu</Trans>
        </Button>
      </form>
    </main>
  );
}

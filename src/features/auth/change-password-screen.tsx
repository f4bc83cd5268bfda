import { useForm } from 'react-hook-form';
import { contractResolver } from '../../lib/contract-resolver';
import { Trans, useLingui } from '@lingui/react/macro';
import { changePasswordSchema, type ChangePasswordInput } from '../../../contract/auth';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { usePageTitle } from '../../ui/page-title';
import { toast } from '../../ui/toast';
import { changePassword } from './account-api';
import { useFieldText, useSubmitFailure } from './form-messages';
import { useMessageLang } from './form-errors';
import { NewPasswordFields } from './new-password-fields';
import './auth.css';

const emptyForm: ChangePasswordInput = { currentPassword: '', password: '', confirmPassword: '' };

/** Spec §5 change password; the member's other sessions end, this one stays. */
export function ChangePasswordScreen() {
  const { t } = useLingui();
  usePageTitle(t`Đổi mật khẩu`);
  const fieldText = useFieldText();
  const lang = useMessageLang();
  const submitFailure = useSubmitFailure();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput>({
    resolver: contractResolver(changePasswordSchema, lang),
    defaultValues: emptyForm,
  });

  const onSubmit = async (input: ChangePasswordInput) => {
    try {
      await changePassword(input);
      toast.success(t`Đổi mật khẩu thành công`);
      reset(emptyForm);
    } catch (error) {
      submitFailure(error, ['currentPassword', 'password', 'confirmPassword'], setError);
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
        <NewPasswordFields
          password={register('password')}
          confirmPassword={register('confirmPassword')}
          errors={errors}
          passwordLabel={t`Mật khẩu mới`}
          confirmLabel={t`Xác nhận mật khẩu mới`}
        />
        <Button type="submit" busy={isSubmitting}>
          <Trans>Đổi mật khẩu</Trans>
        </Button>
      </form>
    </main>
  );
}

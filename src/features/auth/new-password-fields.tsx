import { useLingui } from '@lingui/react/macro';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../ui/text-field';
import { useFieldText } from './form-messages';

interface NewPasswordFieldsProps {
  password: UseFormRegisterReturn<'password'>;
  confirmPassword: UseFormRegisterReturn<'confirmPassword'>;
  errors: { password?: FieldError | undefined; confirmPassword?: FieldError | undefined };
  passwordLabel: string;
  confirmLabel: string;
}

/** A new password and its confirmation (register, password reset, change password). */
export function NewPasswordFields({
  password,
  confirmPassword,
  errors,
  passwordLabel,
  confirmLabel,
}: NewPasswordFieldsProps) {
  const { t } = useLingui();
  const fieldText = useFieldText();
  return (
    <>
      <TextField
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        hint={t`Ít nhất 8 ký tự, không dùng mật khẩu phổ biến`}
        error={fieldText(errors.password)}
        {...password}
      />
      <TextField
        label={confirmLabel}
        type="password"
        autoComplete="new-password"
        error={fieldText(errors.confirmPassword)}
        {...confirmPassword}
      />
    </>
  );
}

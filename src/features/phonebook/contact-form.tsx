import { useForm } from 'react-hook-form';
import { contractResolver } from '../../lib/contract-resolver';
import { useLingui } from '@lingui/react/macro';
import type { ContactRow } from '../../db/app-db';
import {
  contactFieldsSchema,
  type ContactFields,
  type ContactFieldsInput,
} from '../../../contract/contact';
import { shownFieldText } from '../../../contract/field-messages';
import type { ContactDraft } from '../../../contract/share-target';
import type { Lang } from '../../../contract/messages';
import { TextField } from '../../ui/text-field';
import { FormFooter } from '../../ui/form-footer';

interface ContactFormProps {
  contact?: ContactRow | undefined;
  /** Fields a share filled in (a new contact only). */
  draft?: ContactDraft | undefined;
  onSubmit: (fields: ContactFields) => Promise<void>;
  onCancel: () => void;
}

/** Add or edit a contact; validated with the contract schema the server also applies. */
export function ContactForm({ contact, draft, onSubmit, onCancel }: ContactFormProps) {
  const { t, i18n } = useLingui();
  const lang: Lang = i18n.locale === 'en' ? 'en' : 'vi';
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ContactFieldsInput, unknown, ContactFields>({
    resolver: contractResolver(contactFieldsSchema, lang),
    defaultValues: {
      name: contact?.name ?? draft?.name ?? '',
      phone: contact?.phone ?? draft?.phone ?? '',
      email: contact?.email ?? draft?.email ?? '',
      company: contact?.company ?? draft?.company ?? '',
      jobTitle: contact?.jobTitle ?? draft?.jobTitle ?? '',
      address: contact?.address ?? draft?.address ?? '',
      note: contact?.note ?? draft?.note ?? '',
    },
  });
  const error = (message: string | undefined) => shownFieldText(message, lang);

  return (
    <form
      className="contact-form"
      noValidate
      aria-label={contact ? t`Sửa liên hệ` : t`Thêm liên hệ`}
      onSubmit={handleSubmit(onSubmit)}
    >
      <h2>{contact ? t`Sửa liên hệ` : t`Thêm liên hệ`}</h2>
      <TextField
        label={t`Họ tên`}
        autoComplete="off"
        {...register('name')}
        error={error(errors.name?.message)}
      />
      <TextField
        label={t`Số điện thoại`}
        type="tel"
        inputMode="tel"
        {...register('phone')}
        error={error(errors.phone?.message)}
      />
      <TextField
        label={t`Email`}
        type="email"
        {...register('email')}
        error={error(errors.email?.message)}
      />
      <TextField
        label={t`Công ty`}
        {...register('company')}
        error={error(errors.company?.message)}
      />
      <TextField
        label={t`Chức danh`}
        {...register('jobTitle')}
        error={error(errors.jobTitle?.message)}
      />
      <TextField
        label={t`Địa chỉ`}
        {...register('address')}
        error={error(errors.address?.message)}
      />
      <TextField label={t`Ghi chú`} {...register('note')} error={error(errors.note?.message)} />
      <FormFooter onCancel={onCancel} busy={isSubmitting} />
    </form>
  );
}

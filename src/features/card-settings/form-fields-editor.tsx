// The fields of a registration form, edited as a list: a brand's (decision 0640) and a member's
// own (decision 1121) are the same shape and saved the same way, online.
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { useOnline } from '../../ui/offline-indicator';
import { toast } from '../../ui/toast';
import { ApiRequestError } from '../../api/http-client';
import { formFieldTypes, type FormField } from '../../../contract/card-settings';
import { failureText, useMessageLang } from './settings-messages';

interface FormFieldsEditorProps {
  /** The fields as the server has them (undefined while they load). */
  saved: FormField[] | undefined;
  /** Sends the whole list; resolves once the server has it. */
  onSave: (fields: FormField[]) => Promise<unknown>;
  title: string;
  hint: string;
  titleId: string;
}

export function FormFieldsEditor({ saved, onSave, title, hint, titleId }: FormFieldsEditorProps) {
  const { t } = useLingui();
  const lang = useMessageLang();
  const online = useOnline();
  const [draft, setDraft] = useState<FormField[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const fields = draft ?? saved ?? [];
  const typeLabels: Record<(typeof formFieldTypes)[number], string> = {
    text: t`Chữ`,
    textarea: t`Đoạn văn`,
    phone: t`Số điện thoại`,
    email: t`Email`,
    number: t`Số`,
    date: t`Ngày`,
  };
  const edit = (index: number, change: Partial<FormField>) =>
    setDraft(fields.map((f, i) => (i === index ? { ...f, ...change } : f)));
  const save = async () => {
    setSaving(true);
    setErrors({});
    try {
      await onSave(fields);
      setDraft(null);
      toast.success(t`Đã lưu biểu mẫu`);
    } catch (error) {
      if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) {
        setErrors(error.fields);
      } else {
        toast.error(failureText(error, lang));
      }
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className="settings-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <p className="field__hint">{hint}</p>
      <ol className="form-fields">
        {fields.map((field, index) => (
          <li key={index} className="form-fields__row">
            <TextField
              label={t`Tên trường ${index + 1}`}
              value={field.label}
              onChange={(e) => edit(index, { label: e.target.value })}
              error={errors[`fields.${index}.label`]}
            />
            <div className="field">
              <label className="field__label" htmlFor={`${titleId}-type-${index}`}>
                <Trans>Kiểu</Trans>
              </label>
              <select
                id={`${titleId}-type-${index}`}
                className="field__input"
                value={field.type}
                onChange={(e) => edit(index, { type: e.target.value as FormField['type'] })}
              >
                {formFieldTypes.map((type) => (
                  <option key={type} value={type}>
                    {typeLabels[type]}
                  </option>
                ))}
              </select>
            </div>
            <label className="form-fields__required">
              <input
                type="checkbox"
                checked={field.required}
                onChange={(e) => edit(index, { required: e.target.checked })}
              />{' '}
              <Trans>Bắt buộc</Trans>
            </label>
            <Button
              variant="secondary"
              onClick={() => setDraft(fields.filter((_, i) => i !== index))}
            >
              <Trans>Xoá trường</Trans>
            </Button>
          </li>
        ))}
      </ol>
      {errors.fields && (
        <p className="field__error" role="alert">
          {errors.fields}
        </p>
      )}
      <div className="button-row">
        <Button
          variant="secondary"
          disabled={fields.length >= 20}
          onClick={() => setDraft([...fields, { label: '', type: 'text', required: false }])}
        >
          <Trans>Thêm trường</Trans>
        </Button>
        <Button onClick={() => void save()} busy={saving} disabled={!online || draft === null}>
          <Trans>Lưu biểu mẫu</Trans>
        </Button>
      </div>
    </section>
  );
}

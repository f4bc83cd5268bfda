// A picture field: a file input with its preview and a clear message when the file is not an
// accepted picture or is too large (checked here first; the server checks the content again).
import { useId, useState, type ChangeEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { acceptedImageTypes, maxUploadBytes } from '../../contract/image';
import './image-picker.css';

interface ImagePickerProps {
  label: string;
  /** What to show now (a local blob while the picture waits to be uploaded); null: none. */
  src: string | null;
  /** The preview's shape, as the card shows the picture. */
  shape: 'round' | 'wide' | 'tall' | 'square';
  /** Called with an accepted file. */
  onPick: (file: File) => void | Promise<void>;
  /** Shown under the field (e.g. "waiting to be uploaded"). */
  status?: string | undefined;
  /** A message from elsewhere (the server refused the picture). */
  error?: string | undefined;
  disabled?: boolean;
}

export function ImagePicker({
  label,
  src,
  shape,
  onPick,
  status,
  error,
  disabled,
}: ImagePickerProps) {
  const { t } = useLingui();
  const id = useId();
  const [localError, setLocalError] = useState<string | null>(null);
  const shown = localError ?? error;
  const maxMb = Math.round(maxUploadBytes / (1024 * 1024));

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!(acceptedImageTypes as readonly string[]).includes(file.type)) {
      setLocalError(t`Tệp này không phải ảnh JPEG, PNG, WebP hay AVIF`);
      return;
    }
    if (file.size > maxUploadBytes) {
      setLocalError(t`Ảnh quá lớn: tối đa ${maxMb} MB`);
      return;
    }
    setLocalError(null);
    void onPick(file);
  };

  return (
    <div className={`image-picker image-picker--${shape}`}>
      <label className="image-picker__label" htmlFor={id}>
        {label}
      </label>
      <div className="image-picker__preview">
        {src ? <img src={src} alt={label} /> : <span aria-hidden="true">＋</span>}
      </div>
      {/* The native input lies, transparent, over a button-looking face: the tap lands on the
          input itself (its label and name unchanged), and no "No file chosen" shows. */}
      <div className="image-picker__choose">
        <span className="button button--secondary" aria-hidden="true">
          {src ? t`Đổi ảnh` : t`Chọn ảnh`}
        </span>
        <input
          id={id}
          className="image-picker__input"
          type="file"
          accept={acceptedImageTypes.join(',')}
          onChange={onChange}
          disabled={disabled}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : status ? `${id}-status` : undefined}
        />
      </div>
      {status && !shown && (
        <span id={`${id}-status`} className="image-picker__status">
          {status}
        </span>
      )}
      {shown && (
        <span id={`${id}-error`} className="image-picker__error" role="alert">
          {shown}
        </span>
      )}
    </div>
  );
}

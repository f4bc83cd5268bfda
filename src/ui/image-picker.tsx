// A picture field: a file input with its preview and a clear message when the file is not an
// accepted picture or is too large (checked here first; the server checks the content again).
// It can crop the picture to the shape it is shown in, and remove it.
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ImagePlus } from 'lucide-react';
import { acceptedImageTypes, maxUploadBytes } from '../../contract/image';
import { Button } from './button';
import { ImageCropDialog } from './image-crop-dialog';
import './image-picker.css';

type Shape = 'round' | 'wide' | 'tall' | 'square';

/** Width / height of each shape, as the card shows it (banner 3:1, background a phone's 9:16). */
const shapeAspect: Record<Shape, number> = { round: 1, square: 1, wide: 3, tall: 9 / 16 };

interface ImagePickerProps {
  label: string;
  /** What to show now (a local blob while the picture waits to be uploaded); null: none. */
  src: string | null;
  /** The preview's shape, as the card shows the picture. */
  shape: Shape;
  /** Called with an accepted file (cropped to the shape when `crop` is set). */
  onPick: (file: File) => void | Promise<void>;
  /** Let the member choose the part of the picture that fills the shape before it is kept. */
  crop?: boolean;
  /** Offered while there is a picture: takes it off (the owner confirms and says so). */
  onRemove?: (() => void) | undefined;
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
  crop = false,
  onRemove,
}: ImagePickerProps) {
  const { t } = useLingui();
  const id = useId();
  const [localError, setLocalError] = useState<string | null>(null);
  // The picture being cropped, shown through an object URL made here and revoked with it.
  const [cropping, setCropping] = useState<{ file: File; src: string } | null>(null);
  useEffect(() => (cropping ? () => URL.revokeObjectURL(cropping.src) : undefined), [cropping]);
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
    if (crop) setCropping({ file, src: URL.createObjectURL(file) });
    else void onPick(file);
  };

  return (
    <div className={`image-picker image-picker--${shape}`}>
      <label id={`${id}-label`} className="image-picker__label" htmlFor={id}>
        {label}
      </label>
      <div className="image-picker__preview">
        {src ? <img src={src} alt={label} /> : <ImagePlus aria-hidden="true" size={32} />}
      </div>
      {/* The native input lies, transparent, over a button-looking face: the tap lands on the
          input itself (its label and name unchanged), and no "No file chosen" shows. */}
      <div className="cluster">
        <div className="image-picker__choose">
          {/* Says it is disabled as the input is: the dimmed look of base.css, and no contrast
              rule applies to a control that cannot be used (axe read the dimmed text mid-upload). */}
          <span
            className="button button--secondary"
            aria-hidden="true"
            aria-disabled={disabled ? true : undefined}
          >
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
        {src && onRemove && (
          // Described by the field's name: a screen has several pictures to remove.
          <Button
            variant="secondary"
            disabled={disabled}
            onClick={onRemove}
            aria-describedby={`${id}-label`}
          >
            {t`Xoá ảnh`}
          </Button>
        )}
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
      {cropping && (
        <ImageCropDialog
          src={cropping.src}
          aspect={shapeAspect[shape]}
          round={shape === 'round'}
          title={label}
          onCancel={() => setCropping(null)}
          onCrop={(cropped) => {
            setCropping(null);
            const name = cropping.file.name.replace(/\.[^.]*$/, '') || 'anh';
            void onPick(
              new File([cropped], `${name}.${cropped.type.split('/')[1] ?? 'png'}`, {
                type: cropped.type,
              }),
            );
          }}
        />
      )}
    </div>
  );
}

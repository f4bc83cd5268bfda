// The pictures of a post, product, relic or poster: picked from the device, never typed in.
// A picked picture is kept on this device and its final address goes into the form at once
// (decision 0620); offline it shows from the device and is uploaded before the item is sent.
import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { messageText } from '../../../contract/messages';
import { parseImageUrl } from '../../../contract/image';
import { appDb } from '../../db/app-db';
import { queueImageUpload } from '../../sync/image-uploads';
import { useImageSrc } from '../../sync/use-image-src';
import { ImagePicker } from '../../ui/image-picker';
import { toast } from '../../ui/toast';

/** The upload state of a picture of this device: waiting, refused (with why), or none. */
function useWaiting(url: string): { pending: boolean; refused: string | undefined } {
  const { i18n } = useLingui();
  const uploadId = parseImageUrl(url)?.uploadId;
  const row = useLiveQuery(
    async () => (uploadId ? await appDb.pendingImages.get(uploadId) : undefined),
    [uploadId],
  );
  const lang = i18n.locale === 'en' ? 'en' : 'vi';
  return {
    pending: row?.state === 'pending',
    refused: row?.state === 'rejected' && row.error ? messageText(row.error.code, lang) : undefined,
  };
}

function ChosenImage({
  url,
  label,
  onRemove,
}: {
  url: string;
  label: string;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  const src = useImageSrc(url);
  const { pending, refused } = useWaiting(url);
  return (
    <li className="content-images__item stack stack--tight">
      {src ? <img src={src} alt={label} /> : <span className="content-images__blank" />}
      {pending && <span className="content-images__status">{t`Đang chờ tải lên`}</span>}
      {refused && (
        <span className="field__error" role="alert">
          {refused}
        </span>
      )}
      <button
        type="button"
        className="content-images__remove"
        aria-label={t`Bỏ ${label}`}
        onClick={onRemove}
      >
        ×
      </button>
    </li>
  );
}

interface ContentImagesFieldProps {
  label: string;
  /** The picture addresses now in the form. */
  urls: readonly string[];
  /** Several pictures (product, relic, poster) or one (a post's picture). */
  multiple: boolean;
  onChange: (urls: string[]) => void;
  /** The form's message for the field (e.g. images required). */
  error?: string | undefined;
}

export function ContentImagesField({
  label,
  urls,
  multiple,
  onChange,
  error,
}: ContentImagesFieldProps) {
  const { t } = useLingui();
  const [keepError, setKeepError] = useState<string | undefined>(undefined);
  // The list as it is now, for an undo that comes after other changes.
  const current = useRef(urls);
  useEffect(() => {
    current.current = urls;
  }, [urls]);
  // Taken off the form only: the item keeps it until the form is saved, and the toast says so.
  const remove = (index: number, label: string) => {
    const url = urls[index];
    if (url === undefined) return;
    onChange(urls.filter((_, i) => i !== index));
    toast.info(t`Đã bỏ ${label}. Bấm Lưu để cập nhật.`, {
      durationMs: 5000,
      action: {
        label: t`Hoàn tác`,
        onAction: () => {
          const now = current.current;
          if (now.includes(url)) return;
          onChange(multiple ? [...now.slice(0, index), url, ...now.slice(index)] : [url]);
        },
      },
    });
  };
  const onPick = async (file: File) => {
    try {
      const url = await queueImageUpload(file, 'content');
      setKeepError(undefined);
      onChange(multiple ? [...urls, url] : [url]);
    } catch {
      setKeepError(t`Không lưu được ảnh trên thiết bị này`);
    }
  };
  return (
    <div className="content-images stack stack--tight">
      {urls.length > 0 && (
        <ul className="content-images__list cluster" aria-label={t`Ảnh đã chọn: ${label}`}>
          {urls.map((url, index) => (
            <ChosenImage
              key={`${index}-${url}`}
              url={url}
              label={t`Ảnh ${index + 1}`}
              onRemove={() => remove(index, t`Ảnh ${index + 1}`)}
            />
          ))}
        </ul>
      )}
      <ImagePicker
        label={multiple || urls.length === 0 ? label : t`Đổi ảnh`}
        src={null}
        shape="square"
        onPick={onPick}
        error={keepError ?? error}
      />
    </div>
  );
}

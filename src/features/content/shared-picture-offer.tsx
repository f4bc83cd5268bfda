// A picture shared into the app from another app (Web Share Target, decision 1004): the worker
// kept it in a cache and opened the post screen. Here the member chooses whose post it starts
// (their own card's or a brand's they run); the picture is then kept on this device like one
// picked in the form, and uploaded before the post is sent.
import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { acceptedImageTypes, maxUploadBytes } from '../../../contract/image';
import { forgetSharedItem, readSharedItem, readSharedPicture } from '../../lib/shared-items';
import { queueImageUpload } from '../../sync/image-uploads';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';

interface SharedPictureOfferProps {
  sharedId: string;
  /** Brands the member runs: each can own the post. */
  brands: readonly { groupId: string; groupName: string }[];
  /** The picture is kept on this device: open a new post of that owner with it. */
  onStart: (brandId: string | undefined, imageUrl: string) => void;
  /** The share is set aside or cannot be used. */
  onDone: () => void;
}

type Shared = { state: 'reading' } | { state: 'ready'; picture: Blob; src: string };

const megabytes = (bytes: number) => Math.ceil(bytes / (1024 * 1024));

export function SharedPictureOffer({ sharedId, brands, onStart, onDone }: SharedPictureOfferProps) {
  const { t } = useLingui();
  const [shared, setShared] = useState<Shared>({ state: 'reading' });
  const [starting, setStarting] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    let src: string | null = null;
    const refuse = (message: string) => {
      toast.error(message);
      void forgetSharedItem(sharedId);
      onDone();
    };
    void Promise.all([readSharedItem(sharedId), readSharedPicture(sharedId)])
      .catch(() => [null, null] as const)
      .then(([item, picture]) => {
        if (!current) return;
        if (!item || !picture) {
          refuse(t`Ảnh được chia sẻ không còn trên máy này. Hãy chia sẻ lại.`);
          return;
        }
        const type = picture.type || item.pictureType || '?';
        if (!(acceptedImageTypes as readonly string[]).includes(type)) {
          refuse(t`Ảnh được chia sẻ là tệp ${type}: chỉ nhận ảnh JPEG, PNG, WebP hay AVIF`);
          return;
        }
        if (picture.size > maxUploadBytes) {
          const size = megabytes(picture.size);
          const max = megabytes(maxUploadBytes);
          refuse(t`Ảnh được chia sẻ nặng ${size} MB: tối đa ${max} MB`);
          return;
        }
        src = URL.createObjectURL(picture);
        setShared({ state: 'ready', picture, src });
      });
    return () => {
      current = false;
      if (src) URL.revokeObjectURL(src);
    };
  }, [sharedId, onDone, t]);

  if (shared.state === 'reading') return <Spinner />;

  const start = async (brandId: string | undefined) => {
    setStarting(brandId ?? 'me');
    setError(null);
    try {
      // From here the device keeps the picture (pendingImages) until the server has it.
      const url = await queueImageUpload(shared.picture, 'content');
      await forgetSharedItem(sharedId);
      onStart(brandId, url);
    } catch {
      setError(t`Không lưu được ảnh trên thiết bị này. Máy có thể đã hết bộ nhớ.`);
      setStarting(null);
    }
  };

  const setAside = () => {
    void forgetSharedItem(sharedId);
    onDone();
  };

  return (
    <section className="surface stack shared-picture" aria-labelledby="shared-picture-title">
      <h2 id="shared-picture-title">{t`Ảnh vừa được chia sẻ`}</h2>
      <img className="shared-picture__image" src={shared.src} alt={t`Ảnh được chia sẻ`} />
      <p>
        {brands.length > 0
          ? t`Bắt đầu một bài viết với ảnh này? Chọn bài viết của ai.`
          : t`Bắt đầu một bài viết với ảnh này?`}
      </p>
      <div className="cluster">
        <Button
          busy={starting === 'me'}
          disabled={starting !== null}
          onClick={() => void start(undefined)}
        >
          {brands.length > 0 ? t`Bài viết của tôi` : t`Tạo bài viết`}
        </Button>
        {brands.map((brand) => (
          <Button
            key={brand.groupId}
            variant="secondary"
            busy={starting === brand.groupId}
            disabled={starting !== null}
            onClick={() => void start(brand.groupId)}
          >
            {t`Bài viết của ${brand.groupName}`}
          </Button>
        ))}
        <Button variant="secondary" disabled={starting !== null} onClick={setAside}>
          {t`Bỏ qua`}
        </Button>
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

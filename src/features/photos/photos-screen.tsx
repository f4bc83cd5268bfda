// /action/setting/photos — the member's avatar, banner and background. A picked picture is
// shown at once from this device, waits there while offline, and reaches the card when the
// engine has uploaded it and sent the change (decision 0620).
import { useState } from 'react';
import { Plural, useLingui, Trans } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { useQuery } from '@tanstack/react-query';
import { messageText } from '../../../contract/messages';
import {
  parseImageUrl,
  type ProfileImageSlot,
  type ProfileSetImage,
} from '../../../contract/image';
import { apiCall } from '../../api/http-client';
import { authProfile } from '../../../contract/rest-routes';
import { QueryScope } from '../../api/query-client';
import { currentMemberId } from '../../api/current-member';
import { appDb, type PendingImageRow } from '../../db/app-db';
import { queueImageUpload } from '../../sync/image-uploads';
import { queueProfileImage } from '../../sync/profile-images';
import { useImageSrc } from '../../sync/use-image-src';
import { ImagePicker } from '../../ui/image-picker';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { toast } from '../../ui/toast';
import { toastWriteFailed } from '../../ui/write-failed';
import { EmptyState } from '../../ui/empty-state';
import { usePageTitle } from '../../ui/page-title';
import './photos.css';

const slotField = {
  avatar: 'avatarUrl',
  banner: 'bannerUrl',
  background: 'backgroundUrl',
} as const;

type Pictures = Record<ProfileImageSlot, string | null>;

/** The pictures as this device will show them: queued changes over the mirror over the server. */
function usePictures(memberId: string): Pictures {
  const profile = useLiveQuery(() => appDb.profile.get(memberId), [memberId]);
  const queued = useLiveQuery(
    async () =>
      (await appDb.outbox.where('state').equals('pending').sortBy('seq')).filter(
        (entry) => entry.name === 'profile.setImage',
      ),
    [],
  );
  // Until the profile is mirrored on this device, the server says what the card shows.
  const server = useQuery({
    // Asked again whenever queued changes leave the outbox (the server has them now).
    queryKey: ['own-profile', memberId, queued?.length ?? 0],
    queryFn: () => apiCall(authProfile),
    enabled: profile === undefined && queued !== undefined,
    retry: false,
    staleTime: 0,
  });
  const pictures: Pictures = { avatar: null, banner: null, background: null };
  for (const slot of ['avatar', 'banner', 'background'] as const) {
    // A mirrored profile decides, its blanks too: the server's answer, fetched before the
    // mirror arrived, would bring back a picture removed since.
    pictures[slot] = profile
      ? (profile[slotField[slot]] ?? null)
      : (server.data?.member[slotField[slot]] ?? null);
  }
  for (const entry of queued ?? []) {
    const payload = entry.payload as ProfileSetImage;
    pictures[payload.slot] = payload.url;
  }
  return pictures;
}

function SlotPicker({
  slot,
  url,
  waiting,
}: {
  slot: ProfileImageSlot;
  url: string | null;
  waiting: PendingImageRow | undefined;
}) {
  const { t, i18n } = useLingui();
  const src = useImageSrc(url);
  const lang = i18n.locale === 'en' ? 'en' : 'vi';
  const labels: Record<ProfileImageSlot, string> = {
    avatar: t`Ảnh đại diện`,
    banner: t`Ảnh bìa`,
    background: t`Ảnh nền`,
  };
  const shapes = { avatar: 'round', banner: 'wide', background: 'tall' } as const;
  const [removing, setRemoving] = useState(false);
  // Mid-sentence ("Đã lưu ảnh bìa…"), the field's name in lower case.
  const named = labels[slot].toLocaleLowerCase(i18n.locale);
  const refused =
    waiting?.state === 'rejected' && waiting.error
      ? messageText(waiting.error.code, lang)
      : undefined;
  // On this device at once; the server has it only once the engine has sent it.
  const savedHere = (done: string) =>
    toast.success(
      navigator.onLine
        ? t`${done} trên máy này, đang gửi`
        : t`${done} trên máy này, sẽ gửi khi có mạng`,
    );
  return (
    <>
      <ImagePicker
        label={labels[slot]}
        src={src}
        shape={shapes[slot]}
        crop
        status={waiting?.state === 'pending' ? t`Đang chờ tải lên` : undefined}
        error={refused}
        onPick={async (file) => {
          try {
            const next = await queueImageUpload(file, slot);
            await queueProfileImage(slot, next);
            savedHere(t`Đã lưu ${named}`);
          } catch (error) {
            toastWriteFailed(
              error,
              t`Không lưu được ảnh trên thiết bị này. Máy có thể đã hết bộ nhớ.`,
            );
          }
        }}
        onRemove={() => setRemoving(true)}
      />
      {/* Only while asked: a closed dialog's title would still name the field. */}
      {removing && (
        <ConfirmDialog
          open
          title={t`Xoá ${named}?`}
          danger
          confirmLabel={t`Xoá ảnh`}
          onCancel={() => setRemoving(false)}
          onConfirm={() => {
            setRemoving(false);
            void queueProfileImage(slot, null).then(
              () => savedHere(t`Đã xoá ${named}`),
              () => toast.error(t`Không xoá được. Vui lòng thử lại!`),
            );
          }}
        >
          <p>{t`Thẻ sẽ không còn ảnh này. Bạn có thể chọn ảnh khác bất cứ lúc nào.`}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

export function PhotosScreen() {
  const { t } = useLingui();
  usePageTitle(t`Ảnh của thẻ`);
  const memberId = currentMemberId();
  if (!memberId) {
    return (
      <main className="photos-page page stack">
        <EmptyState title={t`Vui lòng đăng nhập để đổi ảnh`} />
      </main>
    );
  }
  return (
    <QueryScope>
      <Photos memberId={memberId} />
    </QueryScope>
  );
}

function Photos({ memberId }: { memberId: string }) {
  const pictures = usePictures(memberId);
  const waiting = useLiveQuery(() => appDb.pendingImages.toArray(), []) ?? [];
  const waitingFor = (url: string | null) => {
    const id = parseImageUrl(url)?.uploadId;
    return id ? waiting.find((row) => row.id === id) : undefined;
  };
  const pendingCount = waiting.filter((row) => row.state === 'pending').length;
  return (
    <main className="photos-page page stack">
      <h1>
        <Trans>Ảnh của thẻ</Trans>
      </h1>
      <p className="photos-page__hint">
        <Trans>
          Ảnh được thu nhỏ trên máy trước khi gửi. Khi không có mạng, ảnh được giữ trên máy và tự
          tải lên khi có mạng trở lại.
        </Trans>
      </p>
      <p className="photos-page__waiting" role="status" data-waiting={pendingCount}>
        {pendingCount > 0 ? (
          <Plural value={pendingCount} other="# ảnh đang chờ tải lên" />
        ) : (
          <Trans>Không có ảnh nào đang chờ tải lên</Trans>
        )}
      </p>
      <div className="photos-page__slots stack">
        {(['avatar', 'banner', 'background'] as const).map((slot) => (
          <SlotPicker
            key={slot}
            slot={slot}
            url={pictures[slot]}
            waiting={waitingFor(pictures[slot])}
          />
        ))}
      </div>
    </main>
  );
}

import { useEffect, useMemo, useRef, useState } from 'react';
import { useLingui, Trans } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb, type ProfileRow } from '../../db/app-db';
import { findTheme, themeCatalogue } from '../../../contract/theme';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast';
import { downloadBlob } from '../../ui/download-file';
import { paintQr } from '../../ui/qr-paint';
import {
  buildEmailSignature,
  emailSignatureDocument,
  emailSignatureText,
  type SignatureInput,
} from './email-signature';
import {
  backgroundLayouts,
  backgroundPng,
  paintBackground,
  type BackgroundLayout,
} from './virtual-background';

interface ShareExtrasProps {
  profile: ProfileRow;
  /** The card's public link (the QR's content). */
  link: string;
  /** Colour of the QR's dark modules (readable on white). */
  qrDark: string;
}

/**
 * More ways to share the card from the owner's QR screen: an e-mail signature and a video-call
 * background, both made on the device from the mirrored profile (offline too).
 */
export function ShareExtras({ profile, link, qrDark }: ShareExtrasProps) {
  return (
    <>
      <EmailSignature profile={profile} link={link} qrDark={qrDark} />
      <VirtualBackground profile={profile} link={link} qrDark={qrDark} />
    </>
  );
}

function themeColors(profile: ProfileRow) {
  return (findTheme(profile.theme) ?? themeCatalogue[0]!).value;
}

function absoluteUrl(url: string | null | undefined): string | null {
  return url ? new URL(url, location.origin).href : null;
}

function EmailSignature({ profile, link, qrDark }: ShareExtrasProps) {
  const { t } = useLingui();
  const [qrDataUrl, setQrDataUrl] = useState<string | null>(null);
  const links = useLiveQuery(
    () => appDb.accountLinks.where('memberId').equals(profile.id).sortBy('ordinal'),
    [profile.id],
  );
  useEffect(() => {
    if (!link) return;
    const canvas = document.createElement('canvas');
    canvas.width = 144;
    void paintQr(canvas, link, { fitCanvas: true, dark: qrDark, level: 'M' }).then(() =>
      setQrDataUrl(canvas.toDataURL('image/png')),
    );
  }, [link, qrDark]);

  const input: SignatureInput = useMemo(
    () => ({
      name: profile.name,
      jobTitle: profile.jobTitle,
      company: profile.workplace,
      phone: profile.contactPhone,
      email: profile.contactEmail,
      website: profile.website,
      photoUrl: absoluteUrl(profile.avatarUrl),
      cardUrl: link,
      qrDataUrl,
      links: (links ?? [])
        .filter((row) => row.kind === 'link' && !row.hidden && row.url && !row.deletedAt)
        .map((row) => ({ title: row.title, url: row.url! })),
      cardLinkText: t`Xem danh thiếp của tôi`,
      colors: { accent: qrDark, text: '#333333' },
    }),
    [profile, link, qrDataUrl, links, qrDark, t],
  );
  const html = useMemo(() => buildEmailSignature(input), [input]);

  async function copy() {
    try {
      await navigator.clipboard.write([
        new ClipboardItem({
          'text/html': new Blob([html], { type: 'text/html' }),
          'text/plain': new Blob([emailSignatureText(input)], { type: 'text/plain' }),
        }),
      ]);
      toast.success(t`Đã chép chữ ký, hãy dán vào phần chữ ký của hộp thư`);
    } catch {
      toast.error(t`Trình duyệt không cho chép chữ ký; hãy tải tệp .html`);
    }
  }

  return (
    <section className="qr-page__vcard stack stack--tight" aria-labelledby="email-signature-title">
      <h2 id="email-signature-title">
        <Trans>Chữ ký e-mail</Trans>
      </h2>
      <p>
        <Trans>Dán vào Gmail, Outlook hoặc Apple Mail.</Trans>
      </p>
      {/* A frame: the preview shows the very markup a mail program gets, no page styles. */}
      <iframe
        className="qr-page__signature"
        data-testid="email-signature"
        title={t`Xem trước chữ ký e-mail`}
        // Same origin so the photo loads as in a mail program; still no scripts.
        sandbox="allow-same-origin"
        srcDoc={emailSignatureDocument(html, profile.name)}
        onLoad={(event) => {
          const frame = event.currentTarget;
          const body = frame.contentDocument?.body;
          if (body) frame.style.height = `${body.scrollHeight + 16}px`;
        }}
      />
      <div className="qr-page__actions cluster">
        <Button onClick={() => void copy()}>
          <Trans>Chép chữ ký</Trans>
        </Button>
        <Button
          variant="secondary"
          onClick={() =>
            downloadBlob(
              new Blob([emailSignatureDocument(html, profile.name)], { type: 'text/html' }),
              'mecards-chu-ky.html',
            )
          }
        >
          <Trans>Tải tệp .html</Trans>
        </Button>
      </div>
    </section>
  );
}

function VirtualBackground({ profile, link, qrDark }: ShareExtrasProps) {
  const { t } = useLingui();
  const [layout, setLayout] = useState<BackgroundLayout>('side');
  const canvas = useRef<HTMLCanvasElement>(null);
  const layoutNames: Record<BackgroundLayout, string> = {
    side: t`Dải bên trái`,
    banner: t`Dải phía dưới`,
    corner: t`Góc phải`,
  };

  useEffect(() => {
    if (!canvas.current || !link) return;
    const target = canvas.current;
    delete target.dataset.drawn;
    paintBackground(
      target,
      {
        name: profile.name,
        jobTitle: profile.jobTitle,
        company: profile.workplace,
        cardUrl: link,
        colors: themeColors(profile),
        qrDark,
      },
      layout,
    );
    target.dataset.drawn = 'true';
  }, [profile, link, qrDark, layout]);

  return (
    <section
      className="qr-page__vcard stack stack--tight"
      aria-labelledby="virtual-background-title"
    >
      <h2 id="virtual-background-title">
        <Trans>Hình nền cuộc gọi video</Trans>
      </h2>
      <fieldset className="qr-page__layouts cluster">
        <legend>
          <Trans>Bố cục</Trans>
        </legend>
        {backgroundLayouts.map((value) => (
          <label key={value} className="qr-page__toggle cluster">
            <input
              type="radio"
              name="background-layout"
              value={value}
              checked={layout === value}
              onChange={() => setLayout(value)}
            />
            {layoutNames[value]}
          </label>
        ))}
      </fieldset>
      <canvas
        ref={canvas}
        className="qr-page__background"
        role="img"
        aria-label={t`Hình nền 1920×1080 có tên và mã QR của bạn`}
        data-testid="virtual-background"
      />
      <Button
        variant="secondary"
        onClick={() => {
          if (!canvas.current) return;
          void backgroundPng(canvas.current).then((blob) =>
            downloadBlob(blob, `mecards-hinh-nen-${layout}.png`),
          );
        }}
      >
        <Trans>Tải hình nền PNG</Trans>
      </Button>
    </section>
  );
}

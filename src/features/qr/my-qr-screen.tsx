import { useEffect, useMemo, useRef, useState } from 'react';
import { useLingui, Trans } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../../db/app-db';
import { readCookie } from '../../lib/cookies';
import { cookieNames } from '../../../contract/cookie-names';
import { cardLinkOf } from '../../lib/qr';
import { findTheme } from '../../../contract/theme';
import { buildVCard } from '../../../contract/vcard';
import { usePageTitle } from '../../ui/page-title';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { toast } from '../../ui/toast';
import { downloadCanvasPng, paintQr, readableQrColor } from '../../ui/qr-paint';
import { downloadQrPdf, downloadQrSvg, nfcWritable, writeNfcLink } from './qr-exports';
import { ShareExtras } from './share-extras';
import { WalletPasses } from './wallet-passes';
import './qr.css';
import { currentMemberId } from '../../api/current-member';

const appLogoUrl = '/icons/icon-192.png';

/**
 * /action/qrcode — the member's card as a QR code of its readable link (/me/{short link}), with
 * their avatar (or the app's logo) in the middle at level H, in the theme's colour when it
 * contrasts enough; PNG, SVG and PDF files; a second code carrying the vCard itself (no network
 * needed to save the contact); NFC tag writing where the browser has Web NFC. Drawn on the
 * device, so offline too.
 */
export function MyQrScreen() {
  const { t } = useLingui();
  usePageTitle(t`Mã QR của tôi`);
  const memberId = currentMemberId();
  const profile = useLiveQuery(
    () => (memberId ? appDb.profile.get(memberId) : undefined),
    [memberId],
  );
  const [withLogo, setWithLogo] = useState(true);
  const canvas = useRef<HTMLCanvasElement>(null);
  const vcardCanvas = useRef<HTMLCanvasElement>(null);
  // The readable short link (decision 0902); the id until one is known. A booth scanner
  // resolves a short link from the roster it mirrors with no network, an id always.
  const cardKey = profile?.urlMinify || readCookie(cookieNames.urlMinify) || memberId;
  const link = cardKey ? cardLinkOf(window.location.origin, cardKey) : '';
  const dark = readableQrColor(findTheme(profile?.theme)?.value.button);
  const logoUrl = withLogo ? profile?.avatarUrl || appLogoUrl : null;
  const vcard = useMemo(
    () =>
      profile
        ? buildVCard({
            name: profile.name,
            organization: profile.workplace,
            title: profile.jobTitle,
            phones: [
              ...(profile.contactPhone
                ? [{ number: profile.contactPhone, type: 'cell' as const }]
                : []),
              ...(profile.otherPhone
                ? [{ number: profile.otherPhone, type: 'work' as const }]
                : []),
            ],
            email: profile.contactEmail,
            website: profile.website,
            address: profile.address,
            cardUrl: link,
          })
        : '',
    [profile, link],
  );

  useEffect(() => {
    if (!canvas.current || !link) return;
    const target = canvas.current;
    target.width = 480;
    delete target.dataset.drawn;
    void paintQr(target, link, { logoUrl, fitCanvas: true, dark }).then(() => {
      target.dataset.drawn = 'true';
    });
  }, [link, logoUrl, dark]);

  useEffect(() => {
    if (!vcardCanvas.current || !vcard) return;
    const target = vcardCanvas.current;
    target.width = 640;
    delete target.dataset.drawn;
    void paintQr(target, vcard, { fitCanvas: true, level: 'M' }).then(() => {
      target.dataset.drawn = 'true';
    });
  }, [vcard]);

  if (!memberId) {
    return (
      <main className="qr-page page stack">
        <EmptyState title={t`Vui lòng đăng nhập để xem mã QR của bạn`} />
      </main>
    );
  }
  const name = profile?.name ?? readCookie('name') ?? '';
  return (
    <main className="qr-page page stack">
      <h1>
        <Trans>Mã QR danh thiếp</Trans>
      </h1>
      {name && <p className="qr-page__name">{name}</p>}
      <canvas
        ref={canvas}
        className="qr-page__code"
        role="img"
        aria-label={t`Mã QR dẫn đến danh thiếp của bạn`}
        data-qr-text={link}
        data-testid="card-qr"
      />
      <p className="qr-page__link">{link}</p>
      <label className="qr-page__toggle cluster">
        <input type="checkbox" checked={withLogo} onChange={(e) => setWithLogo(e.target.checked)} />
        <Trans>Ảnh đại diện ở giữa</Trans>
      </label>
      <div className="qr-page__actions cluster">
        <Button
          onClick={() => {
            if (canvas.current) void downloadCanvasPng(canvas.current, 'mecards-qr.png');
          }}
        >
          <Trans>Tải ảnh PNG</Trans>
        </Button>
        <Button
          variant="secondary"
          onClick={() =>
            downloadQrSvg(
              link,
              { dark, logoHref: logoUrl ? new URL(logoUrl, location.origin).href : null },
              'mecards-qr.svg',
            )
          }
        >
          <Trans>Tải SVG</Trans>
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            if (canvas.current) void downloadQrPdf(canvas.current, link, 'mecards-qr.pdf');
          }}
        >
          <Trans>Tải PDF để in</Trans>
        </Button>
        {nfcWritable() && (
          <Button
            variant="secondary"
            onClick={() => {
              toast.info(t`Đưa thẻ NFC lại gần mặt sau điện thoại`);
              writeNfcLink(link)
                .then(() => toast.success(t`Đã ghi đường dẫn vào thẻ NFC`))
                .catch(() => toast.error(t`Không ghi được thẻ NFC`));
            }}
          >
            <Trans>Ghi vào thẻ NFC</Trans>
          </Button>
        )}
      </div>
      {vcard && (
        <section className="qr-page__vcard stack stack--tight" aria-labelledby="vcard-qr-title">
          <h2 id="vcard-qr-title">
            <Trans>Mã QR danh bạ</Trans>
          </h2>
          <p>
            <Trans>Quét để lưu thẳng vào danh bạ, không cần mạng.</Trans>
          </p>
          <canvas
            ref={vcardCanvas}
            className="qr-page__code"
            role="img"
            aria-label={t`Mã QR chứa thông tin liên hệ của bạn`}
            data-testid="vcard-qr"
          />
          <Button
            variant="secondary"
            onClick={() => {
              if (vcardCanvas.current)
                void downloadCanvasPng(vcardCanvas.current, 'mecards-vcard-qr.png');
            }}
          >
            <Trans>Tải mã QR danh bạ</Trans>
          </Button>
        </section>
      )}
      {profile && <WalletPasses cardVersion={profile.updatedAt} />}
      {profile && link && <ShareExtras profile={profile} link={link} qrDark={dark} />}
    </main>
  );
}

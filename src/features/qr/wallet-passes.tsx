import { useState } from 'react';
import { useLingui, Trans } from '@lingui/react/macro';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast';
import { downloadBlob } from '../../ui/download-file';
import { ApiRequestError } from '../../api/http-client';
import { QueryScope } from '../../api/query-client';
import { fetchApplePass, useGoogleWalletLink, useWalletAvailability } from './wallet-data';

/**
 * "Add to Apple Wallet" and "Save to Google Wallet" on the owner's share screen. Each shows only
 * when the server is configured for it; offline, the section is not shown (the passes are made
 * and signed by the server).
 */
export function WalletPasses({ cardVersion }: { cardVersion: string }) {
  return (
    <QueryScope>
      <WalletSection cardVersion={cardVersion} />
    </QueryScope>
  );
}

function WalletSection({ cardVersion }: { cardVersion: string }) {
  const { t } = useLingui();
  const availability = useWalletAvailability();
  const apple = availability.data?.apple === true;
  const google = availability.data?.google === true;
  const googleLink = useGoogleWalletLink(google, cardVersion);
  const [busy, setBusy] = useState(false);
  if (!apple && !google) return null;

  async function addToAppleWallet() {
    setBusy(true);
    try {
      downloadBlob(await fetchApplePass(), 'mecards.pkpass');
    } catch (error) {
      toast.error(
        error instanceof ApiRequestError
          ? error.message
          : t`Không tải được thẻ Apple Wallet: cần có mạng, hãy thử lại khi có kết nối.`,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="qr-page__vcard stack stack--tight" aria-labelledby="wallet-passes-title">
      <h2 id="wallet-passes-title">
        <Trans>Thêm vào ví điện tử</Trans>
      </h2>
      <p>
        <Trans>Danh thiếp nằm trong ví của điện thoại, mở mã QR không cần vào ứng dụng.</Trans>
      </p>
      <div className="qr-page__actions cluster">
        {apple && (
          <Button busy={busy} onClick={() => void addToAppleWallet()} data-testid="apple-wallet">
            <Trans>Thêm vào Apple Wallet</Trans>
          </Button>
        )}
        {google && googleLink.data && (
          <a
            className="button button--secondary"
            href={googleLink.data}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="google-wallet"
          >
            <Trans>Lưu vào Google Wallet</Trans>
          </a>
        )}
      </div>
    </section>
  );
}

// A bank account's VietQR payment code (NAPAS transfer to the account): drawn by the server
// when the page carries it, else painted with the card's one QR painter when it scrolls into
// view; banks' apps scan it to fill in the transfer.
import { useLingui } from '@lingui/react/macro';
import type { QrSvg } from '../../../contract/qr-svg';
import { LazyQrCanvas } from '../../ui/lazy-qr-canvas';
import { QrSvgImage } from '../../ui/qr-svg-image';

interface BankVietQrProps {
  /** The VietQR text (contract/card-facts.ts). */
  payload: string;
  drawn?: QrSvg | undefined;
  accountNumber: string;
  bankName: string;
  /** Called once when the code comes into view (tracking). */
  onShown?: () => void;
}

export function BankVietQr({ payload, drawn, accountNumber, bankName, onShown }: BankVietQrProps) {
  const { t } = useLingui();
  const label = t`Mã VietQR chuyển khoản tới tài khoản ${accountNumber} (${bankName})`;
  return (
    <figure className="card-bank__qr">
      {drawn ? (
        <QrSvgImage
          svg={drawn}
          className="card-bank__qr-canvas"
          label={label}
          data={{
            'data-vietqr': payload,
            'data-track-shown': 'vietqr_shown',
            'data-track-value': bankName,
          }}
          onShown={onShown}
        />
      ) : (
        <LazyQrCanvas
          text={payload}
          size={200}
          className="card-bank__qr-canvas"
          label={label}
          data={{ 'data-vietqr': payload }}
          onShown={onShown}
        />
      )}
      <figcaption>{t`Quét bằng ứng dụng ngân hàng để chuyển khoản`}</figcaption>
    </figure>
  );
}

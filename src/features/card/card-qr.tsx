// The card's QR code: drawn by the server when the page carries it, else painted when it
// scrolls into view (the encoder loads on demand).
import { Trans, useLingui } from '@lingui/react/macro';
import type { QrSvg } from '../../../contract/qr-svg';
import { LazyQrCanvas } from '../../ui/lazy-qr-canvas';
import { QrSvgImage } from '../../ui/qr-svg-image';

export function CardQr({
  url,
  drawn,
  name,
  onShown,
  shownValue,
}: {
  url: string;
  /** The code as the server drew it. */
  drawn?: QrSvg | undefined;
  name: string;
  /** What the island script counts when the code comes into view (qr_shown). */
  shownValue: string;
  /** Called once when the code comes into view (tracking). */
  onShown?: () => void;
}) {
  const { t } = useLingui();
  return (
    <section className="card-block card-qr" id="card-qr" aria-labelledby="card-qr-title">
      <h2 id="card-qr-title">
        <Trans>Mã QR</Trans>
      </h2>
      {drawn ? (
        <QrSvgImage
          svg={drawn}
          className="card-qr__canvas"
          label={t`Mã QR danh thiếp của ${name}`}
          data={{
            'data-qr-url': url,
            'data-track-shown': 'qr_shown',
            'data-track-value': shownValue,
          }}
          onShown={onShown}
        />
      ) : (
        <LazyQrCanvas
          text={url}
          size={232}
          className="card-qr__canvas"
          label={t`Mã QR danh thiếp của ${name}`}
          data={{ 'data-qr-url': url }}
          onShown={onShown}
        />
      )}
      <p className="card-qr__url">{url}</p>
    </section>
  );
}

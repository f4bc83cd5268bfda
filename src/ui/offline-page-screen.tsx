import { Trans, useLingui } from '@lingui/react/macro';
import { usePageTitle } from './page-title';

/**
 * A page that has no copy on this device and no network (decision 1060): says so and offers a
 * retry, never a 404. `onRetry` defaults to loading the page again.
 */
export function OfflinePageScreen({ onRetry }: { onRetry?: () => void }) {
  const { t } = useLingui();
  usePageTitle(t`Đang ngoại tuyến`);
  return (
    <main className="center-screen">
      <h1>
        <Trans>Bạn đang ngoại tuyến</Trans>
      </h1>
      <p>
        <Trans>Trang này sẽ mở khi có mạng trở lại.</Trans>
      </p>
      <p className="button-row">
        <button
          type="button"
          className="button offline-page__retry"
          onClick={() => (onRetry ? onRetry() : window.location.reload())}
        >
          <Trans>Thử lại</Trans>
        </button>
      </p>
    </main>
  );
}

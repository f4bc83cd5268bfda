import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { usePageTitle } from './page-title';

/** Spec §8: the title of the error screen. */
export const errorTitle = 'm.e Cards 500';

/** The /500 screen, also shown when a screen fails to render. */
export function ErrorScreen() {
  usePageTitle(errorTitle, { exact: true });
  return (
    <main className="center-screen">
      <h1>500</h1>
      <p>
        <Trans>Đã có lỗi xảy ra. Vui lòng thử lại sau!</Trans>
      </p>
      <p className="button-row">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          <Trans>Tải lại</Trans>
        </button>
        <Link to="/" className="button button--secondary">
          <Trans>Về trang chủ</Trans>
        </Link>
      </p>
    </main>
  );
}

import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { usePageTitle } from './page-title';

export function NotFoundScreen() {
  const { t } = useLingui();
  usePageTitle(t`Không tìm thấy trang`);
  return (
    <main className="center-screen">
      <h1>404</h1>
      <p>
        <Trans>Trang bạn tìm không tồn tại hoặc đã bị xoá.</Trans>
      </p>
      <Link to="/" className="button">
        <Trans>Về trang chủ</Trans>
      </Link>
    </main>
  );
}

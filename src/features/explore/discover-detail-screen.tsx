// /action/discover/detail?id=: one company of the directory, from the device (offline too),
// else from the server (a shared link on a new device).
import { Trans, useLingui } from '@lingui/react/macro';
import { usePageTitle } from '../../ui/page-title';
import { NotFoundScreen } from '../../ui/not-found-screen';
import { OfflinePageScreen } from '../../ui/offline-page-screen';
import { ErrorScreen } from '../../ui/error-screen';
import { useCompany } from './explore-data';
import { BackLink } from '../../ui/back-link';
import './explore.css';

export function DiscoverDetailScreen({ companyId }: { companyId: string | undefined }) {
  const { t } = useLingui();
  const state = useCompany(companyId);
  usePageTitle(state.kind === 'ready' ? state.company.name : t`Doanh nghiệp`);
  if (state.kind === 'loading')
    return <main className="explore-page page stack" aria-busy="true" />;
  if (state.kind === 'not-found') return <NotFoundScreen />;
  if (state.kind === 'offline') return <OfflinePageScreen />;
  if (state.kind === 'failed') return <ErrorScreen />;
  const { company } = state;
  const website = /^https?:\/\//.test(company.website) ? company.website : '';
  return (
    <main className="explore-page page stack">
      <p>
        <BackLink to="/action/discover">
          <Trans>← Danh bạ doanh nghiệp</Trans>
        </BackLink>
      </p>
      <h1>{company.name}</h1>
      <dl className="explore-facts">
        {company.sector && (
          <>
            <dt>
              <Trans>Ngành nghề</Trans>
            </dt>
            <dd>{company.sector}</dd>
          </>
        )}
        {company.province && (
          <>
            <dt>
              <Trans>Tỉnh/thành</Trans>
            </dt>
            <dd>{company.province}</dd>
          </>
        )}
        {company.address && (
          <>
            <dt>
              <Trans>Địa chỉ</Trans>
            </dt>
            <dd>{company.address}</dd>
          </>
        )}
        {company.phone && (
          <>
            <dt>
              <Trans>Điện thoại</Trans>
            </dt>
            <dd>
              <a href={`tel:${company.phone.replace(/[^\d+]/g, '')}`}>{company.phone}</a>
            </dd>
          </>
        )}
        {website && (
          <>
            <dt>
              <Trans>Website</Trans>
            </dt>
            <dd>
              <a href={website} rel="noopener noreferrer" target="_blank">
                {website}
              </a>
            </dd>
          </>
        )}
      </dl>
      {company.description && <p>{company.description}</p>}
      {company.cardUrl.startsWith('/') && (
        <p>
          <a href={company.cardUrl}>
            <Trans>Xem trang doanh nghiệp</Trans>
          </a>
        </p>
      )}
    </main>
  );
}

// /action/discover: the companies of the member's agency, searched as you type (on the device,
// marks ignored), by sector and province; browsable offline after one visit (decision 0810).
import { useDeferredValue, useMemo, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  distinctValues,
  exploreIndex,
  searchExplore,
  type ExploreCompany,
} from '../../../contract/agency';
import { formatDate, formatNumber } from '../../../contract/format';
import { usePageTitle } from '../../ui/page-title';
import { TextField } from '../../ui/text-field';
import { ErrorScreen } from '../../ui/error-screen';
import { EmptyState } from '../../ui/empty-state';
import { useDirectory } from './explore-data';
import './explore.css';

export function DiscoverScreen() {
  const { t } = useLingui();
  usePageTitle(t`Khám phá doanh nghiệp`);
  const state = useDirectory();
  if (state.kind === 'loading')
    return <main className="explore-page page stack" aria-busy="true" />;
  if (state.kind === 'failed') return <ErrorScreen />;
  if (state.kind === 'missing') {
    return (
      <main className="explore-page page stack">
        <h1>
          <Trans>Khám phá doanh nghiệp</Trans>
        </h1>
        <EmptyState
          title={
            state.offline
              ? t`Cần kết nối mạng để tải danh bạ doanh nghiệp lần đầu`
              : t`Bạn chưa thuộc hiệp hội nào có danh bạ doanh nghiệp`
          }
        />
      </main>
    );
  }
  return (
    <main className="explore-page page stack">
      <h1>{state.directory.agency.name}</h1>
      <p className="explore-muted">
        <Trans>
          {formatNumber(state.directory.companies.length)} doanh nghiệp · cập nhật{' '}
          {formatDate(state.directory.fetchedAt)}
        </Trans>
      </p>
      <CompanySearch companies={state.directory.companies} />
    </main>
  );
}

function CompanySearch({ companies }: { companies: ExploreCompany[] }) {
  const { t } = useLingui();
  const [query, setQuery] = useState('');
  const [sector, setSector] = useState('');
  const [province, setProvince] = useState('');
  const index = useMemo(() => exploreIndex(companies), [companies]);
  const sectors = useMemo(() => distinctValues(companies, 'sector'), [companies]);
  const provinces = useMemo(() => distinctValues(companies, 'province'), [companies]);
  const deferred = useDeferredValue(query);
  const found = useMemo(
    () => searchExplore(index, { query: deferred, sector, province }),
    [index, deferred, sector, province],
  );
  return (
    <>
      <div className="explore-filters" role="search">
        <TextField
          label={t`Tìm doanh nghiệp`}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <label className="field">
          <span className="field__label">
            <Trans>Ngành nghề</Trans>
          </span>
          <select
            className="field__input"
            value={sector}
            onChange={(e) => setSector(e.target.value)}
          >
            <option value="">{t`Tất cả ngành`}</option>
            {sectors.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">
            <Trans>Tỉnh/thành</Trans>
          </span>
          <select
            className="field__input"
            value={province}
            onChange={(e) => setProvince(e.target.value)}
          >
            <option value="">{t`Tất cả tỉnh/thành`}</option>
            {provinces.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>
        </label>
      </div>
      <p aria-live="polite" className="explore-muted" data-testid="explore-count">
        <Trans>{formatNumber(found.length)} kết quả</Trans>
      </p>
      <ul className="explore-list stack stack--tight" data-testid="explore-results">
        {found.slice(0, 200).map((c) => (
          <li key={c.id}>
            <Link
              to="/action/discover/detail"
              search={{ id: c.id }}
              className="explore-card stack stack--tight"
            >
              <strong>{c.name}</strong>
              <span className="explore-muted">
                {[c.sector, c.province].filter(Boolean).join(' · ')}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

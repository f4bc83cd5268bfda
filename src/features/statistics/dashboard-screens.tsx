// The dashboard pages: /dashboard/member/{id}, /dashboard/business/{id}, and the member's own
// card figures at the top of /action/statistical.
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSession } from '../../api/use-session';
import { usePageTitle } from '../../ui/page-title';
import { StatsDashboard } from './stats-dashboard';

/** /dashboard/member/{id}: a member's card (their own, or a member of a brand they run). */
export function MemberDashboardScreen({ memberId }: { memberId: string }) {
  const { t } = useLingui();
  usePageTitle(t`Thống kê danh thiếp`);
  return (
    <main className="stats-page page page--wide stack">
      <h1>
        <Trans>Bảng thống kê</Trans>
      </h1>
      <StatsDashboard target={{ kind: 'member', id: memberId }} />
    </main>
  );
}

/** /dashboard/business/{id}: a brand's page and its members' cards, points and check-ins. */
export function BrandDashboardScreen({ groupId }: { groupId: string }) {
  const { t } = useLingui();
  usePageTitle(t`Thống kê thương hiệu`);
  return (
    <main className="stats-page page page--wide stack">
      <h1>
        <Trans>Bảng thống kê</Trans>
      </h1>
      <StatsDashboard target={{ kind: 'brand', id: groupId }} />
    </main>
  );
}

/** The logged-in member's own card figures, and the way to their brand's dashboard. */
export function MyCardStatistics() {
  const { t } = useLingui();
  usePageTitle(t`Thống kê`);
  const session = useSession();
  const brand = session.brandGroup;
  const runsBrand = brand && (brand.role === 'owner' || brand.role === 'admin');
  return (
    <>
      <h1>
        <Trans>Thống kê</Trans>
      </h1>
      {runsBrand && (
        <p>
          <Link to="/dashboard/business/$id" params={{ id: brand.id }}>
            <Trans>Thống kê thương hiệu {brand.name}</Trans>
          </Link>
        </p>
      )}
      {session.memberId && <StatsDashboard target={{ kind: 'member', id: session.memberId }} />}
    </>
  );
}

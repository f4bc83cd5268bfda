// /action/history: every entry this device mirrors, with the ones the server refused.
import { useLingui, Trans } from '@lingui/react/macro';
import { usePageTitle } from '../../ui/page-title';
import { PulledEmptyState } from '../../ui/pulled-empty-state';
import { useAllEntries, usePointsOutbox } from './points-data';
import { EntryList } from './entry-list';
import { RefusedList } from './refused-list';
import './points.css';

/** /action/history — every entry this device mirrors (own and the staffed groups'). */
export function HistoryScreen() {
  const { t } = useLingui();
  usePageTitle(t`Lịch sử tích điểm`);
  const entries = useAllEntries();
  const outbox = usePointsOutbox();
  const refused = (outbox?.rejected ?? []).filter((e) => e.name === 'point.create');
  return (
    <main className="points-page page stack">
      <h1>
        <Trans>Lịch sử tích điểm</Trans>
      </h1>
      <RefusedList entries={refused} />
      {entries && entries.length === 0 && <PulledEmptyState title={t`Chưa có giao dịch nào`} />}
      <EntryList rows={entries ?? []} />
    </main>
  );
}

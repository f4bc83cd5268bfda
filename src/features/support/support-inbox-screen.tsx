// /action/supportInbox: the operator's staff (agency admins) read members' support requests and
// mark them handled. Read from the server (not mirrored); 403 for anyone else.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { formatDate } from '../../../contract/format';
import { vietnamDay, vietnamTime } from '../../../contract/vietnam-time';
import { ApiRequestError } from '../../api/http-client';
import { usePageTitle } from '../../ui/page-title';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { toastWriteFailed } from '../../ui/write-failed';
import { fetchSupportInbox, setSupportRequestStatus } from './support-data';
import './support.css';

export function SupportInboxScreen() {
  const { t } = useLingui();
  usePageTitle(t`Hộp thư hỗ trợ`);
  const client = useQueryClient();
  const inbox = useQuery({ queryKey: ['support-inbox'], queryFn: fetchSupportInbox });
  const toggle = async (id: string, close: boolean) => {
    try {
      await setSupportRequestStatus(id, close);
      await client.invalidateQueries({ queryKey: ['support-inbox'] });
    } catch (error) {
      toastWriteFailed(error, t`Không lưu được. Vui lòng thử lại!`);
    }
  };
  return (
    <main className="support page stack">
      <h1>{t`Hộp thư hỗ trợ`}</h1>
      {inbox.isPending ? (
        <Spinner label={t`Đang tải…`} />
      ) : inbox.error ? (
        <EmptyState
          title={
            inbox.error instanceof ApiRequestError && inbox.error.status === 403
              ? t`Chỉ nhân viên hỗ trợ mới xem được hộp thư này`
              : t`Không tải được hộp thư`
          }
        />
      ) : inbox.data.length === 0 ? (
        <EmptyState title={t`Chưa có yêu cầu hỗ trợ nào`} />
      ) : (
        <ul className="support__inbox" data-testid="support-inbox">
          {inbox.data.map((item) => (
            <li key={item.id} className={item.status === 'closed' ? 'support__item--closed' : ''}>
              <div>
                <strong>{item.memberName}</strong>{' '}
                <span>
                  {formatDate(vietnamDay(item.createdAt))} {vietnamTime(item.createdAt)}
                </span>
              </div>
              <p>{item.message}</p>
              <small>
                {[item.contact, item.memberEmail, item.memberPhone].filter(Boolean).join(' · ')}
              </small>
              <Button
                variant="secondary"
                onClick={() => void toggle(item.id, item.status === 'open')}
              >
                {item.status === 'open' ? t`Đánh dấu đã xử lý` : t`Mở lại`}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

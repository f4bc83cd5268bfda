import type { ComponentProps } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useFirstPullPending } from '../sync/use-first-pull';
import { EmptyState } from './empty-state';
import { useOnline } from './offline-indicator';
import { Spinner } from './spinner';

/**
 * The empty state of a list the member's data fills, shown only once the device has pulled it:
 * before the first pull it says the data is on its way (or needs the network), never "none".
 */
export function PulledEmptyState(props: ComponentProps<typeof EmptyState>) {
  const { t } = useLingui();
  const pending = useFirstPullPending();
  const online = useOnline();
  if (pending === undefined) return <Spinner />;
  if (!pending) return <EmptyState {...props} />;
  if (!online) {
    return (
      <EmptyState title={t`Chưa tải về máy này`}>
        {t`Hãy kết nối mạng một lát để tải dữ liệu của bạn về máy.`}
      </EmptyState>
    );
  }
  return (
    <div className="pulled-empty-state" data-testid="first-pull">
      <Spinner decorative />
      <p role="status">{t`Đang tải dữ liệu của bạn về máy này…`}</p>
    </div>
  );
}

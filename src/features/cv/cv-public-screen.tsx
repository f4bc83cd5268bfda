// /cv/{memberId}: a member's CV as its owner lets this viewer see it (client-rendered, spec §2;
// the server answers the page's status, decision 0711). The owner's own CV opens from the
// device's mirror, offline too; anyone else's is read from the server.
import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { cvByMember } from '../../../contract/rest-routes';
import { apiCall, ApiRequestError, NetworkError } from '../../api/http-client';
import { currentMemberId, currentUrlMinify } from '../../api/current-member';
import { hasLoginCookie } from '../../lib/cookies';
import { useImageSrc } from '../../sync/use-image-src';
import { usePageTitle } from '../../ui/page-title';
import { NotFoundScreen } from '../../ui/not-found-screen';
import { OfflinePageScreen } from '../../ui/offline-page-screen';
import { Spinner } from '../../ui/spinner';
import { EmptyState } from '../../ui/empty-state';
import type { CvDocument } from '../../../contract/cv';
import { cvDocumentOf, useCvSources } from './cv-data';
import { CvView } from './cv-view';
import './cv.css';

type Loaded =
  | { state: 'loading' }
  | { state: 'found'; cv: CvDocument }
  | { state: 'missing' }
  | { state: 'offline' }
  | { state: 'failed' };

/** `memberId` is what the address holds: the member's short link, or (older links) the id. */
export function CvPublicScreen({ memberId }: { memberId: string }) {
  const [me] = useState(currentMemberId);
  const own =
    me !== undefined && (me === memberId.toLowerCase() || currentUrlMinify() === memberId);
  return own ? <OwnCv memberId={me} /> : <OtherCv memberId={memberId} />;
}

function OwnCv({ memberId }: { memberId: string }) {
  const { t } = useLingui();
  const sources = useCvSources(memberId);
  const cv = sources ? cvDocumentOf(sources) : null;
  usePageTitle(cv ? `CV — ${cv.name}` : t`CV`);
  const avatarSrc = useImageSrc(cv?.avatarUrl);
  if (sources === undefined) return <Spinner label={t`Đang tải…`} />;
  if (!cv) return <NotFoundScreen />;
  return (
    <main className="cv-screen page stack">
      <CvView cv={cv} avatarSrc={avatarSrc} />
    </main>
  );
}

function OtherCv({ memberId }: { memberId: string }) {
  const { t } = useLingui();
  // The answer for the member it was asked for: another member's id is still loading.
  const [answer, setAnswer] = useState<{ memberId: string; loaded: Loaded } | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    apiCall(cvByMember, {
      params: { memberId },
      auth: hasLoginCookie(),
      signal: controller.signal,
    })
      .then((cv) => setAnswer({ memberId, loaded: { state: 'found', cv } }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setAnswer({
          memberId,
          loaded:
            error instanceof ApiRequestError && error.status === 404
              ? { state: 'missing' }
              : error instanceof NetworkError
                ? { state: 'offline' }
                : { state: 'failed' },
        });
      });
    return () => controller.abort();
  }, [memberId, attempt]);
  const loaded: Loaded = answer?.memberId === memberId ? answer.loaded : { state: 'loading' };
  const cv = loaded.state === 'found' ? loaded.cv : null;
  usePageTitle(cv ? `CV — ${cv.name}` : t`CV`);
  if (loaded.state === 'loading') return <Spinner label={t`Đang tải…`} />;
  if (loaded.state === 'missing') return <NotFoundScreen />;
  // Never opened on this device and no network: it opens when the connection is back.
  if (loaded.state === 'offline') {
    return (
      <OfflinePageScreen
        onRetry={() => {
          setAnswer(null);
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  if (!cv) {
    return (
      <main className="cv-screen page stack">
        <EmptyState title={t`Không tải được CV. Vui lòng kiểm tra kết nối mạng.`} />
      </main>
    );
  }
  return (
    <main className="cv-screen page stack">
      <CvView cv={cv} avatarSrc={cv.avatarUrl} />
    </main>
  );
}

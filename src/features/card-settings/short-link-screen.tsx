// /action/setting/short-link: the member's card address /me/{link}. Online only (whether a
// link is free cannot be promised offline); the old link keeps redirecting to the new one.
import { Trans, useLingui } from '@lingui/react/macro';
import { usePageTitle } from '../../ui/page-title';
import { toast } from '../../ui/toast';
import { useSession } from '../../api/use-session';
import { readSession, writeSession } from '../../api/session-store';
import { UrlMinifyField } from './url-minify-field';
import { changeMyUrlMinify } from './settings-data';
import { BackLink } from '../../ui/back-link';
import './card-settings.css';

export function ShortLinkScreen() {
  const { t } = useLingui();
  usePageTitle(t`Đường dẫn ngắn`);
  const session = useSession();
  const memberId = session.memberId;
  if (!memberId) return null;

  const save = async (link: string) => {
    const change = await changeMyUrlMinify(memberId, link);
    // The server rewrote the readable cookie; the shared session store follows.
    const stored = await readSession();
    if (stored) await writeSession({ ...stored, urlMinify: change.urlMinify });
    toast.success(t`Đã đổi đường dẫn thẻ`);
  };

  return (
    <main className="settings-screen">
      <p className="settings-screen__back">
        <BackLink to="/action">
          <Trans>← Ứng dụng</Trans>
        </BackLink>
      </p>
      <h1>
        <Trans>Đường dẫn ngắn của thẻ</Trans>
      </h1>
      {session.urlMinify ? (
        <UrlMinifyField
          key={session.urlMinify}
          current={session.urlMinify}
          prefix="me"
          onSave={save}
        />
      ) : null}
    </main>
  );
}

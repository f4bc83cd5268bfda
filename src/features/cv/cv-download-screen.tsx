// /action/dowloadcv: the member's CV as a PDF built on this device from the mirrored profile,
// CV and activities — no request needed, so it works offline.
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { currentMemberId } from '../../api/current-member';
import { useImageSrc } from '../../sync/use-image-src';
import { downloadBlob } from '../../ui/download-file';
import { usePageTitle } from '../../ui/page-title';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import { cvDocumentOf, useCvSources } from './cv-data';
import { CvView } from './cv-view';
import './cv.css';

export function CvDownloadScreen() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Tải CV`);
  const [me] = useState(currentMemberId);
  const sources = useCvSources(me);
  const cv = sources ? cvDocumentOf(sources) : null;
  const avatarSrc = useImageSrc(cv?.avatarUrl);
  const [busy, setBusy] = useState(false);

  if (!me) {
    return (
      <main className="cv-screen page stack">
        <EmptyState title={t`Vui lòng đăng nhập`} />
      </main>
    );
  }

  const download = async () => {
    if (!cv) return;
    setBusy(true);
    try {
      // Loaded only here: the PDF library and its font stay out of every other screen.
      const { cvPdfBlob, cvFileName } = await import('./cv-pdf-download');
      const blob = await cvPdfBlob(cv, i18n.locale === 'en' ? 'en' : 'vi', avatarSrc);
      downloadBlob(blob, cvFileName(cv.name));
      toast.success(t`Đã tạo tệp PDF`);
    } catch {
      toast.error(t`Không tạo được tệp PDF. Vui lòng thử lại!`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="cv-screen page stack">
      <header>
        <h1>{t`Tải CV`}</h1>
        <p className="cv-screen__intro">
          {t`Tệp PDF khổ A4 được tạo ngay trên máy của bạn, kể cả khi không có mạng.`}
        </p>
      </header>
      {sources === undefined ? (
        <Spinner label={t`Đang tải…`} />
      ) : !cv ? (
        <EmptyState
          title={t`Bạn chưa có CV`}
          action={
            <Link to="/action/createCv" className="button">
              {t`Tạo CV`}
            </Link>
          }
        />
      ) : (
        <>
          <div className="cv-screen__actions cluster">
            <Button busy={busy} onClick={() => void download()}>
              {t`Tải về PDF`}
            </Button>
            <Link to="/action/createCv">{t`Sửa CV`}</Link>
          </div>
          <CvView cv={cv} avatarSrc={avatarSrc} nameAs="h2" />
        </>
      )}
    </main>
  );
}

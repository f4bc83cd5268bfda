// /action/setting/display: the card's theme and organisation mode, previewed live; saved as an
// offline write (kept on the device at once, sent when there is a network). Below it, the
// member's registration form (spec §7 member form data, decision 1121), an online call.
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/button';
import { usePageTitle } from '../../ui/page-title';
import { useOnline } from '../../ui/offline-indicator';
import { toast } from '../../ui/toast';
import { toastWriteFailed } from '../../ui/write-failed';
import { QueryScope } from '../../api/query-client';
import { useSession } from '../../api/use-session';
import { defaultMemberThemeCode } from '../../../contract/theme';
import { ThemePicker, type ThemeValue } from './theme-picker';
import {
  saveMemberFormData,
  saveMyTheme,
  useLocalTheme,
  useMemberFormData,
  useStyleList,
  useThemeAuth,
} from './settings-data';
import { FormFieldsEditor } from './form-fields-editor';
import { BackLink } from '../../ui/back-link';
import './card-settings.css';

export function DisplayScreen() {
  return (
    <QueryScope>
      <Display />
    </QueryScope>
  );
}

function Display() {
  const { t } = useLingui();
  usePageTitle(t`Giao diện thẻ`);
  const session = useSession();
  const memberId = session.memberId ?? undefined;
  const online = useOnline();
  const local = useLocalTheme(memberId);
  const auth = useThemeAuth();
  const styles = useStyleList();
  const [draft, setDraft] = useState<ThemeValue | null>(null);
  const [saving, setSaving] = useState(false);

  if (!memberId) return null;
  const saved: ThemeValue = local ?? {
    theme: auth.data?.theme ?? defaultMemberThemeCode,
    themeType: auth.data?.themeType ?? 'list',
  };
  const shown = draft ?? saved;
  const list = styles.data?.styles ?? [];
  const limited = styles.data?.layoutPermission === 'LIMIT';
  const changed = shown.theme !== saved.theme || shown.themeType !== saved.themeType;

  const save = async () => {
    setSaving(true);
    try {
      await saveMyTheme(memberId, shown.theme, shown.themeType);
      setDraft(null);
      if (online) toast.success(t`Đã lưu giao diện`);
      else toast.info(t`Đã lưu trên máy này, sẽ gửi khi có mạng`);
    } catch (error) {
      toastWriteFailed(error, t`Không lưu được giao diện, vui lòng thử lại`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <main className="settings-screen">
      <p className="settings-screen__back">
        <BackLink to="/action">
          <Trans>← Ứng dụng</Trans>
        </BackLink>
      </p>
      <h1>
        <Trans>Giao diện thẻ</Trans>
      </h1>
      {limited && (
        <p className="settings-note" role="note">
          <Trans>Thương hiệu của bạn chỉ cho phép dùng các giao diện riêng của thương hiệu.</Trans>
        </p>
      )}
      {local?.pending && (
        <p className="settings-note" role="status">
          <Trans>Lựa chọn mới đang chờ gửi lên máy chủ.</Trans>
        </p>
      )}
      <ThemePicker
        styles={list}
        value={shown}
        onChange={setDraft}
        name={session.name ?? session.userName ?? 'm.e'}
      />
      <div className="button-row">
        <Button onClick={() => void save()} busy={saving} disabled={!changed}>
          <Trans>Lưu giao diện</Trans>
        </Button>
        {changed && (
          <Button variant="secondary" onClick={() => setDraft(null)}>
            <Trans>Huỷ thay đổi</Trans>
          </Button>
        )}
      </div>
      <MemberForm memberId={memberId} />
    </main>
  );
}

function MemberForm({ memberId }: { memberId: string }) {
  const { t } = useLingui();
  const formData = useMemberFormData(memberId);
  return (
    <FormFieldsEditor
      saved={formData.data?.fields}
      onSave={async (fields) => {
        await saveMemberFormData(memberId, { fields });
        await formData.refetch();
      }}
      title={t`Biểu mẫu đăng ký của tôi`}
      hint={t`Những thông tin khách điền khi đăng ký với bạn. Cần có mạng để lưu.`}
      titleId="member-form-title"
    />
  );
}

import { useLingui } from '@lingui/react/macro';
import { Button } from './button';

/**
 * The closing row of an edit form shown in place: "Huỷ" goes back without saving, "Lưu" submits
 * the form (busy while it saves). One piece, so every such form ends the same way.
 */
export function FormFooter({ onCancel, busy }: { onCancel: () => void; busy: boolean }) {
  const { t } = useLingui();
  return (
    <div className="button-row">
      <Button variant="secondary" onClick={onCancel}>
        {t`Huỷ`}
      </Button>
      <Button type="submit" busy={busy}>
        {t`Lưu`}
      </Button>
    </div>
  );
}

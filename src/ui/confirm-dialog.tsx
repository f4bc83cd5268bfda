import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Button } from './button';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  /** Default "Đồng ý". */
  confirmLabel?: string;
  /** Default "Huỷ". */
  cancelLabel?: string;
  /** Red confirm button for destructive actions (unfriend, lock account…). */
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks for confirmation (spec §4: cancel request, unfriend, lock/unlock) with a native modal
 * <dialog>: focus is trapped, Escape cancels, the page behind is inert.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: let the owner decide (it controls `open`).
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      {children}
      <div className="button-row">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel ?? t`Huỷ`}
        </Button>
        <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} busy={busy}>
          {confirmLabel ?? t`Đồng ý`}
        </Button>
      </div>
    </dialog>
  );
}

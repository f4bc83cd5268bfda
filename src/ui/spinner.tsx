import { useLingui } from '@lingui/react/macro';

interface SpinnerProps {
  size?: 'small' | 'normal';
  /** Inside something that already says it is busy: hidden from assistive technology. */
  decorative?: boolean;
  /** What is loading; default "Đang tải". */
  label?: string;
}

export function Spinner({ size = 'normal', decorative = false, label }: SpinnerProps) {
  const { t } = useLingui();
  const style = size === 'small' ? { width: '1em', height: '1em', borderWidth: 2 } : undefined;
  if (decorative) return <span className="spinner" style={style} aria-hidden="true" />;
  return <span className="spinner" style={style} role="status" aria-label={label ?? t`Đang tải`} />;
}

import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'danger';
  /** Shows a spinner and blocks clicks while an action runs. */
  busy?: boolean;
}

/** The themed button; `type` defaults to "button" so it never submits a form by accident. */
export function Button({
  variant = 'primary',
  busy = false,
  className,
  type = 'button',
  disabled,
  children,
  ...rest
}: ButtonProps) {
  const classes = ['button', variant !== 'primary' && `button--${variant}`, className]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && <Spinner size="small" decorative />}
      {children}
    </button>
  );
}

import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';

/** Copies a text (an account number, a link) and says so. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      window.prompt(label, text);
    }
  };
  return (
    // data-*: the visitor page's island script copies with no React (decision 0403); hidden
    // when no script runs at all.
    <button
      type="button"
      className="card-chip-button"
      onClick={copy}
      aria-label={label}
      data-copy={text}
      data-copied={t`Đã sao chép`}
      data-needs-script=""
    >
      {copied ? t`Đã sao chép` : t`Sao chép`}
    </button>
  );
}

// A section of a long form that folds (decision 0951): the native <details>, so it opens and
// closes with no script and the browser's find-in-page opens it. A section that holds a field
// message opens by itself, so no error is ever folded away.
import { useEffect, useRef, type ReactNode } from 'react';

interface FoldSectionProps {
  title: string;
  /** What the section holds, in a few words (shown under the title while folded). */
  summary?: string | undefined;
  /** Open when first shown. */
  initiallyOpen?: boolean;
  /** A field in it has a message: the section opens. */
  hasError?: boolean;
  /** Changes at each attempt to send the form: a section with a message opens again. */
  attempt?: number;
  children: ReactNode;
}

export function FoldSection({
  title,
  summary,
  initiallyOpen = false,
  hasError = false,
  attempt = 0,
  children,
}: FoldSectionProps) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (ref.current && hasError) ref.current.open = true;
  }, [hasError, attempt]);
  return (
    // `open` never changes after the first render, so React leaves the member's toggling be.
    <details ref={ref} className="fold" open={initiallyOpen}>
      <summary className="fold__summary">
        <span className="fold__title">{title}</span>
        {summary && <span className="fold__hint">{summary}</span>}
      </summary>
      <div className="fold__body">{children}</div>
    </details>
  );
}

import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  /** One sentence of what to do next. */
  children?: ReactNode;
  /** A button or link. */
  action?: ReactNode;
}

/** What a list or screen shows when it has nothing yet. */
export function EmptyState({ title, children, action }: EmptyStateProps) {
  return (
    <section className="empty-state">
      <h2 className="empty-state__title">{title}</h2>
      {children && <div>{children}</div>}
      {action}
    </section>
  );
}

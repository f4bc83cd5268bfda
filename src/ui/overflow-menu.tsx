// The less frequent actions of a list row behind one "more" button (decision 0950): the row
// keeps one prominent action, a destructive one never sits beside it at the same weight. The
// items open as a popover in the top layer, so a scrolling or virtualised list never clips them.
import { useId, type ReactNode } from 'react';
import { EllipsisVertical } from 'lucide-react';

// One element for every menu: React skips it when a row renders again (a list while typing).
const moreIcon = <EllipsisVertical aria-hidden="true" size={20} />;

export function OverflowMenu({ label, children }: { label: string; children: ReactNode }) {
  const id = `more-${useId().replaceAll(':', '')}`;
  return (
    <>
      <button
        type="button"
        className="overflow-menu__button"
        popoverTarget={id}
        aria-label={label}
        title={label}
      >
        {moreIcon}
      </button>
      <div
        id={id}
        popover="auto"
        className="overflow-menu__items"
        role="group"
        aria-label={label}
        // An item chosen closes the menu (the dialog it opens takes over).
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a, button')) event.currentTarget.hidePopover();
        }}
      >
        {children}
      </div>
    </>
  );
}

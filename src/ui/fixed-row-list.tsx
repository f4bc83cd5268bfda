// A list whose rows are all one height: only the rows in view (and a few each side) are in the
// DOM, found by arithmetic from the scroll position. A phonebook of 100,000 contacts, a
// thousand friends or conversations cost the rows shown, not the rows held (decision 1024;
// `@tanstack/react-virtual` measured every row on each change of the list).
import {
  Fragment,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type Key,
  type ReactNode,
  type RefObject,
} from 'react';
import './fixed-row-list.css';

/** Rows rendered beyond each edge of the view, so a quick scroll shows no blank. */
const overscanRows = 4;

export interface FixedRowListProps<T> {
  items: readonly T[];
  /** Every row's height in CSS pixels; the row's content must fit it. */
  rowHeight: number;
  /** The list's accessible name. */
  label: string;
  /** Classes of the scroll box (its border, background, height). */
  className?: string | undefined;
  /**
   * A row's key. By default its position: the DOM rows in view take new items in place while
   * the list changes under them (typing a search). Rows holding state of their own (an open
   * menu) key by the item instead.
   */
  itemKey?: ((item: T, index: number) => Key) | undefined;
  /**
   * One row: its outer element (a `role="listitem"`) takes `fixedRowStyle(index, rowHeight)`.
   * Rows given numbers rather than a style object stay memoised while the list scrolls.
   */
  renderRow: (item: T, index: number) => ReactNode;
}

export function FixedRowList<T>({
  items,
  rowHeight,
  label,
  className,
  itemKey,
  renderRow,
}: FixedRowListProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const view = useScrollView(scrollRef);
  const first = Math.max(0, Math.floor(view.top / rowHeight) - overscanRows);
  const end = Math.min(
    items.length,
    Math.ceil((view.top + view.height) / rowHeight) + overscanRows,
  );
  const shown: ReactNode[] = [];
  for (let index = first; index < end; index++) {
    shown.push(
      <Fragment key={itemKey ? itemKey(items[index] as T, index) : index}>
        {renderRow(items[index] as T, index)}
      </Fragment>,
    );
  }
  return (
    <div
      ref={scrollRef}
      className={className ? `fixed-row-list ${className}` : 'fixed-row-list'}
      role="list"
      aria-label={label}
    >
      <div role="presentation" style={{ height: items.length * rowHeight, position: 'relative' }}>
        {shown}
      </div>
    </div>
  );
}

/** Where row `index` sits in a FixedRowList. */
export function fixedRowStyle(index: number, rowHeight: number): CSSProperties {
  return { height: rowHeight, transform: `translateY(${index * rowHeight}px)` };
}

/** The scroll position and height of the list box, followed as it scrolls and resizes. */
function useScrollView(scrollRef: RefObject<HTMLDivElement | null>) {
  // Before the first measure: a phone screen's worth of rows.
  const [view, setView] = useState({ top: 0, height: 800 });
  useEffect(() => {
    const box = scrollRef.current;
    if (!box) return;
    const update = () =>
      setView((seen) =>
        seen.top === box.scrollTop && seen.height === (box.clientHeight || seen.height)
          ? seen
          : { top: box.scrollTop, height: box.clientHeight || seen.height },
      );
    update();
    box.addEventListener('scroll', update, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    resize?.observe(box);
    return () => {
      box.removeEventListener('scroll', update);
      resize?.disconnect();
    };
  }, [scrollRef]);
  return view;
}

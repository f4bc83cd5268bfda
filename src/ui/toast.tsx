// Toasts (spec §9: shown 2 seconds, top-right). A module-level store so code outside React
// (sync engine, service-worker registration) can call `toast.success(text)` too.
import { useSyncExternalStore } from 'react';
import { useLingui } from '@lingui/react/macro';

export type ToastKind = 'success' | 'error' | 'info';

export interface ToastAction {
  label: string;
  onAction: () => void;
}

export interface ToastOptions {
  /** Milliseconds; `Infinity` keeps it until dismissed. Default 2000 (spec §9). */
  durationMs?: number;
  /** One button inside the toast (e.g. "Tải lại"). */
  action?: ToastAction;
  /** A toast with the same id replaces the earlier one instead of stacking. */
  id?: string;
}

export interface ToastItem {
  id: string;
  kind: ToastKind;
  text: string;
  action?: ToastAction;
}

export const toastDurationMs = 2000;
const maxVisible = 4;

let items: readonly ToastItem[] = [];
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toasts on screen now, oldest first. */
export function currentToasts(): readonly ToastItem[] {
  return items;
}
const snapshot = currentToasts;

export function dismissToast(id: string): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  if (!items.some((item) => item.id === id)) return;
  items = items.filter((item) => item.id !== id);
  emit();
}

/**
 * At most `maxVisible` at once, the oldest leaving first — a polite one before an error: a
 * burst of notifications must not push out "the device is full" while the member reads it.
 */
function withinLimit(list: ToastItem[]): ToastItem[] {
  const kept = [...list];
  while (kept.length > maxVisible) {
    const polite = kept.findIndex((t) => t.kind !== 'error');
    kept.splice(polite === -1 ? 0 : polite, 1);
  }
  return kept;
}

function show(kind: ToastKind, text: string, options: ToastOptions = {}): string {
  const id = options.id ?? `toast-${++counter}`;
  const item: ToastItem = { id, kind, text, ...(options.action && { action: options.action }) };
  const existing = timers.get(id);
  if (existing !== undefined) clearTimeout(existing);
  items = withinLimit([...items.filter((t) => t.id !== id), item]);
  const duration = options.durationMs ?? toastDurationMs;
  if (Number.isFinite(duration)) {
    timers.set(
      id,
      setTimeout(() => dismissToast(id), duration),
    );
  }
  emit();
  return id;
}

/** Shows a toast; each returns its id (for `dismissToast`). */
export const toast = {
  success: (text: string, options?: ToastOptions) => show('success', text, options),
  error: (text: string, options?: ToastOptions) => show('error', text, options),
  info: (text: string, options?: ToastOptions) => show('info', text, options),
  dismiss: dismissToast,
};

/** The toast functions, for components that prefer a hook. */
export function useToast(): typeof toast {
  return toast;
}

/** The visible toasts; mounted once in the root layout. */
export function ToastViewport() {
  const { t } = useLingui();
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  const polite = current.filter((item) => item.kind !== 'error');
  const urgent = current.filter((item) => item.kind === 'error');
  // The live regions stay in the DOM so screen readers announce what is added to them.
  return (
    <div className="toast-viewport">
      <div role="status" aria-live="polite" className="toast-region">
        {polite.map((item) => (
          <ToastCard key={item.id} item={item} closeLabel={t`Đóng`} />
        ))}
      </div>
      <div role="alert" aria-live="assertive" className="toast-region">
        {urgent.map((item) => (
          <ToastCard key={item.id} item={item} closeLabel={t`Đóng`} />
        ))}
      </div>
    </div>
  );
}

function ToastCard({ item, closeLabel }: { item: ToastItem; closeLabel: string }) {
  return (
    <div className={`toast toast--${item.kind}`} data-toast-kind={item.kind}>
      <span className="toast__text">{item.text}</span>
      {item.action && (
        <button
          type="button"
          className="toast__action"
          onClick={() => {
            dismissToast(item.id);
            item.action?.onAction();
          }}
        >
          {item.action.label}
        </button>
      )}
      <button
        type="button"
        className="toast__close"
        aria-label={closeLabel}
        onClick={() => dismissToast(item.id)}
      >
        ×
      </button>
    </div>
  );
}

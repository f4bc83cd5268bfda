// Whether a failed write failed because the device's storage for this site is full. IndexedDB
// raises QuotaExceededError; Dexie passes it on as is, or wraps it (an aborted transaction, a
// failed bulk write) with the browser's error as `inner`, or lists it among `failures`.
export function isStorageFull(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    const { name, code, inner, cause, failures } = current as {
      name?: unknown;
      code?: unknown;
      inner?: unknown;
      cause?: unknown;
      failures?: unknown;
    };
    // 22: the legacy DOMException code some engines still set instead of the name.
    if (name === 'QuotaExceededError' || (current instanceof DOMException && code === 22)) {
      return true;
    }
    pending.push(inner, cause, ...(Array.isArray(failures) ? (failures as unknown[]) : []));
  }
  return false;
}

// The toast of a write that did not happen. A full device gets its own message naming the
// problem (a generic "try again" would fail again the same way); the form stays open with what
// was typed, because nothing was written.
import { t } from '@lingui/core/macro';
import { isStorageFull } from '../lib/storage-full';
import { toast } from './toast';

export function toastWriteFailed(error: unknown, otherwise: string): void {
  if (isStorageFull(error)) {
    toast.error(
      t`Bộ nhớ của máy đã đầy nên chưa lưu được. Nội dung bạn nhập vẫn còn: hãy giải phóng dung lượng trên máy rồi lưu lại.`,
      { id: 'storage-full', durationMs: 10_000 },
    );
    return;
  }
  toast.error(otherwise);
}

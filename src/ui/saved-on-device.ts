// The toast of a write queued on this device (issue 24: a toast says what is true). The row is
// in the device's store at once, but the server has it only once the outbox is sent: "saved on
// this device, sending" online, "… will send when online" offline — never "updated" as if the
// server had it. The sync panel and the row's pending mark take it from there.
import { t } from '@lingui/core/macro';
import { toast } from './toast';

function online(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}

/** A create or an edit queued on this device. */
export function toastSavedOnDevice(): void {
  toast.success(
    online() ? t`Đã lưu trên máy này, đang gửi` : t`Đã lưu trên máy này, sẽ gửi khi có mạng`,
  );
}

/** A deletion queued on this device. */
export function toastDeletedOnDevice(): void {
  toast.success(
    online() ? t`Đã xoá trên máy này, đang gửi` : t`Đã xoá trên máy này, sẽ gửi khi có mạng`,
  );
}

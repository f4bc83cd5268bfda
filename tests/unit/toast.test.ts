import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentToasts, toast, toastDurationMs } from '../../src/ui/toast';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  for (const item of currentToasts()) toast.dismiss(item.id);
  vi.useRealTimers();
});

describe('toast', () => {
  it('shows a toast for 2 seconds (spec §9)', () => {
    expect(toastDurationMs).toBe(2000);
    toast.success('Gửi lời nhắn thành công');
    expect(currentToasts().map((t) => [t.kind, t.text])).toEqual([
      ['success', 'Gửi lời nhắn thành công'],
    ]);
    vi.advanceTimersByTime(1999);
    expect(currentToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(currentToasts()).toHaveLength(0);
  });

  it('replaces a toast with the same id and keeps sticky ones', () => {
    toast.info('Đã có phiên bản mới', { id: 'sw-update', durationMs: Infinity });
    toast.info('Đã có phiên bản mới', { id: 'sw-update', durationMs: Infinity });
    toast.error('Đã có lỗi xảy ra. Vui lòng thử lại sau!');
    expect(currentToasts()).toHaveLength(2);
    vi.advanceTimersByTime(60_000);
    expect(currentToasts().map((t) => t.id)).toEqual(['sw-update']);
  });
});

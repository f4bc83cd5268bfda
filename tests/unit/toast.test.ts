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

describe('toasts at their limit', () => {
  it('let a burst of notifications push out the oldest polite ones, never an error', () => {
    toast.error('Bộ nhớ của máy đã đầy nên chưa lưu được.', { durationMs: 10_000 });
    for (const points of [29, 35, 44, 53, 61]) {
      toast.info(`Cộng điểm: Bạn được cộng ${points} điểm tại Cà Phê Sương Mai`);
    }
    expect(currentToasts().map((t) => t.text)).toEqual([
      'Bộ nhớ của máy đã đầy nên chưa lưu được.',
      'Cộng điểm: Bạn được cộng 44 điểm tại Cà Phê Sương Mai',
      'Cộng điểm: Bạn được cộng 53 điểm tại Cà Phê Sương Mai',
      'Cộng điểm: Bạn được cộng 61 điểm tại Cà Phê Sương Mai',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { labelEachOnce } from '../../src/ui/chart-ticks';

describe('labelEachOnce', () => {
  it('writes a repeated label at its first tick only', () => {
    expect(labelEachOnce(['07/2026', '07/2026', '08/2026', '08/2026', '09/2026'])).toEqual([
      '07/2026',
      '',
      '08/2026',
      '',
      '09/2026',
    ]);
  });
  it('keeps distinct labels', () => {
    expect(labelEachOnce(['01/07', '02/07'])).toEqual(['01/07', '02/07']);
  });
});

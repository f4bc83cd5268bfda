// The bench's CPU figures (bench/process-cpu.ts) read Linux's /proc: a child that burns the CPU
// shows in its process group's time and in this process's children's, and one left out does not.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { childrenCpuMs, cpuSnapshot, groupCpuMs } from '../../bench/process-cpu';

// 300 ms of its own CPU time (not of the clock: the machine may be busy), then idle until killed.
const burn = `while (process.cpuUsage().user < 300_000) {} console.log('done'); setTimeout(() => {}, 60_000);`;

describe.skipIf(!existsSync('/proc/self/stat'))('CPU time from /proc', () => {
  it('counts a busy child in its group and among the children, and leaves out what it is told', async () => {
    const child = spawn(process.execPath, ['-e', burn], {
      detached: true,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      const before = cpuSnapshot();
      expect(before.get(process.pid)?.cpuMs).toBeGreaterThanOrEqual(0);
      // Measured once it is idle, while it still runs.
      await once(child.stdout, 'data');
      const after = cpuSnapshot();
      const group = after.get(child.pid!)!.group;
      expect(group).toBe(child.pid);
      expect(groupCpuMs(before, after, group)).toBeGreaterThanOrEqual(250);
      expect(childrenCpuMs(before, after, [])).toBeGreaterThanOrEqual(250);
      expect(childrenCpuMs(before, after, [group])).toBeLessThan(250);
    } finally {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
  });
});

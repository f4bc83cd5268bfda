// CPU time of processes from Linux's /proc: how much of the machine's cores a bench's work took,
// beside how long it took. Where server and device share two cores, their CPU time together,
// divided by the cores, is the least time the work can take here, however well it overlaps.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** Linux counts CPU time in ticks of 1/100 s (USER_HZ) for every process. */
const msPerTick = 10;

interface ProcessCpu {
  pid: number;
  parent: number;
  group: number;
  cpuMs: number;
}

/** Every process's CPU time so far; empty where there is no /proc. */
export function cpuSnapshot(): Map<number, ProcessCpu> {
  const table = new Map<number, ProcessCpu>();
  if (!existsSync('/proc/self/stat')) return table;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // After "pid (command) ": state, parent, group, … user time (12th), system time (13th).
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    table.set(Number(name), {
      pid: Number(name),
      parent: Number(fields[1]),
      group: Number(fields[2]),
      cpuMs: (Number(fields[11]) + Number(fields[12])) * msPerTick,
    });
  }
  return table;
}

/** CPU ms each process used between two snapshots (a process new in `after` counts whole). */
function used(before: Map<number, ProcessCpu>, after: Map<number, ProcessCpu>, pid: number) {
  return (after.get(pid)?.cpuMs ?? 0) - (before.get(pid)?.cpuMs ?? 0);
}

/** CPU ms the processes of one process group used between two snapshots. */
export function groupCpuMs(
  before: Map<number, ProcessCpu>,
  after: Map<number, ProcessCpu>,
  group: number,
): number {
  let ms = 0;
  for (const p of after.values()) if (p.group === group) ms += used(before, after, p.pid);
  return ms;
}

/**
 * CPU ms this process's descendants used between two snapshots, leaving out the given process
 * groups (servers started by the bench): what a browser it launched took.
 */
export function childrenCpuMs(
  before: Map<number, ProcessCpu>,
  after: Map<number, ProcessCpu>,
  leaveOut: readonly number[],
): number {
  const descends = (p: ProcessCpu): boolean => {
    let parent = p.parent;
    for (let steps = 0; steps < 64 && parent > 1; steps++) {
      if (parent === process.pid) return true;
      parent = after.get(parent)?.parent ?? 0;
    }
    return false;
  };
  let ms = 0;
  for (const p of after.values()) {
    if (leaveOut.includes(p.group) || !descends(p)) continue;
    ms += used(before, after, p.pid);
  }
  return ms;
}

// A fixed piece of work in Node, timed before and after the benches: figures taken on another
// day or machine are compared through it. The shared 2-core machine has run the same code
// twice as slow from one day to the next.
import { foldForSearch } from '../contract/contact';

/** Milliseconds to fold, sort and round-trip through JSON 20,000 contact-like rows, 5 times. */
export function machineReferenceMs(): number {
  const rows = Array.from({ length: 20_000 }, (_, i) => ({
    id: `48c4279e-b684-4be1-a25a-${String(i).padStart(12, '0')}`,
    name: `Nguyễn Văn Hạnh ${(i * 7919) % 20_000}`,
    company: 'Vận tải Cao Nguyên',
    phone: `09${String(10_000_000 + i * 7919).slice(-8)}`,
  }));
  const started = performance.now();
  for (let round = 0; round < 5; round++) {
    const keyed = rows.map((row) => ({ ...row, key: foldForSearch(`${row.name} ${row.company}`) }));
    keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    JSON.parse(JSON.stringify(keyed));
  }
  return Math.round(performance.now() - started);
}

// Time-ordered ids: UUIDv7 (RFC 9562), the millisecond first, then random bits. Outbox entries
// take them so that they grow with the queue: an entry's id is greater than the id of the entry
// queued before it, whichever tab or worker queued them (the id is made in the transaction that
// reads the last entry). The booth's point entries and check-ins take them too. A batch of the
// queue is then one range of keys in the outbox and in its row index, read and written off with
// a few requests instead of one per entry (decision 0203). The server needs ids only to be unique.

const randBMax = (1n << 62n) - 1n;

function uuidOf(value: bigint): string {
  const hex = value.toString(16).padStart(32, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function valueOf(uuid: string): bigint {
  return BigInt(`0x${uuid.replaceAll('-', '')}`);
}

/** A UUIDv7 of the millisecond `ms` with random bits. */
export function timeOrderedId(ms: number = Date.now()): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let rest = ms;
  for (let i = 5; i >= 0; i -= 1) {
    bytes[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  return uuidOf(bytes.reduce((value, byte) => (value << 8n) | BigInt(byte), 0n));
}

const v7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * The id of an entry queued after `previous` (the last entry's id, if any) at `now`: greater than
 * `previous` when that is one of these ids, even when the clock went back or stood still.
 */
export function timeOrderedIdAfter(previous: string | undefined, now: number = Date.now()): string {
  const id = timeOrderedId(now);
  if (previous === undefined || !v7.test(previous) || id > previous) return id;
  const value = valueOf(previous);
  // The last 62 bits are random: one more is still a UUIDv7, and greater.
  if ((value & randBMax) < randBMax) return uuidOf(value + 1n);
  return timeOrderedId(Number(value >> 80n) + 1);
}

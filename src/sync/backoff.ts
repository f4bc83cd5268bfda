// Exponential backoff with jitter for transient failures (network, 5xx, 429), honouring
// Retry-After (docs/decisions/0202-…). Pure, so tests and both contexts share it.

export const backoffBaseMs = 2_000;
export const backoffCapMs = 5 * 60_000;

/**
 * Delay before the next attempt after `failures` consecutive failures (1 = first failure):
 * half of the exponential step fixed, half random, so that many devices coming back online
 * together spread out; never less than the server's Retry-After.
 */
export function backoffDelayMs(
  failures: number,
  random: () => number = Math.random,
  retryAfterSeconds?: number,
): number {
  const step = Math.min(backoffCapMs, backoffBaseMs * 2 ** Math.max(0, failures - 1));
  const jittered = Math.round(step / 2 + random() * (step / 2));
  const floor = retryAfterSeconds ? retryAfterSeconds * 1000 : 0;
  return Math.max(jittered, Math.min(floor, 24 * 3_600_000));
}

// Which notifications the open app announces with a toast (decision 0666).

/** Allowance for the server's clock running ahead of or behind the device's. */
const clockAllowanceMs = 2 * 60_000;

/**
 * Whether a notification is news to a member whose app started at `startedAt`: made since then.
 * Older ones reached this device late (its first pull, a day offline) and wait on the
 * notifications screen with its count, instead of a burst of toasts hiding the ones that matter.
 */
export function isNews(createdAt: string, startedAt: number): boolean {
  return Date.parse(createdAt) >= startedAt - clockAllowanceMs;
}

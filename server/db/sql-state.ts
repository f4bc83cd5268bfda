// The SQLSTATE of a database error, read the same way from node-postgres and PGlite errors,
// also when Drizzle wraps the driver's error in `cause` (DrizzleQueryError).

interface DriverError {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/** The driver's error inside any wrapping: the first error in the cause chain with a SQLSTATE. */
function driverError(error: unknown): DriverError | undefined {
  let e: unknown = error;
  for (let depth = 0; typeof e === 'object' && e !== null && depth < 5; depth += 1) {
    const candidate = e as DriverError;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return candidate;
    }
    e = candidate.cause;
  }
  return undefined;
}

/** The five-character SQLSTATE (e.g. `23505`), or undefined for errors that are not the database's. */
export function sqlStateOf(error: unknown): string | undefined {
  return driverError(error)?.code as string | undefined;
}

/**
 * Whether the error is a unique violation (23505), optionally of one of the named
 * constraints (e.g. `members_email_key`): the index decides a race between two writes.
 */
export function isUniqueViolation(
  error: unknown,
  constraint?: string | readonly string[],
): boolean {
  const found = driverError(error);
  if (found?.code !== '23505') return false;
  if (constraint === undefined) return true;
  const names: readonly string[] = typeof constraint === 'string' ? [constraint] : constraint;
  return typeof found.constraint === 'string' && names.includes(found.constraint);
}

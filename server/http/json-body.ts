// Parses a JSON request body with a ceiling on nesting: JSON.parse itself copes with deep
// nesting, but everything after it (validation, hashing, storing jsonb) walks the value
// recursively, so a 100,000-deep array would exhaust the stack or burn CPU for nothing.
import { ApiError } from './errors';

/** Deepest nesting of arrays and objects a request body may have (real bodies stay under 10). */
export const maxJsonDepth = 32;

/** The deepest nesting of arrays/objects in JSON text, counted without parsing it. */
function exceedsDepth(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c /* \ */) i += 1;
      else if (ch === 0x22 /* " */) inString = false;
    } else if (ch === 0x22) {
      inString = true;
    } else if (ch === 0x7b /* { */ || ch === 0x5b /* [ */) {
      depth += 1;
      if (depth > limit) return true;
    } else if (ch === 0x7d /* } */ || ch === 0x5d /* ] */) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * The parsed body, or 400 `bad_json` (not JSON) / `body_too_deep` (nested past maxJsonDepth).
 * The total size is bounded before this by the body-limit middleware (413 body_too_large).
 */
export function parseJsonBody(text: string, limit = maxJsonDepth): unknown {
  if (exceedsDepth(text, limit)) {
    throw new ApiError(400, 'body_too_deep', undefined, undefined, { depth: limit });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, 'bad_json');
  }
}

// What a proxy in front says about the original request (X-Forwarded-Proto, X-Forwarded-Host)
// is believed only with TRUST_PROXY=true: without a proxy, any client could send these headers.

/** The parts of a request read here (Hono's request has them). */
interface RequestHead {
  url: string;
  header(name: string): string | undefined;
}

/** The last value of a forwarded header: the one our own proxy added. */
function lastHop(value: string | undefined): string | undefined {
  return value?.split(',').at(-1)?.trim() || undefined;
}

/** The scheme the client used: the proxy's word when trusted, else this connection's. */
export function requestScheme(req: RequestHead, trustProxy: boolean): string {
  const forwarded = trustProxy ? lastHop(req.header('x-forwarded-proto')) : undefined;
  // The URL's own scheme, read without parsing the whole URL (this runs on every kept page).
  return (forwarded ?? req.url.slice(0, req.url.indexOf(':'))).toLowerCase();
}

/** The host the client asked for according to a trusted proxy, if any. */
export function forwardedHost(req: RequestHead, trustProxy: boolean): string | undefined {
  return trustProxy ? lastHop(req.header('x-forwarded-host')) : undefined;
}

// Spec §5: a YouTube id is 11 characters, taken from youtube.com or youtu.be links. Shared:
// the server refuses a video link without one, the card draws its thumbnail from it.
const idPattern = /^[A-Za-z0-9_-]{11}$/;
const youtubeHosts = new Set(['youtube.com', 'youtube-nocookie.com']);
const pathShapes = new Set(['embed', 'shorts', 'live', 'v', 'e', 'watch']);

function parseLink(link: string): URL | null {
  const text = link.trim();
  // People paste "youtu.be/…" or "www.youtube.com/…" without a scheme.
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    return new URL(withScheme);
  } catch {
    return null;
  }
}

function idFrom(url: URL, depth = 0): string | null | undefined {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.|music\.|gaming\.)/, '');
  if (host === 'youtu.be') return url.pathname.split('/')[1];
  if (!youtubeHosts.has(host)) return null;
  const parts = url.pathname.split('/').filter(Boolean);
  const first = parts[0];
  if (first === 'watch' && !parts[1]) return url.searchParams.get('v');
  if (first && pathShapes.has(first)) return parts[1];
  // youtube.com/attribution_link?u=/watch%3Fv%3D…, youtube.com/oembed?url=…: the link inside.
  const inner = url.searchParams.get('u') ?? url.searchParams.get('url');
  if (inner && depth === 0) {
    const nested = parseLink(inner.startsWith('/') ? `https://www.youtube.com${inner}` : inner);
    return nested ? idFrom(nested, 1) : null;
  }
  // youtube.com/?v=… and youtube.com/watch#… variants.
  return parts.length === 0 ? url.searchParams.get('v') : null;
}

/** The video id of a YouTube link, or null when the link is not one. */
export function youtubeId(link: string | null | undefined): string | null {
  if (!link) return null;
  const url = parseLink(link);
  if (!url) return null;
  // A bare word ("dQw4w9WgXcQ") parses as a host without a dot: not a link.
  if (!url.hostname.includes('.')) return null;
  const candidate = idFrom(url);
  return candidate && idPattern.test(candidate) ? candidate : null;
}

export function youtubeThumbnail(id: string): string {
  return `https://i.ytimg.com/vi/${id}/hqdefault.jpg`;
}

/** The video on YouTube itself: where a tap leads when no script runs. */
export function youtubeWatch(id: string): string {
  return `https://www.youtube.com/watch?v=${id}`;
}

export function youtubeEmbed(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`;
}

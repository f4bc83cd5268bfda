// Spec §5: a YouTube id is 11 characters, taken from youtube.com or youtu.be links.
const idPattern = /^[A-Za-z0-9_-]{11}$/;

/** The video id of a YouTube link, or null when the link is not one. */
export function youtubeId(link: string | null | undefined): string | null {
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.|music\.)/, '');
  let candidate: string | null | undefined = null;
  if (host === 'youtu.be') {
    candidate = url.pathname.split('/')[1];
  } else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] === 'watch') candidate = url.searchParams.get('v');
    else if (
      parts[0] === 'embed' ||
      parts[0] === 'shorts' ||
      parts[0] === 'live' ||
      parts[0] === 'v'
    )
      candidate = parts[1];
  }
  return candidate && idPattern.test(candidate) ? candidate : null;
}

export function youtubeThumbnail(id: string): string {
  return `https://i.ytimg.com/vi/${id}/hqdefault.jpg`;
}

export function youtubeEmbed(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`;
}

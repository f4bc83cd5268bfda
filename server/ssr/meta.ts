// Share metadata (title, description, image, Open Graph, Twitter) of public pages.
import type { CardMeta, CardOwner } from '../../contract/card';
import {
  cutDescription,
  defaultShareDescription,
  defaultShareTitle,
  errorShareTitle,
  profileShareTitle,
  titleSuffix,
} from '../../contract/share-text';
import { avatarJpegVariant, imageVariantUrl } from '../../contract/image';

export function absoluteUrl(origin: string, url: string | null | undefined): string | null {
  if (!url) return null;
  if (/^https?:\/\//i.test(url)) return url;
  if (url.startsWith('/')) return `${origin}${url}`;
  return null;
}

export function ownerMeta(owner: CardOwner, origin: string, path: string): CardMeta {
  return {
    title: profileShareTitle(owner.name, owner.language),
    description:
      cutDescription(owner.intro ?? owner.aboutMe ?? owner.jobTitle) || defaultShareDescription,
    // An uploaded avatar is shared as its JPEG: not every crawler reads WebP.
    image: absoluteUrl(
      origin,
      (owner.avatarUrl && imageVariantUrl(owner.avatarUrl, avatarJpegVariant)) ??
        owner.avatarUrl ??
        owner.bannerUrl,
    ),
    url: `${origin}${path}`,
  };
}

export function itemMeta(
  title: string,
  content: string | null,
  image: string | null | undefined,
  origin: string,
  path: string,
): CardMeta {
  return {
    title: `${title}${titleSuffix}`,
    description: cutDescription(content) || defaultShareDescription,
    image: absoluteUrl(origin, image),
    url: `${origin}${path}`,
  };
}

export function defaultMeta(origin: string, path: string): CardMeta {
  return {
    title: `${defaultShareTitle}${titleSuffix}`,
    description: defaultShareDescription,
    image: `${origin}/icons/icon-512.png`,
    url: `${origin}${path}`,
  };
}

export function errorMeta(origin: string, path: string): CardMeta {
  return { ...defaultMeta(origin, path), title: errorShareTitle };
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The <head> tags for a page's metadata, every value escaped. */
export function metaTags(meta: CardMeta): string {
  const e = escapeHtml;
  const tags = [
    `<title>${e(meta.title)}</title>`,
    `<meta name="description" content="${e(meta.description)}" />`,
    `<link rel="canonical" href="${e(meta.url)}" />`,
    `<meta property="og:type" content="profile" />`,
    `<meta property="og:site_name" content="m.e Cards" />`,
    `<meta property="og:title" content="${e(meta.title)}" />`,
    `<meta property="og:description" content="${e(meta.description)}" />`,
    `<meta property="og:url" content="${e(meta.url)}" />`,
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${e(meta.title)}" />`,
    `<meta name="twitter:description" content="${e(meta.description)}" />`,
  ];
  if (meta.image) {
    tags.push(`<meta property="og:image" content="${e(meta.image)}" />`);
    tags.push(`<meta name="twitter:image" content="${e(meta.image)}" />`);
  }
  return tags.join('\n    ');
}

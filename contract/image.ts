// Uploaded pictures (decision 0620): what each purpose is stored as, and the stable address a
// client knows before the upload has happened (`/img/<uploadId>/<variant>`), so an offline
// profile edit can point at a picture that is still waiting on the device.
import * as v from 'valibot';
import { uuidPatternSource, uuidSchema } from './common';

export const imagePurposes = ['avatar', 'banner', 'background', 'content'] as const;
export type ImagePurpose = (typeof imagePurposes)[number];

export const imagePurposeSchema = v.picklist(imagePurposes, 'invalid_value');

export interface ImageVariantSpec {
  /** The last part of the address, e.g. `256.webp`. */
  name: string;
  width: number;
  height: number;
  /** cover: cropped to exactly width × height; inside: at most width × height, aspect kept. */
  fit: 'cover' | 'inside';
  format: 'webp' | 'jpeg';
  quality: number;
}

/** The sizes the screens use, per purpose; the first is what a profile field points at. */
export const imageVariants: Record<ImagePurpose, readonly ImageVariantSpec[]> = {
  // The card shows the avatar at 112 css px (256 covers 2x screens); lists at 40; the vCard and
  // share previews want a small JPEG (phones' contact apps and some crawlers read no WebP).
  avatar: [
    { name: '256.webp', width: 256, height: 256, fit: 'cover', format: 'webp', quality: 78 },
    { name: '96.webp', width: 96, height: 96, fit: 'cover', format: 'webp', quality: 75 },
    { name: '240.jpg', width: 240, height: 240, fit: 'cover', format: 'jpeg', quality: 72 },
  ],
  // The card's banner is 3:1 (960 × 320 in its markup).
  banner: [
    { name: '960.webp', width: 960, height: 320, fit: 'cover', format: 'webp', quality: 72 },
    { name: '480.webp', width: 480, height: 160, fit: 'cover', format: 'webp', quality: 72 },
  ],
  background: [
    { name: '1080.webp', width: 1080, height: 1920, fit: 'inside', format: 'webp', quality: 70 },
    { name: '540.webp', width: 540, height: 960, fit: 'inside', format: 'webp', quality: 70 },
  ],
  // Post, product, relic and poster pictures.
  content: [
    { name: '1024.webp', width: 1024, height: 1024, fit: 'inside', format: 'webp', quality: 75 },
    { name: '480.webp', width: 480, height: 480, fit: 'inside', format: 'webp', quality: 72 },
  ],
};

/** The small JPEG of an avatar, carried inline by the vCard and used as the share image. */
export const avatarJpegVariant = '240.jpg';

/** Largest accepted upload (the client resizes first; a camera original still fits). */
export const maxUploadBytes = 12 * 1024 * 1024;
/** Largest accepted picture in pixels (width × height): refuses decompression bombs. */
export const maxInputPixels = 50_000_000;
/** The client's resize before upload: longest side in pixels. */
export const clientMaxSide: Record<ImagePurpose, number> = {
  avatar: 1024,
  banner: 1920,
  background: 1920,
  content: 2048,
};
/** What the picker accepts (the server decides by content, not by this). */
export const acceptedImageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;

const imageUrlPattern = new RegExp(`^/img/(${uuidPatternSource})/([0-9a-z]+\\.(?:webp|jpg))$`);

export function imageUrl(uploadId: string, variant: string): string {
  return `/img/${uploadId}/${variant}`;
}

/** The address a field stores for a picture of this purpose. */
export function mainImageUrl(uploadId: string, purpose: ImagePurpose): string {
  return imageUrl(uploadId, imageVariants[purpose][0]?.name ?? '');
}

/** The upload and variant of an uploaded picture's address; null for anything else. */
export function parseImageUrl(
  url: string | null | undefined,
): { uploadId: string; variant: string } | null {
  const match = url ? imageUrlPattern.exec(url) : null;
  if (!match?.[1] || !match[2]) return null;
  return { uploadId: match[1], variant: match[2] };
}

/** Another size of the same uploaded picture (e.g. the vCard's JPEG of an avatar). */
export function imageVariantUrl(url: string, variant: string): string | null {
  const parsed = parseImageUrl(url);
  return parsed ? imageUrl(parsed.uploadId, variant) : null;
}

/**
 * The card banner's `srcset`: a small screen takes the 480-px file of an uploaded banner
 * (decision 0403); undefined for any other picture (no other size exists).
 */
export function bannerSrcSet(url: string): string | undefined {
  const parsed = parseImageUrl(url);
  if (parsed?.variant !== '960.webp') return undefined;
  return `${imageUrl(parsed.uploadId, '480.webp')} 480w, ${url} 960w`;
}
/** The banner's width on the card: the screen's, up to 960 css px. */
export const bannerSizes = '(max-width: 960px) 100vw, 960px';

export const profileImageSlots = ['avatar', 'banner', 'background'] as const;
export type ProfileImageSlot = (typeof profileImageSlots)[number];

/** An uploaded picture's address (or null: no picture). */
export const uploadedImageUrlSchema = v.nullable(
  v.pipe(
    v.string('not_text'),
    v.check((url) => parseImageUrl(url) !== null, 'image_url_invalid'),
  ),
);

/** profile.setImage: the avatar, banner or background of the card is this uploaded picture. */
export const profileSetImageSchema = v.object({
  slot: v.picklist(profileImageSlots, 'invalid_value'),
  url: uploadedImageUrlSchema,
});
export type ProfileSetImage = v.InferOutput<typeof profileSetImageSchema>;

export interface ProfileImages {
  memberId: string;
  avatarUrl: string | null;
  bannerUrl: string | null;
  backgroundUrl: string | null;
  updatedAt: string;
}

/** What the upload call answers. */
export interface StoredUpload {
  id: string;
  purpose: ImagePurpose;
  url: string;
  variants: { name: string; width: number; height: number; bytes: number; type: string }[];
}

export const uploadQuerySchema = v.object({ purpose: imagePurposeSchema });

export const uploadIdSchema = uuidSchema;

// Decodes an upload once and re-encodes it into the sizes of its purpose (decision 0620). Only
// pixels survive: EXIF (GPS, camera serials), XMP, ICC and comments are dropped; the EXIF
// orientation is applied first so the picture stands the right way up without it.
import { availableParallelism } from 'node:os';
import type { Metadata, OutputInfo, default as Sharp } from 'sharp';
import {
  imageVariants,
  maxInputPixels,
  type ImagePurpose,
  type ImageVariantSpec,
} from '../../contract/image';
import { ApiError } from '../http/errors';
import { checkImageContainer, sniffImageFormat } from './image-check';

export interface EncodedVariant {
  name: string;
  contentType: string;
  bytes: Buffer;
  width: number;
  height: number;
}

const sharpFormat = { jpeg: 'jpeg', png: 'png', webp: 'webp', avif: 'heif' } as const;

// A camera photo is a second of decoding and re-encoding on every core libvips is given: four
// members uploading at once kept a 2-core server from answering card reads (p95 188 ms). One
// picture is encoded at a time, on all cores but one, and the server runs this in a process of
// its own at a lower priority (encoder-process.ts); uploads wait their turn instead.
let sharpModule: Promise<typeof Sharp> | undefined;

/** libvips, loaded with the first picture rather than at every start (about 0.1 s). */
export function loadSharp(): Promise<typeof Sharp> {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(Math.max(1, availableParallelism() - 1));
    return sharp;
  });
  return sharpModule;
}

let encoding: Promise<unknown> = Promise.resolve();

function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = encoding.then(work, work);
  encoding = turn.catch(() => undefined);
  return turn;
}

const damaged = () => new ApiError(422, 'image_damaged', { image: 'image_damaged' });

/** How much of the original the largest variant needs (1 = full size). */
function neededScale(width: number, height: number, specs: readonly ImageVariantSpec[]): number {
  let scale = 0;
  for (const spec of specs) {
    const sx = spec.width / width;
    const sy = spec.height / height;
    scale = Math.max(scale, spec.fit === 'cover' ? Math.max(sx, sy) : Math.min(sx, sy));
  }
  return Math.min(1, scale);
}

/**
 * Checks the bytes (content, container, pixel count) and returns the purpose's variants.
 * Throws ApiError 415/422 with a field message for anything that is not one sound picture.
 */
export function encodeUpload(input: Uint8Array, purpose: ImagePurpose): Promise<EncodedVariant[]> {
  return oneAtATime(() => encodeNow(input, purpose));
}

async function encodeNow(input: Uint8Array, purpose: ImagePurpose): Promise<EncodedVariant[]> {
  const format = sniffImageFormat(input);
  if (!format) {
    throw new ApiError(415, 'image_type_unsupported', { image: 'image_type_unsupported' });
  }
  checkImageContainer(input, format);
  const options = { limitInputPixels: maxInputPixels, failOn: 'warning' as const };
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    // The header alone: the pixel count is judged below, with its own message.
    meta = await sharp(input, { limitInputPixels: false, failOn: 'warning' }).metadata();
  } catch {
    throw damaged();
  }
  if (meta.format !== sharpFormat[format]) throw damaged();
  const width = meta.autoOrient.width;
  const height = meta.autoOrient.height;
  if (!width || !height) throw damaged();
  if (width * height > maxInputPixels) {
    throw new ApiError(
      422,
      'image_too_many_pixels',
      { image: 'image_too_many_pixels' },
      undefined,
      { max: Math.floor(maxInputPixels / 1_000_000) },
    );
  }
  const specs = imageVariants[purpose];
  // One decode (JPEG shrinks while decoding), oriented and flattened to sRGB pixels, at the
  // size the largest variant needs; every variant is cut from these pixels.
  const scale = neededScale(width, height, specs);
  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await sharp(input, options)
      .autoOrient()
      .resize(Math.max(1, Math.ceil(width * scale)), Math.max(1, Math.ceil(height * scale)), {
        fit: 'fill',
      })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw damaged();
  }
  const raw = {
    raw: {
      width: base.info.width,
      height: base.info.height,
      channels: base.info.channels,
    },
  };
  return Promise.all(
    specs.map(async (spec) => {
      let pipeline = sharp(base.data, raw).resize(spec.width, spec.height, {
        fit: spec.fit,
        withoutEnlargement: spec.fit === 'inside',
      });
      pipeline =
        spec.format === 'webp'
          ? pipeline.webp({ quality: spec.quality, effort: 4 })
          : pipeline
              .flatten({ background: '#ffffff' })
              .jpeg({ quality: spec.quality, mozjpeg: true });
      const out = await pipeline.toBuffer({ resolveWithObject: true });
      return {
        name: spec.name,
        contentType: spec.format === 'webp' ? 'image/webp' : 'image/jpeg',
        bytes: out.data,
        width: out.info.width,
        height: out.info.height,
      };
    }),
  );
}

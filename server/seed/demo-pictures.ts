// The demo card's avatar and banner as real uploads: camera-sized pictures (with grain, like a
// photo) sent through the same store as a member's upload (decision 0620). Drawing them is most
// of a second each, and making their sizes a few tenths more: the build draws and encodes them
// once into dist/server/ and a first start reads them from there (decision 1087), doing it
// itself only without a build.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import { eq } from 'drizzle-orm';
import type { ImagePurpose } from '../../contract/image';
import type { Database } from '../db/client';
import { members } from '../db/schema';
import { encodeUpload, loadSharp, type EncodedVariant } from '../images/image-encode';
import { storeUpload } from '../images/image-store';

const grain = `<filter id="g"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="7"/><feColorMatrix values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 0.10 0"/></filter>`;

const avatarSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200" viewBox="0 0 224 224"><defs><radialGradient id="bg" cx="0.3" cy="0.25" r="0.9"><stop offset="0" stop-color="#fbe7d6"/><stop offset="1" stop-color="#e2b896"/></radialGradient>${grain}</defs><rect width="224" height="224" fill="url(#bg)"/><circle cx="112" cy="92" r="44" fill="#6b4226"/><circle cx="112" cy="98" r="36" fill="#f7c9a0"/><path d="M40 224c6-52 38-76 72-76s66 24 72 76z" fill="#1769aa"/><path d="M72 84c4-34 26-48 40-48s38 12 40 48c-10-16-26-22-40-22s-30 6-40 22z" fill="#6b4226"/><rect width="224" height="224" filter="url(#g)"/></svg>`;

const bannerSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="800" viewBox="0 0 960 320"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfe4f2"/><stop offset="1" stop-color="#f6efe6"/></linearGradient>${grain}</defs><rect width="960" height="320" fill="url(#s)"/><path d="M0 220c120-60 240-70 360-30s240 40 360-10 180-40 240-20v160H0z" fill="#7da27a"/><path d="M0 260c160-40 300-30 460 0s320 20 500-20v80H0z" fill="#4f7a4c"/><circle cx="800" cy="80" r="36" fill="#fff6d5"/><rect width="960" height="320" filter="url(#g)"/></svg>`;

/** Fixed ids: the demo's pictures keep their addresses across resets. */
export const demoAvatarUploadId = '5e1d0a7a-0000-4000-8000-00000000a001';
export const demoBannerUploadId = '5e1d0a7a-0000-4000-8000-00000000b001';

async function cameraJpeg(svg: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** dist/server/, from the source file and from the compiled bundle alike (decision 1082). */
const buildDir = fileURLToPath(new URL('../../dist/server/', import.meta.url));
interface DrawnPicture {
  svg: string;
  purpose: ImagePurpose;
  /** The drawn photo, as a member would upload it. */
  file: string;
  /** Its sizes as encodeUpload makes them (v8-serialized), written with it. */
  variantsFile: string;
}

const drawnPictures: readonly [DrawnPicture, DrawnPicture] = [
  {
    svg: avatarSvg,
    purpose: 'avatar',
    file: `${buildDir}demo-avatar.jpg`,
    variantsFile: `${buildDir}demo-avatar.variants`,
  },
  {
    svg: bannerSvg,
    purpose: 'banner',
    file: `${buildDir}demo-banner.jpg`,
    variantsFile: `${buildDir}demo-banner.variants`,
  },
];

/**
 * Draws the demo's pictures and encodes their sizes into the build (`npm run build` calls this
 * at every build, so a change to the drawing or to the encoding is never missed).
 */
export async function writeDemoPictures(): Promise<void> {
  for (const picture of drawnPictures) {
    const bytes = await cameraJpeg(picture.svg);
    await writeFile(picture.file, bytes);
    await writeFile(picture.variantsFile, serialize(await encodeUpload(bytes, picture.purpose)));
  }
}

/** The photo and, when the build made them, its encoded sizes. */
async function demoPicture(
  picture: DrawnPicture,
): Promise<{ bytes: Buffer; encoded?: EncodedVariant[] }> {
  if (!existsSync(picture.file) || !existsSync(picture.variantsFile)) {
    return { bytes: await cameraJpeg(picture.svg) };
  }
  const [bytes, variants] = await Promise.all([
    readFile(picture.file),
    readFile(picture.variantsFile),
  ]);
  return { bytes, encoded: deserialize(variants) as EncodedVariant[] };
}

/** Uploads the demo member's avatar and banner and points the card at them. */
export async function seedDemoPictures(db: Database, memberId: string): Promise<void> {
  const store = async (picture: DrawnPicture, id: string) => {
    const { bytes, encoded } = await demoPicture(picture);
    return storeUpload(db, { id, memberId, purpose: picture.purpose, bytes }, encoded);
  };
  const [avatar, banner] = await Promise.all([
    store(drawnPictures[0], demoAvatarUploadId),
    store(drawnPictures[1], demoBannerUploadId),
  ]);
  await db
    .update(members)
    .set({ avatarUrl: avatar.url, bannerUrl: banner.url })
    .where(eq(members.id, memberId));
}

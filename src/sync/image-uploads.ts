// Pictures picked on this device (decision 0620). queueImageUpload keeps the resized picture
// in Dexie and answers its final address at once (`/img/<uploadId>/<variant>`), so an edit
// can point at it offline; the sync engine uploads every pending picture BEFORE it pushes the
// outbox, once (the server answers a repeated upload of the same id and bytes as the first).
import {
  clientMaxSide,
  mainImageUrl,
  parseImageUrl,
  type ImagePurpose,
} from '../../contract/image';
import { imageUpload } from '../../contract/rest-routes';
import { apiCall, ApiRequestError } from '../api/http-client';
import { readSession } from '../api/session-store';
import { appDb, withOpenDb, type AppDb, type PendingImageRow } from '../db/app-db';
import { outboxChanged } from './flush-signal';

/** Makes the picture smaller before it is kept and sent; the original when it cannot. */
export type ImageResizer = (file: Blob, maxSide: number) => Promise<Blob>;

/** Browser resize: decode, draw at most maxSide on the long side, save as WebP (else JPEG). */
export const resizeInBrowser: ImageResizer = async (file, maxSide) => {
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') {
    return file;
  }
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    // Not decodable here (e.g. AVIF on an older browser): the server judges the original.
    return file;
  }
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) return file;
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const webp = await canvas.convertToBlob({ type: 'image/webp', quality: 0.88 });
  // Browsers without a WebP encoder answer PNG: JPEG is smaller then.
  const resized =
    webp.type === 'image/webp'
      ? webp
      : await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.88 });
  return resized.size < file.size || scale < 1 ? resized : file;
};

/** Keeps a picture for upload in a given database; answers the address to store in a field. */
export async function queueImageUploadIn(
  db: AppDb,
  memberId: string | null,
  file: Blob,
  purpose: ImagePurpose,
  resize: ImageResizer = resizeInBrowser,
): Promise<string> {
  const resized = await resize(file, clientMaxSide[purpose]);
  const row: PendingImageRow = {
    id: crypto.randomUUID(),
    memberId,
    purpose,
    bytes: await resized.arrayBuffer(),
    type: resized.type,
    state: 'pending',
    attempts: 0,
    error: null,
    createdAt: new Date().toISOString(),
  };
  await withOpenDb(db, () => db.pendingImages.add(row));
  return mainImageUrl(row.id, purpose);
}

/**
 * Keeps a picked picture on this device until the server has it, and answers its address at
 * once. Offline: it waits in Dexie (the device shows it from there) and is uploaded on the
 * next flush, before the edits that point at it.
 */
export async function queueImageUpload(file: Blob, purpose: ImagePurpose): Promise<string> {
  const session = await readSession();
  const url = await queueImageUploadIn(appDb, session?.memberId ?? null, file, purpose);
  outboxChanged();
  return url;
}

/** Refusals of the picture itself (or of its id): sending it again cannot help. */
function isRefusal(error: ApiRequestError): boolean {
  return [400, 403, 409, 413, 415, 422].includes(error.status);
}

/**
 * Uploads this member's pending pictures, oldest first. A refused picture is marked rejected
 * (the edit pointing at it is then refused by the server and undone); a network error or a
 * server failure is thrown for the engine's backoff, and the picture stays pending.
 */
export async function uploadPendingImages(
  db: AppDb,
  memberId: string,
): Promise<{ uploaded: number; rejected: number }> {
  const summary = { uploaded: 0, rejected: 0 };
  const pending = (
    await db.pendingImages.where('state').equals('pending').sortBy('createdAt')
  ).filter((row) => row.memberId === null || row.memberId === memberId);
  for (const row of pending) {
    await db.pendingImages.update(row.id, { attempts: row.attempts + 1 });
    try {
      await apiCall(imageUpload, {
        params: { id: row.id },
        query: { purpose: row.purpose },
        bytes: { data: row.bytes, type: row.type },
      });
    } catch (error) {
      if (!(error instanceof ApiRequestError) || !isRefusal(error)) throw error;
      await db.pendingImages.update(row.id, {
        state: 'rejected',
        error: {
          code: error.code,
          message: error.message,
          fields: error.fields,
          status: error.status,
        },
      });
      summary.rejected += 1;
      continue;
    }
    await db.pendingImages.delete(row.id);
    summary.uploaded += 1;
  }
  return summary;
}

/** The picture waiting on this device for an address, if it is one of ours still pending. */
export async function pendingImageFor(
  db: AppDb,
  url: string | null | undefined,
): Promise<PendingImageRow | undefined> {
  const parsed = parseImageUrl(url);
  return parsed ? db.pendingImages.get(parsed.uploadId) : undefined;
}

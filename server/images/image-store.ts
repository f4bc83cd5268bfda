// The picture store (decision 0620): re-encoded variants in PostgreSQL/PGlite, each blob under
// the SHA-256 of its bytes, each upload under its client-made id. Every server process reads
// the same rows; nothing is kept on a process's disk.
import { createHash, webcrypto } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Database, type Queryable } from '../db/client';
import { imageBlobs, imageUploads, imageVariants } from '../db/schema-images';
import { isUniqueViolation } from '../db/sql-state';
import { ApiError } from '../http/errors';
import { mainImageUrl, type ImagePurpose, type StoredUpload } from '../../contract/image';
import type { EncodedVariant } from './image-encode';
import { encodeInEncoderProcess } from './encoder-process';
import { bufferView } from './buffer-view';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The same hash on the thread pool: an upload's original is megabytes (a camera photo about 8 ms
 * of hashing), time the event loop owes the other members' requests.
 */
async function sha256OffThread(bytes: Uint8Array): Promise<string> {
  return Buffer.from(await webcrypto.subtle.digest('SHA-256', bytes)).toString('hex');
}

export type UploadRow = typeof imageUploads.$inferSelect;

/** What an upload holds (its variants and sizes). */
export async function describeUpload(db: Queryable, upload: UploadRow): Promise<StoredUpload> {
  const rows = await queryRows<{
    variant: string;
    width: number;
    height: number;
    byte_size: number;
    content_type: string;
  }>(
    db,
    sql`SELECT v.variant, b.width, b.height, b.byte_size, b.content_type
        FROM image_variants v JOIN image_blobs b ON b.hash = v.blob_hash
        WHERE v.upload_id = ${upload.id} ORDER BY v.variant`,
  );
  const purpose = upload.purpose as ImagePurpose;
  return {
    id: upload.id,
    purpose,
    url: mainImageUrl(upload.id, purpose),
    variants: rows.map((row) => ({
      name: row.variant,
      width: Number(row.width),
      height: Number(row.height),
      bytes: Number(row.byte_size),
      type: row.content_type,
    })),
  };
}

/** An existing upload of this id: the same one again is answered; anything else is refused. */
function sameUploadOrRefuse(
  existing: UploadRow,
  memberId: string,
  purpose: ImagePurpose,
  sourceHash: string,
): void {
  if (existing.memberId !== memberId) throw new ApiError(403, 'forbidden');
  if (existing.sourceHash !== sourceHash || existing.purpose !== purpose) {
    throw new ApiError(409, 'image_id_taken', { image: 'image_id_taken' });
  }
}

export async function findUpload(db: Queryable, id: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(imageUploads).where(eq(imageUploads.id, id));
  return row;
}

/**
 * Stores an upload once: checks and re-encodes the bytes, then writes blobs (deduplicated by
 * hash), the upload and its variants in one transaction. Sending the same bytes under the same
 * id again (a retry whose answer was lost) answers the stored upload and changes nothing.
 */
export async function storeUpload(
  db: Database,
  input: { id: string; memberId: string; purpose: ImagePurpose; bytes: Uint8Array },
  /** The variants already made from these bytes by encodeUpload (the build's demo pictures). */
  encoded?: EncodedVariant[],
): Promise<StoredUpload> {
  const sourceHash = await sha256OffThread(input.bytes);
  const earlier = await findUpload(db, input.id);
  if (earlier) {
    sameUploadOrRefuse(earlier, input.memberId, input.purpose, sourceHash);
    return describeUpload(db, earlier);
  }
  const variants: EncodedVariant[] =
    encoded ?? (await encodeInEncoderProcess(input.bytes, input.purpose));
  try {
    return await db.transaction(async (tx) => {
      const blobs = variants.map((variant) => ({ variant, hash: sha256(variant.bytes) }));
      await tx
        .insert(imageBlobs)
        .values(
          blobs.map(({ variant, hash }) => ({
            hash,
            contentType: variant.contentType,
            bytes: variant.bytes,
            byteSize: variant.bytes.length,
            width: variant.width,
            height: variant.height,
          })),
        )
        .onConflictDoNothing();
      const [upload] = await tx
        .insert(imageUploads)
        .values({
          id: input.id,
          memberId: input.memberId,
          purpose: input.purpose,
          sourceHash,
          sourceBytes: input.bytes.length,
        })
        .returning();
      if (!upload) throw new ApiError(409, 'conflict');
      await tx.insert(imageVariants).values(
        blobs.map(({ variant, hash }) => ({
          uploadId: input.id,
          variant: variant.name,
          blobHash: hash,
        })),
      );
      return describeUpload(tx, upload);
    });
  } catch (error) {
    // The same id stored meanwhile by another request (another process, a doubled retry).
    if (!isUniqueViolation(error)) throw error;
    const stored = await findUpload(db, input.id);
    if (!stored) throw error;
    sameUploadOrRefuse(stored, input.memberId, input.purpose, sourceHash);
    return describeUpload(db, stored);
  }
}

export interface ImageBytes {
  hash: string;
  contentType: string;
  bytes: Buffer;
}

/** The bytes of one variant of an upload, or undefined. */
export async function readVariant(
  db: Queryable,
  uploadId: string,
  variant: string,
): Promise<ImageBytes | undefined> {
  const [row] = await queryRows<{ hash: string; content_type: string; bytes: Uint8Array }>(
    db,
    sql`SELECT b.hash, b.content_type, b.bytes FROM image_variants v
        JOIN image_blobs b ON b.hash = v.blob_hash
        WHERE v.upload_id = ${uploadId} AND v.variant = ${variant}`,
  );
  if (!row) return undefined;
  return { hash: row.hash, contentType: row.content_type, bytes: bufferView(row.bytes) };
}

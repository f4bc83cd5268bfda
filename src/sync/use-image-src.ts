// A picture address as the screen shows it (decision 0620): an uploaded picture from the
// server, or, while it still waits on this device, the local copy from Dexie.
import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { parseImageUrl } from '../../contract/image';
import { appDb, type AppDb, type PendingImageRow } from '../db/app-db';

/** One object URL per waiting picture, shared by every screen showing it. */
const localUrls = new Map<string, string>();

function localUrl(row: PendingImageRow): string {
  let url = localUrls.get(row.id);
  if (!url) {
    url = URL.createObjectURL(new Blob([row.bytes], { type: row.type }));
    localUrls.set(row.id, url);
  }
  return url;
}

/** The src to display for a stored picture address (local blob while pending); null for none. */
export function useImageSrc(url: string | null | undefined, db: AppDb = appDb): string | null {
  const uploadId = parseImageUrl(url)?.uploadId;
  // null once read and not waiting here; undefined while reading.
  const pending = useLiveQuery(
    async () => (uploadId ? ((await db.pendingImages.get(uploadId)) ?? null) : null),
    [db, uploadId],
  );
  useEffect(() => {
    // Uploaded (or never ours): the local copy is no longer needed.
    if (uploadId && pending === null) {
      const stale = localUrls.get(uploadId);
      if (stale) URL.revokeObjectURL(stale);
      localUrls.delete(uploadId);
    }
  }, [uploadId, pending]);
  if (!url) return null;
  // Not known yet whether it waits here: fetching it now could only answer 404.
  if (uploadId && pending === undefined) return null;
  return pending ? localUrl(pending) : url;
}

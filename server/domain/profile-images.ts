// profile.setImage: the card's avatar, banner or background becomes an uploaded picture of the
// same member (decision 0620). Shared by the batch push and any REST route.
import { eq } from 'drizzle-orm';
import { members } from '../db/schema';
import { ApiError } from '../http/errors';
import { findUpload } from '../images/image-store';
import type { MutationHandler } from '../sync/registry';
import {
  mainImageUrl,
  parseImageUrl,
  type ImagePurpose,
  type ProfileImages,
} from '../../contract/image';

const slotColumn = {
  avatar: 'avatarUrl',
  banner: 'bannerUrl',
  background: 'backgroundUrl',
} as const;

export const setProfileImage: MutationHandler<'profile.setImage'> = {
  async run(tx, ctx, input) {
    if (input.url !== null) {
      const parsed = parseImageUrl(input.url);
      const upload = parsed ? await findUpload(tx, parsed.uploadId) : undefined;
      if (!parsed || !upload) {
        throw new ApiError(422, 'image_not_uploaded', { url: 'image_not_uploaded' });
      }
      if (upload.memberId !== ctx.memberId) throw new ApiError(403, 'forbidden');
      const purpose: ImagePurpose = input.slot;
      if (upload.purpose !== purpose || input.url !== mainImageUrl(upload.id, purpose)) {
        throw new ApiError(400, 'validation_failed', { url: 'image_url_invalid' });
      }
    }
    // The update bumps the row's change sequence (pulls) and tells the card page caches.
    const [row] = await tx
      .update(members)
      .set({ [slotColumn[input.slot]]: input.url, updatedAt: ctx.now.toISOString() })
      .where(eq(members.id, ctx.memberId))
      .returning({
        memberId: members.id,
        avatarUrl: members.avatarUrl,
        bannerUrl: members.bannerUrl,
        backgroundUrl: members.backgroundUrl,
        updatedAt: members.updatedAt,
      });
    if (!row) throw new ApiError(404, 'not_found');
    const result: ProfileImages = row;
    return result;
  },
};

// Card settings data access: the member's theme (an offline write through the outbox, read
// from the device), and the online calls of the short link and the brand settings.
import { useLiveQuery } from 'dexie-react-hooks';
import { useQuery } from '@tanstack/react-query';
import { appDb, type AppDb } from '../../db/app-db';
import { queueMutation, type QueueMutationInput } from '../../sync/mutate';
import * as routes from '../../../contract/rest-routes';
import { apiCall, ApiRequestError, NetworkError } from '../../api/http-client';
import { pendingImageFor, queueImageUpload, uploadPendingImages } from '../../sync/image-uploads';
import { messageText, type Lang } from '../../../contract/messages';
import { currentMemberId } from '../../api/current-member';
import { themeCatalogue } from '../../../contract/theme';
import type {
  BrandUpdateInput,
  FormDataInput,
  StyleList,
  ThemeType,
  UrlMinifyChange,
  UrlMinifyCheck,
} from '../../../contract/card-settings';
import type { MutationPayload } from '../../../contract/mutations';

export interface ThemePick {
  theme: string;
  themeType: ThemeType;
  /** Waiting in the outbox (not on the server yet). */
  pending: boolean;
}

/**
 * The member's current theme as this device knows it: the newest queued choice, else the
 * mirrored profile row, else null (the screen then asks the server).
 */
export async function readLocalTheme(db: AppDb, memberId: string): Promise<ThemePick | null> {
  const queued = (await db.outbox.where('state').equals('pending').sortBy('seq'))
    .filter((e) => e.name === 'profile.setTheme' && e.memberId === memberId)
    .at(-1);
  if (queued) {
    const payload = queued.payload as MutationPayload<'profile.setTheme'>;
    return { theme: payload.theme, themeType: payload.themeType ?? 'list', pending: true };
  }
  const profile = await db.profile.get(memberId);
  if (profile?.theme) {
    return { theme: profile.theme, themeType: profile.themeType, pending: false };
  }
  return null;
}

export function useLocalTheme(memberId: string | undefined): ThemePick | null | undefined {
  return useLiveQuery(async () => (memberId ? readLocalTheme(appDb, memberId) : null), [memberId]);
}

/** The theme write: the profile row (when mirrored) and the outbox entry, together. */
export function themeWrite(
  memberId: string,
  theme: string,
  themeType: ThemeType,
): QueueMutationInput<'profile.setTheme'> {
  return {
    name: 'profile.setTheme',
    payload: { theme, themeType },
    table: 'profile',
    rowId: memberId,
    apply: (db) => db.profile.update(memberId, { theme, themeType }),
  };
}

/**
 * Sets the card's theme and layout mode. Offline: kept on this device (and shown) at once,
 * sent when the network is back; a theme the brand does not allow comes back refused.
 */
export async function saveMyTheme(
  memberId: string,
  theme: string,
  themeType: ThemeType,
): Promise<void> {
  await queueMutation(themeWrite(memberId, theme, themeType));
}

/**
 * The styles the member (or, with groupId, their brand) may choose. The member's own list is
 * kept on the device, so the screen works offline (before any answer: the catalogue).
 */
export function useStyleList(groupId?: string) {
  return useQuery({
    queryKey: ['card-settings', 'styles', groupId ?? 'me'],
    queryFn: async () => {
      if (groupId) {
        return apiCall(routes.stylesList, { query: { groupId } });
      }
      const key = `cardStyleList:${currentMemberId() ?? ''}`;
      try {
        const list = await apiCall(routes.stylesList);
        await appDb.syncState.put({ key, value: list });
        return list;
      } catch (error) {
        if (!(error instanceof NetworkError)) throw error;
        const kept = (await appDb.syncState.get(key))?.value as StyleList | undefined;
        return kept ?? { layoutPermission: 'FULL' as const, styles: [...themeCatalogue] };
      }
    },
    retry: false,
  });
}

export function useThemeAuth(groupId?: string) {
  return useQuery({
    queryKey: ['card-settings', 'theme-auth', groupId ?? 'me'],
    queryFn: () => apiCall(routes.themeCheckAuth, { query: { groupId } }),
    retry: false,
  });
}

/** checkUrlMinify (online): whether the owner may take the link. */
export function checkUrlMinify(
  link: string,
  signal: AbortSignal,
  groupId?: string,
): Promise<UrlMinifyCheck> {
  return apiCall(routes.urlMinifyCheck, {
    params: { link },
    query: { groupId },
    signal,
  });
}

/** Online only: a link's uniqueness cannot be promised offline. */
export function changeMyUrlMinify(memberId: string, urlMinify: string): Promise<UrlMinifyChange> {
  return apiCall(routes.memberUrlMinifyUpdate, {
    params: { memberId },
    json: { urlMinify },
    idempotencyKey: crypto.randomUUID(),
  });
}

export function useBrandSettings(groupId: string) {
  return useQuery({
    queryKey: ['card-settings', 'brand', groupId],
    queryFn: () => apiCall(routes.brandSettings, { params: { groupId } }),
    retry: false,
  });
}

export function useBrandFormData(groupId: string) {
  return useQuery({
    queryKey: ['card-settings', 'brand-form', groupId],
    queryFn: () => apiCall(routes.brandFormData, { params: { groupId } }),
    retry: false,
  });
}

/** Brand writes are online calls by the brand's admins (docs/decisions/0640). */
export const brandCalls = {
  update: (groupId: string, input: BrandUpdateInput) =>
    apiCall(routes.brandUpdate, {
      params: { groupId },
      json: input,
      idempotencyKey: crypto.randomUUID(),
    }),
  setTheme: (groupId: string, theme: string, themeType: ThemeType) =>
    apiCall(routes.brandThemeUpdate, {
      params: { groupId },
      json: { theme, themeType },
      idempotencyKey: crypto.randomUUID(),
    }),
  setUrlMinify: (groupId: string, urlMinify: string) =>
    apiCall(routes.brandUrlMinifyUpdate, {
      params: { groupId },
      json: { urlMinify },
      idempotencyKey: crypto.randomUUID(),
    }),
  setFormData: (groupId: string, input: FormDataInput) =>
    apiCall(routes.brandFormDataUpdate, {
      params: { groupId },
      json: input,
      idempotencyKey: crypto.randomUUID(),
    }),
};

/**
 * A brand's logo or cover, uploaded now through the pictures' pipeline (decision 0620): the
 * brand screen is online, so the picture is sent at once and its address answered; a picture
 * the server refuses is thrown with the server's reason (and not kept waiting on this device).
 */
export async function uploadBrandPicture(
  file: Blob,
  purpose: 'avatar' | 'banner',
  lang: Lang,
): Promise<string> {
  const url = await queueImageUpload(file, purpose);
  const memberId = currentMemberId();
  if (memberId) await uploadPendingImages(appDb, memberId);
  const left = await pendingImageFor(appDb, url);
  if (left?.state === 'rejected') {
    await appDb.pendingImages.delete(left.id);
    const code = left.error?.code ?? 'image_type_unsupported';
    throw new ApiRequestError(left.error?.status ?? 400, code, messageText(code, lang));
  }
  return url;
}

export function useMemberFormData(memberId: string | undefined) {
  return useQuery({
    queryKey: ['card-settings', 'member-form', memberId],
    queryFn: () => apiCall(routes.memberFormData, { params: { memberId: memberId ?? '' } }),
    enabled: Boolean(memberId),
    retry: false,
  });
}

/** The member's own form is an online call, as the brand's (decision 1121). */
export function saveMemberFormData(memberId: string, input: FormDataInput) {
  return apiCall(routes.memberFormDataUpdate, {
    params: { memberId },
    json: input,
    idempotencyKey: crypto.randomUUID(),
  });
}

// What the server and its picture encoder process say to each other (encoder-process.ts).
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ImagePurpose } from '../../contract/image';
import type { MessageCode } from '../../contract/messages';
import type { FieldInput } from '../http/errors';
import type { EncodedVariant } from './image-encode';

export interface EncodeRequest {
  id: number;
  bytes: Uint8Array;
  purpose: ImagePurpose;
}

/** An ApiError as it crosses the process boundary. */
export interface EncodeRefusal {
  status: ContentfulStatusCode;
  code: MessageCode;
  fields?: Record<string, FieldInput>;
  params?: Record<string, string | number>;
}

export type EncodeAnswer =
  | { id: number; variants: EncodedVariant[] }
  | { id: number; refusal: EncodeRefusal }
  | { id: number; failure: string };

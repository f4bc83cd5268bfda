// The picture encoder's own process (server/images/encoder-process.ts): it answers each request
// of the server that started it with the picture's variants, or with the refusal a member sees.
// It ends with that server: when the channel closes, whichever way the server stopped.
import { ApiError } from '../http/errors';
import { encodeUpload } from './image-encode';
import type { EncodeAnswer, EncodeRequest } from './encoder-messages';

function answer(message: EncodeAnswer): void {
  process.send?.(message);
}

process.on('message', (request: EncodeRequest) => {
  encodeUpload(request.bytes, request.purpose).then(
    (variants) => answer({ id: request.id, variants }),
    (error: unknown) => {
      if (error instanceof ApiError) {
        answer({
          id: request.id,
          refusal: {
            status: error.status,
            code: error.code,
            fields: error.fields,
            params: error.params,
          },
        });
      } else {
        answer({ id: request.id, failure: (error as Error).message || String(error) });
      }
    },
  );
});
process.on('disconnect', () => process.exit(0));

// Exports written in pieces (issue 25, decision 1022): each page of rows is read, turned into
// text and sent before the next is read, and the event loop gets a turn between pages, so a
// 50k-row export neither holds the whole file in memory nor stalls other requests.
import { setImmediate as nextTurn } from 'node:timers/promises';

const encoder = new TextEncoder();

/**
 * A response body from pieces of text. `pieces` is pulled one at a time as the client reads
 * (back-pressure), with an event-loop turn after each piece.
 */
export function chunkedTextBody(pieces: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const iterator = pieces[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) {
        controller.close();
        return;
      }
      if (next.value) controller.enqueue(encoder.encode(next.value));
      await nextTurn();
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

// Pictures are decoded and re-encoded in a process of their own, at a lower CPU priority than
// the server (decision 0620, amended). A camera photo is about a second of libvips work on the
// thread pool and libvips' threads; in the server's own process that work took the cores from
// the event loop, and one member's uploads slowed every other member's card reads (p95 148 ms
// in `npx tsx bench/run.ts upload-flood`). The operating system now hands the cores to the
// server first and to the encoder with what is left. The encoder starts with the first upload,
// takes one picture at a time, and ends with the server.
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setPriority } from 'node:os';
import path from 'node:path';
import type { ImagePurpose } from '../../contract/image';
import { ApiError } from '../http/errors';
import type { EncodeAnswer, EncodeRequest } from './encoder-messages';
import type { EncodedVariant } from './image-encode';

/** Nice 10: about a tenth of a core's share against a busy server thread (Linux CFS weights). */
const encoderNice = 10;

interface Pending {
  resolve: (variants: EncodedVariant[]) => void;
  reject: (error: Error) => void;
}

interface Encoder {
  process: ChildProcess;
  pending: Map<number, Pending>;
  exited: Promise<void>;
}

let encoder: Encoder | undefined;
let nextId = 1;

/**
 * The encoder's script: compiled beside the server by `npm run build`
 * (scripts/build-server.mjs), or its TypeScript source run through tsx.
 */
function encoderScript(): { file: string; execArgv: string[] } {
  const compiled = path.join(import.meta.dirname, 'image-encoder.js');
  if (existsSync(compiled)) return { file: compiled, execArgv: [] };
  return {
    file: path.join(import.meta.dirname, 'encoder-child.ts'),
    execArgv: ['--import', 'tsx'],
  };
}

function startEncoder(): Encoder {
  const { file, execArgv } = encoderScript();
  const child = fork(file, [], {
    execArgv,
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<number, Pending>();
  const exited = new Promise<void>((resolve) => {
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      if (encoder?.process === child) encoder = undefined;
      for (const waiting of pending.values()) {
        waiting.reject(new Error('the picture encoder stopped before answering'));
      }
      pending.clear();
      resolve();
    };
    child.once('exit', end);
    // A process that could not be started at all has no exit to wait for.
    child.on('error', () => {
      if (child.pid === undefined) end();
    });
  });
  child.on('message', (answer: EncodeAnswer) => {
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    pending.delete(answer.id);
    if (pending.size === 0) child.channel?.unref();
    if ('variants' in answer) {
      waiting.resolve(
        answer.variants.map((variant) => ({
          ...variant,
          bytes: Buffer.from(variant.bytes.buffer, variant.bytes.byteOffset, variant.bytes.length),
        })),
      );
    } else if ('refusal' in answer) {
      const { status, code, fields, params } = answer.refusal;
      waiting.reject(new ApiError(status, code, fields, undefined, params));
    } else {
      waiting.reject(new Error(`the picture encoder failed: ${answer.failure}`));
    }
  });
  if (child.pid !== undefined) {
    try {
      setPriority(child.pid, encoderNice);
    } catch {
      // Not allowed here: the encoder runs at the server's priority, as before.
    }
  }
  // An idle encoder never keeps the server's process alive.
  child.unref();
  child.channel?.unref();
  return { process: child, pending, exited };
}

/**
 * The picture's variants, made by the encoder process (encodeUpload of image-encode.ts there).
 * A refusal arrives as the same ApiError (415/422 with its field message).
 */
export function encodeInEncoderProcess(
  bytes: Uint8Array,
  purpose: ImagePurpose,
): Promise<EncodedVariant[]> {
  encoder ??= startEncoder();
  const { process: child, pending } = encoder;
  const id = nextId++;
  return new Promise<EncodedVariant[]>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    child.channel?.ref();
    const request: EncodeRequest = { id, bytes, purpose };
    child.send(request, (error) => {
      if (!error || !pending.has(id)) return;
      pending.delete(id);
      reject(error);
    });
  });
}

/** Ends the encoder process, if one runs, and waits for it (the server's close). */
export async function stopEncoderProcess(): Promise<void> {
  const running = encoder;
  if (!running) return;
  encoder = undefined;
  running.process.kill('SIGTERM');
  await running.exited;
}

/** The encoder's process id while one runs (tests). */
export function encoderProcessId(): number | undefined {
  return encoder?.process.pid;
}

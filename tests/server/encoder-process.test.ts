// The picture encoder's own process (server/images/encoder-process.ts): variants and refusals
// come back as in-process encoding gave them, at a lower CPU priority than the server, and the
// process is replaced when it dies and ends with the server.
import { getPriority } from 'node:os';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  encodeInEncoderProcess,
  encoderProcessId,
  stopEncoderProcess,
} from '../../server/images/encoder-process';
import { ApiError } from '../../server/http/errors';

const photo = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2a6' } })
    .jpeg()
    .toBuffer();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

afterAll(() => stopEncoderProcess());

describe('the picture encoder process', () => {
  it('answers the variants from a process of its own, at a lower priority', async () => {
    const variants = await encodeInEncoderProcess(new Uint8Array(await photo()), 'avatar');
    expect(variants.length).toBeGreaterThan(1);
    for (const variant of variants) {
      expect(Buffer.isBuffer(variant.bytes)).toBe(true);
      const meta = await sharp(variant.bytes).metadata();
      expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
    }
    const pid = encoderProcessId();
    expect(pid).toBeDefined();
    expect(pid).not.toBe(process.pid);
    expect(getPriority(pid)).toBeGreaterThan(getPriority());
  });

  it('answers a refusal as the same ApiError, and goes on with the next picture', async () => {
    const damaged = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]);
    const refusal = await encodeInEncoderProcess(damaged, 'content').catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 422, code: 'image_damaged' });
    const notAPicture = await encodeInEncoderProcess(
      new TextEncoder().encode('not a picture'),
      'avatar',
    ).catch((error: unknown) => error);
    expect(notAPicture).toMatchObject({ status: 415, code: 'image_type_unsupported' });
    expect((await encodeInEncoderProcess(new Uint8Array(await photo()), 'banner')).length).toBe(
      (await encodeInEncoderProcess(new Uint8Array(await photo()), 'banner')).length,
    );
  });

  it('starts a new encoder when the last one died, and ends it when told', async () => {
    await encodeInEncoderProcess(new Uint8Array(await photo()), 'avatar');
    const first = encoderProcessId()!;
    process.kill(first, 'SIGKILL');
    await expect.poll(() => encoderProcessId()).toBeUndefined();
    expect((await encodeInEncoderProcess(new Uint8Array(await photo()), 'avatar')).length).toBe(
      (await encodeInEncoderProcess(new Uint8Array(await photo()), 'avatar')).length,
    );
    const second = encoderProcessId()!;
    expect(second).not.toBe(first);
    await stopEncoderProcess();
    expect(encoderProcessId()).toBeUndefined();
    expect(isRunning(second)).toBe(false);
  });
});

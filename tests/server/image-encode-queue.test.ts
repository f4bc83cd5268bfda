// Pictures are encoded one at a time (server/images/image-encode.ts): uploads sent together all
// get their variants, and a refused picture does not hold up the ones after it.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeUpload } from '../../server/images/image-encode';

const jpeg = (background: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .jpeg()
    .toBuffer();

describe('encoding pictures one at a time', () => {
  it('answers every upload sent together, refusals in between included', async () => {
    const [red, green, blue] = await Promise.all([jpeg('#c33'), jpeg('#3c3'), jpeg('#33c')]);
    const damaged = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]);
    const answers = await Promise.allSettled([
      encodeUpload(red, 'content'),
      encodeUpload(damaged, 'content'),
      encodeUpload(new TextEncoder().encode('not a picture'), 'avatar'),
      encodeUpload(green, 'avatar'),
      encodeUpload(blue, 'content'),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    for (const answer of answers) {
      if (answer.status === 'fulfilled') {
        expect(answer.value.length).toBeGreaterThan(0);
        for (const variant of answer.value) expect(variant.bytes.length).toBeGreaterThan(0);
      }
    }
    // After the refusals, the next picture is encoded as usual.
    expect((await encodeUpload(red, 'banner')).length).toBeGreaterThan(0);
  });
});

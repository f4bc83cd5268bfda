// The polyglot scan of an upload (decision 0620) reads only the few places a match can begin;
// it must answer exactly as the pattern over the whole file read as Latin-1 does.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  checkImageContainer,
  foreignContent,
  holdsForeignContent,
} from '../../server/images/image-check';

/** A small deterministic generator: the cases are the same on every run. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const fragments = [
  '<script>',
  '<SCRIPT ',
  '<Html/',
  '<body\t',
  '<iframe\u000b',
  '<svg\u00a0',
  '<object>',
  '<embed ',
  '<meta/',
  '<!DocType ',
  '<?php',
  '<?PHP',
  'javascript:',
  'JavaScript:',
  'JAVASCRIPT:',
  // Near misses: no match on their own.
  '<scripts>',
  '<svgx',
  '<!doctypex',
  'javascrip:',
  'javascript :',
  '<ifram>',
  '<',
  ':',
  't:',
  '<\u00e9mbed ',
  'jav\u00e0script:',
];

function sample(random: () => number): Buffer {
  const parts: Buffer[] = [];
  const pieces = 1 + Math.floor(random() * 6);
  for (let i = 0; i < pieces; i++) {
    const noise = Buffer.alloc(Math.floor(random() * 40));
    for (let j = 0; j < noise.length; j++) noise[j] = Math.floor(random() * 256);
    parts.push(noise);
    if (random() < 0.5) {
      const text = fragments[Math.floor(random() * fragments.length)]!;
      parts.push(Buffer.from(text, 'latin1'));
    }
  }
  return Buffer.concat(parts);
}

describe('the scan for foreign content in an upload', () => {
  it('answers as the pattern over the whole text, on 20,000 mixed samples', () => {
    const random = generator(25);
    let found = 0;
    for (let n = 0; n < 20_000; n++) {
      const bytes = sample(random);
      const expected = foreignContent.test(bytes.toString('latin1'));
      if (expected) found++;
      expect(holdsForeignContent(bytes), bytes.toString('latin1')).toBe(expected);
      // A view into a larger buffer reads only its own bytes.
      const framed = Buffer.concat([Buffer.from('<svg '), bytes, Buffer.from('javascript:')]);
      const view = new Uint8Array(framed.buffer, framed.byteOffset + 5, bytes.length);
      expect(holdsForeignContent(view)).toBe(expected);
    }
    // Both kinds of sample were met.
    expect(found).toBeGreaterThan(2_000);
    expect(found).toBeLessThan(18_000);
  });

  it('finds a match at the very start and the very end, and none in a clean photo', async () => {
    expect(holdsForeignContent(Buffer.from('<svg>'))).toBe(true);
    expect(holdsForeignContent(Buffer.from('xxjavascript:'))).toBe(true);
    expect(holdsForeignContent(Buffer.from('javascript'))).toBe(false);
    const photo = await sharp({
      create: {
        width: 1200,
        height: 900,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 92 })
      .toBuffer();
    expect(holdsForeignContent(photo)).toBe(false);
    expect(() => checkImageContainer(photo, 'jpeg')).not.toThrow();
    // Cut inside the entropy-coded data: the walk to the end marker runs off the end.
    expect(() => checkImageContainer(photo.subarray(0, photo.length - 100), 'jpeg')).toThrow();
  });
});

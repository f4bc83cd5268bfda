// Uploads under abuse (issue 25): one member sends camera photos (4000 × 3000 JPEG, ~3.5 MB)
// from four parallel loops for 15 s, each retrying at once on any answer (an attacker, not the
// app, which waits for Retry-After), while another member's card is read through the API every
// 20 ms. Prints `upload-flood-card-p95-ms` (target ≤ 100) and the median, the card reads timed,
// the uploads accepted and turned away (429), against the real server on a PGlite folder with
// the demo data.
import sharp from 'sharp';
import { cameraPhoto } from './uploads.bench';
import { logInByApi, percentile, spawnAppServer } from './browser-harness';
import type { Figure } from './run';

const loops = 4;
const floodMs = 15_000;
const cardPath = '/api/members/getMemberIdView/binh-tran';

/** The camera photo with more sensor noise: about 3.5 MB, as a phone's full-size photo. */
async function noisyPhoto(): Promise<Uint8Array<ArrayBuffer>> {
  const grain = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 28 },
    },
  })
    .png()
    .toBuffer();
  const photo = await sharp(await cameraPhoto())
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .toBuffer();
  return new Uint8Array(photo);
}

export async function run(): Promise<Figure[]> {
  const photo = await noisyPhoto();
  const server = await spawnAppServer();
  try {
    await server.ready;
    const accessToken = await logInByApi(server.url);
    const readCard = async () => {
      const started = performance.now();
      const res = await fetch(`${server.url}${cardPath}`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${cardPath} answered ${res.status}`);
      return performance.now() - started;
    };
    // Warm up: first queries, JIT.
    for (let i = 0; i < 10; i++) await readCard();
    const quiet: number[] = [];
    for (let i = 0; i < 30; i++) quiet.push(await readCard());

    let accepted = 0;
    let turnedAway = 0;
    const until = performance.now() + floodMs;
    const flood = Promise.all(
      Array.from({ length: loops }, async () => {
        while (performance.now() < until) {
          const res = await fetch(
            `${server.url}/api/uploads/${crypto.randomUUID()}?purpose=content`,
            {
              method: 'PUT',
              headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'image/jpeg' },
              body: photo,
            },
          );
          await res.arrayBuffer();
          if (res.status === 200) accepted += 1;
          else if (res.status === 429) turnedAway += 1;
          else throw new Error(`upload answered ${res.status}`);
        }
      }),
    );
    let flooding = true;
    void flood.finally(() => {
      flooding = false;
    });
    const during: number[] = [];
    while (flooding) {
      during.push(await readCard());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await flood;
    return [
      {
        name: 'upload-flood-card-p95-ms',
        value: Math.round(percentile(during, 95)),
        unit: 'ms',
      },
      {
        name: 'upload-flood-card-median-ms',
        value: Math.round(percentile(during, 50)),
        unit: 'ms',
      },
      {
        name: 'upload-flood-card-quiet-p95-ms',
        value: Math.round(percentile(quiet, 95)),
        unit: 'ms',
      },
      { name: 'upload-flood-card-samples', value: during.length, unit: 'requests' },
      { name: 'upload-flood-accepted', value: accepted, unit: 'uploads' },
      { name: 'upload-flood-turned-away', value: turnedAway, unit: 'uploads' },
      { name: 'upload-flood-photo-bytes', value: photo.length, unit: 'bytes' },
    ];
  } finally {
    await server.stop();
  }
}

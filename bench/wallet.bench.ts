// Wallet passes (decision 1101): `pkpass-ms` is the median time to build and sign one Apple
// Wallet pass of a card with a photo — pass.json, icons, the avatar's thumbnails, the manifest
// and the PKCS#7 signature — with the server's own builder and a certificate chain made here.
// The first build (icon drawing, module warm-up) is not counted.
import sharp from 'sharp';
import { buildApplePass } from '../server/wallet/apple-pass';
import type { WalletCard } from '../server/domain/wallet-card';
import { appleTestSigning } from '../tests/support/wallet-keys';
import type { Figure } from './run';

const runs = 15;

export async function run(): Promise<Figure[]> {
  const { config } = appleTestSigning();
  const avatarJpeg = await sharp({
    create: { width: 240, height: 240, channels: 3, background: { r: 30, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer();
  const card: WalletCard = {
    serial: '00000000-0000-4000-8000-000000000001',
    name: 'Nguyễn Thị Hương Giang',
    jobTitle: 'Giám đốc Kinh doanh',
    company: 'Công ty TNHH Cà Phê Sương Mai',
    link: 'https://mecards.vn/me/huong-giang',
    background: '#0b4a8b',
    foreground: '#ffffff',
    avatarJpeg,
    avatarUrl: null,
    updatedAt: new Date(),
  };
  await buildApplePass(card, config);
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await buildApplePass(card, config);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  return [{ name: 'pkpass-ms', value: Math.round(median * 10) / 10, unit: 'ms' }];
}

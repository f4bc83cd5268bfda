// The member's card as an Apple Wallet pass (.pkpass): a generic pass signed with the configured
// pass type certificate; passkit-generator writes manifest.json (SHA-1 of every file) and the
// detached PKCS#7 signature over it (decision 1101).
import { loadSharp } from '../images/image-encode';
import type { AppleWalletConfig } from './wallet-config';
import type { WalletCard } from '../domain/wallet-card';

const svgMark = (size: number, colour: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">` +
      `<rect width="100" height="100" rx="22" fill="${colour}"/>` +
      `<text x="50" y="63" font-family="sans-serif" font-size="40" font-weight="700" ` +
      `fill="#ffffff" text-anchor="middle">m.e</text></svg>`,
  );

/** The app's mark as PNG icons; the same for every pass, so drawn once per process. */
let marks: Promise<Record<string, Buffer>> | undefined;
function markImages(): Promise<Record<string, Buffer>> {
  marks ??= (async () => {
    const sharp = await loadSharp();
    const sizes = { 'icon.png': 29, 'icon@2x.png': 58, 'icon@3x.png': 87, 'logo.png': 50 };
    const entries = await Promise.all(
      Object.entries(sizes).map(
        async ([name, size]) =>
          [name, await sharp(svgMark(size, '#0b66c3')).png().toBuffer()] as const,
      ),
    );
    return { ...Object.fromEntries(entries), 'logo@2x.png': entries[3]![1] };
  })();
  return marks;
}

async function thumbnails(jpeg: Buffer | null): Promise<Record<string, Buffer>> {
  if (!jpeg) return {};
  const sharp = await loadSharp();
  try {
    const [one, two] = await Promise.all(
      [90, 180].map((size) => sharp(jpeg).resize(size, size, { fit: 'cover' }).png().toBuffer()),
    );
    return { 'thumbnail.png': one!, 'thumbnail@2x.png': two! };
  } catch {
    // A picture that no longer decodes leaves the pass without a photo rather than without a pass.
    return {};
  }
}

/** Labels are written in Vietnamese; the English wallet shows these instead. */
const englishLabels = {
  'Chức danh': 'Title',
  'Công ty': 'Company',
  'Danh thiếp': 'Business card',
  'Danh thiếp m.e Cards': 'm.e Cards business card',
};

export async function buildApplePass(card: WalletCard, config: AppleWalletConfig): Promise<Buffer> {
  const passJson = {
    formatVersion: 1,
    passTypeIdentifier: config.passTypeIdentifier,
    teamIdentifier: config.teamIdentifier,
    serialNumber: card.serial,
    organizationName: card.company || 'm.e Cards',
    description: 'Danh thiếp m.e Cards',
    logoText: 'm.e Cards',
    backgroundColor: card.background,
    foregroundColor: card.foreground,
    labelColor: card.foreground,
    sharingProhibited: false,
    generic: {
      primaryFields: [{ key: 'name', label: 'Danh thiếp', value: card.name }],
      secondaryFields: [
        ...(card.jobTitle ? [{ key: 'title', label: 'Chức danh', value: card.jobTitle }] : []),
        ...(card.company ? [{ key: 'company', label: 'Công ty', value: card.company }] : []),
      ],
      backFields: [{ key: 'link', label: 'Danh thiếp', value: card.link }],
    },
    barcodes: [
      {
        format: 'PKBarcodeFormatQR',
        message: card.link,
        messageEncoding: 'iso-8859-1',
        altText: card.link.replace(/^https?:\/\//, ''),
      },
    ],
  };
  // Loaded at the first pass, not at start: the pass library and its own dependencies take
  // ~100 ms to load.
  const { PKPass } = await import('passkit-generator');
  const pass = new PKPass(
    {
      'pass.json': Buffer.from(JSON.stringify(passJson)),
      ...(await markImages()),
      ...(await thumbnails(card.avatarJpeg)),
    },
    {
      signerCert: config.signerCert,
      signerKey: config.signerKey,
      ...(config.signerKeyPassphrase ? { signerKeyPassphrase: config.signerKeyPassphrase } : {}),
      wwdr: config.wwdr,
    },
  );
  pass.localize('en', englishLabels);
  return pass.getAsBuffer();
}

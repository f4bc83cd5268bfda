// "Save to Google Wallet": a link carrying a JWT (RS256) signed with the configured service
// account, with a generic class and object of the member's card inside (decision 1101). Google
// keeps an object it has already saved as it was, so the object's id carries the card's version:
// a link made after an edit saves the edited card.
import { importPKCS8, SignJWT } from 'jose';
import type { GoogleWalletConfig } from './wallet-config';
import type { WalletCard } from '../domain/wallet-card';

export const googleSaveBase = 'https://pay.google.com/gp/v/save/';

const text = (value: string, en?: string) => ({
  defaultValue: { language: 'vi', value },
  ...(en ? { translatedValues: [{ language: 'en', value: en }] } : {}),
});

const image = (uri: string, description: string) => ({
  sourceUri: { uri },
  contentDescription: text(description),
});

/** The class and object of one card (the JWT's payload). */
export function googlePassObjects(card: WalletCard, config: GoogleWalletConfig, origin: string) {
  const classId = `${config.issuerId}.mecards_card`;
  const version = card.updatedAt.getTime().toString(36);
  const modules = [
    ...(card.jobTitle ? [{ id: 'title', header: 'Chức danh', body: card.jobTitle }] : []),
    ...(card.company ? [{ id: 'company', header: 'Công ty', body: card.company }] : []),
  ];
  return {
    genericClasses: [{ id: classId }],
    genericObjects: [
      {
        id: `${config.issuerId}.${card.serial}-${version}`,
        classId,
        state: 'ACTIVE',
        cardTitle: text('m.e Cards'),
        header: text(card.name),
        ...(card.jobTitle ? { subheader: text(card.jobTitle) } : {}),
        logo: image(card.avatarUrl ?? `${origin}/icons/icon-192.png`, card.name),
        hexBackgroundColor: card.background,
        textModulesData: modules,
        barcode: {
          type: 'QR_CODE',
          value: card.link,
          alternateText: card.link.replace(/^https?:\/\//, ''),
        },
        linksModuleData: {
          uris: [{ id: 'card', uri: card.link, description: 'Danh thiếp' }],
        },
      },
    ],
  };
}

/** The save link of one card; `now` is the JWT's issue time. */
export async function googleSaveUrl(
  card: WalletCard,
  config: GoogleWalletConfig,
  origin: string,
  now: Date,
): Promise<string> {
  const key = await importPKCS8(config.privateKey, 'RS256');
  const jwt = await new SignJWT({
    typ: 'savetowallet',
    origins: [origin],
    payload: googlePassObjects(card, config, origin),
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(config.clientEmail)
    .setAudience('google')
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .sign(key);
  return `${googleSaveBase}${jwt}`;
}

// One data shape for what a card shows (decision 0403): the anonymous visitor's server HTML
// (server-drawn QR codes, no script needed) and the app's card (the same data as the app reads
// it, QR codes painted in the browser) must show the very same facts — every action's address,
// contact row, bank account and VietQR payload, section link and the card's QR link.
import { renderToString } from 'react-dom/server';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { describe, expect, it } from 'vitest';
import { messages as viMessages } from '../../src/locales/vi/card.po';
import { CardPage } from '../../src/features/card/card-page';
import type { CardPageData } from '../../contract/card-paths';
import type { CardView } from '../../contract/card';
import { cardFacts, cardQrTexts } from '../../contract/card-facts';
import { themeCatalogue } from '../../contract/theme';
import { qrSvg } from '../../server/ssr/qr-svg';

const owner: CardView['owner'] = {
  kind: 'member',
  type: 'personal',
  id: '0b6f3f3e-4c4f-4d7a-9a57-3b1f2b0c9d11',
  name: 'Nguyễn Thị Minh Anh',
  shortName: 'Minh Anh',
  urlMinify: 'demo',
  language: 'VN',
  intro: 'Cà phê đặc sản',
  jobTitle: 'Giám đốc',
  workplace: 'Sương Mai',
  address: '12 Trần Phú, Đà Lạt',
  aboutMe: null,
  avatarUrl: '/img/a/avatar',
  bannerUrl: '/img/b/banner',
  backgroundUrl: null,
  phone: '0901 234 567',
  otherPhone: '0263.3822.111',
  website: 'https://suongmai.vn',
  zalo: '0901234567',
  email: 'minhanh@suongmai.vn',
  interests: [],
  businessSectors: [],
  companyInfo: null,
  agencyId: null,
  updatedAt: '2025-01-01T00:00:00.000Z',
  banks: [
    {
      bankName: 'Vietcombank',
      ownerName: 'NGUYEN THI MINH ANH',
      accountNumber: '0071000123456',
      bin: '970436',
    },
    {
      bankName: 'Quỹ tín dụng',
      ownerName: 'NGUYEN THI MINH ANH',
      accountNumber: '12345',
      qrUrl: '/img/q/qr',
    },
  ],
  links: [],
  videos: [],
};

function page(withQrs: boolean): CardPageData {
  const data: CardPageData = {
    route: { kind: 'profile', base: 'me', key: 'demo', layout: 'classic' },
    view: {
      owner,
      theme: themeCatalogue[0]!,
      themeMode: 'OrganizationMode',
      lightGreyMenu: false,
      isMe: false,
      posts: [],
      products: [],
      activities: [
        {
          id: 'a1',
          memberId: owner.id,
          groupId: null,
          policy: 'public',
          createdAt: '',
          updatedAt: '',
          type: 'awards',
          displayName: 'Giải thưởng',
          link: null,
          content: null,
          ordinal: 0,
        },
      ],
      relics: [],
      posters: [],
    },
    cardUrl: 'https://mecards.vn/me/demo',
    pageUrl: 'https://mecards.vn/me/demo',
  };
  if (withQrs) {
    data.qrs = Object.fromEntries(cardQrTexts(cardFacts(data)).map((t) => [t, qrSvg(t)]));
  }
  return data;
}

function render(data: CardPageData): string {
  const i18n = setupI18n({ locale: 'vi', messages: { vi: viMessages } });
  return renderToString(
    <I18nProvider i18n={i18n}>
      <CardPage data={data} />
    </I18nProvider>,
  );
}

/** The facts a page's markup shows: link addresses, QR texts, account numbers. */
function shownFacts(html: string) {
  const attr = (name: string) =>
    [...html.matchAll(new RegExp(`${name}="([^"]*)"`, 'g'))].map((m) =>
      m[1]!.replace(/&amp;/g, '&'),
    );
  return {
    hrefs: [...new Set(attr('href'))].sort(),
    qrLinks: attr('data-qr-url'),
    vietQrs: attr('data-vietqr'),
    accounts: [...html.matchAll(/<code>([^<]*)<\/code>/g)].map((m) => m[1]),
  };
}

describe('what a card shows', () => {
  const visitor = render(page(true));
  const app = render(page(false));
  const facts = cardFacts(page(false));

  it('is the same in the visitor page and the app card', () => {
    expect(shownFacts(visitor)).toEqual(shownFacts(app));
    // The visitor page draws its codes in the markup; the app paints them.
    expect(visitor).toMatch(/<svg[^>]*data-qr-url="https:\/\/mecards.vn\/me\/demo"/);
    expect(app).toMatch(/<canvas[^>]*data-qr-url="https:\/\/mecards.vn\/me\/demo"/);
  });

  it('holds every fact of the shared shape', () => {
    for (const html of [visitor, app]) {
      const shown = shownFacts(html);
      expect(shown.hrefs).toContain(facts.actions.call);
      expect(facts.actions.call).toBe('tel:0901234567');
      expect(shown.hrefs).toContain(facts.actions.zalo);
      expect(shown.hrefs).toContain(facts.actions.vcard);
      expect(html).toContain(`download="${facts.actions.vcardFileName}"`);
      for (const row of facts.contacts) {
        expect(html).toContain(row.text);
        if (row.href) expect(shown.hrefs).toContain(row.href);
      }
      for (const section of facts.sections) expect(shown.hrefs).toContain(section.href);
      expect(facts.sections.map((s) => s.key)).toEqual(['activities']);
      // The notices (hidden until needed) show the card's link the same way.
      expect(shown.accounts.filter((text) => text !== facts.actions.share)).toEqual(
        facts.banks.map((b) => b.accountNumber),
      );
      expect(shown.vietQrs).toEqual(facts.banks.flatMap((b) => (b.vietQr ? [b.vietQr] : [])));
      expect(shown.qrLinks).toEqual([facts.qrLink]);
    }
  });

  it('works with no script: actions are links, the language switch too', () => {
    expect(visitor).toMatch(/<a[^>]*href="tel:0901234567"/);
    expect(visitor).toMatch(/<a[^>]*href="https:\/\/zalo.me\/0901234567"/);
    expect(visitor).toMatch(/<a[^>]*href="#card-qr"[^>]*data-card-share=/);
    expect(visitor).toMatch(/<a[^>]*href="\?lang=en"/);
    // Nothing from another origin: no YouTube thumbnail, no outside picture.
    expect(visitor).not.toContain('ytimg');
  });
});

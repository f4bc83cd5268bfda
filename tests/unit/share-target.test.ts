import { describe, expect, it } from 'vitest';
import {
  cardLinkIn,
  contactDraftFromShare,
  parseVCard,
  phoneIn,
} from '../../contract/share-target';
import { buildVCard } from '../../contract/vcard';

const share = { title: '', text: '', url: '', vcard: null };

describe('parseVCard', () => {
  it('reads back what the app itself exports (folded lines, escapes, Vietnamese)', () => {
    const text = buildVCard({
      name: 'Nguyễn Thị Minh Anh',
      organization: 'Công ty TNHH Cà phê Đà Lạt; chi nhánh 2',
      title: 'Giám đốc kinh doanh',
      phones: [{ number: '0903 123 456', type: 'cell' }],
      email: 'minhanh@example.vn',
      address: '12 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh',
      note: 'Gặp ở hội chợ\nquan tâm gói doanh nghiệp, dài '.repeat(3),
    });
    const draft = parseVCard(text);
    expect(draft).toMatchObject({
      name: 'Nguyễn Thị Minh Anh',
      phone: '0903123456',
      email: 'minhanh@example.vn',
      company: 'Công ty TNHH Cà phê Đà Lạt; chi nhánh 2',
      jobTitle: 'Giám đốc kinh doanh',
      address: '12 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh',
    });
    expect(draft?.note).toContain('Gặp ở hội chợ\nquan tâm gói doanh nghiệp');
  });

  it('reads a vCard 2.1 from an Android phone (quoted-printable UTF-8, N only, grouped TEL)', () => {
    const text = [
      'BEGIN:VCARD',
      'VERSION:2.1',
      'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Tr=E1=BA=A7n;V=C4=83n B=C3=ACnh;;;',
      'item1.TEL;CELL:+84 912 345 678',
      'END:VCARD',
      'BEGIN:VCARD',
      'FN:Second person',
      'END:VCARD',
    ].join('\r\n');
    expect(parseVCard(text)).toMatchObject({ name: 'Trần Văn Bình', phone: '+84 912 345 678' });
  });

  it('answers null for text that is no card, or a card with neither name nor phone', () => {
    expect(parseVCard('hello')).toBeNull();
    expect(parseVCard('BEGIN:VCARD\nVERSION:3.0\nNOTE:x\nEND:VCARD')).toBeNull();
  });
});

describe('contactDraftFromShare', () => {
  it('a vCard file wins over the text', () => {
    const vcard = 'BEGIN:VCARD\nFN:Lê Hoa\nTEL:0987654321\nEND:VCARD';
    expect(contactDraftFromShare({ ...share, text: '0911111111', vcard })).toMatchObject({
      name: 'Lê Hoa',
      phone: '0987654321',
    });
  });

  it('a card link: the link in the note, the shared title as the name', () => {
    const draft = contactDraftFromShare({
      ...share,
      title: 'Danh thiếp của Phạm Quốc Huy',
      text: 'Xem danh thiếp: https://mecards.vn/me/quochuy.',
    });
    expect(draft).toMatchObject({
      name: 'Danh thiếp của Phạm Quốc Huy',
      note: 'https://mecards.vn/me/quochuy',
      phone: '',
    });
  });

  it('a phone number alone fills the phone', () => {
    expect(contactDraftFromShare({ ...share, text: 'Gọi mình nhé: 0903 123 456' })).toMatchObject({
      name: '',
      phone: '0903 123 456',
    });
  });

  it('a link to another site or plain words name no contact', () => {
    expect(contactDraftFromShare({ ...share, url: 'https://example.com/me/x' })).toMatchObject({
      note: 'https://example.com/me/x',
    });
    expect(contactDraftFromShare({ ...share, url: 'https://example.com/blog-post' })).toBeNull();
    expect(contactDraftFromShare({ ...share, text: 'Hẹn gặp lúc 3 giờ' })).toBeNull();
  });
});

describe('cardLinkIn and phoneIn', () => {
  it('find only card pages and numbers of phone length', () => {
    expect(cardLinkIn('see https://mecards.vn/mbg/cafe-da-lat/posts')).toBe(
      'https://mecards.vn/mbg/cafe-da-lat/posts',
    );
    expect(cardLinkIn('https://mecards.vn/action/qrcode')).toBeNull();
    expect(phoneIn('mã đơn 12345')).toBeNull();
    expect(phoneIn('+84 (28) 3822 1234')).toBe('+84 (28) 3822 1234');
  });
});

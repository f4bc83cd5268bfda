import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import fc from 'fast-check';
import {
  activitySchema,
  activityTypes,
  canEnablePoster,
  generalFormSchema,
  isBankActivity,
  isLinkActivity,
  posterSchema,
  posterSchemaOn,
  postSchema,
  productSchema,
  relicSchema,
  vietnamToday,
} from '../../contract/content';
import { cvFieldsSchema } from '../../contract/cv';
import { messageSendSchema } from '../../contract/message';
import { associationReportFileSchema } from '../../contract/association-report';
import { fieldMessages } from '../../contract/field-messages';
import { productTypes } from '../../contract/card';
import { isMessageCode, messageText } from '../../contract/messages';

/** Field → message code of a failed parse, or null when the input is valid. */
function failures(schema: v.GenericSchema, input: unknown): Record<string, string> | null {
  const result = v.safeParse(schema, input);
  if (result.success) return null;
  const fields = fieldMessages(schema, result.issues);
  return Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, field.code]));
}

function parsed<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw new Error(JSON.stringify(fieldMessages(schema, result.issues)));
  return result.output;
}

describe('post and general form', () => {
  it('requires title, content and date with the spec’s texts', () => {
    expect(failures(generalFormSchema, {})).toEqual({
      title: 'title_required',
      content: 'content_required',
      startDate: 'date_required',
    });
    expect(failures(generalFormSchema, { title: '  ', content: '', startDate: '' })).toEqual({
      title: 'title_required',
      content: 'content_required',
      startDate: 'date_required',
    });
    expect(
      failures(generalFormSchema, { title: 'a', content: 'b', startDate: '31/12/2025' }),
    ).toEqual({ startDate: 'invalid_date' });
  });

  it('accepts the four post types and form-posted values', () => {
    for (const type of ['news', 'opportunity', 'event', 'document']) {
      const post = parsed(postSchema, {
        type,
        title: '  Khai trương  ',
        content: 'Nội dung',
        startDate: '2025-12-01',
        ordinal: '3',
        outstanding: 'on',
      });
      expect(post).toMatchObject({ type, title: 'Khai trương', ordinal: 3, outstanding: true });
      expect(post.policy).toBe('public');
    }
    expect(failures(postSchema, { title: 'a', content: 'b', startDate: '2025-01-01' })).toEqual({
      type: 'post_type_required',
    });
    expect(
      failures(postSchema, { type: 'blog', title: 'a', content: 'b', startDate: '2025-01-01' }),
    ).toEqual({ type: 'post_type_required' });
    expect(
      failures(postSchema, {
        type: 'news',
        title: 'a',
        content: 'b',
        startDate: '2025-01-01',
        policy: 'everyone',
      }),
    ).toEqual({ policy: 'not_allowed_value' });
  });
});

describe('product', () => {
  const base = { type: 'sell', childType: 'Cà phê hạt', title: 'Arabica Cầu Đất' };

  it('requires the child type and a known type', () => {
    expect(failures(productSchema, { ...base, childType: '' })).toEqual({
      childType: 'child_type_required',
    });
    expect(failures(productSchema, { childType: 'x', title: 'y' })).toEqual({
      type: 'product_type_required',
    });
    for (const type of productTypes) {
      expect(failures(productSchema, { ...base, type }), type).toBeNull();
    }
    expect(failures(productSchema, { ...base, type: 'M&A' })).toEqual({
      type: 'product_type_required',
    });
  });

  it('takes prices as whole non-negative VND, typed with thousands separators', () => {
    expect(
      parsed(productSchema, { ...base, price: '1.500.000', listedPrice: 2000000 }),
    ).toMatchObject({ price: 1_500_000, listedPrice: 2_000_000 });
    expect(parsed(productSchema, { ...base, price: '', listedPrice: null })).toMatchObject({
      price: undefined,
      listedPrice: undefined,
    });
    for (const price of [-1, '-1', 1.5, '1,5', 'abc', '1.50.000', Number.NaN]) {
      expect(failures(productSchema, { ...base, price }), String(price)).toEqual({
        price: 'price_invalid',
      });
    }
  });

  it('accepts any whole non-negative price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (n) => {
        const grouped = n.toLocaleString('de-DE'); // dot thousands separators, as shown in VN
        expect(parsed(productSchema, { ...base, price: grouped }).price).toBe(n);
        expect(parsed(productSchema, { ...base, price: n }).price).toBe(n);
      }),
    );
  });

  it('refuses links that are not web addresses', () => {
    expect(failures(productSchema, { ...base, shopLink: 'javascript:alert(1)' })).toEqual({
      shopLink: 'invalid_link',
    });
    expect(parsed(productSchema, { ...base, shopLink: ' ' }).shopLink).toBeUndefined();
    expect(parsed(productSchema, { ...base, images: 'https://x.vn/a.jpg' }).images).toEqual([
      'https://x.vn/a.jpg',
    ]);
  });
});

describe('activity', () => {
  it('requires bank name, owner and account number for a bank activity', () => {
    expect(failures(activitySchema, { type: 'bankAccount' })).toEqual({
      bankName: 'bank_name_required',
      ownerName: 'owner_name_required',
      accountNumber: 'account_number_required',
    });
    expect(
      parsed(activitySchema, {
        type: 'banks',
        bankName: 'Vietcombank',
        ownerName: 'NGUYEN MINH ANH',
        accountNumber: ' 0071 000 123456 ',
      }),
    ).toMatchObject({ type: 'banks', accountNumber: '0071 000 123456' });
  });

  it('requires a valid, non-empty link for link types', () => {
    for (const type of ['websites', 'youtube', 'registrationLink', 'productLink', 'networks']) {
      expect(isLinkActivity(type)).toBe(true);
      expect(failures(activitySchema, { type, displayName: 'Trang' }), type).toEqual({
        link: 'link_required',
      });
      expect(failures(activitySchema, { type, displayName: 'Trang', link: '  ' })).toEqual({
        link: 'link_required',
      });
      expect(
        failures(activitySchema, { type, displayName: 'Trang', link: 'không phải link' }),
      ).toEqual({ link: 'invalid_link' });
      expect(failures(activitySchema, { type, displayName: 'Trang', link: 'ftp://x.vn' })).toEqual({
        link: 'invalid_link',
      });
      expect(
        failures(activitySchema, { type, displayName: 'Trang', link: 'https://mecards.vn' }),
      ).toBeNull();
    }
  });

  it('needs only a display name for the other types, and knows every spec type', () => {
    expect(activityTypes).toHaveLength(19);
    expect(failures(activitySchema, { type: 'education' })).toEqual({
      displayName: 'display_name_required',
    });
    expect(parsed(activitySchema, { type: 'awards', displayName: 'Top 10' })).toMatchObject({
      type: 'awards',
      policy: 'public',
    });
    expect(isBankActivity('awards')).toBe(false);
    expect(failures(activitySchema, { type: 'dancing', displayName: 'x' })).toEqual({
      type: 'activity_type_required',
    });
    expect(failures(activitySchema, { displayName: 'x' })).toEqual({
      type: 'activity_type_required',
    });
  });
});

describe('poster', () => {
  const poster = {
    viewType: 'showroom',
    startDate: '2025-12-01',
    endDate: '2025-12-31',
    images: ['https://x.vn/1.jpg'],
  };

  it('requires view type, dates and images', () => {
    expect(failures(posterSchema, {})).toEqual({
      viewType: 'view_type_required',
      startDate: 'start_date_required',
      endDate: 'end_date_required',
      images: 'images_required',
    });
    expect(failures(posterSchema, { ...poster, images: [] })).toEqual({
      images: 'images_required',
    });
    expect(failures(posterSchema, { ...poster, viewType: 'banner' })).toEqual({
      viewType: 'view_type_required',
    });
    expect(parsed(posterSchema, poster).enabled).toBe(false);
  });

  it('wants the start before the end', () => {
    expect(failures(posterSchema, { ...poster, startDate: '2026-01-01' })).toEqual({
      endDate: 'start_before_end',
    });
    expect(failures(posterSchema, { ...poster, startDate: '2025-12-31' })).toEqual({
      endDate: 'start_before_end',
    });
  });

  it('cannot be enabled once its end date has passed', () => {
    expect(canEnablePoster('2025-12-31', '2025-12-31')).toBe(true);
    expect(canEnablePoster('2025-12-31', '2026-01-01')).toBe(false);
    const enabled = { ...poster, enabled: 'true' };
    expect(failures(posterSchemaOn('2025-12-31'), enabled)).toBeNull();
    expect(failures(posterSchemaOn('2026-01-01'), enabled)).toEqual({ enabled: 'poster_expired' });
    // Saving it disabled is still fine.
    expect(failures(posterSchemaOn('2026-01-01'), poster)).toBeNull();
  });

  it('counts days in Vietnam time', () => {
    expect(vietnamToday(new Date('2025-12-31T16:59:00Z'))).toBe('2025-12-31');
    expect(vietnamToday(new Date('2025-12-31T17:00:00Z'))).toBe('2026-01-01');
  });
});

describe('CV', () => {
  const cv = {
    email: 'anh@mecards.vn',
    phone: '0903 123 456',
    gender: 'female',
    dateOfBirth: '1990-05-20',
    address: '12 Nguyễn Huệ, Phường Sài Gòn, TP. Hồ Chí Minh',
    aboutMe: 'Chuyên gia cà phê.',
    skills: ['Rang xay', ' ', 'Thử nếm'],
  };

  it('requires email, phone, gender, date of birth, address and about me', () => {
    expect(failures(cvFieldsSchema, {})).toEqual({
      email: 'invalid_email',
      phone: 'phone_required',
      gender: 'gender_required',
      dateOfBirth: 'birth_date_required',
      address: 'address_required',
      aboutMe: 'about_me_required',
    });
    expect(messageText('invalid_email')).toBe('Bạn phải nhập địa chỉ email');
  });

  it('checks the email, phone and date shapes, and drops blank list items', () => {
    expect(parsed(cvFieldsSchema, cv)).toMatchObject({
      skills: ['Rang xay', 'Thử nếm'],
      hobbies: [],
      visibility: 'public',
    });
    expect(failures(cvFieldsSchema, { ...cv, email: 'anh@' })).toEqual({ email: 'invalid_email' });
    expect(failures(cvFieldsSchema, { ...cv, phone: '12ab' })).toEqual({ phone: 'invalid_phone' });
    expect(failures(cvFieldsSchema, { ...cv, phone: '123' })).toEqual({ phone: 'invalid_phone' });
    expect(failures(cvFieldsSchema, { ...cv, dateOfBirth: '1890-01-01' })).toEqual({
      dateOfBirth: 'invalid_date',
    });
  });
});

describe('message', () => {
  const id = '0b8f7c1e-3d7a-4c2e-9f00-1a2b3c4d5e6f';
  const friend = '6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b';

  it('requires a recipient and a body', () => {
    expect(failures(messageSendSchema, { id, groupMessageId: id, body: 'Chào bạn' })).toEqual({
      to: 'recipient_required',
    });
    expect(
      failures(messageSendSchema, { id, groupMessageId: id, to: [], body: 'Chào bạn' }),
    ).toEqual({ to: 'recipient_required' });
    expect(
      failures(messageSendSchema, { id, groupMessageId: id, to: [friend], body: ' ' }),
    ).toEqual({ body: 'message_body_required' });
    expect(
      parsed(messageSendSchema, { id, groupMessageId: id, to: [friend], body: 'Chào bạn' }),
    ).toMatchObject({ to: [friend], cc: [], bcc: [] });
  });
});

describe('association report', () => {
  const groupId = '0b8f7c1e-3d7a-4c2e-9f00-1a2b3c4d5e6f';
  const filed = (report: Record<string, unknown>) => ({
    groupId,
    turnover: 0,
    domesticRevenue: 0,
    exportRevenue: 0,
    ...report,
  });

  it('takes the month as M/YYYY and whole non-negative amounts', () => {
    expect(
      parsed(
        associationReportFileSchema,
        filed({
          month: '7/2025',
          turnover: '1.500.000.000',
          domesticRevenue: 12,
          exportRevenue: '0',
          exportMarket: 'Nhật Bản, Hàn Quốc',
        }),
      ),
    ).toEqual({
      groupId,
      month: '2025-07-01',
      turnover: 1_500_000_000,
      domesticRevenue: 12,
      exportRevenue: 0,
      exportMarkets: ['Nhật Bản', 'Hàn Quốc'],
    });
    expect(failures(associationReportFileSchema, filed({}))).toEqual({ month: 'month_required' });
    for (const month of ['13/2025', '2025-07', '00/2025', '07/25']) {
      expect(failures(associationReportFileSchema, filed({ month })), month).toEqual({
        month: 'invalid_month',
      });
    }
    expect(
      failures(associationReportFileSchema, filed({ month: '07/2025', turnover: -1 })),
    ).toEqual({ turnover: 'negative_number' });
    expect(
      failures(associationReportFileSchema, filed({ month: '07/2025', exportRevenue: 'nhiều' })),
    ).toEqual({ exportRevenue: 'not_a_number' });
  });
});

describe('relics', () => {
  it('requires a title and defaults the policy to public', () => {
    expect(failures(relicSchema, {})).toEqual({ title: 'title_required' });
    expect(parsed(relicSchema, { title: 'Máy rang đầu tiên' })).toMatchObject({
      policy: 'public',
      images: [],
    });
  });
});

describe('messages', () => {
  it('has a vi and en text for every code the schemas use', () => {
    const source = [
      generalFormSchema,
      postSchema,
      productSchema,
      activitySchema,
      posterSchema,
      relicSchema,
    ];
    const codes = new Set<string>();
    const junk = [{}, { type: 'x', price: -1, link: 'x', month: 'x', turnover: -1 }, null, 'x'];
    for (const schema of source) {
      for (const input of junk) {
        const result = v.safeParse(schema, input);
        for (const issue of result.issues ?? []) codes.add(issue.message);
      }
    }
    codes.add('poster_expired');
    // The CV, message and report codes the tests above expect.
    for (const code of [
      'phone_required',
      'invalid_phone',
      'gender_required',
      'birth_date_required',
      'invalid_date',
      'address_required',
      'about_me_required',
      'recipient_required',
      'message_body_required',
      'month_required',
      'invalid_month',
      'negative_number',
      'not_a_number',
    ]) {
      codes.add(code);
    }
    for (const code of codes) expect(isMessageCode(code), code).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  availableRegistrationActions,
  mayTakeRegistrationAction,
  nextRegistrationStatus,
  registrationActions,
  registrationCreateSchema,
  registrationListQuerySchema,
  registrationStatuses,
  type RegistrationAction,
  type RegistrationStatus,
} from '../../contract/registration';
import { messageText } from '../../contract/messages';

const complete = { resumeStatus: null, missingInfo: [] as string[] };

/** Every legal move, written out once more by hand (decision 0664). */
const legal: Record<RegistrationStatus, Partial<Record<RegistrationAction, RegistrationStatus>>> = {
  new: { accept: 'accepted', cancel: 'cancelled', update: 'info_requested' },
  accepted: { approve: 'approved', cancel: 'cancelled', update: 'info_requested' },
  info_requested: { cancel: 'cancelled', updateConfirm: 'accepted' },
  approved: { paid: 'paid', cancel: 'cancelled' },
  paid: { done: 'done', cancel: 'cancelled' },
  done: {},
  cancelled: {},
};

describe('registration workflow', () => {
  it.each(registrationStatuses.flatMap((s) => registrationActions.map((a) => [s, a] as const)))(
    '%s + %s',
    (status, action) => {
      const outcome = nextRegistrationStatus(status, action, {
        resumeStatus: status === 'info_requested' ? 'accepted' : null,
        missingInfo: [],
      });
      const expected = legal[status][action];
      if (expected) {
        expect(outcome).toMatchObject({ ok: true, status: expected });
      } else {
        expect(outcome).toEqual({ ok: false, code: `registration_refused_${status}` });
      }
    },
  );

  it('walks new → accepted → approved → paid → done', () => {
    let status: RegistrationStatus = 'new';
    for (const action of ['accept', 'approve', 'paid', 'done'] as const) {
      const outcome = nextRegistrationStatus(status, action, complete);
      if (!outcome.ok) throw new Error(outcome.code);
      status = outcome.status;
    }
    expect(status).toBe('done');
  });

  it('update remembers where the request was; updateConfirm goes back there', () => {
    const asked = nextRegistrationStatus('new', 'update', complete);
    expect(asked).toEqual({ ok: true, status: 'info_requested', resumeStatus: 'new' });
    expect(
      nextRegistrationStatus('info_requested', 'updateConfirm', {
        resumeStatus: 'new',
        missingInfo: ['email'],
      }),
    ).toEqual({ ok: true, status: 'new', resumeStatus: null });
  });

  it('approving needs nothing missing', () => {
    expect(
      nextRegistrationStatus('accepted', 'approve', { resumeStatus: null, missingInfo: ['email'] }),
    ).toEqual({ ok: false, code: 'registration_incomplete' });
  });

  it('names the current state in Vietnamese and English', () => {
    expect(messageText('registration_refused_new', 'vi')).toContain('“Mới”');
    expect(messageText('registration_refused_done', 'en')).toContain('“Done”');
    expect(messageText('registration_refused_info_requested', 'vi')).toContain(
      'Chờ bổ sung thông tin',
    );
  });

  it('admins take every action, sellers the desk work', () => {
    for (const action of registrationActions)
      expect(mayTakeRegistrationAction('admin', action)).toBe(true);
    expect(availableRegistrationActions('new', 'seller')).toEqual(['accept', 'update']);
    expect(availableRegistrationActions('approved', 'seller')).toEqual(['paid']);
    expect(availableRegistrationActions('approved', 'admin')).toEqual(['paid', 'cancel']);
    expect(availableRegistrationActions('done', 'admin')).toEqual([]);
  });

  it('checks the citizen id (12 digits) and reads missingInfo comma-joined', () => {
    const base = { groupId: crypto.randomUUID(), name: 'Lan', phone: '0901234567' };
    expect(
      v.safeParse(registrationCreateSchema, { ...base, citizenIdentificationCode: '079123456789' })
        .success,
    ).toBe(true);
    for (const bad of ['12345678901', '1234567890123', '07912345678a']) {
      const result = v.safeParse(registrationCreateSchema, {
        ...base,
        citizenIdentificationCode: bad,
      });
      expect(result.success).toBe(false);
    }
    const query = v.parse(registrationListQuerySchema, { missingInfo: 'email, address' });
    expect(query.missingInfo).toEqual(['email', 'address']);
    expect(v.safeParse(registrationListQuerySchema, { missingInfo: 'email,shoe' }).success).toBe(
      false,
    );
  });
});

import * as v from 'valibot';
import { visibleWhenPresent } from './visible-text';
import { isoDateSchema, optionalText, pageSchema, uuidSchema } from './common';
import { emailPattern } from './login';
import { normalizePhone } from './phone';
import type { Lang } from './messages';

// Registration information (spec §3, §4 workflow, §5 missingInfo comma-joined, §7 rg calls):
// a request to become a member of a brand, sent by a visitor from the brand's public form and
// handled by the brand's staff. The workflow is a state machine (decision 0664): which action
// is allowed in which state, and who may take it, is decided here, for both sides.

export const registrationStatuses = [
  'new',
  'accepted',
  'info_requested',
  'approved',
  'paid',
  'done',
  'cancelled',
] as const;
export type RegistrationStatus = (typeof registrationStatuses)[number];

/** Spec §7: PUT rg/{action}/{id}. */
export const registrationActions = [
  'accept',
  'approve',
  'paid',
  'done',
  'cancel',
  'update',
  'updateConfirm',
] as const;
export type RegistrationAction = (typeof registrationActions)[number];

/** What the request is for (the spec names a `type` filter; the kinds of member, §3). */
export const registrationTypes = ['personal', 'organization', 'agency'] as const;
export type RegistrationType = (typeof registrationTypes)[number];

/** The facts of a request that may be missing (spec §3 missingInfo list). */
export const registrationInfoItems = [
  'email',
  'citizenIdentificationCode',
  'address',
  'birthday',
] as const;
export type RegistrationInfoItem = (typeof registrationInfoItems)[number];

/** Where an action may start and where it leads ('resume': back to before `update`). */
export const registrationTransitions: Record<
  RegistrationAction,
  { from: readonly RegistrationStatus[]; to: RegistrationStatus | 'resume' }
> = {
  accept: { from: ['new'], to: 'accepted' },
  approve: { from: ['accepted'], to: 'approved' },
  paid: { from: ['approved'], to: 'paid' },
  done: { from: ['paid'], to: 'done' },
  cancel: { from: ['new', 'accepted', 'info_requested', 'approved', 'paid'], to: 'cancelled' },
  /** Staff ask the applicant for what is missing. */
  update: { from: ['new', 'accepted'], to: 'info_requested' },
  /** The missing facts arrived: filled in, the request goes on where it was. */
  updateConfirm: { from: ['info_requested'], to: 'resume' },
};

export type StaffRole = 'admin' | 'seller';

/** Who may take an action: a brand's admins all of them; its sellers the desk work. */
export const registrationActionRoles: Record<RegistrationAction, readonly StaffRole[]> = {
  accept: ['admin', 'seller'],
  update: ['admin', 'seller'],
  updateConfirm: ['admin', 'seller'],
  paid: ['admin', 'seller'],
  approve: ['admin'],
  done: ['admin'],
  cancel: ['admin'],
};

export function mayTakeRegistrationAction(role: StaffRole, action: RegistrationAction): boolean {
  return registrationActionRoles[action].includes(role);
}

export type TransitionOutcome =
  | { ok: true; status: RegistrationStatus; resumeStatus: RegistrationStatus | null }
  | { ok: false; code: RegistrationRefusal };

export type RegistrationRefusal =
  `registration_refused_${RegistrationStatus}` | 'registration_incomplete';

/**
 * The state after `action` on a request in `current` (pure). `resumeStatus` is where
 * updateConfirm returns to; approving needs nothing missing.
 */
export function nextRegistrationStatus(
  current: RegistrationStatus,
  action: RegistrationAction,
  facts: { resumeStatus: RegistrationStatus | null; missingInfo: readonly string[] },
): TransitionOutcome {
  const rule = registrationTransitions[action];
  if (!rule.from.includes(current)) return { ok: false, code: `registration_refused_${current}` };
  if (action === 'approve' && facts.missingInfo.length > 0) {
    return { ok: false, code: 'registration_incomplete' };
  }
  if (rule.to === 'resume') {
    return { ok: true, status: facts.resumeStatus ?? 'new', resumeStatus: null };
  }
  return {
    ok: true,
    status: rule.to,
    resumeStatus: rule.to === 'info_requested' ? current : null,
  };
}

/** Actions allowed now, for the screen's buttons (the server decides again). */
export function availableRegistrationActions(
  status: RegistrationStatus,
  role: StaffRole,
): RegistrationAction[] {
  return registrationActions.filter(
    (action) =>
      registrationTransitions[action].from.includes(status) &&
      mayTakeRegistrationAction(role, action),
  );
}

export const registrationStatusLabels: Record<RegistrationStatus, Record<Lang, string>> = {
  new: { vi: 'Mới', en: 'New' },
  accepted: { vi: 'Đã tiếp nhận', en: 'Accepted' },
  info_requested: { vi: 'Chờ bổ sung thông tin', en: 'Waiting for information' },
  approved: { vi: 'Đã duyệt', en: 'Approved' },
  paid: { vi: 'Đã thanh toán', en: 'Paid' },
  done: { vi: 'Hoàn tất', en: 'Done' },
  cancelled: { vi: 'Đã huỷ', en: 'Cancelled' },
};

export const registrationActionLabels: Record<RegistrationAction, Record<Lang, string>> = {
  accept: { vi: 'Tiếp nhận', en: 'Accept' },
  approve: { vi: 'Duyệt', en: 'Approve' },
  paid: { vi: 'Xác nhận đã thanh toán', en: 'Mark paid' },
  done: { vi: 'Hoàn tất', en: 'Mark done' },
  cancel: { vi: 'Huỷ yêu cầu', en: 'Cancel request' },
  update: { vi: 'Yêu cầu bổ sung thông tin', en: 'Ask for missing information' },
  updateConfirm: { vi: 'Xác nhận đã bổ sung', en: 'Confirm the information' },
};

export const registrationTypeLabels: Record<RegistrationType, Record<Lang, string>> = {
  personal: { vi: 'Cá nhân', en: 'Personal' },
  organization: { vi: 'Doanh nghiệp', en: 'Organisation' },
  agency: { vi: 'Đại lý', en: 'Agency' },
};

export const registrationInfoLabels: Record<RegistrationInfoItem, Record<Lang, string>> = {
  email: { vi: 'Email', en: 'Email' },
  citizenIdentificationCode: { vi: 'Số CCCD', en: 'Citizen ID number' },
  address: { vi: 'Địa chỉ', en: 'Address' },
  birthday: { vi: 'Ngày sinh', en: 'Date of birth' },
};

/** Messages of the workflow's refusals (merged into contract/messages.ts). */
export const registrationMessages = {
  ...(Object.fromEntries(
    registrationStatuses.map((status) => [
      `registration_refused_${status}`,
      {
        vi: `Không thể thực hiện: yêu cầu đang ở trạng thái “${registrationStatusLabels[status].vi}”`,
        en: `Not possible: the request is “${registrationStatusLabels[status].en}”`,
      },
    ]),
  ) as Record<`registration_refused_${RegistrationStatus}`, Record<Lang, string>>),
  registration_incomplete: {
    vi: 'Yêu cầu còn thiếu thông tin: hãy yêu cầu bổ sung trước khi duyệt',
    en: 'Information is missing: ask for it before approving',
  },
  citizen_id_invalid: {
    vi: 'Số CCCD phải gồm đúng 12 chữ số',
    en: 'The citizen ID number must be exactly 12 digits',
  },
  registration_missing_required: {
    vi: 'Vui lòng chọn thông tin còn thiếu',
    en: 'Please choose what is missing',
  },
};

const citizenIdSchema = v.pipe(
  v.string('citizen_id_invalid'),
  v.trim(),
  v.regex(/^\d{12}$/, 'citizen_id_invalid'),
);
const optionalCitizenId = v.optional(
  v.union([v.literal(''), citizenIdSchema], 'citizen_id_invalid'),
);
const phoneSchema = v.pipe(
  v.string('invalid_phone'),
  v.trim(),
  v.nonEmpty('invalid_phone'),
  v.check((text) => normalizePhone(text) !== null, 'invalid_phone'),
  v.transform((text) => normalizePhone(text) ?? text),
);
const optionalEmail = v.optional(
  v.pipe(
    v.string('invalid_email'),
    v.trim(),
    v.maxLength(254, 'invalid_email'),
    v.check((text) => text === '' || emailPattern.test(text), 'invalid_email'),
    v.toLowerCase(),
  ),
);
const optionalBirthday = v.optional(v.union([v.literal(''), isoDateSchema], 'invalid_date'));

/** The public form (POST /rg/registerInformation); `website` is the honeypot (left empty). */
export const registrationCreateSchema = v.object({
  groupId: uuidSchema,
  type: v.optional(v.picklist(registrationTypes, 'invalid_value'), 'personal'),
  name: v.pipe(
    v.string('required'),
    v.trim(),
    v.nonEmpty('required'),
    visibleWhenPresent,
    v.maxLength(120, 'too_long'),
  ),
  phone: phoneSchema,
  email: optionalEmail,
  citizenIdentificationCode: optionalCitizenId,
  address: optionalText(300),
  birthday: optionalBirthday,
  note: optionalText(1000),
  website: v.optional(v.string()),
});
export type RegistrationCreateInput = v.InferInput<typeof registrationCreateSchema>;

/** Blank facts of a new request are what it misses. */
export function missingInfoOf(facts: Partial<Record<RegistrationInfoItem, string | null>>) {
  return registrationInfoItems.filter((item) => !facts[item]);
}

/** A step's note (every action may carry one). */
export const registrationStepSchema = v.object({ note: optionalText(1000) });

/** update: what staff ask the applicant for (at least one item). */
export const registrationUpdateSchema = v.object({
  missingInfo: v.pipe(
    v.array(v.picklist(registrationInfoItems, 'invalid_value'), 'registration_missing_required'),
    v.minLength(1, 'registration_missing_required'),
  ),
  note: optionalText(1000),
});

/** updateConfirm: the missing facts, filled in (each asked item must be given). */
export const registrationConfirmSchema = v.object({
  email: optionalEmail,
  citizenIdentificationCode: optionalCitizenId,
  address: optionalText(300),
  birthday: optionalBirthday,
  note: optionalText(1000),
});

const optionalQueryText = (max: number) =>
  v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, 'too_long')));

/** GET rg/getListRegisterInformation (spec §7 filters; missingInfo comma-joined, §5). */
export const registrationListQuerySchema = v.object({
  groupId: v.optional(uuidSchema),
  status: v.optional(v.picklist(registrationStatuses, 'invalid_value')),
  type: v.optional(v.picklist(registrationTypes, 'invalid_value')),
  page: pageSchema,
  phone: optionalQueryText(30),
  email: optionalQueryText(254),
  missingInfo: v.optional(
    v.pipe(
      v.string(),
      v.transform((text) =>
        text
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
      v.array(v.picklist(registrationInfoItems, 'invalid_value'), 'invalid_value'),
    ),
  ),
  citizenIdentificationCode: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^\d{1,12}$/, 'citizen_id_invalid')),
  ),
  from: v.optional(isoDateSchema),
  to: v.optional(isoDateSchema),
});

export const registrationPageSize = 20;

export interface RegistrationStep {
  id: string;
  action: RegistrationAction | 'create';
  fromStatus: RegistrationStatus | null;
  toStatus: RegistrationStatus;
  actorMemberId: string | null;
  actorName: string | null;
  note: string | null;
  at: string;
}

export interface Registration {
  id: string;
  groupId: string;
  groupName: string;
  type: RegistrationType;
  status: RegistrationStatus;
  name: string;
  phone: string;
  email: string | null;
  citizenIdentificationCode: string | null;
  address: string | null;
  birthday: string | null;
  note: string | null;
  missingInfo: RegistrationInfoItem[];
  createdAt: string;
  updatedAt: string;
}

export interface RegistrationDetail extends Registration {
  steps: RegistrationStep[];
  /** The caller's role at the brand (what the screen may offer). */
  role: StaffRole;
}

export interface RegistrationPage {
  items: Registration[];
  page: number;
  pageSize: number;
  total: number;
}

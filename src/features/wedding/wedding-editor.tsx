// The invitation's form: both families, both bank accounts, the wedding and party days in the
// spec's shape. Checked with the contract's schema; saved offline like every own write.
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import {
  defaultWeddingMoments,
  weddingUpsertSchema,
  type WeddingMoment,
  type WeddingUpsertInput,
} from '../../../contract/wedding';
import { fieldMessages, fieldTexts } from '../../../contract/field-messages';
import type { BankInfo } from '../../../contract/account-link';
import type { WeddingRow } from '../../db/app-db';

interface BankForm {
  bankBin: string;
  ownerName: string;
  accountNumber: string;
}

interface FormState {
  groom: { name: string; father: string; mother: string; address: string };
  bride: { name: string; father: string; mother: string; address: string };
  groomsBank: BankForm;
  bridesBank: BankForm;
  weddingDate: string;
  weddingHour: string;
  partyDate: string;
  partyHour: string;
  venue: string;
  partyVenue: string;
  message: string;
  active: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dateOf = (m: WeddingMoment) => `${m.y}-${pad(m.m)}-${pad(m.d)}`;
const momentOf = (date: string, h: string) => {
  const [y = 0, m = 0, d = 0] = date.split('-').map(Number);
  return { h, d, m, y };
};
const noBank: BankForm = { bankBin: '', ownerName: '', accountNumber: '' };

function initialState(row: WeddingRow | undefined): FormState {
  const defaults = defaultWeddingMoments(new Date());
  const family = (f?: WeddingRow['groomsFamily']) => ({
    name: f?.name ?? '',
    father: f?.father ?? '',
    mother: f?.mother ?? '',
    address: f?.address ?? '',
  });
  const bank = (b?: WeddingRow['groomsBank']): BankForm =>
    b ? { bankBin: b.bankBin, ownerName: b.ownerName, accountNumber: b.accountNumber } : noBank;
  const day = row?.weddingDay ?? defaults.weddingDay;
  const party = row?.weddingPartyDay ?? defaults.weddingPartyDay;
  return {
    groom: family(row?.groomsFamily),
    bride: family(row?.bridesFamily),
    groomsBank: bank(row?.groomsBank),
    bridesBank: bank(row?.bridesBank),
    weddingDate: dateOf(day),
    weddingHour: day.h,
    partyDate: dateOf(party),
    partyHour: party.h,
    venue: row?.venue ?? '',
    partyVenue: row?.partyVenue ?? '',
    message: row?.message ?? '',
    active: (row?.status ?? 'ACTIVE') === 'ACTIVE',
  };
}

function payloadOf(id: string, form: FormState): WeddingUpsertInput {
  const bank = (b: BankForm) =>
    b.bankBin || b.ownerName.trim() || b.accountNumber.trim() ? { ...b } : null;
  return {
    id,
    groomsFamily: form.groom,
    bridesFamily: form.bride,
    groomsBank: bank(form.groomsBank),
    bridesBank: bank(form.bridesBank),
    weddingDay: momentOf(form.weddingDate, form.weddingHour),
    weddingPartyDay: momentOf(form.partyDate, form.partyHour),
    venue: form.venue,
    partyVenue: form.partyVenue,
    message: form.message,
    status: form.active ? 'ACTIVE' : 'INACTIVE',
  };
}

interface WeddingEditorProps {
  row?: WeddingRow | undefined;
  banks: readonly BankInfo[];
  onSave: (payload: WeddingUpsertInput) => Promise<void>;
  onCancel: () => void;
}

export function WeddingEditor({ row, banks, onSave, onCancel }: WeddingEditorProps) {
  const { t, i18n } = useLingui();
  const [id] = useState(() => row?.id ?? crypto.randomUUID());
  const [form, setForm] = useState<FormState>(() => initialState(row));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const lang = i18n.locale === 'en' ? 'en' : 'vi';

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const setIn = <K extends 'groom' | 'bride' | 'groomsBank' | 'bridesBank'>(
    key: K,
    field: keyof FormState[K],
    value: string,
  ) => setForm((f) => ({ ...f, [key]: { ...f[key], [field]: value } }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const payload = payloadOf(id, form);
    const checked = v.safeParse(weddingUpsertSchema, payload);
    if (!checked.success) {
      setErrors(fieldTexts(fieldMessages(weddingUpsertSchema, checked.issues), lang));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSave(payload);
    } finally {
      setBusy(false);
    }
  };

  const err = (path: string) => errors[path];
  const family = (key: 'groom' | 'bride', path: 'groomsFamily' | 'bridesFamily') => (
    <fieldset className="wedding-editor__group">
      <legend>{key === 'groom' ? t`Nhà trai` : t`Nhà gái`}</legend>
      <TextField
        label={key === 'groom' ? t`Tên chú rể` : t`Tên cô dâu`}
        value={form[key].name}
        onChange={(e) => setIn(key, 'name', e.target.value)}
        error={err(`${path}.name`) ?? err(path)}
        required
      />
      <TextField
        label={t`Tên bố`}
        value={form[key].father}
        onChange={(e) => setIn(key, 'father', e.target.value)}
        error={err(`${path}.father`)}
      />
      <TextField
        label={t`Tên mẹ`}
        value={form[key].mother}
        onChange={(e) => setIn(key, 'mother', e.target.value)}
        error={err(`${path}.mother`)}
      />
      <TextField
        label={t`Địa chỉ`}
        value={form[key].address}
        onChange={(e) => setIn(key, 'address', e.target.value)}
        error={err(`${path}.address`)}
      />
    </fieldset>
  );
  const bank = (key: 'groomsBank' | 'bridesBank', legend: string) => (
    <fieldset className="wedding-editor__group">
      <legend>{legend}</legend>
      <div className="field">
        <label className="field__label" htmlFor={`${key}-bin`}>
          {t`Ngân hàng`}
        </label>
        <select
          id={`${key}-bin`}
          className="field__input"
          value={form[key].bankBin}
          onChange={(e) => setIn(key, 'bankBin', e.target.value)}
        >
          <option value="">{t`Không có`}</option>
          {banks.map((b) => (
            <option key={b.bin} value={b.bin}>
              {b.shortName}
            </option>
          ))}
        </select>
        {err(`${key}.bankBin`) && (
          <span className="field__error" role="alert">
            {err(`${key}.bankBin`)}
          </span>
        )}
      </div>
      <TextField
        label={t`Chủ tài khoản`}
        value={form[key].ownerName}
        onChange={(e) => setIn(key, 'ownerName', e.target.value)}
        error={err(`${key}.ownerName`)}
      />
      <TextField
        label={t`Số tài khoản`}
        value={form[key].accountNumber}
        inputMode="numeric"
        onChange={(e) => setIn(key, 'accountNumber', e.target.value)}
        error={err(`${key}.accountNumber`)}
      />
    </fieldset>
  );
  const dayError = (path: string) =>
    err(`${path}.d`) ?? err(`${path}.m`) ?? err(`${path}.y`) ?? err(path);

  return (
    <form className="wedding-editor stack" onSubmit={(e) => void submit(e)} noValidate>
      {family('groom', 'groomsFamily')}
      {family('bride', 'bridesFamily')}
      <fieldset className="wedding-editor__group">
        <legend>{t`Lễ thành hôn`}</legend>
        <TextField
          type="date"
          label={t`Ngày cưới`}
          value={form.weddingDate}
          onChange={(e) => set('weddingDate', e.target.value)}
          error={dayError('weddingDay')}
        />
        <TextField
          label={t`Giờ (ví dụ 11H00)`}
          value={form.weddingHour}
          onChange={(e) => set('weddingHour', e.target.value)}
          error={err('weddingDay.h')}
        />
        <TextField
          label={t`Địa điểm`}
          value={form.venue}
          onChange={(e) => set('venue', e.target.value)}
          error={err('venue')}
        />
      </fieldset>
      <fieldset className="wedding-editor__group">
        <legend>{t`Tiệc cưới`}</legend>
        <TextField
          type="date"
          label={t`Ngày tiệc`}
          value={form.partyDate}
          onChange={(e) => set('partyDate', e.target.value)}
          error={dayError('weddingPartyDay')}
        />
        <TextField
          label={t`Giờ tiệc (ví dụ 11H30)`}
          value={form.partyHour}
          onChange={(e) => set('partyHour', e.target.value)}
          error={err('weddingPartyDay.h')}
        />
        <TextField
          label={t`Nơi đãi tiệc`}
          value={form.partyVenue}
          onChange={(e) => set('partyVenue', e.target.value)}
          error={err('partyVenue')}
        />
      </fieldset>
      {bank('groomsBank', t`Tài khoản mừng cưới nhà trai`)}
      {bank('bridesBank', t`Tài khoản mừng cưới nhà gái`)}
      <div className="field">
        <label className="field__label" htmlFor="wedding-message">
          {t`Lời mời`}
        </label>
        <textarea
          id="wedding-message"
          className="field__input"
          rows={3}
          value={form.message}
          onChange={(e) => set('message', e.target.value)}
        />
      </div>
      <label className="wedding-editor__check cluster">
        <input
          type="checkbox"
          checked={form.active}
          onChange={(e) => set('active', e.target.checked)}
        />
        {t`Cho khách xem thiệp`}
      </label>
      <div className="wedding-editor__actions cluster">
        <Button type="submit" busy={busy}>
          {t`Lưu thiệp cưới`}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t`Huỷ`}
        </Button>
      </div>
    </form>
  );
}

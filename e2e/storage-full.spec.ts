// A device with no room left: saving a contact says the storage is full, keeps what was typed
// and writes nothing; once there is room the same form saves it, and the server gets it once.
// The refusal is IndexedDB's own QuotaExceededError, raised at the outbox's store: Chromium's
// quota override (CDP Storage.overrideQuotaForOrigin) reaches only databases opened after it,
// and the app's is open from the login on.
import { expect, test } from './support/axe';
import type { ContactPage } from '../contract/contact';
import { apiLogin, logInThroughForm, registerMemberByApi } from './support/session';

test('a full device says so, keeps the typed contact, and saves it once there is room', async ({
  page,
  request,
}) => {
  // A member of its own: the journey sees only its own contacts, whatever ran before it.
  const member = await registerMemberByApi(request, { name: 'Phạm Thị Đầy' });
  const session = await apiLogin(request, member);
  const name = `Phạm Đầy Bộ Nhớ ${Date.now()}`;
  const serverCount = async () => {
    const res = await request.get(
      `/api/contacts/getContactsByMemberId/${session.memberId}?limit=500`,
      { headers: { authorization: `Bearer ${session.token}` } },
    );
    return ((await res.json()) as ContactPage).items.filter((c) => c.name === name).length;
  };
  await page.addInitScript(() => {
    const store = IDBObjectStore.prototype;
    const add = Object.getOwnPropertyDescriptor(store, 'add')?.value as IDBObjectStore['add'];
    Object.defineProperty(store, 'add', {
      configurable: true,
      writable: true,
      value(this: IDBObjectStore, ...args: Parameters<IDBObjectStore['add']>) {
        if (this.name === 'outbox' && (globalThis as { storageFull?: boolean }).storageFull) {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        }
        return add.apply(this, args);
      },
    });
  });
  const setStorageFull = (full: boolean) =>
    page.evaluate((value) => {
      (globalThis as { storageFull?: boolean }).storageFull = value;
    }, full);
  await logInThroughForm(page, member);
  await page.goto('/action/phonebook');
  await expect(page.getByRole('heading', { level: 1, name: 'Danh bạ' })).toBeVisible();

  await setStorageFull(true);
  await page.getByRole('button', { name: 'Thêm liên hệ' }).click();
  const form = page.getByRole('form', { name: 'Thêm liên hệ' });
  await form.getByLabel('Họ tên').fill(name);
  await form.getByLabel('Số điện thoại').fill('0912 345 678');
  await form.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText('Bộ nhớ của máy đã đầy nên chưa lưu được')).toBeVisible();
  await expect(form.getByLabel('Họ tên')).toHaveValue(name);
  await expect(page.getByRole('button', { name: new RegExp(`^${name}`) })).toHaveCount(0);

  await setStorageFull(false);
  await form.getByRole('button', { name: 'Lưu' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Đã lưu liên hệ trên máy này')).toBeVisible();
  await expect.poll(serverCount, { timeout: 20_000 }).toBe(1);
  await expect(page.getByRole('button', { name: new RegExp(`^${name}`) })).toBeVisible();
});

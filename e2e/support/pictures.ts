// What journeys that pick pictures do the same way.
import { expect, type Page } from '@playwright/test';

/** The crop dialog opens on a picked picture; its framed middle is kept as it comes. */
export async function keepCropped(page: Page, label: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: label });
  await expect(dialog.getByRole('group', { name: 'Vùng cắt ảnh' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Dùng ảnh này' }).click();
  await expect(dialog).toBeHidden();
}

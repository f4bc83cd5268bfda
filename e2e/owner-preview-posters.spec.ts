// The owner's preview of their own card (the home and the profile editor) shows the running
// posters, as visitors' card does (decision 0673); one turned off or ended stays out of both.
import { expect, test } from './support/axe';
import { apiLogin, logInThroughForm, registerMemberByApi } from './support/session';

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test("the owner's preview shows the card's running posters, as the visitor's card does", async ({
  page,
  request,
}) => {
  const account = await registerMemberByApi(request, { name: 'Trần Thị Poster' });
  const session = await apiLogin(request, account);
  const headers = { authorization: `Bearer ${session.token}` };
  const save = async (images: string[], enabled: boolean, start: number, end: number) => {
    const res = await request.post('/api/poster/save-poster', {
      headers,
      data: { viewType: 'other', startDate: day(start), endDate: day(end), images, enabled },
    });
    expect(res.ok()).toBe(true);
  };
  await save(['/icons/icon-192.png', '/icons/icon-512.png'], true, -1, 7);
  await save(['/icons/maskable-512.png'], false, -1, 7);

  // The visitor's card has the two pictures of the running poster.
  const member = (await (
    await request.get(`/api/members/getMemberId/${session.memberId}`, { headers })
  ).json()) as { urlMinify: string };
  const card = await (await request.get(`/me/${member.urlMinify}`)).text();
  expect(card.match(/class="card-posters__item"/g)).toHaveLength(2);

  await page.setViewportSize({ width: 360, height: 800 });
  await logInThroughForm(page, account);
  for (const path of ['/action', '/action/setting']) {
    await page.goto(path);
    const preview = page.getByRole('region', { name: 'Thẻ của bạn như khách xem' });
    const posters = preview.getByRole('region', { name: 'Poster' });
    await expect(posters.getByRole('img', { name: 'Poster 1' })).toHaveAttribute(
      'src',
      '/icons/icon-192.png',
    );
    await expect(posters.getByRole('img', { name: 'Poster 2' })).toHaveAttribute(
      'src',
      '/icons/icon-512.png',
    );
    await expect(posters.getByRole('img')).toHaveCount(2);
    // The row scrolls inside itself; the screen does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await posters.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: test.info().outputPath(`preview${path.replace(/\//g, '-')}.png`),
    });
  }
});

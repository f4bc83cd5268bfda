// Every catalogue theme passes axe on the visitor's card in a real browser: the computed
// contrast of tests/unit/theme-contrast.test.ts covers the colour pairs we know of, this covers
// what the page really paints (borders, badges, text over blocks, the menu's states). The
// owner sets each theme through the call the app's outbox replays (profile.setTheme); the
// anonymous page kept by the server (decision 0402) must show the new theme at once.
import { analyzeAccessibility, axeTags, expect, test } from './support/axe';
import { apiGet, apiLogin } from './support/session';
import { themeCatalogue } from '../contract/theme';
import type { ThemeAuth, ThemeType } from '../contract/card-settings';

/** The card and the two pages that paint prices, sale badges and post blocks. */
const visitorPaths = ['/me/demo', '/me/demo/products', '/me/demo/posts'];

test('every card theme passes the accessibility check on the visitor pages', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await apiLogin(request);
  const asOwner = { authorization: `Bearer ${owner.token}` };
  const before = await apiGet<ThemeAuth>(request, owner, '/api/members/getThemeCheckAuth');
  expect(before.allowedCodes).toHaveLength(themeCatalogue.length);
  const setTheme = async (theme: string, themeType: ThemeType) => {
    const res = await request.put(`/api/members/updateMemberTheme/${owner.memberId}`, {
      headers: asOwner,
      data: { theme, themeType },
    });
    expect(res.status(), `${theme} ${themeType}`).toBe(200);
  };

  const findings: string[] = [];
  try {
    for (const [index, theme] of themeCatalogue.entries()) {
      // Both layouts are covered, alternately: the colours are the same in each.
      const themeType: ThemeType = index % 2 === 0 ? 'list' : 'square';
      await setTheme(theme.code, themeType);
      for (const path of visitorPaths) {
        await page.goto(path);
        // The page kept for visitors was dropped when the theme changed.
        await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute(
          'content',
          theme.value.menu,
        );
        await expect(page.locator('.card-page')).toBeVisible();
        const results = await analyzeAccessibility(page, { tags: axeTags });
        // The contrast rule really looked at the page's text (not only at an empty shell).
        const contrastChecked = results.passes.find((r) => r.id === 'color-contrast');
        expect(contrastChecked?.nodes.length ?? 0, `${theme.code} ${path}`).toBeGreaterThan(5);
        for (const v of results.violations) {
          if (v.impact !== 'serious' && v.impact !== 'critical') continue;
          const where = v.nodes.map((n) => n.target.join(' ')).join(', ');
          findings.push(`${theme.code} (${themeType}) ${path}: ${v.id} — ${where}`);
        }
      }
    }
  } finally {
    // The demo card is shared with later specs: its theme is put back.
    await setTheme(before.theme ?? 'lightmode', before.themeType);
  }
  expect(findings).toEqual([]);
});

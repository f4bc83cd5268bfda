// Pictures of the layout primitives (decision 0950) at 360 px, for the decision note:
//   node scripts/primitives-gallery.mjs
// Renders a static page that uses src/ui/base.css (and the picker's own CSS) as they are, with
// the markup the components in src/ui write, and keeps one small palette PNG per group in
// docs/decisions/images/. No build and no server: the page is the CSS itself.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'docs/decisions/images');
const css = (
  await Promise.all(
    ['src/ui/base.css', 'src/ui/image-picker.css'].map((file) =>
      readFile(path.join(root, file), 'utf8'),
    ),
  )
).join('\n');

const more = `<svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true"><circle cx="12" cy="5" r="1"/><circle cx="12" cy="12" r="1"/><circle cx="12" cy="19" r="1"/></svg>`;
const caption = (text) => `<p class="gallery__caption"><code>${text}</code></p>`;

/** One picture each: its name in docs/decisions/images and its markup. */
const groups = {
  'primitives-layout': `
    ${caption('.page · .stack · .cluster · .grid · .surface · .badge')}
    <div class="stack">
      <h2 class="gallery__title">Danh thiếp của tôi</h2>
      <div class="cluster">
        <a class="button" href="#">Sửa thẻ</a>
        <a class="button button--secondary" href="#">Chia sẻ</a>
        <a class="button button--secondary" href="#">Mã QR</a>
        <span class="badge">3 bạn mới</span>
        <span class="badge badge--warning">2 đang chờ gửi</span>
      </div>
      <div class="grid" style="--grid-min: 8rem">
        <div class="surface">Danh bạ</div>
        <div class="surface">Bạn bè</div>
        <div class="surface">Thống kê</div>
        <div class="surface">Nội dung</div>
      </div>
    </div>`,
  'primitives-list-row': `
    ${caption('.list-row (__body, __title, __meta, __actions) · OverflowMenu · .icon-action')}
    <ul class="stack stack--tight gallery__list">
      <li class="list-row surface">
        <div class="list-row__body">
          <p class="list-row__title">Nguyễn Thị Minh Anh</p>
          <p class="list-row__meta">Giám đốc kinh doanh · Cà Phê Sương Mai</p>
        </div>
        <div class="list-row__actions">
          <a class="button" href="#">Nhắn tin</a>
          <button type="button" class="overflow-menu__button" aria-label="Thêm thao tác">${more}</button>
        </div>
      </li>
      <li class="list-row surface">
        <div class="list-row__body">
          <p class="list-row__title">Trần Văn Bình — một cái tên rất dài vẫn xuống dòng gọn</p>
          <p class="list-row__meta">Kỹ sư phần mềm</p>
        </div>
        <div class="list-row__actions">
          <a class="button" href="#">Gọi</a>
          <button type="button" class="overflow-menu__button" aria-label="Thêm thao tác">${more}</button>
        </div>
      </li>
    </ul>
    <div class="overflow-menu__items gallery__menu" role="group" aria-label="Thêm thao tác">
      <button type="button">Sửa</button>
      <button type="button">Chia sẻ danh thiếp</button>
      <button type="button" class="is-danger">Huỷ kết bạn</button>
    </div>`,
  'primitives-form': `
    ${caption('ImagePicker · .fold (FoldSection) · .form-footer')}
    <div class="image-picker image-picker--round">
      <label class="image-picker__label">Ảnh đại diện</label>
      <div class="image-picker__preview"><span class="gallery__face" aria-hidden="true">MA</span></div>
      <div class="cluster">
        <div class="image-picker__choose">
          <span class="button button--secondary" aria-hidden="true">Đổi ảnh</span>
        </div>
        <button type="button" class="button button--secondary">Xoá ảnh</button>
      </div>
    </div>
    <details class="fold" open>
      <summary class="fold__summary"><span class="fold__title">Thông tin cơ bản</span></summary>
      <div class="fold__body">
        <div class="field"><label class="field__label">Họ tên</label><input class="field__input" value="Nguyễn Thị Minh Anh" /></div>
      </div>
    </details>
    <details class="fold">
      <summary class="fold__summary"><span class="fold__title">Liên hệ</span><span class="fold__hint">Điện thoại, Zalo, email</span></summary>
    </details>
    <div class="form-footer">
      <button type="button" class="button button--secondary">Huỷ</button>
      <button type="button" class="button">Lưu</button>
    </div>`,
  'primitives-data': `
    ${caption('.stat-card · .progress · .chart-frame · .stacked-table')}
    <div class="grid" style="--grid-min: 9rem; --grid-gap: var(--space-2)">
      <div class="stat-card"><span class="stat-card__label">Lượt xem</span><span class="stat-card__value">1.284</span></div>
      <div class="stat-card"><span class="stat-card__label">Lưu danh bạ</span><span class="stat-card__value">96</span></div>
    </div>
    <div class="progress">
      <span>Thẻ hoàn thiện 60%</span>
      <div class="progress__track" role="progressbar" aria-valuenow="60" aria-valuemin="0" aria-valuemax="100" aria-label="Thẻ hoàn thiện">
        <div class="progress__bar" style="width: 60%"></div>
      </div>
    </div>
    <figure class="chart-frame surface gallery__chart">
      <svg viewBox="0 0 320 120" width="320" height="120" role="img" aria-label="Lượt xem theo ngày">
        <polyline fill="none" stroke="#0b66c3" stroke-width="3" points="10,100 60,80 110,86 160,50 210,60 260,30 310,40" />
        <g font-size="11" fill="#1b2430"><text x="6" y="116">01/11</text><text x="146" y="116">15/11</text><text x="282" y="116">30/11</text></g>
      </svg>
    </figure>
    <table class="stacked-table gallery__table">
      <thead><tr><th>Ngày</th><th>Hoá đơn</th><th>Điểm</th></tr></thead>
      <tbody>
        <tr><td data-label="Ngày">24/11/2026</td><td data-label="Hoá đơn">12</td><td data-label="Điểm">340</td></tr>
        <tr><td data-label="Ngày">25/11/2026</td><td data-label="Hoá đơn">8</td><td data-label="Điểm">215</td></tr>
      </tbody>
    </table>`,
};

const page = (body) => `<!doctype html>
<html lang="vi"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width" />
<style>${css}
.gallery { padding-bottom: var(--space-4); }
.gallery__caption { margin: 0; font-size: var(--text-small); color: var(--ui-muted); }
.gallery__title { margin: 0; font-size: var(--text-large); }
.gallery__list { list-style: none; margin: 0; padding: 0; }
.gallery__menu { display: grid; margin: var(--space-3) 0 0 auto; position: static; }
.gallery__face { font-size: 2rem; font-weight: 700; color: #0b4a8b; }
.gallery__chart { margin: 0; }
</style></head>
<body><main class="page stack gallery">${body}</main></body></html>`;

await mkdir(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  const context = await browser.newContext({ viewport: { width: 360, height: 640 } });
  const tab = await context.newPage();
  for (const [name, body] of Object.entries(groups)) {
    await tab.setContent(page(body));
    const raw = await tab.locator('main').screenshot();
    // A palette PNG: a few kilobytes instead of tens, with no visible loss for flat UI.
    const png = await sharp(raw)
      .png({ palette: true, colours: 64, compressionLevel: 9 })
      .toBuffer();
    const file = path.join(outDir, `${name}.png`);
    await writeFile(file, png);
    console.log(`${path.relative(root, file)}: ${Math.round(png.byteLength / 1024)} KB`);
  }
} finally {
  await browser.close();
}

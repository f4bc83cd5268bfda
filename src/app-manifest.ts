import type { ManifestOptions } from 'vite-plugin-pwa';
import { shareTargetPath } from '../contract/share-target';

/** The web app manifest (installable app). */
export const appManifest: Partial<ManifestOptions> = {
  // A stable identity, so changing start_url later does not make it a different app.
  id: '/',
  name: 'm.e Cards — Danh thiếp thông minh',
  short_name: 'm.e Cards',
  description:
    'Danh thiếp số, danh bạ và kết nối — dùng được cả khi không có mạng. Chia sẻ thẻ bằng mã QR, lưu liên hệ, nhắn tin và tích điểm tại sự kiện.',
  lang: 'vi',
  // The start screen depends on the role (staff: create point; members: their home), decided
  // by the /start route.
  start_url: '/start',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  categories: ['business', 'productivity', 'social'],
  theme_color: '#0b66c3',
  background_color: '#ffffff',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  // The most common jobs: members show their QR, scan and keep contacts; staff create points.
  shortcuts: [
    {
      name: 'Mã QR của tôi',
      short_name: 'Mã QR',
      description: 'Cho người đối diện quét để lưu danh thiếp của bạn',
      url: '/action/qrcode',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
    {
      name: 'Quét mã QR',
      short_name: 'Quét',
      description: 'Quét danh thiếp hoặc mã tích điểm',
      url: '/scan-qr',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
    {
      name: 'Tích điểm cho khách',
      short_name: 'Tích điểm',
      description: 'Dành cho nhân viên tại quầy: ghi điểm cho khách',
      url: '/action/createPoint',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
    {
      name: 'Danh bạ',
      short_name: 'Danh bạ',
      description: 'Tìm và thêm liên hệ',
      url: '/action/phonebook',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
  ],
  // The richer install sheet (Chromium) shows these; they are not precached (vite.config.ts).
  screenshots: [
    {
      src: '/screenshots/phone-home.png',
      sizes: '720x1480',
      type: 'image/png',
      form_factor: 'narrow',
      label: 'Trang chủ thành viên với mọi chức năng',
    },
    {
      src: '/screenshots/phone-phonebook.png',
      sizes: '720x1480',
      type: 'image/png',
      form_factor: 'narrow',
      label: 'Danh bạ dùng được cả khi không có mạng',
    },
    {
      src: '/screenshots/wide-home.png',
      sizes: '1280x800',
      type: 'image/png',
      form_factor: 'wide',
      label: 'm.e Cards trên máy tính',
    },
  ],
  // A vCard, a card link or a phone number shared from another app opens "add contact";
  // a picture becomes a post draft.
  share_target: {
    action: shareTargetPath,
    method: 'POST',
    enctype: 'multipart/form-data',
    params: {
      title: 'title',
      text: 'text',
      url: 'url',
      files: [
        {
          name: 'file',
          accept: ['text/vcard', 'text/x-vcard', 'text/directory', '.vcf', '.vcard', 'image/*'],
        },
      ],
    },
  },
  // Opening a card link while installed reuses the open window instead of a new one.
  launch_handler: { client_mode: ['navigate-existing', 'auto'] },
  handle_links: 'preferred',
};

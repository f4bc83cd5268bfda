import type { ManifestOptions } from 'vite-plugin-pwa';

/** The web app manifest (installable app). */
export const appManifest: Partial<ManifestOptions> = {
  // A stable identity, so changing start_url later does not make it a different app.
  id: '/',
  name: 'm.e Cards — Danh thiếp thông minh',
  short_name: 'm.e Cards',
  description: 'Danh thiếp số, danh bạ và kết nối — dùng được cả khi không có mạng.',
  lang: 'vi',
  start_url: '/',
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
};

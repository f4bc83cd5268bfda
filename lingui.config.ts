import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'vi',
  locales: ['vi', 'en'],
  fallbackLocales: { default: 'vi' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: [
        '**/node_modules/**',
        '<rootDir>/src/locales/**',
        '<rootDir>/src/features/card/**',
        '<rootDir>/src/features/wedding-page/**',
        '<rootDir>/src/ssr/**',
      ],
    },
    // A visitor's first screen (login) loads only what it shows; the catalog above, a superset,
    // loads before any other screen renders (src/i18n/i18n.ts, docs/decisions/0003).
    {
      path: '<rootDir>/src/locales/{locale}/first-screen',
      include: [
        '<rootDir>/src/ui',
        '<rootDir>/src/routes/__root.tsx',
        '<rootDir>/src/features/auth/login-screen.tsx',
        '<rootDir>/src/features/auth/form-errors.ts',
        '<rootDir>/src/features/member-menu/member-menu.tsx',
        '<rootDir>/src/sw-registration.ts',
      ],
      // Pictures are never picked nor member data written on the first screen: their words
      // wait for the full catalog.
      exclude: [
        '<rootDir>/src/ui/image-picker.tsx',
        '<rootDir>/src/ui/image-crop-dialog.tsx',
        '<rootDir>/src/ui/fold-section.tsx',
        '<rootDir>/src/ui/write-failed.ts',
      ],
    },
    // Public card pages load only their own small catalog (docs/decisions/0400); the toast and
    // update prompt they show are in both.
    {
      path: '<rootDir>/src/locales/{locale}/card',
      include: [
        '<rootDir>/src/features/card',
        '<rootDir>/src/ssr',
        '<rootDir>/src/ui/toast.tsx',
        '<rootDir>/src/sw-registration.ts',
      ],
      exclude: ['<rootDir>/src/features/card/contact-me-form.tsx'],
    },
    // The card's "contact me" form loads its texts only when a visitor opens it (decision 0930).
    {
      path: '<rootDir>/src/locales/{locale}/contact-me',
      include: ['<rootDir>/src/features/card/contact-me-form.tsx'],
    },
    // The public wedding page (docs/decisions/0720) loads only its own catalog too.
    {
      path: '<rootDir>/src/locales/{locale}/wedding',
      include: ['<rootDir>/src/features/wedding-page'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});

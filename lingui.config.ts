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
        '<rootDir>/src/ssr/**',
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
    },
  ],
  format: formatter({ lineNumbers: false }),
});

import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { linguiMacroBabel } from './lingui-macro-babel.ts';

export default defineConfig({
  plugins: [linguiMacroBabel(), react(), lingui()],
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest leaves a core free by default: on two cores that is one file at a time.
    maxWorkers: availableParallelism(),
    globalSetup: ['tests/support/database-snapshots.ts', 'tests/support/server-build-setup.ts'],
    setupFiles: ['tests/support/server-build-env.ts'],
  },
});

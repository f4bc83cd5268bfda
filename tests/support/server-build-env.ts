// Vitest setup file: hands each test file the server compiled by server-build-setup.ts, which
// startServerProcess runs by default.
import { inject } from 'vitest';

process.env.TEST_SERVER_BUILD = inject('serverBuild');

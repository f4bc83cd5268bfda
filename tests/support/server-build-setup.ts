// Vitest global setup: the server compiled once per run (decision 1082's build, about a second),
// so that the tests which start real server processes run plain node, not tsx: tsx compiles the
// whole server again at every start, seconds of CPU each on a 2-core machine.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { compileServer, repoRoot } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    serverBuild: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Inside the repository, as dist/server is: the packages resolve from its node_modules.
  await mkdir(path.join(repoRoot, '.tmp'), { recursive: true });
  const dir = await mkdtemp(path.join(repoRoot, '.tmp/test-server-'));
  const file = path.join(dir, 'main.js');
  compileServer(file);
  project.provide('serverBuild', file);
  return () => rm(dir, { recursive: true, force: true });
}

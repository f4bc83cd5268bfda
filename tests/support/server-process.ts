// A real server process for tests and benches: the compiled server (decision 1082) or the
// TypeScript through tsx, started through process-group (so none outlives its caller) with
// the environment a test wants, and waited for until /api/ready answers 200.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { freePort } from './free-port';
import { startGroup, type ProcessGroup } from './process-group';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');

/** Compiles server/main.ts to `outFile` with the build's own script (about a second). */
export function compileServer(outFile: string): void {
  execFileSync('node', ['scripts/build-server.mjs'], {
    cwd: repoRoot,
    env: { ...process.env, SERVER_OUT_FILE: outFile },
    stdio: 'ignore',
  });
}

export interface ServerProcessOptions {
  port: number;
  /**
   * The compiled server to run on plain node; default the test run's build
   * (TEST_SERVER_BUILD, tests/support/server-build-setup.ts), else `tsx server/main.ts`.
   */
  compiled?: string;
  /** Working directory; default the repository. */
  cwd?: string;
  /** Added to (and overriding) the defaults: loopback, quiet, no client, mail kept. */
  env: NodeJS.ProcessEnv;
}

export interface ServerProcess {
  url: string;
  port: number;
  group: ProcessGroup;
}

/** Starts one server process; `waitUntilReady` tells when it serves. */
export function startServerProcess(options: ServerProcessOptions): ServerProcess {
  const base = { ...process.env };
  // What the test runner itself uses must not leak into the server it starts.
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'MIGRATIONS_DIR', 'DATA_DIR']) {
    delete base[name];
  }
  const compiled = options.compiled ?? process.env.TEST_SERVER_BUILD;
  delete base.TEST_SERVER_BUILD;
  if (compiled) delete base.NODE_OPTIONS;
  const [command, args] = compiled ? [process.execPath, [compiled]] : [tsx, ['server/main.ts']];
  const group = startGroup(command, args, {
    cwd: options.cwd ?? repoRoot,
    env: {
      ...base,
      HOST: '127.0.0.1',
      PORT: String(options.port),
      LOG_LEVEL: 'warn',
      CLIENT_DIR: '/nonexistent',
      MAIL_TRANSPORT: 'outbox',
      ...options.env,
    },
  });
  return { url: `http://127.0.0.1:${options.port}`, port: options.port, group };
}

/** Resolves when /api/ready answers 200; rejects, with what it printed, if it exits first. */
export async function waitUntilReady(server: ServerProcess, timeoutMs = 90_000): Promise<void> {
  let exited = false;
  void server.group.exited.then(() => (exited = true));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`server ${server.url} exited:\n${server.group.stderr()}`);
    if (Date.now() > deadline) {
      throw new Error(
        `server ${server.url} not ready in ${timeoutMs} ms:\n${server.group.stderr()}`,
      );
    }
    const res = await fetch(`${server.url}/api/ready`).catch(() => undefined);
    await res?.arrayBuffer();
    if (res?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Starts one of several processes on the PostgreSQL database `databaseUrl` and waits until it
 * serves; `seedDemo` for the first (the others find the migrations and demo data done). Added
 * to `servers` before the wait, so the caller stops it even if it never becomes ready.
 */
export async function startOnDatabase(
  servers: ServerProcess[],
  databaseUrl: string,
  { seedDemo, env = {} }: { seedDemo: boolean; env?: NodeJS.ProcessEnv },
): Promise<ServerProcess> {
  const server = startServerProcess({
    port: await freePort(),
    env: {
      DATABASE_URL: databaseUrl,
      SEED_DEMO: String(seedDemo),
      SECURE_COOKIES: 'false',
      ...env,
    },
  });
  servers.push(server);
  await waitUntilReady(server);
  return server;
}

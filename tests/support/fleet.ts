// A fleet as production runs one (decision 1085): nginx from deploy/nginx.conf in front of
// three compiled server processes on one PostgreSQL database. Shared by the fleet test and
// the fleet bench; whatever it started is stopped by `stop`, or at this process's exit.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { freePort } from './free-port';
import { fleetSites, readNginxExample, startNginx, type Nginx } from './nginx';
import { createDatabase, type TestDatabase } from './postgres-databases';
import { removeDir, removeOnExit } from './process-group';
import {
  compileServer,
  repoRoot,
  startServerProcess,
  waitUntilReady,
  type ServerProcess,
} from './server-process';

export interface Fleet {
  /** nginx spreading requests over every process. */
  url: string;
  /** nginx sending everything to process i (same locations as `url`). */
  pinned: string[];
  processes: ServerProcess[];
  databaseUrl: string;
  nginx: Nginx;
  /** SIGTERM to process i, waits for its exit, starts it again on its port until ready. */
  restart(i: number): Promise<{ exitCode: number | null }>;
  stop(): Promise<void>;
}

export interface FleetOptions {
  adminUrl: string;
  /** A migrated, seeded database to copy; default an empty one the processes fill. */
  template?: string;
  nginx: string;
  /** The built client to serve; default a folder with just the page templates. */
  clientDir?: string;
  size?: number;
}

/** The card page template without the server-rendering bundle: metadata and card data. */
async function templateClientDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mecards-fleet-client-'));
  removeOnExit(dir);
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="vi"><head><title>m.e Cards</title></head><body><div id="root"></div></body></html>',
  );
  await writeFile(
    path.join(dir, 'card.html'),
    '<!doctype html><html lang="vi"><head><!--app-head--></head><body><div id="app"><!--app-html--></div><!--app-data--></body></html>',
  );
  return dir;
}

export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const size = options.size ?? 3;
  const cleanups: (() => Promise<void>)[] = [];
  const processes: ServerProcess[] = [];
  const stopAll = async () => {
    await Promise.all(processes.map((server) => server.group.stop()));
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  try {
    // Inside the repository, as dist/server is: the packages resolve from its node_modules.
    await mkdir(path.join(repoRoot, '.tmp'), { recursive: true });
    const buildDir = await mkdtemp(path.join(repoRoot, '.tmp/fleet-server-'));
    removeOnExit(buildDir);
    cleanups.push(() => removeDir(buildDir));
    const compiled = path.join(buildDir, 'main.js');
    compileServer(compiled);
    let clientDir = options.clientDir;
    if (!clientDir) {
      const dir = await templateClientDir();
      cleanups.push(() => removeDir(dir));
      clientDir = dir;
    }
    const database: TestDatabase = await createDatabase(
      options.adminUrl,
      'mecards_fleet',
      options.template,
    );
    cleanups.push(() => database.drop());

    const ports: number[] = [];
    for (let i = 0; i < size; i++) ports.push(await freePort());
    const env = {
      DATABASE_URL: database.url,
      AUTH_SECRET: 'fleet-secret-fleet-secret-fleet-secret',
      PUSH_DISABLED: 'true',
      TRUST_PROXY: 'true',
      SECURE_COOKIES: 'false',
      SEED_DEMO: 'true',
      CLIENT_DIR: clientDir,
    };
    const start = (port: number) => startServerProcess({ port, compiled, env });
    // All at once: the start lock has one of them migrate and seed (decision 1080).
    processes.push(...ports.map(start));
    await Promise.all(processes.map((server) => waitUntilReady(server)));

    const listen = await freePort();
    const pinnedPorts: number[] = [];
    for (let i = 0; i < size; i++) pinnedPorts.push(await freePort());
    const sites = fleetSites(await readNginxExample(), {
      listen,
      processes: ports,
      pinned: pinnedPorts,
    });
    const nginx = await startNginx(options.nginx, sites, [listen, ...pinnedPorts]);
    cleanups.push(() => nginx.stop());

    return {
      url: `http://127.0.0.1:${listen}`,
      pinned: pinnedPorts.map((port) => `http://127.0.0.1:${port}`),
      processes,
      databaseUrl: database.url,
      nginx,
      async restart(i) {
        const old = processes[i]!;
        old.group.signal('SIGTERM');
        const exitCode = await old.group.exited;
        await old.group.stop();
        const again = start(old.port);
        processes[i] = again;
        await waitUntilReady(again);
        return { exitCode };
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

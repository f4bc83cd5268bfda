// The production start (decision 1082): the server compiled to one JavaScript file runs on
// plain node — no TypeScript at run time — finds its migrations and data files from the
// bundle, serves, and stops cleanly.
import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationFiles } from '../../server/db/client';
import { freePort } from '../support/free-port';
import { removeDir } from '../support/process-group';
import {
  compileServer,
  repoRoot as root,
  startServerProcess,
  type ServerProcess,
} from '../support/server-process';

const servers: ServerProcess[] = [];
const dirs: string[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => server.group.stop()));
  await Promise.all(dirs.map(removeDir));
}, 60_000);

describe('the compiled server', () => {
  it('runs on plain node with its migrations and data, and exits 0 on SIGTERM', async () => {
    // Inside the repository, as dist/server is: the packages resolve from its node_modules.
    await mkdir(path.join(root, '.tmp'), { recursive: true });
    const out = await mkdtemp(path.join(root, '.tmp/compiled-server-'));
    const dataDir = await mkdtemp(path.join(tmpdir(), 'mecards-compiled-data-'));
    dirs.push(out, dataDir);
    const outFile = path.join(out, 'main.js');
    compileServer(outFile);
    const bundle = await readFile(outFile, 'utf8');
    expect(bundle).not.toMatch(/from ["'](tsx|typescript)/);

    // From another folder: nothing may depend on the working directory but the data folder.
    const server = startServerProcess({
      port: await freePort(),
      compiled: outFile,
      cwd: out,
      env: { DATA_DIR: dataDir },
    });
    servers.push(server);
    const { group, url } = server;
    let exited = false;
    void group.exited.then(() => (exited = true));
    let ready: Response | undefined;
    while (!ready?.ok) {
      if (exited) throw new Error(`compiled server exited: ${group.stderr()}`);
      ready = await fetch(`${url}/api/ready`).catch(() => undefined);
      if (!ready?.ok) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const files = await migrationFiles();
    expect(await ready.json()).toMatchObject({
      status: 'ok',
      migrations: { applied: files.length, pending: [] },
    });
    // Data read from files next to the sources: administrative units and banks.
    const units = await fetch(`${url}/api/getUnit`);
    expect(units.status).toBe(200);
    expect(JSON.stringify(await units.json())).toContain('Thành phố trực thuộc trung ương');
    const banks = await fetch(`${url}/api/members/banks`);
    expect(banks.status).toBe(200);
    expect(((await banks.json()) as unknown[]).length).toBeGreaterThan(10);
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@mecards.vn', password: 'demo12345' }),
    });
    expect(login.status).toBe(200);

    group.process.kill('SIGTERM');
    expect(await group.exited).toBe(0);
    expect(group.stderr().trim()).toBe('');
  }, 180_000);
});

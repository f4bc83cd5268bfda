// The production start (decision 1082): the server compiled to one JavaScript file runs on
// plain node — no TypeScript at run time — finds its migrations and data files from the
// bundle, serves, and stops cleanly.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationFiles } from '../../server/db/client';
import { removeDir, startGroup, type ProcessGroup } from '../support/process-group';

const root = path.resolve(import.meta.dirname, '../..');
const groups: ProcessGroup[] = [];
const dirs: string[] = [];

afterAll(async () => {
  await Promise.all(groups.map((group) => group.stop()));
  await Promise.all(dirs.map(removeDir));
}, 60_000);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

describe('the compiled server', () => {
  it('runs on plain node with its migrations and data, and exits 0 on SIGTERM', async () => {
    // Inside the repository, as dist/server is: the packages resolve from its node_modules.
    await mkdir(path.join(root, '.tmp'), { recursive: true });
    const out = await mkdtemp(path.join(root, '.tmp/compiled-server-'));
    const dataDir = await mkdtemp(path.join(tmpdir(), 'mecards-compiled-data-'));
    dirs.push(out, dataDir);
    const outFile = path.join(out, 'main.js');
    execFileSync('node', ['scripts/build-server.mjs'], {
      cwd: root,
      env: { ...process.env, SERVER_OUT_FILE: outFile },
      stdio: 'ignore',
    });
    const bundle = await readFile(outFile, 'utf8');
    expect(bundle).not.toMatch(/from ["'](tsx|typescript)/);

    const port = await freePort();
    const base = { ...process.env };
    for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'MIGRATIONS_DIR', 'NODE_OPTIONS'])
      delete base[name];
    // From another folder: nothing may depend on the working directory but the data folder.
    const group = startGroup('node', [outFile], {
      cwd: out,
      env: {
        ...base,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        CLIENT_DIR: '/nonexistent',
        MAIL_TRANSPORT: 'outbox',
      },
    });
    groups.push(group);
    const url = `http://127.0.0.1:${port}`;
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

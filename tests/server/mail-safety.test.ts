// Mail safety (issue 25, decision 1021): with codes and reset links printed to the log, a server
// reachable beyond loopback warns at start; on loopback, or with SMTP and no console SMS, not.
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { consoleDeliveryWarning, isLoopbackHost } from '../../server/mail/console-delivery-warning';
import { startGroup, type ProcessGroup } from '../support/process-group';

const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const groups: ProcessGroup[] = [];
const temps: string[] = [];

afterEach(async () => {
  await Promise.all(groups.splice(0).map((group) => group.stop()));
  for (const dir of temps.splice(0)) await rm(dir, { recursive: true, force: true });
});

const console_ = { mailTransport: 'console', smsTransport: 'console' } as const;
const smtp = { mailTransport: 'smtp', smsTransport: 'outbox' } as const;

describe('console delivery warning', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.0.1', true],
    ['::1', true],
    ['[::1]', true],
    ['localhost', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.168.1.10', false],
    ['mecards.vn', false],
  ])('%s is loopback: %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });

  it('warns when codes are printed and the server listens or is reached beyond loopback', () => {
    expect(consoleDeliveryWarning('0.0.0.0', 'http://0.0.0.0:8080', console_)?.fields).toEqual({
      transports: ['mail', 'sms'],
      addresses: ['0.0.0.0'],
    });
    expect(
      consoleDeliveryWarning('127.0.0.1', 'https://mecards.vn', console_)?.fields.addresses,
    ).toEqual(['mecards.vn']);
    expect(consoleDeliveryWarning('127.0.0.1', 'http://127.0.0.1:8080', console_)).toBeNull();
    expect(consoleDeliveryWarning('0.0.0.0', 'https://mecards.vn', smtp)).toBeNull();
    expect(
      consoleDeliveryWarning('0.0.0.0', 'https://mecards.vn', { ...smtp, smsTransport: 'console' })
        ?.fields.transports,
    ).toEqual(['sms']);
  });

  it('the real server prints the warning at start on 0.0.0.0', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'mecards-mail-'));
    temps.push(dataDir);
    const env = { ...process.env };
    for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'SMTP_URL', 'MAIL_TRANSPORT']) {
      delete env[name];
    }
    const group = startGroup(tsx, ['server/main.ts'], {
      cwd: root,
      env: {
        ...env,
        HOST: '0.0.0.0',
        PORT: '0',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        CLIENT_DIR: '/nonexistent',
      },
    });
    groups.push(group);
    let exited = false;
    void group.exited.then(() => (exited = true));
    // Wait for the outcome: the warning line on stdout (or the process ending without it).
    while (!group.stdout().includes('one-time codes') && !exited) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const line = group
      .stdout()
      .split('\n')
      .find((l) => l.includes('one-time codes'));
    expect(line, group.stderr()).toBeDefined();
    const entry = JSON.parse(line!) as { level: string; msg: string; addresses: string[] };
    expect(entry.level).toBe('warn');
    expect(entry.msg).toContain('SMTP_URL');
    expect(entry.addresses).toContain('0.0.0.0');
  }, 120_000);
});

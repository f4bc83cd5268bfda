// Debian's nginx in front of server processes, for the fleet test and bench: deploy/nginx.conf
// (the example the README points at) with its ports replaced, run in the foreground from a
// temporary folder that holds its configuration, pid, logs and buffers.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { removeDir, removeOnExit, startGroup, type ProcessGroup } from './process-group';

const root = path.resolve(import.meta.dirname, '../..');
export const nginxExampleFile = path.join(root, 'deploy/nginx.conf');

/** Debian's nginx (NGINX_PATH elsewhere), or undefined when it is not installed. */
export function nginxPath(): string | undefined {
  const binary = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
  return existsSync(binary) ? binary : undefined;
}

const upstreamBlock = /upstream mecards \{\n([\s\S]*?)\n\}/;
const serverLine = /^\s*server 127\.0\.0\.1:\d+\b.*;$/gm;

/**
 * The example's sites for a fleet on `processPorts`: one on `listen` that spreads requests
 * over all of them, as in production, and one per `pinned` port that sends everything to
 * the process of the same index — so a test can say which process answers — with the same
 * locations, buffering and retries.
 */
export function fleetSites(
  example: string,
  ports: { listen: number; processes: number[]; pinned?: number[] },
): string {
  const block = upstreamBlock.exec(example)?.[1];
  const lines = block?.match(serverLine) ?? [];
  if (lines.length !== ports.processes.length) {
    throw new Error(
      `deploy/nginx.conf names ${lines.length} processes, the fleet has ${ports.processes.length}`,
    );
  }
  const site = (name: string, listen: number, processes: number[]) => {
    let n = 0;
    const upstream = block!.replace(serverLine, (line) => {
      const port = ports.processes[n++]!;
      return processes.includes(port) ? line.replace(/127\.0\.0\.1:\d+/, `127.0.0.1:${port}`) : '';
    });
    return example
      .replace(upstreamBlock, `upstream ${name} {\n${upstream}\n}`)
      .replaceAll('http://mecards;', `http://${name};`)
      .replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${listen};`);
  };
  return [
    site('mecards', ports.listen, ports.processes),
    ...(ports.pinned ?? []).map((listen, i) => site(`mecards_${i}`, listen, [ports.processes[i]!])),
  ].join('\n');
}

export interface Nginx {
  dir: string;
  group: ProcessGroup;
  /** Everything nginx logged (errors and warnings). */
  errorLog(): Promise<string>;
  stop(): Promise<void>;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Runs nginx with `sites` inside its `http` block, one process (no master, so no user to
 * switch to and nothing else to stop), until every port in `listen` accepts connections.
 */
export async function startNginx(binary: string, sites: string, listen: number[]): Promise<Nginx> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mecards-nginx-'));
  removeOnExit(dir);
  const at = (name: string) => path.join(dir, name);
  await writeFile(
    at('nginx.conf'),
    `daemon off;
master_process off;
pid ${at('nginx.pid')};
error_log ${at('error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${at('client_body')};
  proxy_temp_path ${at('proxy')};
  fastcgi_temp_path ${at('fastcgi')};
  uwsgi_temp_path ${at('uwsgi')};
  scgi_temp_path ${at('scgi')};
${sites}
}
`,
  );
  const group = startGroup(binary, ['-p', dir, '-c', at('nginx.conf'), '-e', at('error.log')]);
  const errorLog = () => readFile(at('error.log'), 'utf8').catch(() => '');
  let exited = false;
  void group.exited.then(() => (exited = true));
  const stop = async () => {
    await group.stop();
    await removeDir(dir);
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if ((await Promise.all(listen.map(accepts))).every(Boolean)) break;
    if (exited || Date.now() > deadline) {
      const log = `${group.stderr()}${await errorLog()}`;
      await stop();
      throw new Error(`nginx did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { dir, group, errorLog, stop };
}

export async function readNginxExample(): Promise<string> {
  return readFile(nginxExampleFile, 'utf8');
}

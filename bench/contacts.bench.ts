// Phonebook figures in Chromium (issues 4 and 25): the first full pull of 10,000 and of 100,000
// contacts into Dexie, keystroke-to-results search over them (p95), and 1,000 contact writes
// through the outbox. Prints `contacts-pull-10k: N ms`, `contacts-pull-10k-store-floor: N ms`
// (the same rows put straight into IndexedDB: what the browser alone takes),
// `contacts-search-p95: N ms`, `contacts-write-1k: N ms`, `contacts-pull-100k: N ms`,
// `contacts-pull-100k-store-floor: N ms`, `contacts-search-100k-p95: N ms`.
//
// The API runs as in production on a PGlite folder seeded here directly (demo data plus 10,000
// or 100,000 contacts of the demo member). The app's own modules are loaded from Vite's dev
// server into a page of the API's origin, so the pull and the writes run the real sync engine
// and queueMutation against the API as in production (not through Vite's proxy), and the
// search is typed into the real phonebook screen of the production build.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { chromium, type Browser, type Page } from '@playwright/test';
import { migrate, openDatabase } from '../server/db/client';
import { seedDemoData } from '../server/seed/demo';
import { chromiumArgs } from '../playwright.config';
import {
  removeDir,
  removeOnExit,
  startGroup,
  type ProcessGroup,
} from '../tests/support/process-group';
import { builtClientDir, percentile, repoRoot, waitForOk } from './browser-harness';
import { freePort } from '../tests/support/free-port';
import type { Figure } from './run';

const families = [
  'Nguyễn',
  'Trần',
  'Lê',
  'Phạm',
  'Hoàng',
  'Huỳnh',
  'Phan',
  'Vũ',
  'Võ',
  'Đặng',
  'Bùi',
  'Đỗ',
  'Hồ',
  'Ngô',
  'Dương',
  'Lý',
];
const middles = ['Văn', 'Thị', 'Minh', 'Ngọc', 'Đức', 'Thu', 'Quốc', 'Thanh', 'Hữu', 'Bảo'];
const givens = [
  'An',
  'Bình',
  'Châu',
  'Dũng',
  'Giang',
  'Hà',
  'Hải',
  'Hạnh',
  'Hòa',
  'Hùng',
  'Khoa',
  'Lan',
  'Linh',
  'Long',
  'Mai',
  'Nam',
  'Nga',
  'Phúc',
  'Quân',
  'Sơn',
  'Tâm',
  'Thảo',
  'Trang',
  'Tuấn',
  'Uyên',
  'Vy',
  'Yến',
];
const companies = [
  'Cà Phê Sương Mai',
  'Du Lịch Langbiang',
  'Công nghệ Đà Lạt',
  'Vận tải Cao Nguyên',
  'Nhà hàng Hương Rừng',
  'Hoa Lan Việt',
  'Xây dựng Nhà Xanh',
  'Ngân hàng Á Châu',
  'Dệt may Sài Gòn',
  'Thủy sản Cửu Long',
];
const titles = [
  'Giám đốc',
  'Trưởng phòng',
  'Kế toán',
  'Kỹ sư',
  'Nhân viên kinh doanh',
  'Chủ cửa hàng',
];

async function seed(dataDir: string, contactCount: number): Promise<void> {
  const handle = await openDatabase({ dataDir });
  await migrate(handle);
  await seedDemoData(handle.db);
  // In statements of 10,000 rows: one statement of 100,000 is a 10 MB string for the parser.
  for (let from = 0; from < contactCount; from += 10_000) {
    await insertContacts(handle, from, Math.min(contactCount, from + 10_000));
  }
  await handle.close();
}

async function insertContacts(
  handle: Awaited<ReturnType<typeof openDatabase>>,
  from: number,
  to: number,
): Promise<void> {
  const rows: string[] = [];
  for (let i = from; i < to; i++) {
    const name = `${families[i % families.length]} ${middles[(i >> 4) % middles.length]} ${givens[(i * 7) % givens.length]} ${i}`;
    const phone = `09${String(10_000_000 + i * 7919).slice(-8)}`;
    const company = companies[(i * 3) % companies.length];
    const title = titles[i % titles.length];
    const esc = (s: string) => s.replaceAll("'", "''");
    rows.push(`('${esc(name)}', '${phone}', '${esc(company!)}', '${esc(title!)}', ${i})`);
  }
  await handle.db.execute(
    sql.raw(`
    INSERT INTO contacts (id, owner_member_id, name, phone, email, company, job_title)
    SELECT gen_random_uuid(), (SELECT id FROM members WHERE email = 'demo@mecards.vn'),
           v.name, v.phone, 'lienhe' || v.n || '@example.vn', v.company, v.title
    FROM (VALUES ${rows.join(',\n')}) AS v(name, phone, company, title, n)`),
  );
}

/** Logs in inside the page and stores the session where the app keeps it. */
async function logIn(page: Page, modules: string): Promise<string> {
  return page.evaluate(async (modules) => {
    const res = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@mecards.vn', password: 'demo12345' }),
    });
    const answer = (await res.json()) as {
      accessToken: string;
      memberId: string;
      userName: string;
      urlMinify: string | null;
    };
    const store = (await import(
      /* @vite-ignore */ String(modules + '/src/api/session-store.ts')
    )) as {
      writeSession(session: unknown): Promise<void>;
    };
    await store.writeSession({ ...answer, brandGroup: null, agency: null });
    return answer.memberId;
  }, modules);
}

/** Waits until the page's own sync engine has finished its pull (lastSyncedAt written). */
async function waitForSynced(page: Page): Promise<void> {
  await page.waitForFunction(
    async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('mecards');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error('open failed'));
      });
      try {
        const value = await new Promise<unknown>((resolve, reject) => {
          const request = db.transaction('syncState').objectStore('syncState').get('lastSyncedAt');
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error('read failed'));
        });
        return value !== undefined;
      } finally {
        db.close();
      }
    },
    undefined,
    { timeout: 120_000, polling: 250 },
  );
}

export async function run(): Promise<Figure[]> {
  const tenThousand = await runWith(10_000, { writes: true });
  const hundredThousand = await runWith(100_000, { writes: false });
  return [
    ...tenThousand,
    ...hundredThousand.map((figure) => ({
      ...figure,
      name: figure.name.replace('-10k', '-100k').replace('search-p95', 'search-100k-p95'),
    })),
  ];
}

/** The figures over `contactCount` seeded contacts, named as for 10,000. */
async function runWith(contactCount: number, { writes }: { writes: boolean }): Promise<Figure[]> {
  const apiPort = await freePort();
  const webPort = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mecards-bench-contacts-'));
  removeOnExit(dataDir);
  const figures: Figure[] = [];
  const children: ProcessGroup[] = [];
  // Vite and the API in their own process groups, stopped (and waited for) in `finally`.
  const start = (command: string, args: string[], env: Record<string, string>) => {
    const group = startGroup(command, args, {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdout: 'ignore',
      stderr: 'inherit',
    });
    children.push(group);
    return group;
  };
  let browser: Browser | undefined;
  try {
    await seed(dataDir, contactCount);
    const api = start(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      CLIENT_DIR: builtClientDir(),
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SECURE_COOKIES: 'false',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
    });
    // NODE_ENV=production: the modules run as in the built app (import.meta.env.DEV false), so
    // the pull does not also check every pulled page against its schema as development does.
    const web = start(
      path.join(repoRoot, 'node_modules/.bin/vite'),
      ['--host', '127.0.0.1', '--port', String(webPort), '--strictPort'],
      { API_PORT: String(apiPort), NODE_ENV: 'production' },
    );
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    });
    await waitForOk(`http://127.0.0.1:${apiPort}/api/health`, api.process);
    await waitForOk(`http://127.0.0.1:${webPort}/`, web.process);
    // The API page's policy allows only its own scripts; these come from Vite.
    const context = await browser.newContext({ locale: 'vi-VN', bypassCSP: true });
    // tsx keeps function names with a helper the page does not have.
    await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    const page = await context.newPage();
    // A page of the API's origin that runs none of the app: the bench drives the modules
    // itself, loaded from Vite's dev server (which allows 127.0.0.1 origins), while their
    // requests go straight to the API as in production, not through Vite's proxy.
    await page.goto(`http://127.0.0.1:${apiPort}/api/health`);
    const modules = `http://127.0.0.1:${webPort}`;
    const memberId = await logIn(page, modules);

    const pullMs = await page.evaluate(
      async ({ contactCount, modules }) => {
        const engine = (await import(
          /* @vite-ignore */ String(modules + '/src/sync/sync-engine.ts')
        )) as {
          syncNow(): Promise<{ status: string }>;
        };
        const { appDb } = (await import(
          /* @vite-ignore */ String(modules + '/src/db/app-db.ts')
        )) as {
          appDb: { open(): Promise<unknown>; contacts: { count(): Promise<number> } };
        };
        await appDb.open();
        const started = performance.now();
        for (let i = 0; i < 20 && (await appDb.contacts.count()) < contactCount; i++) {
          const outcome = await engine.syncNow();
          if (outcome.status !== 'synced') throw new Error(`pull ended ${outcome.status}`);
        }
        const ms = performance.now() - started;
        const count = await appDb.contacts.count();
        if (count < contactCount) throw new Error(`only ${count} contacts pulled`);
        return ms;
      },
      { contactCount, modules },
    );
    figures.push({ name: 'contacts-pull-10k', value: Math.round(pullMs), unit: 'ms' });

    // The browser's own floor for that pull: the same rows put into IndexedDB in pages of
    // 5,000, with no network, no app code and no index, in a database of their own.
    const floorMs = await page.evaluate(async () => {
      const open = (name: string, upgrade?: (db: IDBDatabase) => void) =>
        new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(name);
          request.onupgradeneeded = () => upgrade?.(request.result);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error('open failed'));
        });
      const done = (tx: IDBTransaction) =>
        new Promise<void>((resolve, reject) => {
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error ?? new Error('write failed'));
        });
      const app = await open('mecards');
      const rows = await new Promise<unknown[]>((resolve, reject) => {
        const request = app.transaction('contacts').objectStore('contacts').getAll();
        request.onsuccess = () => resolve(request.result as unknown[]);
        request.onerror = () => reject(request.error ?? new Error('read failed'));
      });
      app.close();
      const floor = await open('bench-store-floor', (db) =>
        db.createObjectStore('contacts', { keyPath: 'id' }),
      );
      const started = performance.now();
      for (let from = 0; from < rows.length; from += 5000) {
        const tx = floor.transaction('contacts', 'readwrite');
        const store = tx.objectStore('contacts');
        for (const row of rows.slice(from, from + 5000)) store.put(row);
        await done(tx);
      }
      const ms = performance.now() - started;
      floor.close();
      indexedDB.deleteDatabase('bench-store-floor');
      return ms;
    });
    figures.push({ name: 'contacts-pull-10k-store-floor', value: Math.round(floorMs), unit: 'ms' });

    const writeMs = !writes
      ? undefined
      : await page.evaluate(
          async ({ owner, modules }) => {
            const data = (await import(
              /* @vite-ignore */ String(modules + '/src/features/phonebook/phonebook-data.ts')
            )) as {
              saveContact(
                ownerId: string,
                fields: { name: string; phone?: string },
              ): Promise<string>;
            };
            const started = performance.now();
            for (let i = 0; i < 1000; i++) {
              await data.saveContact(owner, {
                name: `Liên hệ thử ${i}`,
                phone: `0912${String(i).padStart(6, '0')}`,
              });
            }
            return performance.now() - started;
          },
          { owner: memberId, modules },
        );
    if (writeMs !== undefined) {
      figures.push({ name: 'contacts-write-1k', value: Math.round(writeMs), unit: 'ms' });
    }
    // The phonebook screen itself, over the pulled contacts and the demo's three.
    const shownCount = `${(contactCount + 3).toLocaleString('vi-VN')} liên hệ`;
    // Search is timed on the production build, which the API server serves.
    const prodOrigin = `http://127.0.0.1:${apiPort}`;
    // A context of its own: cookies do not tell ports apart, and this one logs in afresh.
    const screenContext = await browser.newContext({ locale: 'vi-VN' });
    await screenContext.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    const screen = await screenContext.newPage();
    await screen.goto(`${prodOrigin}/login`);
    await screen.getByLabel('Email hoặc số điện thoại').fill('demo@mecards.vn');
    await screen.getByLabel('Mật khẩu').fill('demo12345');
    await screen.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await screen.waitForURL((url) => !url.pathname.startsWith('/login'));
    await screen.goto(`${prodOrigin}/action/phonebook`);
    // The screen's own sync pulls the phonebook; keystrokes are timed once it is idle.
    await screen.getByText(shownCount, { exact: true }).waitFor({ timeout: 300_000 });
    await waitForSynced(screen);
    await screen.getByText(shownCount, { exact: true }).waitFor();
    const searchMs = await screen.evaluate(async () => {
      const input = document.querySelector<HTMLInputElement>('#phonebook-search');
      if (!input) throw new Error('no search box');
      const descriptor = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
      // React listens to the native value setter, as when a person types.
      // eslint-disable-next-line @typescript-eslint/unbound-method -- applied to the input below
      const setValue = (value: string) => Reflect.apply(descriptor!.set!, input, [value]);
      const hop = () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        });
      const typed = ['nguyen van', 'tran thi ha', '0901', 'suong mai', 'ke toan', 'dang bao 12'];
      const times: number[] = [];
      for (let round = 0; round < 3; round++) {
        for (const text of typed) {
          for (let i = 1; i <= text.length; i++) {
            const started = performance.now();
            setValue(text.slice(0, i));
            input.dispatchEvent(new Event('input', { bubbles: true }));
            await hop();
            void document.body.offsetHeight; // results in the DOM and laid out
            times.push(performance.now() - started);
          }
          setValue('');
          input.dispatchEvent(new Event('input', { bubbles: true }));
          await hop();
        }
      }
      return times;
    });
    figures.push({
      name: 'contacts-search-p95',
      value: Math.round(percentile(searchMs, 95) * 10) / 10,
      unit: 'ms',
    });

    await screenContext.close();
    await context.close();
  } finally {
    await browser?.close();
    await Promise.all(children.map((child) => child.stop()));
    await removeDir(dataDir);
  }
  return figures;
}

// Run alone: `npx tsx bench/contacts.bench.ts` (the runner imports run()).
if (import.meta.url === `file://${process.argv[1]}`) {
  run().then(
    (figures) => {
      for (const figure of figures) console.log(`${figure.name}: ${figure.value} ${figure.unit}`);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

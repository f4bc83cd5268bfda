// Accessibility by habit: every spec imports `test` and `expect` from here, and every page a
// test opens is checked with axe (WCAG 2.0/2.1 A and AA, 2.2 AA) on each distinct address it
// shows: when the test confirms it arrived (`toHaveURL`, `waitForURL`), before it leaves by
// goto/reload/back/close, at the end, and in the background once a page settles after any
// navigation. A serious or critical finding fails the test with a list a person can act on.
import axeCore, { type AxeResults, type RunOptions } from 'axe-core';
import { findLayoutProblems, type LayoutProblem } from './layout';
import {
  test as base,
  expect as baseExpect,
  type BrowserContext,
  type Frame,
  type Page,
  type TestInfo,
} from '@playwright/test';

export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const failingImpacts = new Set(['serious', 'critical']);

interface Finding {
  address: string;
  rule: string;
  impact: string;
  help: string;
  helpUrl: string;
  nodes: { target: string; summary: string }[];
}

/** The address a check stands for: path and query, not the fragment. */
function addressOf(url: string): string | undefined {
  if (!/^https?:/.test(url)) return undefined; // about:blank, chrome-error://…
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
}

/**
 * Waits (a few seconds at most) until the DOM has stopped changing for `quietMs` and finite
 * animations ended.
 */
async function settle(page: Page, quietMs = 300): Promise<void> {
  await page.waitForLoadState('load');
  await page.evaluate(
    (quietMs) =>
      new Promise<void>((resolve) => {
        const giveUp = setTimeout(finish, 3000);
        let timer = setTimeout(finish, quietMs);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(finish, quietMs);
        });
        observer.observe(document, { subtree: true, childList: true, attributes: true });
        function finish() {
          observer.disconnect();
          clearTimeout(giveUp);
          clearTimeout(timer);
          const finite = document
            .getAnimations()
            .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
            .map((a) => a.finished.catch(() => undefined));
          void Promise.race([
            Promise.all(finite),
            new Promise((done) => setTimeout(done, 2000)),
          ]).then(() => resolve());
        }
      }),
    quietMs,
  );
}

/**
 * Puts axe into `frame` unless this document already has it. axe is 580 KB: sending and running
 * it again before every check (as `@axe-core/playwright` does, twice) cost about 280 ms a check,
 * more than most checks themselves, and a screen the app opens by its router keeps its document.
 */
async function ensureAxe(frame: Frame): Promise<void> {
  const present = await frame.evaluate(() => 'axe' in window);
  if (present) return;
  // Same-origin frames only, as the legacy run of `@axe-core/playwright` configured it.
  await frame.evaluate(
    `${axeCore.source};axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });`,
  );
}

/**
 * axe's answer for the page as it is, run inside the page ("legacy mode": the default of
 * `@axe-core/playwright` opens a blank page in the test's own context to merge results, which
 * tests that count or close pages would see). A frame that does not take axe within a second is
 * left out, as that library does.
 */
async function runAxe(page: Page, options: RunOptions): Promise<AxeResults> {
  for (const frame of page.frames()) {
    await Promise.race([
      ensureAxe(frame),
      new Promise((resolve) => setTimeout(resolve, 1000)),
    ]).catch(() => undefined);
  }
  const answer = await page.evaluate(
    (options) =>
      (window as unknown as { axe: typeof axeCore }).axe
        .run(document, options)
        .then((results) => ({ results, error: null }))
        .catch((error: Error) => ({ results: null, error: error.message })),
    options,
  );
  if (answer.error !== null) throw new Error(answer.error);
  return answer.results;
}

/**
 * axe on the page as it is. Its `target-size` rule is left to the layout rules (layout.ts):
 * axe reads a button as "partially obscured" by whatever fixed bar or toast lies over it at the
 * scroll position of that moment (a list row under the phone's tab bar, under a two-second
 * toast), which made the same screen pass or fail by timing. layout.ts checks the same 24 px
 * and, with each control scrolled into view, what covers it.
 */
function analyzeScreen(page: Page): Promise<AxeResults> {
  return runAxe(page, {
    runOnly: { type: 'tag', values: axeTags },
    rules: { 'target-size': { enabled: false } },
  });
}

/** Screens axe already checked in this worker (a worker runs its tests one after another). */
const checkedScreens = new Set<string>();

/**
 * Which screen the page shows: its address with ids made alike, width and language. A later
 * journey showing the same screen again (another member's phonebook, another contact) adds
 * little for axe but had cost the journeys about half their time: the journeys check each screen
 * once per worker, and the layout sweep checks every screen of every role itself (decision 0013).
 */
function screenKey(page: Page): Promise<string> {
  return page.evaluate(() => {
    const path = `${location.pathname}${location.search}`.replace(
      /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+/gi,
      ':id',
    );
    return `${path}|${innerWidth}|${document.documentElement.lang}`;
  });
}

export class AccessibilityWatch {
  /** Checks every screen this test shows, even one an earlier test of the worker checked. */
  checkEveryScreen = false;
  private readonly checked = new Set<string>();
  private readonly findings: Finding[] = [];
  private readonly layoutChecked = new Set<string>();
  private readonly layoutFindings: (LayoutProblem & { address: string; width: number })[] = [];
  private readonly pages = new Set<Page>();
  private queue: Promise<void> = Promise.resolve();

  /** Checks every page `context` has and opens from now on. */
  watchContext(context: BrowserContext): void {
    for (const page of context.pages()) this.watchPage(page);
    context.on('page', (page) => this.watchPage(page));
  }

  watchPage(page: Page): void {
    if (this.pages.has(page)) return;
    this.pages.add(page);
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) void this.checkNow(page);
    });
    page.on('close', () => this.pages.delete(page));
    // The page as the test leaves it, before the next navigation it asks for.
    for (const name of ['goto', 'reload', 'goBack', 'goForward', 'close'] as const) {
      const original = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
      Object.assign(page, {
        [name]: async (...args: unknown[]) => {
          await this.checkNow(page, { layout: true });
          return original(...args);
        },
      });
    }
    const waitForURL = page.waitForURL.bind(page);
    page.waitForURL = async (...args) => {
      await waitForURL(...args);
      await this.checkNow(page, { layout: true });
    };
  }

  /**
   * Checks the page's current address unless done; one check at a time. A page that navigates
   * or closes meanwhile is not checked now, and nothing fails for it.
   */
  checkNow(page: Page, { layout = false } = {}): Promise<void> {
    return this.inTurn(async () => {
      await this.check(page);
      // The layout check scrolls the page: only while the test waits for it, never in the
      // background where it could move an element the test is about to tap.
      if (layout) await this.checkLayout(page);
    }).catch(() => undefined);
  }

  /** Runs work after the checks already asked for: axe refuses to run twice at once on a page. */
  inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work);
    this.queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private async check(page: Page): Promise<void> {
    if (page.isClosed()) return;
    const url = page.url();
    const address = addressOf(url);
    if (address === undefined || this.checked.has(address)) return;
    // An earlier test of this worker checked this screen (the login screen opens most
    // journeys) and reported what axe found there.
    const screen = await screenKey(page);
    if (!this.checkEveryScreen && checkedScreens.has(screen)) {
      this.checked.add(address);
      return;
    }
    await settle(page);
    if (page.url() !== url) return; // left before it settled
    // Legacy mode runs axe inside the page: the default opens a blank page in the test's own
    // context to merge results, which tests that count or close pages would see.
    const results = await analyzeScreen(page);
    if (page.url() !== url) return; // the results mix two pages
    this.checked.add(address);
    checkedScreens.add(screen);
    for (const violation of results.violations) {
      if (!failingImpacts.has(violation.impact ?? '')) continue;
      this.findings.push({
        address,
        rule: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        helpUrl: violation.helpUrl,
        nodes: violation.nodes.map((node) => ({
          target: node.target.join(' '),
          summary: node.failureSummary ?? '',
        })),
      });
    }
  }

  /** The layout rules of e2e/support/layout.ts, once per address and viewport width. */
  private async checkLayout(page: Page): Promise<void> {
    if (page.isClosed()) return;
    const url = page.url();
    const address = addressOf(url);
    const width = page.viewportSize()?.width ?? 0;
    const key = `${width} ${address}`;
    if (address === undefined || this.layoutChecked.has(key)) return;
    // Checked at another width already: the content has settled, a resize only lays it out
    // again (a third of the wait; the widths of the sweep spent a minute a role here).
    const resized = [...this.layoutChecked].some((checked) => checked.endsWith(` ${address}`));
    await settle(page, resized ? 100 : 300);
    const problems = await findLayoutProblems(page);
    if (page.url() !== url) return;
    this.layoutChecked.add(key);
    for (const problem of problems) this.layoutFindings.push({ ...problem, address, width });
  }

  /** Layout findings so far (the sweep reports them per route). */
  takeLayoutFindings(): (LayoutProblem & { address: string; width: number })[] {
    return this.layoutFindings.splice(0);
  }

  /** Checks what the open pages show now, then fails if anything serious was found. */
  async finish(testInfo: TestInfo): Promise<void> {
    for (const page of this.pages) await this.checkNow(page, { layout: true });
    await this.queue;
    if (this.findings.length === 0 && this.layoutFindings.length === 0) return;
    await testInfo.attach('axe-findings.json', {
      body: JSON.stringify({ axe: this.findings, layout: this.layoutFindings }, null, 2),
      contentType: 'application/json',
    });
    const parts = [];
    if (this.findings.length > 0) {
      parts.push(`Accessibility (axe, ${axeTags.join(', ')}):\n${this.report()}`);
    }
    if (this.layoutFindings.length > 0) {
      parts.push(`Layout (e2e/support/layout.ts):\n${this.layoutReport()}`);
    }
    throw new Error(parts.join('\n'));
  }

  private layoutReport(): string {
    return this.layoutFindings
      .map((f) => `${f.address} at ${f.width}px — ${f.rule}: ${f.target}: ${f.detail}`)
      .join('\n');
  }

  private report(): string {
    return this.findings
      .map((f) =>
        [
          `${f.address} — ${f.impact} ${f.rule}: ${f.help} (${f.helpUrl})`,
          ...f.nodes.map((n) => `    ${n.target}\n      ${n.summary.replaceAll('\n', '\n      ')}`),
        ].join('\n'),
      )
      .join('\n');
  }
}

/** The watch of the running test (a worker runs one test at a time). */
let currentWatch: AccessibilityWatch | undefined;

/**
 * axe's whole answer for the page as it is now (all rules, or only those of `tags`; every
 * impact), for a test that asserts on it; run in turn with the background checks.
 */
export function analyzeAccessibility(
  page: Page,
  { tags }: { tags?: string[] } = {},
): Promise<AxeResults> {
  const analyze = () => runAxe(page, tags ? { runOnly: { type: 'tag', values: tags } } : {});
  return currentWatch ? currentWatch.inTurn(analyze) : analyze();
}

/** Playwright's expect; `toHaveURL` on a page also checks the page it confirmed. */
export const expect = baseExpect.extend({
  async toHaveURL(
    page: Page,
    expected: string | RegExp | ((url: URL) => boolean),
    options?: { ignoreCase?: boolean; timeout?: number },
  ) {
    const assertion = this.isNot ? baseExpect(page).not : baseExpect(page);
    try {
      await assertion.toHaveURL(expected, options);
    } catch (error) {
      return { pass: this.isNot, message: () => (error as Error).message, name: 'toHaveURL' };
    }
    if (!this.isNot) await currentWatch?.checkNow(page, { layout: true });
    return { pass: !this.isNot, message: () => 'toHaveURL', name: 'toHaveURL' };
  },
});

export const test = base.extend<{ accessibility: AccessibilityWatch }>({
  accessibility: [
    async ({ context, browser }, runTest, testInfo) => {
      const watch = new AccessibilityWatch();
      watch.watchContext(context);
      // Contexts a test makes itself (another user agent, another locale) are watched too.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const made = await newContext(...args);
        watch.watchContext(made);
        return made;
      };
      currentWatch = watch;
      try {
        await runTest(watch);
      } finally {
        browser.newContext = newContext;
        currentWatch = undefined;
      }
      // A test that already failed is reported for that, not for the page it stopped on.
      if (testInfo.status === testInfo.expectedStatus) await watch.finish(testInfo);
    },
    { auto: true },
  ],
});

// Rendered public pages, kept compressed in memory per process and served until their card
// changes (decision 0402). The key names the page and its language; each entry remembers the
// card it shows, and a message that the card changed drops it.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { pageCacheLookups } from '../http/metrics';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export type PageEncoding = 'br' | 'gzip' | 'identity';

export interface RenderedPage {
  status: ContentfulStatusCode;
  /** Weak: the same for every encoding of the same HTML. */
  etag: string;
  /** Own copies (not views into zlib's pooled buffers), sent as they are. */
  bodies: Record<PageEncoding, Uint8Array<ArrayBuffer>>;
  renderedAt: number;
}

/** Compresses once what every visitor will download (off the event loop, in zlib's pool). */
export async function preparePage(
  html: string,
  status: ContentfulStatusCode,
  renderedAt: number,
): Promise<RenderedPage> {
  const identity = Buffer.from(html, 'utf8');
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(identity, { level: 9 }),
    // Quality 9 is within a few per cent of 11 at a fraction of its time (decision 0402).
    brotliAsync(identity, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.byteLength,
      },
    }),
  ]);
  const digest = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  return {
    status,
    etag: `W/"${digest}"`,
    bodies: {
      identity: new Uint8Array(identity),
      gzip: new Uint8Array(gzipped),
      br: new Uint8Array(brotli),
    },
    renderedAt,
  };
}

/** The best encoding the client accepts (q=0 refuses one): brotli, then gzip, then none. */
export function chooseEncoding(acceptEncoding: string | undefined): PageEncoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
}

/** A kept page as sent: its status, body and own headers (what the middlewares add comes on top). */
export type PageAnswer = { headers: Record<string, string> } & (
  { status: ContentfulStatusCode; body: Uint8Array<ArrayBuffer> } | { status: 304; body: null }
);

/** Whether an If-None-Match header names this ETag (weak comparison, as for GET). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

function sizeOf(page: RenderedPage): number {
  const { identity, gzip: gzipped, br } = page.bodies;
  return identity.byteLength + gzipped.byteLength + br.byteLength;
}

export interface PageCacheLimits {
  /** All stored bodies together; the least recently served pages go first. */
  maxBytes: number;
  /** A safety net for a change no message names (decision 0402): re-render after this. */
  maxAgeMs: number;
}

interface Entry {
  page: RenderedPage;
  /** The card (member or brand id) whose change drops this page. */
  ownerId: string;
}

/** What a render tells the cache: the page, and the card it shows when it may be kept. */
export interface RenderOutcome {
  page: RenderedPage;
  ownerId?: string;
}

/**
 * Pages stay until a message says their card changed (`changed`), until they are older than
 * maxAgeMs, or while changes cannot be heard (`setListening(false)`: nothing is served from
 * or put into the cache then). A render that a change overtook is served but not kept.
 */
export class RenderedPageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly keysByOwner = new Map<string, Set<string>>();
  private readonly rendering = new Map<string, { ticket: number; job: Promise<RenderedPage> }>();
  /** Counts changes heard; a render remembers the count it started at. */
  private changeCount = 0;
  /** The count at each card's latest change, and at the latest change of every card. */
  private readonly lastChangeOf = new Map<string, number>();
  private lastChangeOfAll = 0;
  private listening = false;
  private bytes = 0;

  constructor(private readonly limits: PageCacheLimits) {}

  setListening(listening: boolean): void {
    this.listening = listening;
    // Whatever happened while not listening is unknown: start over.
    this.changed('*');
  }

  /** A card changed (its id), or every card ('*'). */
  changed(ownerId: string): void {
    this.changeCount += 1;
    if (ownerId === '*') {
      this.lastChangeOfAll = this.changeCount;
      this.lastChangeOf.clear();
      this.entries.clear();
      this.keysByOwner.clear();
      this.bytes = 0;
      return;
    }
    this.lastChangeOf.set(ownerId, this.changeCount);
    // Only renders in flight compare against it; a bounded memory of recent changes will do.
    if (this.lastChangeOf.size > 10_000) {
      this.lastChangeOf.clear();
      this.lastChangeOfAll = this.changeCount;
    }
    for (const key of this.keysByOwner.get(ownerId) ?? []) this.drop(key);
  }

  /**
   * The page for this key: from memory when kept and young enough, otherwise rendered once
   * for however many requests ask at the same time with no change heard in between.
   */
  async page(
    key: string,
    now: number,
    render: () => Promise<RenderOutcome>,
  ): Promise<RenderedPage> {
    const kept = this.kept(key, now);
    if (kept) return kept;
    const pending = this.rendering.get(key);
    if (pending && pending.ticket === this.changeCount) {
      pageCacheLookups.inc({ result: 'shared' });
      return pending.job;
    }
    pageCacheLookups.inc({ result: 'miss' });
    const ticket = this.changeCount;
    const job = render()
      .then(({ page, ownerId }) => {
        if (ownerId !== undefined && this.listening && !this.changedSince(ownerId, ticket)) {
          this.store(key, { page, ownerId });
        }
        return page;
      })
      .finally(() => {
        if (this.rendering.get(key)?.job === job) this.rendering.delete(key);
      });
    this.rendering.set(key, { ticket, job });
    return job;
  }

  /** The page for this key if it is kept and young enough (counted as a hit), else undefined. */
  kept(key: string, now: number): RenderedPage | undefined {
    const stored = this.listening ? this.entries.get(key) : undefined;
    if (!stored || now - stored.page.renderedAt >= this.limits.maxAgeMs) return undefined;
    // Map order is the recency order: move it to the end.
    this.entries.delete(key);
    this.entries.set(key, stored);
    pageCacheLookups.inc({ result: 'hit' });
    return stored.page;
  }

  get size(): number {
    return this.entries.size;
  }

  private changedSince(ownerId: string, ticket: number): boolean {
    return this.lastChangeOfAll > ticket || (this.lastChangeOf.get(ownerId) ?? 0) > ticket;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(entry.page);
    const keys = this.keysByOwner.get(entry.ownerId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByOwner.delete(entry.ownerId);
  }

  private store(key: string, entry: Entry): void {
    this.drop(key);
    const size = sizeOf(entry.page);
    if (size > this.limits.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += size;
    let keys = this.keysByOwner.get(entry.ownerId);
    if (!keys) this.keysByOwner.set(entry.ownerId, (keys = new Set()));
    keys.add(key);
    for (const oldestKey of this.entries.keys()) {
      if (this.bytes <= this.limits.maxBytes) break;
      this.drop(oldestKey);
    }
  }
}

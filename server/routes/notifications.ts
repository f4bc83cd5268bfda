// Spec §7 Notifications and push: the caller's notifications, opening one, the device's push
// address (fcmToken), which events push, what the client needs to subscribe, and the live
// stream that pokes an open app to pull (decision 0660).
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../http/env';
import { requireMember } from '../http/auth';
import { ApiError } from '../http/errors';
import { rawBody, readBody, readQuery, uuidParam } from '../http/input';
import { runMutationRoute } from '../sync/run-mutation';
import {
  forgetPushToken,
  liveNotifications,
  notificationCounts,
  notificationForClient,
  pushSettingsOf,
  savePushToken,
} from '../domain/notifications';
import { closeLiveLease, openLiveLease, renewLiveLease } from '../domain/fair-use';
import { fairUseLimits } from '../../contract/fair-use';
import { pushClientConfig } from '../push/push-config';
import { dropJobsWithoutAddress } from '../push/push-dispatcher';
import type { MemberPokeHub } from '../live/member-pokes';
import type { Drain } from '../http/drain';
import {
  notificationListQuerySchema,
  pushSettingsSchema,
  pushTokenDeleteSchema,
  pushTokenSchema,
} from '../../contract/notification';

const pageSize = 20;
/** A live stream ends after this long; the app reconnects with a fresh token. */
const liveStreamMaxMs = 10 * 60_000;
const liveHeartbeatMs = 20_000;
/** A stream's lease (decision 1023) is renewed each heartbeat; a dead process's lapses soon. */
const liveLeaseMs = 3 * liveHeartbeatMs;

export function notificationsRoutes(
  deps: AppDeps,
  pokes: MemberPokeHub,
  drain: Drain,
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;

  const forCaller = (c: Parameters<typeof requireMember>[0], memberId: string | undefined) => {
    const me = requireMember(c);
    if (memberId !== undefined && memberId !== me.memberId) throw new ApiError(403, 'forbidden');
    return me.memberId;
  };

  app.get('/notifications', async (c) => {
    const query = readQuery(c, notificationListQuerySchema);
    const memberId = forCaller(c, query.memberId);
    const rows = await liveNotifications(db, memberId, { agencyId: query.agencyId, limit: 100 });
    return c.json(rows.map(notificationForClient));
  });

  app.get('/notifications/viewByMemberId', async (c) => {
    const query = readQuery(c, notificationListQuerySchema);
    const memberId = forCaller(c, undefined);
    const rows = await liveNotifications(db, memberId, { agencyId: query.agencyId, limit: 100 });
    return c.json(rows.map(notificationForClient));
  });

  app.get('/notifications/get-list', async (c) => {
    const query = readQuery(c, notificationListQuerySchema);
    const memberId = forCaller(c, query.memberId);
    const rows = await liveNotifications(db, memberId, {
      limit: pageSize,
      offset: (query.page - 1) * pageSize,
    });
    const counts = await notificationCounts(db, memberId);
    return c.json({
      items: rows.map(notificationForClient),
      page: query.page,
      limit: pageSize,
      total: counts.total,
    });
  });

  app.get('/notifications/count', async (c) => {
    const memberId = forCaller(c, undefined);
    const counts = await notificationCounts(db, memberId);
    return c.json({ count: counts.unopened, total: counts.total });
  });

  app.put('/notifications/open/:id', async (c) =>
    runMutationRoute(c, deps, 'notification.open', { id: uuidParam(c, 'id') }),
  );

  app.get('/notifications/settings', async (c) => {
    const memberId = forCaller(c, undefined);
    return c.json(await pushSettingsOf(db, memberId));
  });

  app.put('/notifications/settings', async (c) => {
    forCaller(c, undefined);
    const body = await rawBody(c);
    const record = v.is(v.record(v.string(), v.unknown()), body) ? body : {};
    // Nothing to change (no known choice, or another shape): refused, nothing is stored.
    const known = Object.keys(pushSettingsSchema.entries);
    const unknownKey = Object.keys(record).find((key) => !known.includes(key));
    if (unknownKey) throw new ApiError(400, 'validation_failed', { [unknownKey]: 'invalid_value' });
    if (Object.keys(record).length === 0) {
      throw new ApiError(400, 'validation_failed', { settings: 'required' });
    }
    // Form bodies send booleans as text.
    const bools = Object.fromEntries(
      Object.entries(record).map(([k, value]) => [
        k,
        value === 'true' ? true : value === 'false' ? false : value,
      ]),
    );
    return runMutationRoute(c, deps, 'profile.setPushSettings', bools);
  });

  /** Public values the client subscribes with (VAPID public key, Firebase web app). */
  app.get('/push/config', (c) => c.json(pushClientConfig(deps.config.push)));

  /** This device's push address now belongs to the caller (a token moves with its device). */
  app.put('/fcmToken', async (c) => {
    const input = await readBody(c, pushTokenSchema);
    const memberId = forCaller(c, input.memberId);
    const now = deps.now().toISOString();
    await savePushToken(db, input.token, memberId, now);
    return c.json({ ok: true });
  });

  /** Forgets the caller's address; someone else's (or an unknown one) is left as it is. */
  app.post('/fcmToken/delete', async (c) => {
    const memberId = forCaller(c, undefined);
    const input = await readBody(c, pushTokenDeleteSchema);
    const deleted = await forgetPushToken(db, input.token, memberId);
    if (deleted > 0) await dropJobsWithoutAddress(deps.database, memberId);
    return c.json({ deleted });
  });

  /**
   * Server-Sent Events: `poke` whenever the caller has something new (any server process
   * may have written it), `ready` once listening. The app pulls on each; no data travels here.
   * A process that is stopping sends `reconnect` and ends the stream: the app opens a new one,
   * which the proxy gives to another process.
   */
  app.get('/sync/live', async (c) => {
    const me = requireMember(c);
    // Open streams per member are counted in the database, across every process.
    const lease = await openLiveLease(
      db,
      me.memberId,
      deps.now(),
      liveLeaseMs,
      deps.config.fairUse ?? fairUseLimits,
    );
    c.header('Cache-Control', 'no-store');
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      let renewedAt = Date.now();
      let wake: (() => void) | undefined;
      let pending = 0;
      let leaving = false;
      const unsubscribe = pokes.subscribe(me.memberId.toLowerCase(), () => {
        pending += 1;
        wake?.();
      });
      const stopWatching = drain.whenDraining(() => {
        leaving = true;
        wake?.();
      });
      stream.onAbort(() => {
        unsubscribe();
        wake?.();
      });
      const ends = Date.now() + liveStreamMaxMs;
      try {
        if (!leaving) {
          await stream.writeSSE({ event: 'ready', data: pokes.isListening ? 'live' : 'degraded' });
        }
        while (!stream.aborted && Date.now() < ends) {
          if (leaving) {
            await stream.writeSSE({ event: 'reconnect', data: '' });
            break;
          }
          if (pending === 0) {
            await new Promise<void>((resolve) => {
              wake = resolve;
              setTimeout(resolve, liveHeartbeatMs);
            });
            wake = undefined;
          }
          if (stream.aborted) break;
          if (Date.now() - renewedAt >= liveHeartbeatMs) {
            renewedAt = Date.now();
            await renewLiveLease(db, lease, deps.now(), liveLeaseMs).catch(() => undefined);
          }
          if (leaving) continue;
          if (pending > 0) {
            pending = 0;
            await stream.writeSSE({ event: 'poke', data: '' });
          } else {
            await stream.write(': ping\n\n');
          }
        }
      } finally {
        unsubscribe();
        stopWatching();
        // A failed release only leaves a row that lapses on its own.
        await closeLiveLease(db, lease).catch(() => undefined);
      }
    });
  });

  return app;
}

import { Hono, type MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { secureHeaders } from 'hono/secure-headers';
import { ApiError, errorBody, errorResponse, inputFault } from './http/errors';
import { authenticate } from './http/auth';
import { requestScheme } from './http/forwarded';
import { privateAnswers } from './http/private-answers';
import type { AppDeps, AppEnv } from './http/env';
import { mountClient } from './http/static';
import { orderPointRoutes } from './routes/order-point';
import { orderGroupRoutes } from './routes/order-group';
import { logsCheckInRoutes } from './routes/logs-check-in';
import { memberPointsRoutes } from './routes/member-points';
import { healthRoutes } from './routes/health';
import { authRoutes } from './routes/auth';
import { syncRoutes } from './routes/sync';
import { membersReadRoutes } from './routes/members-read';
import { membersWriteRoutes } from './routes/members-write';
import { groupAndBrandRoutes } from './routes/group-and-brand';
import { brandBlogRoutes } from './routes/brand-blog';
import { brandActivityRoutes } from './routes/brand-activity';
import { productMemberRoutes } from './routes/product-member';
import { relicsRoutes } from './routes/relics';
import { contentWriteRoutes } from './routes/content-writes';
import { trackingRoutes } from './routes/tracking';
import { dashboardRoutes } from './routes/dashboard';
import { addressRoutes } from './routes/address';
import { friendRoutes } from './routes/friend';
import { contactsRoutes } from './routes/contacts';
import { cardSettingsRoutes } from './routes/card-settings';
import { imageRoutes, isTextBody, uploadRoutes } from './routes/uploads';
import { messagesRoutes } from './routes/messages';
import { notificationsRoutes } from './routes/notifications';
import { registrationRoutes } from './routes/registrations';
import { startMemberPokes } from './live/member-pokes';
import { startPushDispatcher } from './push/push-dispatcher';
import { Drain } from './http/drain';
import { metricsRegistry, requestMetrics } from './http/metrics';
import { KeptPageLane } from './http/kept-page-lane';

/** Firebase's hosts, only when the Firebase web client is configured. */
function pushConnectSources(deps: AppDeps): string[] {
  return deps.config.push?.firebaseWeb
    ? [
        'https://fcmregistrations.googleapis.com',
        'https://firebaseinstallations.googleapis.com',
        'https://fcm.googleapis.com',
      ]
    : [];
}
import { accountLinksRoutes } from './routes/account-links';
import { jobDiaryAndCvRoutes } from './routes/job-diary-and-cv';
import { weddingRoutes } from './routes/wedding';
import { contactUsRoutes } from './routes/contact-us';
import { memberManagementRoutes } from './routes/member-management';
import { customerRoutes } from './routes/customers';
import { agencyRoutes } from './routes/agency';
import { discountRoutes } from './routes/discounts';
import { associationReportRoutes } from './routes/association-reports';
import { exploreRoutes } from './routes/explore';
import { shortLinkRedirects, shortLinkRoutes } from './routes/short-links';
import { supportRoutes } from './routes/support';
import { bioLinkRoutes } from './routes/bio-links';
import { walletRoutes } from './routes/wallet';
import { parseCardPath } from '../contract/card-paths';

export function createApp(appDeps: AppDeps): Hono<AppEnv> {
  const drain = appDeps.drain ?? new Drain();
  const deps: AppDeps = { ...appDeps, drain };
  const app = new Hono<AppEnv>();

  // First: a kept public page is answered before the chain below runs (decision 0402).
  const keptPages = new KeptPageLane({
    drain,
    trustProxy: deps.config.trustProxy,
    logger: deps.logger,
  });
  app.use('*', keptPages.middleware());
  app.use('*', drain.middleware());
  app.use('*', requestMetrics());
  app.use('*', requestId());
  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    deps.logger.info('request', {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // wasm-unsafe-eval: compiling the QR reader's WebAssembly (decision 0920); no JS eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Only what the app loads: its own origin, and YouTube thumbnails in the owner's link
        // editor. A card page loads nothing from another origin (decision 0403): its videos are
        // drawn placeholders until the visitor taps one. Push adds the Firebase hosts when it
        // is configured.
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          (c) => (parseCardPath(c.req.path) ? "'self'" : 'https://i.ytimg.com'),
        ],
        connectSrc: ["'self'", ...pushConnectSources(deps)],
        frameSrc: ['https://www.youtube-nocookie.com', 'https://www.youtube.com'],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      referrerPolicy: 'strict-origin-when-cross-origin',
      xContentTypeOptions: 'nosniff',
      // HSTS only means something over https; it is added below when the request came that way.
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
      permissionsPolicy: { camera: ['self'], microphone: [], geolocation: [] },
    }),
  );
  app.use('*', async (c, next) => {
    await next();
    if (requestScheme(c.req, deps.config.trustProxy) === 'https') {
      c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
  });
  app.use('*', compress());

  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    const fault = inputFault(error);
    if (fault) {
      deps.logger.warn('bad input reached the database', {
        requestId: c.get('requestId'),
        error: String(error),
      });
      return errorResponse(c, fault);
    }
    deps.logger.error('unhandled', {
      requestId: c.get('requestId'),
      error: error.stack ?? String(error),
    });
    return c.json(errorBody(c, 'generic'), 500);
  });

  const api = new Hono<AppEnv>();
  const limitBody: MiddlewareHandler<AppEnv> = bodyLimit({
    maxSize: deps.config.bodyLimitBytes,
    onError: (c) => c.json(errorBody(c, 'body_too_large'), 413),
  });
  // Picture bytes have their own, larger limit (server/routes/uploads.ts); a text body (JSON,
  // form) sent there is held to the usual one, then refused by the route.
  const limitUnlessUpload: MiddlewareHandler<AppEnv> = (c, next) =>
    c.req.path.startsWith('/api/uploads/') && !isTextBody(c.req.header('content-type'))
      ? next()
      : limitBody(c, next);
  api.use('*', limitUnlessUpload);
  api.use('*', privateAnswers());
  api.use('*', authenticate(deps));
  api.route('/', healthRoutes(deps, drain));
  api.get('/metrics', async (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('Content-Type', metricsRegistry.contentType);
    return c.body(await metricsRegistry.metrics());
  });
  api.route('/', authRoutes(deps));
  api.route('/', orderPointRoutes(deps));
  api.route('/', orderGroupRoutes(deps));
  api.route('/', logsCheckInRoutes(deps));
  api.route('/', memberPointsRoutes(deps));
  api.route('/', syncRoutes(deps));
  api.route('/', membersReadRoutes(deps));
  api.route('/', membersWriteRoutes(deps));
  api.route('/', groupAndBrandRoutes(deps));
  api.route('/', brandBlogRoutes(deps));
  api.route('/', brandActivityRoutes(deps));
  api.route('/', productMemberRoutes(deps));
  api.route('/', relicsRoutes(deps));
  api.route('/', contentWriteRoutes(deps));
  api.route('/', trackingRoutes(deps));
  api.route('/', dashboardRoutes(deps));
  api.route('/', addressRoutes(deps));
  api.route('/', friendRoutes(deps));
  api.route('/', contactsRoutes(deps));
  api.route('/', agencyRoutes(deps));
  api.route('/', discountRoutes(deps));
  api.route('/', associationReportRoutes(deps));
  api.route('/', exploreRoutes(deps));
  api.route('/', cardSettingsRoutes(deps));
  api.route('/', uploadRoutes(deps));
  api.route('/', messagesRoutes(deps));
  // One LISTEN per process each: live pokes to open apps, and push jobs to send.
  api.route('/', notificationsRoutes(deps, startMemberPokes(deps.database, deps.logger), drain));
  const pushDispatcher = startPushDispatcher(deps.database, deps.config.push, deps.logger);
  drain.beforeClose(() => pushDispatcher.stop());
  api.route('/', accountLinksRoutes(deps));
  api.route('/', registrationRoutes(deps));
  api.route('/', jobDiaryAndCvRoutes(deps));
  api.route('/', weddingRoutes(deps));
  api.route('/', contactUsRoutes(deps));
  api.route('/', memberManagementRoutes(deps));
  api.route('/', customerRoutes(deps));
  api.route('/', shortLinkRoutes(deps));
  api.route('/', supportRoutes(deps));
  api.route('/', bioLinkRoutes(deps));
  api.route('/', walletRoutes(deps));
  // No route took it: a path the API does not have, told apart from a missing object.
  api.all('*', (c) => c.json(errorBody(c, 'unknown_call'), 404));

  app.route('/api', api);
  app.route('/', imageRoutes(deps));
  app.route('/', shortLinkRedirects(deps));
  mountClient(app, deps, keptPages);
  return app;
}

import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { DomainError } from '@stellwerk/domain/errors';
import { isFeatureRouteOpen } from '@stellwerk/domain/features';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import {
  clientErrorHandler,
  frameworkErrors,
  MAX_BODY_BYTES,
  MAX_PATH_SEGMENT,
  MAX_UPLOAD_BYTES,
  registerErrorHandling,
} from './http/error-handler';
import { type FeatureSwitchedOff, featureRoutes } from './http/feature-guard';
import { registerOriginGuard } from './http/origin-guard.ts';
import {
  appLoggerOptions,
  newRequestId,
  RequestLineController,
  registerRequestLog,
} from './http/request-log.ts';
import { enforceRouteDeclarations } from './http/route-guards';
import { registerWebApp, webAppFallback } from './http/web-app';
import { ausfuehrenRoutes } from './modules/assistent/ausfuehren/ausfuehren.routes.ts';
import { mcpRoutes } from './modules/assistent/mcp/mcp.routes.ts';
import { verstehenRoutes } from './modules/assistent/verstehen/verstehen.routes.ts';
import { fahrtRoutes } from './modules/fahrten/fahrt/fahrt.routes.ts';
import { fahrzeugRoutes } from './modules/fahrzeuge/fahrzeug/fahrzeug.routes.ts';
import { fahrzeugBuchungRoutes } from './modules/fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.routes.ts';
import { fahrzeugUebersichtRoutes } from './modules/fahrzeuge/fahrzeug-buchung/fahrzeug-uebersicht.routes.ts';
import { fahrzeugSperreRoutes } from './modules/fahrzeuge/fahrzeug-sperre/fahrzeug-sperre.routes.ts';
import { fuehrerscheinRoutes } from './modules/fahrzeuge/fuehrerschein/fuehrerschein.routes.ts';
import { serviceheftRoutes } from './modules/fahrzeuge/serviceheft/serviceheft.routes.ts';
import { sonderfreigabeRoutes } from './modules/fahrzeuge/sonderfreigabe/sonderfreigabe.routes.ts';
import { authPlugin } from './modules/identitaet/auth/auth.plugin.ts';
import { benutzerRoutes } from './modules/identitaet/benutzer/benutzer.routes.ts';
import { gruppeRoutes } from './modules/identitaet/gruppe/gruppe.routes.ts';
import { meRoutes } from './modules/identitaet/me/me.routes.ts';
import { rolleRoutes } from './modules/identitaet/rolle/rolle.routes.ts';
import { scimRoutes, scimTokenRoutes } from './modules/identitaet/scim/scim.routes.ts';
import { zugriffstokenRoutes } from './modules/identitaet/zugriffstoken/zugriffstoken.routes.ts';
import { smsRoutes } from './modules/identitaet/sms/sms.routes';
import { ssoRoutes } from './modules/identitaet/sso/sso.routes.ts';
import { ausstattungRoutes } from './modules/leseraum/ausstattung/ausstattung.routes.ts';
import { leseraumRoutes } from './modules/leseraum/leseraum/leseraum.routes.ts';
import {
  arbeitsweltAusnahme,
  leseraumBuchungRoutes,
} from './modules/leseraum/leseraum-buchung/leseraum-buchung.routes.ts';
import { oeffnungszeitRoutes } from './modules/leseraum/oeffnungszeit/oeffnungszeit.routes.ts';
import { spindRoutes } from './modules/leseraum/spind/spind.routes.ts';
import { auditRoutes } from './modules/plattform/audit/audit.routes.ts';
import { eventsRoutes } from './modules/plattform/events/events.routes';
import { createEventHub } from './modules/plattform/events/events.service';
import { healthRoutes } from './modules/plattform/health/health.routes';
import { kalenderRoutes } from './modules/plattform/kalender/kalender.routes.ts';
import { kioskRoutes } from './modules/plattform/kiosk/kiosk.routes.ts';
import { mailRoutes } from './modules/plattform/mail/mail.routes';
import { type AppMetrics, createAppMetrics } from './modules/plattform/metrics/metrics.registry.ts';
import { metricsRoutes } from './modules/plattform/metrics/metrics.routes.ts';
import { registerOpenApi } from './modules/plattform/openapi/openapi.plugin';
import { storageRoutes } from './modules/plattform/storage/storage.routes';
import { oeffneAblage } from './modules/plattform/storage/storage.wahl.ts';
import type { TestClock } from './modules/plattform/testuhr/testuhr.clock.ts';
import { testUhrRoutes } from './modules/plattform/testuhr/testuhr.routes.ts';
import { adminRoutes } from './modules/verwaltung/admin/admin.routes.ts';
import {
  auslastungFahrzeugRoutes,
  auslastungLeseraumRoutes,
} from './modules/verwaltung/auslastung/auslastung.routes.ts';
import { auswertungRoutes } from './modules/verwaltung/auswertung/auswertung.routes.ts';
import { customizingRoutes } from './modules/verwaltung/customizing/customizing.routes.ts';
import { loadFeatureSwitches } from './modules/verwaltung/customizing/customizing.service.ts';
import { datenschutzRoutes } from './modules/verwaltung/datenschutz/datenschutz.routes.ts';
import { impressumRoutes } from './modules/verwaltung/impressum/impressum.routes.ts';
import { mandantRoutes } from './modules/verwaltung/mandant/mandant.routes.ts';
import { standortRoutes } from './modules/verwaltung/standort/standort.routes.ts';
import { pushRoutes } from './modules/plattform/push/push.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics (`/metrics`); main.ts reports the scheduler's runs into it. */
    metrics: AppMetrics;
  }
}

export type BuildAppOptions = {
  config: Config;
  database: Database;
  /** The clock; tests pass a fixed one. */
  now?: () => Date;
  /** A movable clock (TEST_CLOCK, decision 059): its `GET|PUT /api/test/uhr` are registered; `now` reads it. */
  testClock?: TestClock;
  /**
   * The session cache's clock (milliseconds; default the wall clock): a test that checks what an event leaves in
   * the cache holds it, so that an entry cannot expire on a slow machine while the test runs.
   */
  sitzungsUhr?: () => number;
  /**
   * Pino options or `false`; default: `appLoggerOptions()`, info level with the redaction of decision 233
   * (LOG_LEVEL is read by main.ts).
   */
  logger?: FastifyServerOptions['logger'];
  /**
   * Whom to believe for the client address (`X-Forwarded-For`): false (default) trusts nobody, so the
   * address used by rate limits cannot be forged; behind a load balancer pass its hop count or addresses.
   */
  trustProxy?: FastifyServerOptions['trustProxy'];
};

/** Content-Security-Policy of the single-page app and the API reference page. */
const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    // Mantine writes CSS variables and positions (popovers, modals) as inline styles.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    // the recovery form's proof-of-work runs in web workers the widget creates from blob: URLs (decision 076)
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    frameSrc: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

/**
 * The HTTP application: plugins, error mapping, every module's routes and, in production, the web app.
 * Does not listen; `main.ts` and the test harness do.
 */
export const buildApp = async ({
  config,
  database,
  now = () => new Date(),
  logger = appLoggerOptions(),
  trustProxy = false,
  testClock,
  sitzungsUhr,
}: BuildAppOptions): Promise<FastifyInstance> => {
  const app = Fastify({
    logger,
    bodyLimit: MAX_BODY_BYTES,
    requestIdHeader: false,
    genReqId: newRequestId,
    // one line per request, with its tenant and route, written by registerRequestLog (decision 233)
    logController: new RequestLineController(),
    trustProxy,
    // Ids and names in the path are checked by each route's schema (400/404), not cut off by the router.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_SEGMENT },
    frameworkErrors,
    clientErrorHandler,
  });
  // STORAGE_URL: the files of this DATA_DIR live in the object store from now on (decision 242)
  const schliesseAblage = oeffneAblage(config.dataDir, config.storage);
  app.addHook('onClose', async () => schliesseAblage());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // decision 126: a switched-off feature answers before the input is refused
  const featureSwitchedOff: FeatureSwitchedOff = async (request, feature) =>
    request.sessionUser !== null &&
    !isFeatureRouteOpen(
      feature,
      await database.withTenant(request.sessionUser.mandantId, (tx) => loadFeatureSwitches(tx)),
    );
  registerErrorHandling(app, {
    fallback: config.webDist ? webAppFallback : undefined,
    featureSwitchedOff,
  });

  await app.register(helmet, {
    contentSecurityPolicy,
    // The API reference page and the SPA load nothing cross-origin; keep the defaults otherwise.
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 64 * 1024 },
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new DomainError('auth.rate_limited'),
  });
  await registerOpenApi(app, { config });
  enforceRouteDeclarations(app);
  // before the session is read and any body parsed: a change from a page of another site is refused (decision 104)
  registerOriginGuard(app, config);

  const events = createEventHub({ database, log: app.log });
  const metrics = createAppMetrics({ database, sseConnections: events.clientCount, log: app.log });
  app.decorate('metrics', metrics);
  registerRequestLog(app, {
    onAnswered: (request, statusCode, seconds) =>
      metrics.observeRequest({
        method: request.method,
        route: request.routeOptions.url,
        statusCode,
        seconds,
      }),
  });
  await app.register(authPlugin, { config, database, events, sitzungsUhr });
  await events.start();
  app.addHook('preClose', async () => {
    await events.stop();
  });

  await app.register(healthRoutes, { database });
  await app.register(metricsRoutes, { metrics, token: config.metricsToken });
  if (testClock) await app.register(testUhrRoutes, { clock: testClock });
  await app.register(impressumRoutes, { imprintFile: config.imprintFile });
  await app.register(meRoutes, { database });
  await app.register(datenschutzRoutes, { database, now, publicUrl: config.publicUrl });
  await app.register(eventsRoutes, { events, database });
  await app.register(mailRoutes, { database });
  await app.register(smsRoutes, { database });
  await app.register(storageRoutes, { database, dataDir: config.dataDir, now });
  await app.register(benutzerRoutes, { database, publicUrl: config.publicUrl, now });
  await app.register(gruppeRoutes, { database });
  // SCIM 2.0 provisioning (decision 071)
  await app.register(scimTokenRoutes, { database, publicUrl: config.publicUrl, now });
  await app.register(scimRoutes, { database, publicUrl: config.publicUrl, now });
  await app.register(ssoRoutes, { database, publicUrl: config.publicUrl });
  await app.register(rolleRoutes, { database });
  await app.register(adminRoutes, { database, now });
  await app.register(mandantRoutes, {
    database,
    dataDir: config.dataDir,
    publicUrl: config.publicUrl,
    now,
  });
  await app.register(standortRoutes, { database });
  await app.register(customizingRoutes, { database });
  // the reading room's bookings need its switch, unless they are the workspace's (always open): the services read
  // it with their data, the switch answers before a refused input (decision 126)
  await app.register(async (leseraum) => {
    leseraum.addHook('onRoute', featureRoutes('Leseraum', { ausnahme: arbeitsweltAusnahme(database) }));
    await leseraum.register(leseraumBuchungRoutes, { database, now, publicUrl: config.publicUrl, events });
  });
  // its administration (rooms and places, equipment, opening hours; the screens of the Leseraum switch) is checked
  // on every request, before the input
  await app.register(async (verwaltung) => {
    verwaltung.addHook('onRoute', featureRoutes('Leseraum', { jedeAnfrage: featureSwitchedOff }));
    await verwaltung.register(oeffnungszeitRoutes, { database, now, publicUrl: config.publicUrl });
    await verwaltung.register(leseraumRoutes, {
      database,
      now,
      publicUrl: config.publicUrl,
      dataDir: config.dataDir,
    });
    await verwaltung.register(ausstattungRoutes, { database });
    await verwaltung.register(auslastungLeseraumRoutes, { database, now });
  });
  await app.register(auditRoutes, { database });
  // the assistant answers only where the tenant has switched the Chatbot on, checked before the input (decision 178)
  await app.register(async (assistent) => {
    assistent.addHook('onRoute', featureRoutes('Chatbot', { jedeAnfrage: featureSwitchedOff }));
    await assistent.register(verstehenRoutes, { database, now });
    await assistent.register(ausfuehrenRoutes, {
      database,
      now,
      publicUrl: config.publicUrl,
      sprachmodell: config.llm,
    });
  });
  // personal access tokens (decision 226) and the MCP server they open (decision 227; it checks the switch itself)
  await app.register(zugriffstokenRoutes, { database, now });
  await app.register(mcpRoutes, { database, now, publicUrl: config.publicUrl });
  await app.register(kalenderRoutes, { database, publicUrl: config.publicUrl, now });
  // web push for the user's devices (decision 245)
  await app.register(pushRoutes, {
    database,
    vapidPublicKey: config.vapid.publicKey,
    httpErlaubt: config.pushHttpErlaubt,
  });
  // every route of the office lockers needs the tenant's Officelocker switch (decision 186)
  await app.register(async (spinde) => {
    spinde.addHook('onRoute', featureRoutes('Officelocker', { jedeAnfrage: featureSwitchedOff }));
    await spinde.register(spindRoutes, { database, now });
  });
  await app.register(kioskRoutes, {
    dataDir: config.dataDir,
    database,
    publicUrl: config.publicUrl,
    now,
    eincheckGeheimnis: `kiosk-eincheck:${config.sessionSecret}`,
  });
  // every route of vehicle booking needs the tenant's switch (decision 126)
  await app.register(async (fahrzeuge) => {
    fahrzeuge.addHook('onRoute', featureRoutes('FahrzeugBuchung'));
    await fahrzeuge.register(fahrzeugBuchungRoutes, { database, now, publicUrl: config.publicUrl });
    await fahrzeuge.register(fahrtRoutes, {
      database,
      now,
      publicUrl: config.publicUrl,
      dataDir: config.dataDir,
    });
    await fahrzeuge.register(fahrzeugRoutes, {
      database,
      dataDir: config.dataDir,
      now,
      publicUrl: config.publicUrl,
    });
    await fahrzeuge.register(fuehrerscheinRoutes, { database, now, publicUrl: config.publicUrl });
    await fahrzeuge.register(sonderfreigabeRoutes, { database, now, publicUrl: config.publicUrl });
    await fahrzeuge.register(fahrzeugSperreRoutes, { database, now, publicUrl: config.publicUrl });
    await fahrzeuge.register(serviceheftRoutes, { database });
    await fahrzeuge.register(fahrzeugUebersichtRoutes, { database, now, publicUrl: config.publicUrl });
  });
  // the vehicles' utilisation: its switch is checked on every request, before the input (decision 126)
  await app.register(async (auslastung) => {
    auslastung.addHook('onRoute', featureRoutes('FahrzeugBuchung', { jedeAnfrage: featureSwitchedOff }));
    await auslastung.register(auslastungFahrzeugRoutes, { database, now });
  });

  // the evaluation spans both areas: an area switched off answers null (decision 195)
  await app.register(auswertungRoutes, { database, now });

  if (config.webDist) await registerWebApp(app, { webDist: config.webDist });
  return app;
};

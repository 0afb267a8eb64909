import { DomainError } from '@stellwerk/domain/errors';
import { AENDERT_SITZUNGEN } from '@stellwerk/domain/events';
import { vorEinrichtungErlaubt } from '@stellwerk/domain/identitaet/sicherheit/zwei-faktor';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import { bindLogTo } from '../../../http/request-log.ts';
import type { EventHub } from '../../plattform/events/events.service.ts';
import { laufendeSsoAnmeldung } from '../sso/sso.anmeldung.ts';
import { ssoOrigins } from '../sso/sso.konfiguration.ts';
import { loeseSsoBenutzer } from '../sso/sso.konto-verknuepfen.ts';
import { provisionSsoUser } from '../sso/sso.provisionierung.ts';
import { merkeSitzungAnmeldung, sessionErlaubt } from '../sso/sso.sitzung.ts';
import { anmeldeWerkzeuge } from './auth.anmelde-werkzeuge.ts';
import { createCaptcha } from './auth.captcha.ts';
import { routeGuard } from './auth.guards.ts';
import { authRoute } from './auth.handler.ts';
import { createLoginThrottle } from './auth.login-throttle.ts';
import type { OriginPolicy } from './auth.origin.ts';
import { passkeyAnmeldung, passkeyRpIds } from './auth.passkey.ts';
import { SAML_ACS } from './auth.pfade.ts';
import { createAuth } from './auth.service.ts';
import { createSessionCache } from './auth.session-cache.ts';
import { verteileAuthZustand } from './auth.verteilt.ts';
import { loadSessionUser, queuePasswordResetMail } from './auth.session-user.ts';
import { sicherheitRoutes } from './auth.sicherheit.routes.ts';
import { isSsoPath } from './auth.sso.ts';
import { sendeAnmeldeCode, smsVersand, type TelefonDeps } from './auth.telefon.ts';
/**
 * Sign-in and session: mounts better-auth at /api/auth, checks which page may call it, throttles failed
 * sign-ins, answers every better-auth error with the catalogue's, keeps session tokens out of response bodies,
 * and fills `request.sessionUser` for every other /api request.
 */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    {
      config,
      database,
      events,
      sitzungsUhr,
    }: {
      config: Config;
      database: Database;
      events?: Pick<EventHub, 'onTenantEvent'>;
      /** The session cache's clock (app.ts `sitzungsUhr`); the wall clock when unset. */
      sitzungsUhr?: () => number;
    },
  ) => {
    // On PostgreSQL, what the session cache forgets and the throttle records is shared with the other instances
    // (decision 243); `lokal` is this instance's own cache, for what every instance hears anyway (live events).
    const lokal = createSessionCache(sitzungsUhr);
    const verteilt = await verteileAuthZustand({
      database,
      sessions: lokal,
      throttle: createLoginThrottle(),
      log: app.log,
    });
    app.addHook('onClose', verteilt.stop);
    const { throttle, sessions } = verteilt;
    const captcha = createCaptcha({ secret: config.sessionSecret });

    // The proof-of-work challenge in front of password recovery (decision 076): public, no personal data.
    app.get(
      '/api/captcha',
      {
        config: { guard: routeGuard.public },
        schema: {
          operationId: 'getCaptchaChallenge',
          tags: ['auth'],
          summary:
            'A signed proof-of-work challenge (ALTCHA) for the password recovery form and for a sign-in after repeated failures; the solved payload goes into `captcha` of POST /api/auth/request-password-reset, or of POST /api/auth/sign-in/email or /sign-in/username once a sign-in was refused with auth.captcha_fehlt',
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return captcha.challenge();
      },
    );
    // The phone factor's SMS (decision 083): to the gateway at once, or to this log without SMS_URL.
    const telefon: TelefonDeps = {
      database,
      sms: { smsUrl: config.smsUrl, log: app.log },
      now: () => new Date(),
    };
    const auth = createAuth({
      config,
      database,
      sendSmsCode: async (authUserId, code) => {
        const versand = smsVersand.getStore();
        try {
          await sendeAnmeldeCode(telefon, authUserId, code);
        } catch (error) {
          // better-auth only logs a failed send; the plugin answers it (below)
          if (versand) versand.fehler = error;
          else throw error;
        }
      },
      isActive: (authUserId) => sessionErlaubt(database, authUserId),
      sessionCreated: (sessionId) => merkeSitzungAnmeldung(database, sessionId, passkeyAnmeldung.getStore()),
      sendPasswordReset: async (mail) => {
        const outcome = await queuePasswordResetMail(database, config, mail);
        if (outcome === 'skipped')
          app.log.info({ authUserId: mail.authUserId }, 'password reset mail not queued');
      },
      sso: {
        trustedOrigins: async (request) =>
          request && isSsoPath(new URL(request.url).pathname) ? ssoOrigins(database) : [],
        provisionUser: (input) => provisionSsoUser(database, input),
        resolveUser: (input) => loeseSsoBenutzer(database, input, new Date()),
        laufend: laufendeSsoAnmeldung,
      },
    });

    // The IdP's page posts the SAML response to the ACS as a form (application/x-www-form-urlencoded).
    if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
      app.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 1024 * 1024 },
        (request, body, done) => {
          // Only the ACS takes form posts: every other route stays JSON-only (no cross-site form posts).
          if (!SAML_ACS.test(request.url)) {
            done(Object.assign(new Error('Unsupported Media Type'), { statusCode: 415 }), undefined);
            return;
          }
          done(null, Object.fromEntries(new URLSearchParams(body as string)));
        },
      );
    }
    const policy: OriginPolicy = {
      publicUrl: config.publicUrlSet ? config.publicUrl : undefined,
      trustedOrigins: config.trustedOrigins,
    };
    const rpIds = new Set(passkeyRpIds(config));

    app.decorateRequest('sessionUser', null);
    app.decorateRequest('changedMandantId', null);
    app.decorateRequest('sessionMemo', null);

    // The one cookie better-auth validates: `stellwerk.session_token` on http, `__Secure-stellwerk.session_token`
    // on https. The cache is keyed on exactly that cookie, so another cookie beside it is never taken for a session.
    const authContext = await auth.$context;
    const sessionCookie = authContext.authCookies.sessionToken.name;
    /** The signed cookie of a sign-in waiting for its code (better-auth's two-factor plugin). */
    const twoFactorCookie = authContext.createAuthCookie('two_factor').name;

    const werkzeuge = anmeldeWerkzeuge({
      app,
      auth,
      authContext,
      database,
      throttle,
      captcha,
      sessionCookie,
      twoFactorCookie,
    });
    const { protokoll, pruefePasswort } = werkzeuge;

    // A live event (from any instance) that can change sessions makes the tenant's sessions be looked up again
    // (users, roles, groups, settings, the tenant); bookings and the like leave them as they are (decision 089).
    events?.onTenantEvent((mandantId, event) => {
      if (AENDERT_SITZUNGEN[event.type]) lokal.dropTenant(mandantId);
    });
    const sessionKeyOf = (request: FastifyRequest) => request.cookies[sessionCookie];

    /** The user of the request's session cookie, from the cache or looked up (and then kept in the cache). */
    const sessionUserOf = async (request: FastifyRequest, key: string) => {
      const cached = sessions.get(key);
      if (cached !== undefined) return cached;
      const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
      const user = found ? await loadSessionUser(database, found.user.id, found.session.id) : null;
      sessions.set(key, user);
      return user;
    };

    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      const key = sessionKeyOf(request);
      if (!key) return;
      const user = await sessionUserOf(request, key);
      // the sign-in routes keep their own handling of the session: the log names its tenant (decision 260)
      if (request.url.startsWith('/api/auth/')) {
        if (user) bindLogTo(request, user);
        return;
      }
      request.sessionUser = user;
      request.sessionMemo = sessions.memo(key) ?? null;
    });

    // A user the tenant requires to have a second factor, and who has none yet, may only enrol.
    app.addHook('onRequest', async (request) => {
      if (request.sessionUser?.zweiFaktor.mussEinrichten && !vorEinrichtungErlaubt(request.url)) {
        throw new DomainError('auth.zwei_faktor_einrichtung_noetig');
      }
    });

    await app.register(sicherheitRoutes, {
      database,
      auth,
      sessions,
      sessionCookie,
      config,
      telefon,
      pruefePasswort,
      protokoll,
    });

    // A change made through this session (sign-out, password, own settings) is seen by its next request; an
    // administrative change (the administration, the tenant's and groups' settings) is seen by every session of
    // the tenant on this instance. Dropped before the answer is sent, so a request that follows the answer, on this
    // or another session, cannot find the old entry: the live event that drops them on the other instances
    // arrives a moment later, on PostgreSQL also here.
    const TENANT_WIDE = ['/api/admin/', '/api/customizing/mandant', '/api/customizing/gruppen'];
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method === 'GET' || request.method === 'HEAD') return payload;
      // a route that declares it changes nothing a session holds (a booking) keeps the session (decision 089)
      if (request.routeOptions.config.sitzungBleibt) return payload;
      const key = sessionKeyOf(request);
      if (key) sessions.drop(key);
      if (
        request.sessionUser &&
        TENANT_WIDE.some((prefix) => request.url.startsWith(prefix)) &&
        reply.statusCode < 400
      ) {
        sessions.dropTenant(request.sessionUser.mandantId);
      }
      if (request.changedMandantId && reply.statusCode < 400) sessions.dropTenant(request.changedMandantId);
      return payload;
    });

    authRoute(app, { config, database, auth, authContext, policy, rpIds, throttle, werkzeuge });
  },
  { name: 'stellwerk-auth' },
);

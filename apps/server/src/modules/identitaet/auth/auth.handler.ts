import { setTimeout as sleep } from 'node:timers/promises';
import { DomainError } from '@stellwerk/domain/errors';
import { anmeldeFehlerAdresse } from '@stellwerk/domain/identitaet/sicherheit/anmelde-fehler';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import { passwortAnmeldungErlaubt } from '../sso/sso.anmeldemethoden.ts';
import { type SsoAnmeldung, ssoAnmeldung } from '../sso/sso.anmeldung.ts';
import { protokolliereVerknuepfung } from '../sso/sso.konto-verknuepfen.ts';
import { mitNonce } from '../sso/sso.oidc-nonce.ts';
import { signiereSamlAnbieter } from '../sso/sso.saml-signatur.ts';
import { aufraeumenNachAblehnung, sessionErlaubt } from '../sso/sso.sitzung.ts';
import type { AnmeldeWerkzeuge } from './auth.anmelde-werkzeuge.ts';
import { mapBetterAuthError } from './auth.errors.ts';
import { beanspruchTotpSchritt, verlangeBestaetigung } from './auth.faktor-schutz.ts';
import { routeGuard } from './auth.guards.ts';
import { passkeyEntfernbar } from './auth.identitaeten.ts';
import type { createLoginThrottle } from './auth.login-throttle.ts';
import { appUrlOf, checkOrigin, type OriginPolicy, originOf } from './auth.origin.ts';
import { hostNameOf, type PasskeyAnmeldung, passkeyAnmeldung, withRpId } from './auth.passkey.ts';
import {
  AUTH_ERROR,
  CHANGE_PASSWORD,
  CODE_STEPS,
  PASSKEY_DELETE,
  PASSKEY_OPTIONS,
  PASSKEY_REGISTER,
  PASSKEY_REGISTER_OPTIONS,
  PASSKEY_SIGN_IN,
  PASSWORD_CHECKS,
  REQUEST_PASSWORD_RESET,
  RESET_PASSWORD,
  SAML_ACS,
  SAML_SP_METADATA,
  SEND_OTP,
  SIGN_IN_EMAIL,
  SIGN_IN_SSO,
  SIGN_IN_USERNAME,
  SSO_RETURN,
  TWO_FACTOR_ENABLE,
  VERIFY_TOTP,
} from './auth.pfade.ts';
import { findFactors, findPasskeys } from './auth.repository.ts';
import type { Auth } from './auth.service.ts';
import { authnContextOf } from './auth.sso.ts';
import { anmeldeTelefonVon, smsVersand } from './auth.telefon.ts';
import {
  codeSchrittAdresse,
  headerOf,
  isRecord,
  isTwoFactorRedirect,
  mitSmsMethode,
  ownOriginOf,
  RESET_ANSWER_QUANTUM_MS,
  readJson,
  resetOf,
  sendWebResponse,
  toWebRequest,
} from './auth.web-antwort.ts';

/** What the /api/auth/* route works with (set up by the auth plugin). */
export type AuthRouteDeps = {
  config: Config;
  database: Database;
  auth: Auth;
  authContext: Awaited<Auth['$context']>;
  policy: OriginPolicy;
  rpIds: ReadonlySet<string>;
  throttle: ReturnType<typeof createLoginThrottle>;
  werkzeuge: AnmeldeWerkzeuge;
};

/**
 * better-auth at /api/auth/*: checks which page may call it, throttles failed sign-ins and codes, answers a
 * provider's return inside its tenant's context (with the code step of decision 154), counts password checks of
 * signed-in users, audits changed factors, answers every better-auth error with the catalogue's and keeps session
 * tokens out of response bodies.
 */
export const authRoute = (
  app: FastifyInstance,
  { config, database, auth, authContext, policy, rpIds, throttle, werkzeuge }: AuthRouteDeps,
): void => {
  const {
    userOfCodeStep,
    userOfResetToken,
    deaktiviert,
    signInAfterReset,
    sessionOf,
    hasSession,
    zaehleFehlschlag,
    wartet,
    pruefeCaptcha,
    accountKeyOf,
    protokolliereErfolg,
    nenneImLog,
  } = werkzeuge;

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    // better-auth decides itself who may call which of its endpoints.
    config: { guard: routeGuard.public },
    schema: { hide: true },
    handler: async (request, reply) => {
      const started = performance.now();
      const url = new URL(request.url, config.publicUrl);
      // better-auth's own error page (English, with an external link) is never shown: the app's page explains
      // the code in the user's language and leads back to /login (decision 123).
      if (url.pathname === AUTH_ERROR) {
        reply.header('cache-control', 'no-store');
        return reply.redirect(anmeldeFehlerAdresse(url.searchParams.get('error')), 302);
      }
      const ownOrigin = ownOriginOf(request);
      const isPost = request.method === 'POST';

      let origin: string | undefined;
      if (isPost && !SAML_ACS.test(url.pathname)) {
        const decision = checkOrigin(policy, {
          origin: headerOf(request, 'origin'),
          referer: headerOf(request, 'referer'),
          secFetchSite: headerOf(request, 'sec-fetch-site'),
          ownOrigin,
        });
        if (!decision.trusted) {
          request.log.warn(
            { claimed: decision.claimed, appUrl: decision.appUrl },
            'auth request refused for its origin',
          );
          throw new DomainError('auth.origin_not_allowed', { adresse: decision.appUrl });
        }
        origin = decision.origin;
      }

      const isPasswordStep = isPost && (url.pathname === SIGN_IN_EMAIL || url.pathname === SIGN_IN_USERNAME);
      // The code after the password is throttled like the password, on the same account key (decision 060).
      const codeStepUser =
        isPost && CODE_STEPS.has(url.pathname) && !(await hasSession(request))
          ? await userOfCodeStep(request)
          : null;
      const isCodeStep = codeStepUser !== null;
      const isSignIn = isPasswordStep || isCodeStep;
      const account = isPasswordStep
        ? await accountKeyOf(url.pathname, request.body)
        : codeStepUser
          ? `user:${codeStepUser}`
          : '';
      // the log names the tenant of the login tried (decision 260)
      const angemeldet = account.startsWith('user:') ? account.slice('user:'.length) : codeStepUser;
      if (angemeldet) await nenneImLog(request, angemeldet);
      if (isSignIn) wartet(reply, account, request.ip);

      // A password check of a signed-in user counts towards the account's throttle (decision 100).
      const pruefSitzung = isPost && PASSWORD_CHECKS.has(url.pathname) ? await sessionOf(request) : null;
      const pruefKonto = pruefSitzung ? `user:${pruefSitzung.user.id}` : null;
      if (pruefKonto) wartet(reply, pruefKonto, request.ip);
      // The phone factor is enrolled through /api/sicherheit/faktoren/telefon (decision 083), not better-auth's otp.
      if (url.pathname === TWO_FACTOR_ENABLE && isRecord(request.body) && request.body.method === 'otp')
        throw new DomainError('validation.failed', { method: 'otp' });

      // A TOTP code is accepted once (decision 100): its time step is claimed before better-auth checks the
      // code; a code of a step accepted before (also by a parallel request) is answered as a wrong code.
      const totpSitzung = isPost && url.pathname === VERIFY_TOTP ? await sessionOf(request) : null;
      const totpUser = totpSitzung?.user.id ?? (url.pathname === VERIFY_TOTP ? codeStepUser : null);
      const totpVorher =
        totpSitzung && (await database.withoutTenant((tx) => findFactors(tx, totpSitzung.user.id)));
      if (totpUser && isRecord(request.body) && typeof request.body.code === 'string') {
        const anspruch = await beanspruchTotpSchritt(
          database,
          authContext.secretConfig,
          totpUser,
          request.body.code,
        );
        // better-auth then refuses it itself, so that its per-challenge and per-account counts see it too
        if (anspruch === 'verbraucht') request.body = { ...request.body, code: 'verbraucht' };
      }

      // Enrolling a passkey needs the password confirmed within five minutes (or, without one, a fresh sign-in).
      const passkeySitzung =
        url.pathname === PASSKEY_REGISTER_OPTIONS || (isPost && url.pathname === PASSKEY_REGISTER)
          ? await sessionOf(request)
          : null;
      if (passkeySitzung)
        await verlangeBestaetigung(
          database,
          { authUserId: passkeySitzung.user.id, sessionId: passkeySitzung.session.id },
          new Date(),
        );

      // After repeated failures a password is only looked at with a solved security check (decision 077).
      if (isPasswordStep) await pruefeCaptcha(request, throttle.needsCaptcha(account, request.ip));

      // The tenant may have switched password sign-in off (single sign-on only).
      if (isPasswordStep && account.startsWith('user:')) {
        if (!(await passwortAnmeldungErlaubt(database, account.slice('user:'.length))))
          throw new DomainError('auth.passwort_anmeldung_aus');
      }

      // A provider sends the user back: the sign-in is answered inside its tenant's context (sso.provisionierung.ts, sso.konto-verknuepfen.ts, sso.sitzung.ts).
      const ssoReturn = SSO_RETURN.exec(url.pathname);
      if (ssoReturn?.[1]) {
        const anmeldung: SsoAnmeldung = {
          mandantId: ssoReturn[1],
          // SAML: the response's AuthnContext, for the tenant's trust in the provider's MFA (decision 097)
          authnContext: SAML_ACS.test(url.pathname) ? authnContextOf(request.body) : undefined,
          // OIDC: the state names the nonce this sign-in sent (decision 098)
          state: url.searchParams.get('state') ?? undefined,
        };
        const response = await ssoAnmeldung.run(anmeldung, () =>
          auth.handler(toWebRequest(request, url, origin)).catch((error: unknown) => {
            request.log.warn({ err: error }, 'sign-in through a provider failed');
            return new Response(null, { status: 500 });
          }),
        );
        const location = response.headers.get('location') ?? '';
        const failed =
          anmeldung.ablehnung !== undefined ||
          response.status >= 400 ||
          new URL(location, config.publicUrl).searchParams.has('error');
        if (!failed) {
          if (anmeldung.verknuepfung) await protokolliereVerknuepfung(database, anmeldung.verknuepfung);
          // one factor by a user with a second one (decision 154): no session yet; /login shows the code step
          // with the methods (a code by SMS only with a confirmed phone, decision 083)
          if (anmeldung.codeSchritt) {
            const telefonAn = await anmeldeTelefonVon(database, anmeldung.codeSchritt.authUserId);
            const antwort = mitSmsMethode(await readJson(response.clone()), Boolean(telefonAn));
            reply.header('set-cookie', response.headers.getSetCookie());
            reply.header('cache-control', 'no-store');
            return reply.redirect(codeSchrittAdresse(antwort), 302);
          }
          return sendWebResponse(reply, response);
        }
        if (!anmeldung.ablehnung)
          request.log.warn({ status: response.status, location }, 'sign-in through a provider refused');
        await aufraeumenNachAblehnung(database, anmeldung);
        const code = anmeldung.ablehnung ?? 'auth.sso_fehlgeschlagen';
        // a refused link goes back to the security page it was asked from (decision 081)
        const ziel = anmeldung.verknuepfung ? '/einstellungen/sicherheit' : '/login';
        return reply.redirect(`${ziel}?sso_fehler=${encodeURIComponent(code)}`, 302);
      }

      // A passkey is an identity: the last way to sign in is not removed (decision 081).
      let passkeyWeg: { authUserId: string; name: string | null } | null = null;
      if (isPost && url.pathname === PASSKEY_DELETE && isRecord(request.body)) {
        const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
        const id = request.body.id;
        if (found && typeof id === 'string' && !(await passkeyEntfernbar({ database }, found.user.id, id)))
          throw new DomainError('sicherheit.letzte_identitaet');
        if (found && typeof id === 'string') {
          const eigene = await database.withoutTenant((tx) => findPasskeys(tx, found.user.id));
          const ziel = eigene.find((p) => p.id === id);
          if (ziel) passkeyWeg = { authUserId: found.user.id, name: ziel.name };
        }
      }

      // Recovery asks for the solved captcha first (decision 076).
      if (isPost && url.pathname === REQUEST_PASSWORD_RESET) await pruefeCaptcha(request, true);

      // Changing the password ends the user's other sessions, whatever the caller asked for.
      if (isPost && url.pathname === CHANGE_PASSWORD && isRecord(request.body)) {
        request.body = { ...request.body, revokeOtherSessions: true };
      }

      // Recovery signs in (decision 037): whose token it is must be read before better-auth consumes it.
      const reset = isPost && url.pathname === RESET_PASSWORD ? resetOf(request.body) : null;
      const resetUser = reset ? await userOfResetToken(reset.token) : null;
      const resetEmail = resetUser?.email ?? null;
      if (resetUser) await nenneImLog(request, resetUser.id);
      // A deactivated user's invitation or recovery link sets no password and says why: the page must
      // not tell them they can sign in now.
      if (resetUser && (await deaktiviert(resetUser.id))) throw new DomainError('auth.konto_deaktiviert');

      // Passkeys: the RP id is the host name of the page (the one checked above, else the address the request
      // was sent to, which serves the page); an address that is not the application's gets no options.
      const passkeyRpId = PASSKEY_OPTIONS.has(url.pathname)
        ? hostNameOf(origin ?? originOf(headerOf(request, 'referer')) ?? ownOrigin)
        : undefined;
      if (passkeyRpId !== undefined && !rpIds.has(passkeyRpId)) {
        throw new DomainError('auth.passkey_adresse', { adresse: appUrlOf(policy, ownOrigin) });
      }

      // A code by SMS only for a login with a confirmed phone factor; the gateway's refusal is answered.
      if (isPost && url.pathname === SEND_OTP) {
        const pending = await userOfCodeStep(request);
        if (!pending || !(await anmeldeTelefonVon(database, pending)))
          throw new DomainError('sicherheit.kein_telefon');
        const versand: { fehler?: unknown } = {};
        const sent = await smsVersand.run(versand, () => auth.handler(toWebRequest(request, url, origin)));
        if (versand.fehler) throw versand.fehler;
        if (sent.ok) return sendWebResponse(reply, sent);
      }

      // A SAML provider saved before the SP key gets it before it is used (decision 148).
      const samlAnbieter =
        isPost && url.pathname === SIGN_IN_SSO && isRecord(request.body)
          ? request.body.providerId
          : url.pathname === SAML_SP_METADATA
            ? url.searchParams.get('providerId')
            : undefined;
      if (typeof samlAnbieter === 'string')
        await signiereSamlAnbieter({ database, publicUrl: config.publicUrl }, samlAnbieter).catch(
          (error: unknown) => request.log.warn({ err: error }, 'SAML provider could not be given an SP key'),
        );

      // An OIDC sign-in sends a nonce, checked in the ID token at the callback (decision 098).
      if (isPost && url.pathname === SIGN_IN_SSO) {
        const started = await auth.handler(toWebRequest(request, url, origin));
        const body = started.ok ? await readJson(started.clone()) : undefined;
        const adresse = isRecord(body) && typeof body.url === 'string' ? body.url : undefined;
        if (!adresse) return sendWebResponse(reply, started);
        const mitN = await mitNonce(database, adresse, new Date());
        return sendWebResponse(reply, started, [], (b) => (isRecord(b) ? { ...b, url: mitN } : b));
      }

      // A passkey sign-in notes whether the authenticator verified the user (decision 097); without it, a login
      // with a second factor is sent on to the code step (decision 147).
      const passkeyEingang: PasskeyAnmeldung | null =
        isPost && url.pathname === PASSKEY_SIGN_IN ? { nutzerVerifiziert: false } : null;
      const response = passkeyEingang
        ? await passkeyAnmeldung.run(passkeyEingang, () => auth.handler(toWebRequest(request, url, origin)))
        : await auth.handler(toWebRequest(request, url, origin));

      if (reset && resetEmail && response.ok) {
        const cookies = await signInAfterReset(request, origin, resetEmail, reset.newPassword);
        return sendWebResponse(reply, response, cookies);
      }

      if (isPost && url.pathname === REQUEST_PASSWORD_RESET) {
        const elapsed = performance.now() - started;
        const quantum = RESET_ANSWER_QUANTUM_MS;
        await sleep(Math.max(1, Math.ceil(elapsed / quantum)) * quantum - elapsed);
      }

      if (response.status >= 400) {
        const body = await readJson(response);
        // the session hook refused a session after the password was checked: a deactivated user with the right
        // password is told so (not counted as a failure); anything else below is answered like a wrong password
        if (
          isPasswordStep &&
          isRecord(body) &&
          body.code === 'FAILED_TO_CREATE_SESSION' &&
          account.startsWith('user:') &&
          !(await sessionErlaubt(database, account.slice('user:'.length)))
        )
          throw new DomainError('auth.konto_deaktiviert');
        const mapped = mapBetterAuthError(response.status, body, {
          isSignIn: isPasswordStep,
          isPasskeySignIn: url.pathname === PASSKEY_SIGN_IN,
          isCodeStep,
          appUrl: appUrlOf(policy, ownOrigin),
        });
        if (mapped.code === 'internal') {
          request.log.error({ status: response.status, body }, 'better-auth failed');
        }
        if (response.status === 429) {
          const retryAfter = response.headers.get('x-retry-after') ?? response.headers.get('retry-after');
          if (retryAfter) reply.header('retry-after', retryAfter);
        }
        if (isSignIn && mapped.isCredentialFailure)
          zaehleFehlschlag(account, request.ip, isCodeStep ? 'code' : 'passwort');
        if (pruefKonto && mapped.code === 'auth.current_password_wrong')
          zaehleFehlschlag(pruefKonto, request.ip, 'passwortpruefung');
        throw new DomainError(mapped.code, mapped.params);
      }
      if (pruefKonto) throttle.recordSuccess(pruefKonto, request.ip);
      await protokolliereErfolg(url.pathname, request, {
        pruefUser: pruefSitzung?.user.id ?? null,
        totpVorher: totpSitzung && totpVorher ? { authUserId: totpSitzung.user.id, rows: totpVorher } : null,
        passkeySitzung: passkeySitzung
          ? { authUserId: passkeySitzung.user.id, sessionId: passkeySitzung.session.id }
          : null,
        passkeyWeg,
      });
      // A right password of an account with a second factor is not yet a sign-in: its failures are kept
      // until the code is right, so a known password does not reset the count of wrong codes.
      const waitsForCode = isPasswordStep && isTwoFactorRedirect(await readJson(response.clone()));
      if (isSignIn && !waitsForCode) throttle.recordSuccess(account, request.ip);
      const codeNachPasskey = passkeyEingang?.codeSchritt?.authUserId;
      if (waitsForCode || codeNachPasskey) {
        // better-auth offers a code by SMS to every login; only a confirmed phone factor gets one (decision 083)
        const login = codeNachPasskey ?? (account.startsWith('user:') ? account.slice('user:'.length) : null);
        const telefonAn = login !== null && (await anmeldeTelefonVon(database, login));
        return sendWebResponse(reply, response, [], (body) => mitSmsMethode(body, Boolean(telefonAn)));
      }
      if (passkeyRpId !== undefined) {
        return sendWebResponse(reply, response, [], (body) => withRpId(body, passkeyRpId));
      }
      return sendWebResponse(reply, response);
    },
  });
};

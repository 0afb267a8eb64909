import { ZApiError } from '@stellwerk/domain/api';
import { DomainError } from '@stellwerk/domain/errors';
import {
  ZAbmelden,
  ZAbmeldenErgebnis,
  ZFaktorCode,
  ZFaktoren,
  ZFaktorId,
  ZFaktorName,
  ZIdentitaeten,
  ZIdentitaetId,
  ZPasswortBestaetigen,
  ZPasswortSetzen,
  ZSitzungBeendet,
  ZSitzungen,
  ZSitzungId,
  ZSsoVerknuepfung,
  ZTelefonFaktorAngelegt,
  ZTelefonFaktorNeu,
} from '@stellwerk/domain/identitaet/sicherheit/api';
import { normalisiereTelefonnummer } from '@stellwerk/domain/identitaet/sicherheit/telefon';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import { merkeBestaetigung, type PasswortPruefung, verlangeBestaetigung } from './auth.faktor-schutz.ts';
import { requireUser, routeGuard } from './auth.guards.ts';
import {
  entferneIdentitaet,
  getIdentitaeten,
  setzePasswort,
  starteSsoVerknuepfung,
} from './auth.identitaeten.ts';
import type { SicherheitsEreignis } from './auth.protokoll.ts';
import type { Auth } from './auth.service.ts';
import type { createSessionCache } from './auth.session-cache.ts';
import {
  abmelden,
  beendeSitzung,
  getFaktoren,
  listSitzungen,
  renameFaktor,
} from './auth.sicherheit.service.ts';
import {
  bestaetigeTelefonFaktor,
  entferneTelefonFaktor,
  legeTelefonFaktorAn,
  sendeTelefonCodeErneut,
  type TelefonDeps,
} from './auth.telefon.ts';

const TAGS = ['sicherheit'];
const refusals = { 401: ZApiError, 403: ZApiError } as const;

/**
 * Personal security settings: second factors and sessions. Registered by the auth plugin, which
 * owns the better-auth instance and the session cache.
 */
export const sicherheitRoutes: FastifyPluginAsyncZod<{
  database: Database;
  auth: Auth;
  sessions: ReturnType<typeof createSessionCache>;
  sessionCookie: string;
  config: Config;
  telefon: TelefonDeps;
  /** The password of a signed-in user, counted by the sign-in throttle (auth plugin, decision 100). */
  pruefePasswort: PasswortPruefung;
  /** A security event in the login's tenant's audit log (decision 101). */
  protokoll: (authUserId: string, ereignis: SicherheitsEreignis) => Promise<void>;
  now?: () => Date;
}> = async (
  app,
  { database, auth, sessions, sessionCookie, config, telefon, pruefePasswort, now = () => new Date() },
) => {
  const deps = { database, auth, sessions, now, smsVerfuegbar: Boolean(config.smsUrl) };
  const clearSessionCookie = (reply: { clearCookie: (name: string, options: object) => unknown }) =>
    reply.clearCookie(sessionCookie, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.publicUrl.startsWith('https://'),
    });

  app.post(
    '/api/sicherheit/bestaetigen',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'bestaetigePasswort',
        tags: TAGS,
        summary:
          'Confirm your password before adding a passkey: for five minutes this session may enrol one (decision 100). Wrong passwords count towards the sign-in throttle (429 auth.sign_in_throttled); without a password, 403 sicherheit.neu_anmelden',
        body: ZPasswortBestaetigen,
        response: { 204: z.null(), 400: ZApiError, ...refusals, 429: ZApiError },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!(await pruefePasswort(request, reply, user.authUserId, request.body.passwort)))
        throw new DomainError('sicherheit.neu_anmelden');
      await merkeBestaetigung(database, user.authUserId, user.sessionId, now());
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/sicherheit/faktoren/telefon',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'legeTelefonFaktorAn',
        tags: TAGS,
        summary:
          'Enrol a phone factor (factor_type phone): the number gets a code by SMS; confirm with POST /api/sicherheit/faktoren/{id}/verify. Needs `passwort` (or a confirmation of the last five minutes; 403 sicherheit.passwort_noetig), counted by the sign-in throttle. Only with an SMS gateway (SMS_URL), else 409 sicherheit.sms_nicht_verfuegbar',
        body: ZTelefonFaktorNeu,
        response: {
          201: ZTelefonFaktorAngelegt,
          400: ZApiError,
          ...refusals,
          409: ZApiError,
          429: ZApiError,
          502: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { passwort, ...eingabe } = request.body;
      // what cannot work is said before the password is asked for
      if (!config.smsUrl) throw new DomainError('sicherheit.sms_nicht_verfuegbar');
      if (!normalisiereTelefonnummer(eingabe.telefonnummer))
        throw new DomainError('sicherheit.telefonnummer_ungueltig');
      const geprueft = passwort ? await pruefePasswort(request, reply, user.authUserId, passwort) : false;
      await verlangeBestaetigung(database, user, now(), geprueft);
      const angelegt = await legeTelefonFaktorAn(telefon, user, eingabe);
      return reply.code(201).send(angelegt);
    },
  );

  app.post(
    '/api/sicherheit/faktoren/:id/challenge',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'sendeFaktorCode',
        tags: TAGS,
        summary: 'Send a new code to a phone factor that is not yet confirmed (channel sms)',
        params: ZFaktorId,
        response: {
          204: z.null(),
          400: ZApiError,
          ...refusals,
          404: ZApiError,
          409: ZApiError,
          502: ZApiError,
        },
      },
    },
    async (request, reply) => {
      await sendeTelefonCodeErneut(telefon, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/sicherheit/faktoren/:id/verify',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'bestaetigeFaktor',
        tags: TAGS,
        summary:
          'Confirm a phone factor with the code from the SMS; from then on the sign-in asks for a code (by SMS or the authenticator app)',
        params: ZFaktorId,
        body: ZFaktorCode,
        response: { 204: z.null(), 400: ZApiError, ...refusals, 404: ZApiError },
      },
    },
    async (request, reply) => {
      await bestaetigeTelefonFaktor(telefon, requireUser(request), request.params.id, request.body.code);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/sicherheit/faktoren/:id',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'entferneFaktor',
        tags: TAGS,
        summary:
          'Remove one of your phone factors (the authenticator app is removed with POST /api/auth/two-factor/disable { password })',
        params: ZFaktorId,
        response: { 204: z.null(), 400: ZApiError, ...refusals, 404: ZApiError },
      },
    },
    async (request, reply) => {
      await entferneTelefonFaktor(telefon, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/sicherheit/identitaeten',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'getIdentitaeten',
        tags: TAGS,
        summary:
          "Your linked identities (password, the tenant's identity provider through OIDC or SAML, passkeys): which sign you in today, which may be unlinked (never the last), and what can be added",
        response: { 200: ZIdentitaeten, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getIdentitaeten(deps, requireUser(request));
    },
  );

  app.delete(
    '/api/sicherheit/identitaeten/:id',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'entferneIdentitaet',
        tags: TAGS,
        summary:
          'Unlink one of your identities; the last one that signs you in is refused (409 sicherheit.letzte_identitaet)',
        params: ZIdentitaetId,
        response: { 204: z.null(), 400: ZApiError, ...refusals, 404: ZApiError, 409: ZApiError },
      },
    },
    async (request, reply) => {
      await entferneIdentitaet(deps, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/sicherheit/identitaeten/passwort',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'setzePasswort',
        tags: TAGS,
        summary:
          'Set a password when you have none (e.g. created by single sign-on) and your tenant allows password sign-in',
        body: ZPasswortSetzen,
        response: { 204: z.null(), 400: ZApiError, ...refusals, 409: ZApiError },
      },
    },
    async (request, reply) => {
      await setzePasswort(deps, requireUser(request), request.body.neuesPasswort);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/sicherheit/identitaeten/sso',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'starteSsoVerknuepfung',
        tags: TAGS,
        summary:
          "Ask to link your tenant's identity provider (ten minutes); then start its sign-in with POST /api/auth/sign-in/sso { providerId, callbackURL } from the answer. The provider must name your address",
        response: { 200: ZSsoVerknuepfung, ...refusals, 409: ZApiError },
      },
    },
    async (request) => starteSsoVerknuepfung(deps, requireUser(request)),
  );

  app.get(
    '/api/sicherheit/faktoren',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'getFaktoren',
        tags: TAGS,
        summary:
          "Your second factors, the backup codes left and the tenant's two-factor policy. Enrol with POST /api/auth/two-factor/enable { password }, confirm with /api/auth/two-factor/verify-totp { code }, remove with /api/auth/two-factor/disable { password }",
        response: { 200: ZFaktoren, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getFaktoren(deps, requireUser(request));
    },
  );

  app.patch(
    '/api/sicherheit/faktoren/:id',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'renameFaktor',
        tags: TAGS,
        summary: 'Give one of your factors a friendly name',
        params: ZFaktorId,
        body: ZFaktorName,
        response: { 204: z.null(), 400: ZApiError, ...refusals, 404: ZApiError },
      },
    },
    async (request, reply) => {
      await renameFaktor(deps, requireUser(request), request.params.id, request.body.friendlyName);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/sicherheit/sitzungen',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'listSitzungen',
        tags: TAGS,
        summary: 'Your active sessions: browser, system, address, opened, last used, this device marked',
        response: { 200: ZSitzungen, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listSitzungen(deps, requireUser(request));
    },
  );

  app.delete(
    '/api/sicherheit/sitzungen/:id',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'beendeSitzung',
        tags: TAGS,
        summary:
          "End one of your sessions (that device is signed out at its next request); this device's session signs you out. Audited",
        params: ZSitzungId,
        response: { 200: ZSitzungBeendet, 400: ZApiError, ...refusals, 404: ZApiError },
      },
    },
    async (request, reply) => {
      const result = await beendeSitzung(deps, requireUser(request), request.params.id);
      if (result.diesesGeraet) clearSessionCookie(reply);
      return result;
    },
  );

  app.post(
    '/api/sicherheit/abmelden',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'abmelden',
        tags: TAGS,
        summary:
          'Sign out with a scope: local (this device), global (all devices) or others (all other devices)',
        body: ZAbmelden,
        response: { 200: ZAbmeldenErgebnis, 400: ZApiError, ...refusals },
      },
    },
    async (request, reply) => {
      const result = await abmelden(deps, requireUser(request), request.body);
      if (request.body.scope !== 'others') clearSessionCookie(reply);
      return result;
    },
  );
};

import {
  brauchtZweiFaktor,
  istAdministrator,
  parseZweiFaktorPflicht,
} from '@stellwerk/domain/identitaet/sicherheit/zwei-faktor';
import { resolveStandortGrenzen } from '@stellwerk/domain/identitaet/standort-grenze';
import { parseLanguage } from '@stellwerk/domain/language';
import { resolvePermissions } from '@stellwerk/domain/permissions';
import { stringCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import { enqueueMail } from '../../plattform/mail/mail.service.ts';
import { loadEffectiveCustomizing } from '../../verwaltung/customizing/customizing.service.ts';
import { sitzungMitZweiFaktoren } from '../sso/sso.sitzung.ts';
import type { SessionUser } from './auth.context.ts';
import {
  countResetTokensSince,
  findBenutzerByAuthUserId,
  findGrants,
  hasConfirmedFactor,
} from './auth.repository.ts';
import type { PasswordResetMail } from './auth.service.ts';

const ACTIVE = 'aktiv';

/**
 * Reset mails per recipient and hour: a user who asks again because the first mail was slow still
 * gets it, but nobody can fill a mailbox by asking for resets in a loop. An invitation counts as one.
 */
export const MAX_RESET_MAILS_PER_HOUR = 3;

/**
 * The request's user: who they are, their tenant, their permissions (direct, roles, group roles) and their
 * language. The benutzer row is found on the owner connection (it tells the tenant); everything else is
 * read in that tenant's transaction. A deactivated user has no session user.
 */
export const loadSessionUser = async (
  database: Database,
  authUserId: string,
  sessionId: string,
): Promise<SessionUser | null> => {
  const { found, eingerichtet, zweiFaktorenBeiAnmeldung } = await database.withAllTenants(async (tx) => ({
    found: await findBenutzerByAuthUserId(tx, authUserId),
    eingerichtet: await hasConfirmedFactor(tx, authUserId),
    // the provider's trusted multi-factor sign-in or a passkey with user verification (decision 097)
    zweiFaktorenBeiAnmeldung: await sitzungMitZweiFaktoren(tx, sessionId),
  }));
  if (!found || found.status !== ACTIVE) return null;
  return database.withTenant(found.mandantId, async (tx) => {
    const grants = await findGrants(tx, found.id);
    const settings = await loadEffectiveCustomizing(tx, found.id);
    const permissions = resolvePermissions({
      direct: grants.filter((g) => g.source === 'direct'),
      roles: grants.filter((g) => g.source === 'role'),
      groupRoles: grants.filter((g) => g.source === 'group'),
    });
    const pflicht = parseZweiFaktorPflicht(stringCustomizing(settings, 'ZweiFaktorPflicht'));
    const erforderlich = brauchtZweiFaktor({
      pflicht,
      administrator: istAdministrator({ permissions, isPlatformAdmin: found.plattformAdmin }),
    });
    return {
      benutzerId: found.id,
      mandantId: found.mandantId,
      email: found.email,
      language: parseLanguage(stringCustomizing(settings, 'Sprache')),
      isPlatformAdmin: found.plattformAdmin,
      permissions,
      standortGrenzen: resolveStandortGrenzen(grants),
      authUserId,
      sessionId,
      zweiFaktor: {
        pflicht,
        erforderlich,
        eingerichtet,
        // a session signed in with two factors (trusted provider, passkey with user verification) is not
        // asked to enrol another (decision 097)
        mussEinrichten: erforderlich && !eingerichtet && !zweiFaktorenBeiAnmeldung,
      },
    };
  });
};

/**
 * Puts the recovery mail into the outbox, in the user's language, with a link to /auth/recovery (spec's route
 * table: the recovery page sets the new password; links to /auth/confirm from before still work there).
 * Unknown or deactivated users get no mail, nor does a recipient who already got `MAX_RESET_MAILS_PER_HOUR`
 * links in the last hour (the API answers the same in every case). better-auth has stored the new token
 * before it calls this, so it is among those counted.
 */
export const queuePasswordResetMail = async (
  database: Database,
  config: Config,
  { authUserId, email, token }: PasswordResetMail,
  now: Date = new Date(),
): Promise<'queued' | 'skipped'> => {
  const { found, recent } = await database.withAllTenants(async (tx) => ({
    found: await findBenutzerByAuthUserId(tx, authUserId),
    recent: await countResetTokensSince(tx, authUserId, new Date(now.getTime() - 60 * 60 * 1000)),
  }));
  if (!found || found.status !== ACTIVE || recent > MAX_RESET_MAILS_PER_HOUR) return 'skipped';
  const language = await database.withTenant(found.mandantId, async (tx) =>
    parseLanguage(stringCustomizing(await loadEffectiveCustomizing(tx, found.id), 'Sprache')),
  );
  const mail = {
    to: email,
    template: 'passwort_zuruecksetzen',
    language,
    params: {
      name: `${found.vorname} ${found.nachname}`.trim(),
      url: `${config.publicUrl}/auth/recovery?token=${encodeURIComponent(token)}`,
    },
  } as const;
  // A platform administrator's mail is a platform mail: no tenant's mailbox lists it (decision 017).
  if (found.plattformAdmin)
    await database.withAllTenants((tx) => enqueueMail(tx, { ...mail, mandantId: null }));
  else
    await database.withTenant(found.mandantId, (tx) =>
      enqueueMail(tx, { ...mail, mandantId: found.mandantId }),
    );
  return 'queued';
};

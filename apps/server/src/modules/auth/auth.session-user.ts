import { stringSetting } from '@stellwerk/domain/customizing';
import { parseLanguage } from '@stellwerk/domain/language';
import { resolvePermissions } from '@stellwerk/domain/permissions';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { loadEffectiveSettings } from '../customizing/customizing.service.ts';
import { enqueueMail } from '../mail/mail.service.ts';
import type { SessionUser } from './auth.context.ts';
import { findBenutzerByAuthUserId, findGrants } from './auth.repository.ts';
import type { PasswordResetMail } from './auth.service.ts';

const ACTIVE = 'aktiv';

/** Whether the better-auth user belongs to an active benutzer (inactive users cannot sign in). */
export const isActiveAuthUser = async (database: Database, authUserId: string): Promise<boolean> => {
  const found = await database.withOwner((tx) => findBenutzerByAuthUserId(tx, authUserId));
  return found?.status === ACTIVE;
};

/**
 * The request's user: who they are, their tenant, their permissions (direct, roles, group roles) and their
 * language. The benutzer row is found on the owner connection (it tells the tenant); everything else is
 * read in that tenant's transaction. A deactivated user has no session user.
 */
export const loadSessionUser = async (
  database: Database,
  authUserId: string,
): Promise<SessionUser | null> => {
  const found = await database.withOwner((tx) => findBenutzerByAuthUserId(tx, authUserId));
  if (!found || found.status !== ACTIVE) return null;
  return database.withTenant(found.mandantId, async (tx) => {
    const grants = await findGrants(tx, found.id);
    const settings = await loadEffectiveSettings(tx, found.id);
    return {
      benutzerId: found.id,
      mandantId: found.mandantId,
      email: found.email,
      language: parseLanguage(stringSetting(settings, 'Sprache')),
      isPlatformAdmin: found.plattformAdmin,
      permissions: resolvePermissions({
        direct: grants.filter((g) => g.source === 'direct'),
        roles: grants.filter((g) => g.source === 'role'),
        groupRoles: grants.filter((g) => g.source === 'group'),
      }),
    };
  });
};

/**
 * Puts the recovery mail into the outbox, in the user's language, with a link to /auth/confirm.
 * Unknown or deactivated users get no mail (the API answers the same either way).
 */
export const queuePasswordResetMail = async (
  database: Database,
  config: Config,
  { authUserId, email, token }: PasswordResetMail,
): Promise<void> => {
  const found = await database.withOwner((tx) => findBenutzerByAuthUserId(tx, authUserId));
  if (!found || found.status !== ACTIVE) return;
  await database.withTenant(found.mandantId, async (tx) => {
    const settings = await loadEffectiveSettings(tx, found.id);
    await enqueueMail(tx, {
      mandantId: found.mandantId,
      to: email,
      template: 'passwort_zuruecksetzen',
      language: parseLanguage(stringSetting(settings, 'Sprache')),
      params: {
        name: `${found.vorname} ${found.nachname}`.trim(),
        url: `${config.publicUrl}/auth/confirm?token=${encodeURIComponent(token)}`,
      },
    });
  });
};

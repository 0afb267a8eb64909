import { randomUUID } from 'node:crypto';
import { DomainError } from '@stellwerk/domain/errors';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import {
  createLogins,
  findTakenLoginEmails,
  INVITATION_DAYS,
  isLoginUsernameTaken,
} from '../../identitaet/auth/auth.accounts.ts';
import { insertPlatformAdmin } from '../../identitaet/benutzer/benutzer.plattform-admin.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import {
  countActivePlatformAdmins,
  findMandanten,
  insertMandant,
  isBenutzerEmailTaken,
  lockPlatformAdminCreation,
} from './mandant.repository.ts';

/** The tenant a platform administrator joins on an installation without tenants (decision 030). */
export const FIRST_MANDANT_NAME = 'Plattform';

export const ZPlatformAdminInput = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  vorname: z.string().trim().min(1).max(100).default('Plattform'),
  nachname: z.string().trim().min(1).max(100).default('Administration'),
  username: z.string().trim().min(3).max(60).optional(),
  /** The tenant (by name) the administrator belongs to; created when no tenant has that name. */
  mandant: z.string().trim().min(1).max(200).optional(),
});
export type PlatformAdminInput = z.input<typeof ZPlatformAdminInput>;

export type PlatformAdminCreated = {
  benutzerId: string;
  email: string;
  mandantId: string;
  mandantName: string;
  mandantCreated: boolean;
  /** One-time link that sets the password (better-auth reset token), valid until `expiresAt`. */
  signInUrl: string;
  expiresAt: Date;
};

/**
 * Creates a platform administrator (decision 010: an active benutzer with `plattform_admin`, no tenant roles,
 * and a login) for `npm run admin:create` (decision 030). The tenant is the one named by `mandant` (created
 * when missing); without a name, the only tenant, or a new tenant "Plattform" on an empty installation, and
 * with several tenants the caller must name one. Nobody knows a password: the returned one-time link sets it,
 * exactly as an invitation. An e-mail address or user name already in use anywhere is refused. One platform
 * transaction that crosses tenants explicitly (withAllTenants); the platform audit log records it.
 */
export const createPlatformAdmin = async (
  deps: { database: Pick<Database, 'withAllTenants'>; publicUrl: string; now: () => Date },
  raw: PlatformAdminInput,
): Promise<PlatformAdminCreated> => {
  const parsed = ZPlatformAdminInput.safeParse(raw);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? 'email');
    if (field === 'email')
      throw new DomainError('benutzer.email_ungueltig', { email: String(raw.email ?? '') });
    throw new DomainError('validation.failed', { field });
  }
  const input = parsed.data;
  const now = deps.now();
  return deps.database.withAllTenants(async (tx) => {
    await lockPlatformAdminCreation(tx);
    if (await isBenutzerEmailTaken(tx, input.email))
      throw new DomainError('benutzer.email_vergeben', { email: input.email, field: 'email' });
    if ((await findTakenLoginEmails(tx, [input.email])).size > 0)
      throw new DomainError('benutzer.email_vergeben', { email: input.email, field: 'email' });
    const username = input.username ?? null;
    if (username && (await isLoginUsernameTaken(tx, username)))
      throw new DomainError('benutzer.username_vergeben', { username, field: 'username' });

    const mandanten = await findMandanten(tx);
    const wanted = input.mandant ?? (mandanten.length === 0 ? FIRST_MANDANT_NAME : undefined);
    let target = wanted
      ? mandanten.find((m) => m.name === wanted)
      : mandanten.length === 1
        ? mandanten[0]
        : undefined;
    if (!target && !wanted)
      throw new DomainError('mandant.mandant_angeben', {
        mandanten: mandanten.map((m) => m.name).join(', '),
      });
    const mandantCreated = !target;
    if (!target) target = { id: await insertMandant(tx, wanted!, null), name: wanted!, kundenname: null };

    const id = randomUUID();
    const name = `${input.vorname} ${input.nachname}`;
    // The login tables are written exactly as for an invited user (auth.accounts.ts).
    const tokens = await createLogins(tx, [{ id, name, email: input.email, username }], now);
    // The flag is set by the platform role: the application role may not set it (migration 0005).
    await insertPlatformAdmin(tx, {
      id,
      mandantId: target.id,
      vorname: input.vorname,
      nachname: input.nachname,
      email: input.email,
      username,
    });
    if (mandantCreated)
      await writeAudit(tx, {
        mandantId: null,
        benutzerId: null,
        action: 'create',
        entity: 'mandant',
        entityId: target.id,
        newValue: { name: target.name, domains: [], quelle: 'admin:create' },
      });
    await writeAudit(tx, {
      mandantId: null,
      benutzerId: null,
      action: 'create',
      entity: 'mandant.plattform_admin',
      entityId: target.id,
      newValue: {
        benutzer: { id, email: input.email, vorname: input.vorname, nachname: input.nachname, username },
        quelle: 'admin:create',
      },
    });
    return {
      benutzerId: id,
      email: input.email,
      mandantId: target.id,
      mandantName: target.name,
      mandantCreated,
      signInUrl: `${deps.publicUrl}/auth/confirm?token=${encodeURIComponent(tokens.get(id)!)}`,
      expiresAt: new Date(now.getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
    };
  });
};

/** Active platform administrators (the first start tells the operator how to create one when there is none). */
export const countPlatformAdmins = (database: Pick<Database, 'withAllTenants'>): Promise<number> =>
  database.withAllTenants(countActivePlatformAdmins);

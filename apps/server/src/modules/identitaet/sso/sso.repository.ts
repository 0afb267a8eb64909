import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { mandantDomain } from '../../verwaltung/mandant/mandant.public.ts';
import { asOwner } from '../auth/auth.accounts.ts';
import { account, user } from '../auth/auth.public.ts';
import { benutzer, benutzerGruppe } from '../benutzer/benutzer.public.ts';
import { gruppe } from '../gruppe/gruppe.public.ts';
import { scimExternalId } from '../scim/scim.public.ts';
import { mandantSso, samlSpSchluessel, sitzungAnmeldung } from './sso.table.ts';
import { ssoProvider } from './sso-provider.table.ts';

export type MandantSsoRow = typeof mandantSso.$inferSelect;

/** The tenant's single sign-on settings (tenant transaction), or undefined without a provider. */
export const findMandantSso = async (tx: Tx): Promise<MandantSsoRow | undefined> => {
  const rows = await tx.select().from(mandantSso).limit(1);
  return rows[0];
};

/** The tenant's domains (tenant transaction), sorted. */
export const findDomains = async (tx: Tx): Promise<string[]> => {
  const rows = await tx.select({ domain: mandantDomain.domain }).from(mandantDomain);
  return rows.map((r) => r.domain).sort();
};

export const upsertMandantSso = async (tx: Tx, row: typeof mandantSso.$inferInsert): Promise<void> => {
  await tx
    .insert(mandantSso)
    .values(row)
    .onConflictDoUpdate({ target: mandantSso.mandantId, set: { ...row, updatedAt: new Date() } });
};

export const deleteMandantSso = async (tx: Tx): Promise<void> => {
  await tx.delete(mandantSso);
};

/**
 * The tenant a domain belongs to with its sign-in settings (a platform transaction across tenants: the
 * address typed on /login names the tenant).
 */
export const findRoutingByDomain = async (
  tx: Tx,
  domain: string,
): Promise<{ mandantId: string; sso: MandantSsoRow | null } | undefined> => {
  const rows = await tx
    .select({ mandantId: mandantDomain.mandantId, sso: mandantSso })
    .from(mandantDomain)
    .leftJoin(mandantSso, eq(mandantSso.mandantId, mandantDomain.mandantId))
    .where(eq(mandantDomain.domain, domain))
    .limit(1);
  return rows[0];
};

/** A tenant's sign-in settings (platform transaction), for the sign-in checks of a known user. */
export const findMandantSsoOf = async (tx: Tx, mandantId: string): Promise<MandantSsoRow | undefined> => {
  const rows = await tx.select().from(mandantSso).where(eq(mandantSso.mandantId, mandantId)).limit(1);
  return rows[0];
};

export type SsoProviderRow = typeof ssoProvider.$inferSelect;

/** better-auth's provider row of a tenant (any transaction; the statements run as the owner role). */
export const findSsoProvider = async (tx: Tx, providerId: string): Promise<SsoProviderRow | undefined> =>
  asOwner(tx, async () => {
    const rows = await tx.select().from(ssoProvider).where(eq(ssoProvider.providerId, providerId)).limit(1);
    return rows[0];
  });

/** Every provider's stored configuration (for the origins better-auth may fetch from). */
export const findAllSsoProviders = async (tx: Tx): Promise<SsoProviderRow[]> =>
  asOwner(tx, () => tx.select().from(ssoProvider));

export const saveSsoProvider = async (tx: Tx, row: typeof ssoProvider.$inferInsert): Promise<void> => {
  await asOwner(tx, async () => {
    await tx.delete(ssoProvider).where(eq(ssoProvider.providerId, row.providerId));
    await tx.insert(ssoProvider).values(row);
  });
};

/**
 * Replaces a provider's SAML configuration only while it is still `bisher` (compare and set): of two instances doing
 * the same at once, the second finds it changed and writes nothing. Whether it was replaced.
 */
export const replaceSamlConfigWennUnveraendert = async (
  tx: Tx,
  providerId: string,
  bisher: string,
  neu: string,
): Promise<boolean> =>
  asOwner(tx, async () => {
    const rows = await tx
      .update(ssoProvider)
      .set({ samlConfig: neu })
      .where(and(eq(ssoProvider.providerId, providerId), eq(ssoProvider.samlConfig, bisher)))
      .returning({ id: ssoProvider.id });
    return rows.length > 0;
  });

export const deleteSsoProvider = async (tx: Tx, providerId: string): Promise<void> => {
  await asOwner(tx, () => tx.delete(ssoProvider).where(eq(ssoProvider.providerId, providerId)));
};

/** The tenant's groups (tenant transaction). */
export const findGruppenRefs = async (tx: Tx) => tx.select({ id: gruppe.id, name: gruppe.name }).from(gruppe);

export const findBenutzerRow = async (tx: Tx, id: string) => {
  const rows = await tx.select().from(benutzer).where(eq(benutzer.id, id)).limit(1);
  return rows[0];
};

export const findGruppeIdsOf = async (tx: Tx, benutzerId: string): Promise<string[]> => {
  const rows = await tx
    .select({ id: benutzerGruppe.gruppeId })
    .from(benutzerGruppe)
    .where(eq(benutzerGruppe.benutzerId, benutzerId));
  return rows.map((r) => r.id);
};

/** The benutzer behind a better-auth user, across tenants (platform transaction). */
export const findBenutzerOfLogin = async (tx: Tx, authUserId: string) => {
  const rows = await tx
    .select({
      id: benutzer.id,
      mandantId: benutzer.mandantId,
      status: benutzer.status,
      plattformAdmin: benutzer.plattformAdmin,
    })
    .from(benutzer)
    .where(eq(benutzer.authUserId, authUserId))
    .limit(1);
  return rows[0];
};

/** The better-auth user with this address (lower case), if any. */
export const findLoginIdByEmail = async (tx: Tx, email: string): Promise<string | undefined> =>
  asOwner(tx, async () => {
    const rows = await tx.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
    return rows[0]?.id;
  });

/** Who owns the identity `accountId` at the provider, if anyone. */
export const findAccountOwner = async (
  tx: Tx,
  providerId: string,
  accountId: string,
): Promise<string | undefined> =>
  asOwner(tx, async () => {
    const rows = await tx
      .select({ userId: account.userId })
      .from(account)
      .where(and(eq(account.providerId, providerId), eq(account.accountId, accountId)))
      .limit(1);
    return rows[0]?.userId;
  });

/** Whether the better-auth user has an identity (any subject) at the provider. */
export const hasAccountAt = async (tx: Tx, providerId: string, authUserId: string): Promise<boolean> =>
  asOwner(tx, async () => {
    const rows = await tx
      .select({ id: account.id })
      .from(account)
      .where(and(eq(account.providerId, providerId), eq(account.userId, authUserId)))
      .limit(1);
    return rows.length > 0;
  });

/**
 * The login of the tenant's user whose provisioning `externalId` (SCIM) is one of `externalIds` (platform
 * transaction; the tenant is named).
 */
export const findProvisionedLogin = async (
  tx: Tx,
  mandantId: string,
  externalIds: readonly string[],
): Promise<{ authUserId: string; mandantId: string } | undefined> => {
  if (externalIds.length === 0) return undefined;
  const rows = await tx
    .select({ authUserId: benutzer.authUserId, mandantId: benutzer.mandantId })
    .from(scimExternalId)
    .innerJoin(benutzer, eq(benutzer.id, scimExternalId.ressourceId))
    .where(
      and(
        eq(scimExternalId.mandantId, mandantId),
        eq(scimExternalId.typ, 'User'),
        inArray(scimExternalId.externalId, [...externalIds]),
      ),
    )
    .limit(1);
  const row = rows[0];
  return row?.authUserId ? { authUserId: row.authUserId, mandantId: row.mandantId } : undefined;
};

/** A tenant's domains (platform transaction). */
export const findDomainsOf = async (tx: Tx, mandantId: string): Promise<string[]> => {
  const rows = await tx
    .select({ domain: mandantDomain.domain })
    .from(mandantDomain)
    .where(eq(mandantDomain.mandantId, mandantId));
  return rows.map((r) => r.domain);
};

/** How a session was signed in (decision 097); owner-only like the session itself. */
export const saveSitzungAnmeldung = async (
  tx: Tx,
  row: { sessionId: string; art: 'sso' | 'passkey'; mehrFaktor: boolean },
): Promise<void> =>
  asOwner(tx, async () => {
    await tx.insert(sitzungAnmeldung).values(row).onConflictDoNothing();
  });

/** Whether the session was signed in with two factors by the provider or a passkey (decision 097). */
export const findSitzungAnmeldung = async (
  tx: Tx,
  sessionId: string,
): Promise<{ art: string; mehrFaktor: boolean } | undefined> =>
  asOwner(tx, async () => {
    const rows = await tx
      .select({ art: sitzungAnmeldung.art, mehrFaktor: sitzungAnmeldung.mehrFaktor })
      .from(sitzungAnmeldung)
      .where(eq(sitzungAnmeldung.sessionId, sessionId))
      .limit(1);
    return rows[0];
  });

export type SamlSpSchluesselRow = typeof samlSpSchluessel.$inferSelect;

/** The tenant's SAML SP signing key (tenant transaction; read as the owner role, decision 122). */
export const findSamlSpSchluessel = async (tx: Tx): Promise<SamlSpSchluesselRow | undefined> =>
  asOwner(tx, async () => {
    const rows = await tx.select().from(samlSpSchluessel).limit(1);
    return rows[0];
  });

/** Stores a tenant's first key; a key made at the same time by another request stays (it wins). */
export const insertSamlSpSchluessel = async (
  tx: Tx,
  row: typeof samlSpSchluessel.$inferInsert,
): Promise<void> => {
  await asOwner(tx, () => tx.insert(samlSpSchluessel).values(row).onConflictDoNothing());
};

/** Replaces the tenant's key (rotation). */
export const replaceSamlSpSchluessel = async (
  tx: Tx,
  row: typeof samlSpSchluessel.$inferInsert,
): Promise<void> => {
  await asOwner(tx, () =>
    tx
      .insert(samlSpSchluessel)
      .values(row)
      .onConflictDoUpdate({
        target: samlSpSchluessel.mandantId,
        set: { privateKey: row.privateKey, zertifikat: row.zertifikat, createdAt: row.createdAt },
      }),
  );
};

import { and, asc, eq, inArray, isNull, notExists } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { benutzer, benutzerGruppe } from '../benutzer/benutzer.public.ts';
import { gruppe } from '../gruppe/gruppe.public.ts';
import { scimExternalId, scimGeloescht, scimToken } from './scim.table.ts';

export type ScimTyp = 'User' | 'Group';

// --- tokens ---------------------------------------------------------------------------------------

export const listTokens = (tx: Tx) => tx.select().from(scimToken).orderBy(asc(scimToken.createdAt));

export const insertToken = async (tx: Tx, row: typeof scimToken.$inferInsert) =>
  (await tx.insert(scimToken).values(row).returning())[0]!;

export const findToken = async (tx: Tx, id: string) =>
  (await tx.select().from(scimToken).where(eq(scimToken.id, id)))[0];

export const revokeToken = (tx: Tx, id: string, at: Date) =>
  tx.update(scimToken).set({ widerrufenAt: at }).where(eq(scimToken.id, id));

/** The unrevoked token with this hash, of any tenant (run with `withAllTenants`). */
export const findActiveTokenByHash = async (tx: Tx, tokenHash: string) =>
  (
    await tx
      .select({ id: scimToken.id, mandantId: scimToken.mandantId })
      .from(scimToken)
      .where(and(eq(scimToken.tokenHash, tokenHash), isNull(scimToken.widerrufenAt)))
  )[0];

export const touchToken = (tx: Tx, id: string, at: Date) =>
  tx.update(scimToken).set({ zuletztBenutztAt: at }).where(eq(scimToken.id, id));

// --- external ids ---------------------------------------------------------------------------------

export const externalIdsOf = async (tx: Tx, typ: ScimTyp, ids: readonly string[]) => {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await tx
    .select({ ressourceId: scimExternalId.ressourceId, externalId: scimExternalId.externalId })
    .from(scimExternalId)
    .where(and(eq(scimExternalId.typ, typ), inArray(scimExternalId.ressourceId, [...ids])));
  return new Map(rows.map((r) => [r.ressourceId, r.externalId]));
};

export const setExternalId = async (
  tx: Tx,
  mandantId: string,
  typ: ScimTyp,
  ressourceId: string,
  externalId: string | null,
) => {
  await tx
    .delete(scimExternalId)
    .where(and(eq(scimExternalId.typ, typ), eq(scimExternalId.ressourceId, ressourceId)));
  if (externalId !== null) {
    await tx.insert(scimExternalId).values({ mandantId, typ, ressourceId, externalId });
  }
};

// --- users and groups of the tenant -----------------------------------------------------------------

/** Not deleted through SCIM (decision 099). */
const nichtGeloescht = (tx: Tx) =>
  notExists(tx.select().from(scimGeloescht).where(eq(scimGeloescht.benutzerId, benutzer.id)));

export const listBenutzerRows = (tx: Tx) =>
  tx
    .select()
    .from(benutzer)
    .where(and(eq(benutzer.plattformAdmin, false), nichtGeloescht(tx)))
    .orderBy(asc(benutzer.createdAt), asc(benutzer.id));

export const findBenutzerRow = async (tx: Tx, id: string) =>
  (
    await tx
      .select()
      .from(benutzer)
      .where(and(eq(benutzer.id, id), eq(benutzer.plattformAdmin, false), nichtGeloescht(tx)))
  )[0];

/** A user deleted through SCIM with this address (to bring back when it is created again). */
export const findGeloeschtByEmail = async (tx: Tx, email: string) =>
  (
    await tx
      .select({ id: benutzer.id })
      .from(benutzer)
      .innerJoin(scimGeloescht, eq(scimGeloescht.benutzerId, benutzer.id))
      .where(eq(benutzer.email, email))
  )[0];

export const markGeloescht = async (tx: Tx, mandantId: string, benutzerId: string) => {
  await tx.insert(scimGeloescht).values({ mandantId, benutzerId }).onConflictDoNothing();
};

export const unmarkGeloescht = async (tx: Tx, benutzerId: string) => {
  await tx.delete(scimGeloescht).where(eq(scimGeloescht.benutzerId, benutzerId));
};

export const listGruppeRows = (tx: Tx) =>
  tx.select().from(gruppe).orderBy(asc(gruppe.createdAt), asc(gruppe.id));

export const findGruppeRow = async (tx: Tx, id: string) =>
  (await tx.select().from(gruppe).where(eq(gruppe.id, id)))[0];

/** Members (benutzer ids) of the given groups. */
export const membersOf = async (tx: Tx, gruppeIds: readonly string[]) => {
  if (gruppeIds.length === 0) return [];
  return tx
    .select({ gruppeId: benutzerGruppe.gruppeId, benutzerId: benutzerGruppe.benutzerId })
    .from(benutzerGruppe)
    .where(inArray(benutzerGruppe.gruppeId, [...gruppeIds]));
};

/** Groups (ids and names) of the given users. */
export const groupsOf = async (tx: Tx, benutzerIds: readonly string[]) => {
  if (benutzerIds.length === 0) return [];
  return tx
    .select({ benutzerId: benutzerGruppe.benutzerId, gruppeId: gruppe.id, name: gruppe.name })
    .from(benutzerGruppe)
    .innerJoin(gruppe, eq(gruppe.id, benutzerGruppe.gruppeId))
    .where(inArray(benutzerGruppe.benutzerId, [...benutzerIds]));
};

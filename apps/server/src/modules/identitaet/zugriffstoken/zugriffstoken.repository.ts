import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { benutzer } from '../benutzer/benutzer.public.ts';
import { zugriffstoken } from './zugriffstoken.table.ts';

export type ZugriffstokenRow = typeof zugriffstoken.$inferSelect;

/** The user's tokens that are not revoked, newest first. */
export const findTokensVon = async (tx: Tx, benutzerId: string): Promise<ZugriffstokenRow[]> =>
  tx
    .select()
    .from(zugriffstoken)
    .where(and(eq(zugriffstoken.benutzerId, benutzerId), isNull(zugriffstoken.widerrufenAt)))
    .orderBy(desc(zugriffstoken.createdAt));

export const countTokensVon = async (tx: Tx, benutzerId: string): Promise<number> =>
  (
    await tx
      .select({ n: count() })
      .from(zugriffstoken)
      .where(and(eq(zugriffstoken.benutzerId, benutzerId), isNull(zugriffstoken.widerrufenAt)))
  )[0]?.n ?? 0;

export const insertToken = async (
  tx: Tx,
  row: Pick<
    ZugriffstokenRow,
    'mandantId' | 'benutzerId' | 'name' | 'tokenHash' | 'anfang' | 'recht' | 'ablaufAt'
  >,
): Promise<ZugriffstokenRow> => (await tx.insert(zugriffstoken).values(row).returning())[0]!;

/** Revokes one of the user's own tokens; undefined when they have no such token (or it is revoked already). */
export const revokeToken = async (
  tx: Tx,
  benutzerId: string,
  id: string,
  at: Date,
): Promise<ZugriffstokenRow | undefined> =>
  (
    await tx
      .update(zugriffstoken)
      .set({ widerrufenAt: at })
      .where(
        and(
          eq(zugriffstoken.id, id),
          eq(zugriffstoken.benutzerId, benutzerId),
          isNull(zugriffstoken.widerrufenAt),
        ),
      )
      .returning()
  )[0];

/** Across tenants (the MCP request has no session): the token of a hash. */
export const findTokenByHash = async (tx: Tx, tokenHash: string): Promise<ZugriffstokenRow | undefined> =>
  (await tx.select().from(zugriffstoken).where(eq(zugriffstoken.tokenHash, tokenHash)).limit(1))[0];

export const markTokenBenutzt = async (tx: Tx, id: string, at: Date): Promise<void> => {
  await tx.update(zugriffstoken).set({ zuletztBenutztAt: at }).where(eq(zugriffstoken.id, id));
};

/** A token's owner in the tenant (row-level security keeps it there): their sign-in and platform flag. */
export const findTokenBesitzer = async (
  tx: Tx,
  benutzerId: string,
): Promise<{ id: string; authUserId: string | null; isPlatformAdmin: boolean } | undefined> => {
  const [row] = await tx
    .select({ id: benutzer.id, authUserId: benutzer.authUserId, isPlatformAdmin: benutzer.plattformAdmin })
    .from(benutzer)
    .where(eq(benutzer.id, benutzerId))
    .limit(1);
  return row;
};

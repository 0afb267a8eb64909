import type { PushArt } from '@stellwerk/domain/plattform/push/push';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { pushAbo, pushAusgang } from './push.table.ts';

export type PushAboRow = typeof pushAbo.$inferSelect;
export type PushAusgangRow = typeof pushAusgang.$inferSelect;

export const findAbosVon = (tx: Tx, benutzerId: string) =>
  tx.select().from(pushAbo).where(eq(pushAbo.benutzerId, benutzerId)).orderBy(asc(pushAbo.createdAt));

export const countAbosVon = async (tx: Tx, benutzerId: string): Promise<number> =>
  (
    await tx.select({ n: sql<number>`count(*)::int` }).from(pushAbo).where(eq(pushAbo.benutzerId, benutzerId))
  )[0]?.n ?? 0;

/**
 * One row per endpoint: a browser subscribing again (new kinds, or another user of the tenant signed in on it)
 * replaces user, keys and kinds.
 */
export const upsertAbo = async (
  tx: Tx,
  abo: Pick<PushAboRow, 'mandantId' | 'benutzerId' | 'endpoint' | 'p256dh' | 'auth' | 'arten' | 'geraet'>,
): Promise<PushAboRow> => {
  const [row] = await tx
    .insert(pushAbo)
    .values(abo)
    .onConflictDoUpdate({
      target: pushAbo.endpoint,
      set: {
        benutzerId: abo.benutzerId,
        p256dh: abo.p256dh,
        auth: abo.auth,
        arten: abo.arten,
        geraet: abo.geraet,
      },
    })
    .returning();
  return row!;
};

export const deleteAboVon = async (tx: Tx, benutzerId: string, endpoint: string): Promise<number> =>
  (
    await tx
      .delete(pushAbo)
      .where(and(eq(pushAbo.benutzerId, benutzerId), eq(pushAbo.endpoint, endpoint)))
      .returning({ id: pushAbo.id })
  ).length;

export const deleteAboByIdVon = async (tx: Tx, benutzerId: string, id: string): Promise<number> =>
  (
    await tx
      .delete(pushAbo)
      .where(and(eq(pushAbo.benutzerId, benutzerId), eq(pushAbo.id, id)))
      .returning({ id: pushAbo.id })
  ).length;

/** Whether the user has a device subscribed to the kind (else no push is queued). */
export const hatAboFuer = async (tx: Tx, benutzerId: string, art: PushArt): Promise<boolean> =>
  (
    await tx
      .select({ id: pushAbo.id })
      .from(pushAbo)
      .where(and(eq(pushAbo.benutzerId, benutzerId), sql`${art} = any(${pushAbo.arten})`))
      .limit(1)
  ).length > 0;

export const insertAusgang = async (
  tx: Tx,
  row: Pick<PushAusgangRow, 'mandantId' | 'benutzerId' | 'art' | 'titel' | 'text' | 'url'>,
): Promise<string> => (await tx.insert(pushAusgang).values(row).returning({ id: pushAusgang.id }))[0]!.id;

/**
 * Takes up to `limit` queued pushes (oldest first) and deletes them in one statement; two dispatchers never take
 * the same row (`for update skip locked`).
 */
export const claimAusgang = async (tx: Tx, limit: number): Promise<PushAusgangRow[]> => {
  const result = await tx.execute<{
    id: string;
    mandant_id: string;
    benutzer_id: string;
    art: string;
    titel: string;
    text: string;
    url: string | null;
    created_at: string | Date;
  }>(sql`delete from push_ausgang where id in (
      select id from push_ausgang order by created_at for update skip locked limit ${limit}
    ) returning *`);
  return result.rows.map((r) => ({
    id: r.id,
    mandantId: r.mandant_id,
    benutzerId: r.benutzer_id,
    art: r.art,
    titel: r.titel,
    text: r.text,
    url: r.url,
    createdAt: new Date(r.created_at),
  }));
};

/** The subscriptions of these users that take the kind. */
export const findAbosFuer = (tx: Tx, benutzerId: string, art: string) =>
  tx
    .select()
    .from(pushAbo)
    .where(and(eq(pushAbo.benutzerId, benutzerId), sql`${art} = any(${pushAbo.arten})`));

export const deleteAbosByIds = async (tx: Tx, ids: string[]): Promise<number> =>
  ids.length === 0
    ? 0
    : (await tx.delete(pushAbo).where(inArray(pushAbo.id, ids)).returning({ id: pushAbo.id })).length;

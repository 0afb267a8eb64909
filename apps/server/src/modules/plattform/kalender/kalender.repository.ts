import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import type { KalenderArt } from './kalender.ics.ts';
import { kalenderAbo, kalenderEintrag } from './kalender.table.ts';

export type KalenderAboRow = typeof kalenderAbo.$inferSelect;

export const findAboVon = async (tx: Tx, benutzerId: string): Promise<KalenderAboRow | undefined> =>
  (await tx.select().from(kalenderAbo).where(eq(kalenderAbo.benutzerId, benutzerId)).limit(1))[0];

/** Across tenants (the feed has no session): the subscription of a token hash. */
export const findAboByHash = async (tx: Tx, tokenHash: string): Promise<KalenderAboRow | undefined> =>
  (await tx.select().from(kalenderAbo).where(eq(kalenderAbo.tokenHash, tokenHash)).limit(1))[0];

/** Creates the user's subscription or gives it a new token (the old one stops working at once). */
export const upsertAbo = async (
  tx: Tx,
  row: Pick<KalenderAboRow, 'mandantId' | 'benutzerId' | 'tokenHash' | 'anfang' | 'fahrzeuge' | 'plaetze'>,
  at: Date,
): Promise<KalenderAboRow> => {
  const [saved] = await tx
    .insert(kalenderAbo)
    .values(row)
    .onConflictDoUpdate({
      target: [kalenderAbo.mandantId, kalenderAbo.benutzerId],
      set: {
        tokenHash: row.tokenHash,
        anfang: row.anfang,
        fahrzeuge: row.fahrzeuge,
        plaetze: row.plaetze,
        erneuertAt: at,
      },
    })
    .returning();
  return saved!;
};

export const updateAboFilter = async (
  tx: Tx,
  benutzerId: string,
  filter: Pick<KalenderAboRow, 'fahrzeuge' | 'plaetze'>,
): Promise<KalenderAboRow | undefined> =>
  (await tx.update(kalenderAbo).set(filter).where(eq(kalenderAbo.benutzerId, benutzerId)).returning())[0];

export const deleteAbo = async (tx: Tx, benutzerId: string): Promise<KalenderAboRow | undefined> =>
  (await tx.delete(kalenderAbo).where(eq(kalenderAbo.benutzerId, benutzerId)).returning())[0];

export type SequenzStand = { art: KalenderArt; buchungId: string; fingerabdruck: string };

/**
 * The SEQUENCE of each booking: 0 when first seen; raised by one whenever its fingerprint differs from the one
 * stored. One statement for all, so a feed of many bookings costs one round trip.
 */
export const stelleSequenzen = async (
  tx: Tx,
  mandantId: string,
  staende: readonly SequenzStand[],
  at: Date,
): Promise<Map<string, number>> => {
  if (staende.length === 0) return new Map();
  const rows = await tx
    .insert(kalenderEintrag)
    .values(staende.map((s) => ({ mandantId, ...s, sequenz: 0, geaendertAt: at })))
    .onConflictDoUpdate({
      target: [kalenderEintrag.mandantId, kalenderEintrag.art, kalenderEintrag.buchungId],
      set: {
        sequenz: sql`case when ${kalenderEintrag.fingerabdruck} = excluded.fingerabdruck then ${kalenderEintrag.sequenz} else ${kalenderEintrag.sequenz} + 1 end`,
        geaendertAt: sql`case when ${kalenderEintrag.fingerabdruck} = excluded.fingerabdruck then ${kalenderEintrag.geaendertAt} else excluded.geaendert_at end`,
        fingerabdruck: sql`excluded.fingerabdruck`,
      },
    })
    .returning({
      art: kalenderEintrag.art,
      buchungId: kalenderEintrag.buchungId,
      sequenz: kalenderEintrag.sequenz,
    });
  return new Map(rows.map((r) => [`${r.art}:${r.buchungId}`, r.sequenz]));
};

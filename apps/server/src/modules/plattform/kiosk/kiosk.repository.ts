import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { benutzer } from '../../identitaet/benutzer/benutzer.public.ts';
import { standort } from '../../verwaltung/standort/standort.public.ts';
import { kiosk, kioskEincheck, kioskKopplung } from './kiosk.table.ts';

export type KioskRow = typeof kiosk.$inferSelect;

/** Platform path: a pending pairing code, and deleting the expired ones. */
/** `erstelltAt` is the app's clock (it may be moved in tests), the same clock the pairing compares with. */
export const insertKopplung = async (tx: Tx, code: string, geheimnisHash: string, erstelltAt: Date) => {
  await tx.insert(kioskKopplung).values({ code, geheimnisHash, createdAt: erstelltAt });
};
export const findKopplung = async (tx: Tx, code: string) =>
  (await tx.select().from(kioskKopplung).where(eq(kioskKopplung.code, code)).limit(1))[0];
export const deleteKopplung = async (tx: Tx, id: string) => {
  await tx.delete(kioskKopplung).where(eq(kioskKopplung.id, id));
};
export const deleteKopplungenVor = async (tx: Tx, vor: Date) => {
  await tx.delete(kioskKopplung).where(lt(kioskKopplung.createdAt, vor));
};

/** Across tenants (a device has no session): the kiosk whose current or previous token has this hash. */
export const findKioskByHash = async (tx: Tx, hash: string): Promise<KioskRow | undefined> =>
  (
    await tx
      .select()
      .from(kiosk)
      .where(or(eq(kiosk.tokenHash, hash), eq(kiosk.vorigerTokenHash, hash)))
      .limit(1)
  )[0];

export const insertKiosk = async (tx: Tx, row: typeof kiosk.$inferInsert): Promise<KioskRow> =>
  (await tx.insert(kiosk).values(row).returning())[0]!;

export const updateKiosk = async (
  tx: Tx,
  id: string,
  set: Partial<typeof kiosk.$inferInsert>,
): Promise<KioskRow | undefined> => (await tx.update(kiosk).set(set).where(eq(kiosk.id, id)).returning())[0];

export const listKiosks = async (tx: Tx) =>
  tx
    .select({ kiosk, standortName: standort.name })
    .from(kiosk)
    .innerJoin(standort, and(eq(standort.mandantId, kiosk.mandantId), eq(standort.id, kiosk.standortId)))
    .orderBy(desc(kiosk.createdAt));

export const findKiosk = async (tx: Tx, id: string) =>
  (
    await tx
      .select({ kiosk, standortName: standort.name })
      .from(kiosk)
      .innerJoin(standort, and(eq(standort.mandantId, kiosk.mandantId), eq(standort.id, kiosk.standortId)))
      .where(eq(kiosk.id, id))
      .limit(1)
  )[0];

export const findStandortName = async (tx: Tx, id: string) =>
  (await tx.select({ name: standort.name }).from(standort).where(eq(standort.id, id)).limit(1))[0]?.name;

/**
 * The names of the people with these mail addresses (keys lower case), read only when the kiosk's setting shows
 * initials or names (decision 182).
 */
export const findNamenByMail = async (
  tx: Tx,
  mails: readonly string[],
): Promise<Map<string, { vorname: string; nachname: string }>> => {
  if (mails.length === 0) return new Map();
  const rows = await tx
    .select({ email: benutzer.email, vorname: benutzer.vorname, nachname: benutzer.nachname })
    .from(benutzer)
    .where(
      inArray(
        sql`lower(${benutzer.email})`,
        mails.map((m) => m.toLowerCase()),
      ),
    );
  return new Map(rows.map((r) => [r.email.toLowerCase(), { vorname: r.vorname, nachname: r.nachname }]));
};

/** Records a check-in code's use; false when this person used it already (decision 183). */
export const insertEincheck = async (tx: Tx, row: typeof kioskEincheck.$inferInsert): Promise<boolean> =>
  (
    await tx
      .insert(kioskEincheck)
      .values(row)
      .onConflictDoNothing()
      .returning({ minute: kioskEincheck.minute })
  ).length > 0;

/** Uses of codes older than `minute` are no longer needed: such codes are expired. */
export const deleteEinchecksVor = async (tx: Tx, minute: number) => {
  await tx.delete(kioskEincheck).where(lt(kioskEincheck.minute, minute));
};

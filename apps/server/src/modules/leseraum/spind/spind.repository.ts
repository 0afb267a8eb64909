import type { Spind, Spindbank } from '@stellwerk/domain/leseraum/spind/regeln';
import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { benutzer } from '../../identitaet/benutzer/benutzer.public.ts';
import { standort } from '../../verwaltung/standort/standort.public.ts';
import { spind, spindBuchung, spindbank, spindSchlossAuftrag } from './spind.table.ts';

export type SpindbankRow = typeof spindbank.$inferSelect;
export type SpindRow = typeof spind.$inferSelect;
export type SpindBuchungRow = typeof spindBuchung.$inferSelect;

export const bankAlsRegel = (b: SpindbankRow): Spindbank => ({
  id: b.id,
  standortId: b.standortId,
  name: b.name,
  ort:
    b.grundrissId !== null && b.x !== null && b.y !== null
      ? { grundrissId: b.grundrissId, x: b.x, y: b.y }
      : null,
});

export const spindAlsRegel = (s: SpindRow): Spind => ({
  id: s.id,
  bankId: s.bankId,
  nummer: s.nummer,
  groesse: s.groesse as Spind['groesse'],
  barrierefrei: s.barrierefrei,
  ausserBetrieb: s.ausserBetrieb,
});

export const findBanken = (tx: Tx, standortId?: string) =>
  tx
    .select()
    .from(spindbank)
    .where(standortId ? eq(spindbank.standortId, standortId) : undefined)
    .orderBy(asc(spindbank.name));

export const findSpindeDerBanken = async (tx: Tx, bankIds: string[]) =>
  bankIds.length === 0 ? [] : tx.select().from(spind).where(inArray(spind.bankId, bankIds));

export const findBank = async (tx: Tx, id: string) =>
  (await tx.select().from(spindbank).where(eq(spindbank.id, id)))[0];

/**
 * Locker ids held in `[von, bis)`: bookings not cancelled that overlap, and bookings whose period ended but whose
 * locker was not yet confirmed emptied (free again only then, decision 186).
 */
export const findBelegteSpindIds = async (tx: Tx, spindIds: string[], von: Date, bis: Date) => {
  if (spindIds.length === 0) return new Set<string>();
  const rows = await tx
    .select({ spindId: spindBuchung.spindId })
    .from(spindBuchung)
    .where(
      and(
        inArray(spindBuchung.spindId, spindIds),
        ne(spindBuchung.status, 'storniert'),
        sql`(${spindBuchung.von} < ${bis} and ${spindBuchung.bis} > ${von})
          or (${spindBuchung.bis} <= ${von} and ${spindBuchung.leerung} = 'offen')`,
      ),
    );
  return new Set(rows.map((r) => r.spindId));
};

export const insertBuchung = async (tx: Tx, row: typeof spindBuchung.$inferInsert) =>
  (await tx.insert(spindBuchung).values(row).returning())[0] as SpindBuchungRow;

/** The user's current and coming locker bookings with their locker and bank, soonest first. */
export const findMeineBuchungen = (tx: Tx, benutzerId: string, jetzt: Date) =>
  tx
    .select({ b: spindBuchung, s: spind, bank: spindbank })
    .from(spindBuchung)
    .innerJoin(spind, eq(spind.id, spindBuchung.spindId))
    .innerJoin(spindbank, eq(spindbank.id, spind.bankId))
    .where(
      and(
        eq(spindBuchung.benutzerId, benutzerId),
        ne(spindBuchung.status, 'storniert'),
        sql`(${spindBuchung.bis} > ${jetzt} or ${spindBuchung.leerung} = 'offen')`,
      ),
    )
    .orderBy(asc(spindBuchung.von));

export const findBuchungenZumRaeumen = (tx: Tx, jetzt: Date) =>
  tx
    .select({ b: spindBuchung, s: spind, bank: spindbank })
    .from(spindBuchung)
    .innerJoin(spind, eq(spind.id, spindBuchung.spindId))
    .innerJoin(spindbank, eq(spindbank.id, spind.bankId))
    .where(
      and(
        ne(spindBuchung.status, 'storniert'),
        // the end is exclusive: a booking ended at `jetzt` (given back, erased) is to clear from that moment
        lte(spindBuchung.bis, jetzt),
        eq(spindBuchung.leerung, 'offen'),
      ),
    )
    .orderBy(asc(spindbank.name), asc(spind.nummer));

export const setzeLeerung = (tx: Tx, id: string, leerung: SpindBuchungRow['leerung'], jetzt: Date) =>
  tx.update(spindBuchung).set({ leerung, updatedAt: jetzt }).where(eq(spindBuchung.id, id)).returning();

/**
 * The two ways a locker booking stops early, for the bookings `auswahl` picks: one that has not begun is cancelled
 * and free at once (nothing to empty); one that is running ends now and waits to be emptied.
 */
const storniereVorBeginn = (tx: Tx, auswahl: SQL, jetzt: Date) =>
  tx
    .update(spindBuchung)
    .set({ status: 'storniert', leerung: 'vom_nutzer_bestaetigt', updatedAt: jetzt })
    .where(and(auswahl, ne(spindBuchung.status, 'storniert'), gte(spindBuchung.von, jetzt)))
    .returning();

const beendeLaufende = (tx: Tx, auswahl: SQL, jetzt: Date) =>
  tx
    .update(spindBuchung)
    .set({ bis: jetzt, updatedAt: jetzt })
    .where(
      and(
        auswahl,
        ne(spindBuchung.status, 'storniert'),
        lt(spindBuchung.von, jetzt),
        gt(spindBuchung.bis, jetzt),
      ),
    )
    .returning();

/**
 * One locker booking given back now (an own day locker, or an assignment the administration ends): not begun, it
 * is cancelled and free at once; begun, it ends now and waits to be emptied like any ended locker. Undefined when
 * it had ended already.
 */
export const gibTagesspindZurueck = async (tx: Tx, id: string, jetzt: Date) => {
  const [storniert] = await storniereVorBeginn(tx, eq(spindBuchung.id, id), jetzt);
  if (storniert) return { row: storniert, beendet: false };
  const [beendet] = await beendeLaufende(tx, eq(spindBuchung.id, id), jetzt);
  return beendet ? { row: beendet, beendet: true } : undefined;
};

/** Cancels the locker coupled to a place booking (its own table only). */
export const storniereGekoppelte = (tx: Tx, leseraumBuchungId: string, jetzt: Date) =>
  storniereVorBeginn(tx, eq(spindBuchung.leseraumBuchungId, leseraumBuchungId), jetzt);

/** Ends a coupled locker now when its place booking ended early (released or cancelled after the start). */
export const beendeGekoppelte = (tx: Tx, leseraumBuchungId: string, jetzt: Date) =>
  beendeLaufende(tx, eq(spindBuchung.leseraumBuchungId, leseraumBuchungId), jetzt);

/** The locker bookings still held (not cancelled) that follow the place booking `leseraumBuchungId`. */
export const findGekoppelte = (tx: Tx, leseraumBuchungId: string) =>
  tx
    .select()
    .from(spindBuchung)
    .where(and(eq(spindBuchung.leseraumBuchungId, leseraumBuchungId), ne(spindBuchung.status, 'storniert')));

/** A locker with its bank. */
export const findSpind = async (tx: Tx, id: string) =>
  (
    await tx
      .select({ spind, bank: spindbank })
      .from(spind)
      .innerJoin(spindbank, eq(spindbank.id, spind.bankId))
      .where(eq(spind.id, id))
  )[0];

/**
 * Bookings to remind of emptying (decision 216): not cancelled, not yet reminded, not yet confirmed emptied,
 * whose reminder time (`minuten` before the end, never before the start) has come and whose end has not, with
 * their locker, bank and owner's mail.
 */
export const findFaelligeErinnerungen = (tx: Tx, jetzt: Date, minuten: number) =>
  tx
    .select({ b: spindBuchung, s: spind, bank: spindbank })
    .from(spindBuchung)
    .innerJoin(spind, eq(spind.id, spindBuchung.spindId))
    .innerJoin(spindbank, eq(spindbank.id, spind.bankId))
    .where(
      and(
        ne(spindBuchung.status, 'storniert'),
        isNull(spindBuchung.erinnerungGesendetAm),
        eq(spindBuchung.leerung, 'offen'),
        gt(spindBuchung.bis, jetzt),
        lte(spindBuchung.von, jetzt),
        lte(spindBuchung.bis, new Date(jetzt.getTime() + minuten * 60_000)),
      ),
    )
    .orderBy(asc(spindBuchung.bis));

export const markiereErinnert = (tx: Tx, id: string, jetzt: Date) =>
  tx
    .update(spindBuchung)
    .set({ erinnerungGesendetAm: jetzt, updatedAt: jetzt })
    .where(and(eq(spindBuchung.id, id), isNull(spindBuchung.erinnerungGesendetAm)))
    .returning({ id: spindBuchung.id });

export const updateBank = async (
  tx: Tx,
  id: string,
  patch: Partial<Pick<SpindbankRow, 'name' | 'grundrissId' | 'x' | 'y'>>,
  jetzt: Date,
) =>
  (
    await tx
      .update(spindbank)
      .set({ ...patch, updatedAt: jetzt })
      .where(eq(spindbank.id, id))
      .returning()
  )[0];

export const updateSpind = async (
  tx: Tx,
  id: string,
  patch: Partial<Pick<SpindRow, 'nummer' | 'groesse' | 'barrierefrei' | 'ausserBetrieb'>>,
  jetzt: Date,
) =>
  (
    await tx
      .update(spind)
      .set({ ...patch, updatedAt: jetzt })
      .where(eq(spind.id, id))
      .returning()
  )[0];

/** The tenant's locations by name (a bank belongs to one). */
export const findStandorte = (tx: Tx) =>
  tx.select({ id: standort.id, name: standort.name }).from(standort).orderBy(asc(standort.name));

/** Permanent assignments not cancelled whose end is still to come, optionally of one bank or location. */
export const findZuweisungen = (tx: Tx, jetzt: Date, filter: { bankId?: string; standortId?: string }) =>
  tx
    .select({
      b: spindBuchung,
      s: spind,
      bank: spindbank,
      benutzerId: benutzer.id,
      vorname: benutzer.vorname,
      nachname: benutzer.nachname,
    })
    .from(spindBuchung)
    .innerJoin(spind, eq(spind.id, spindBuchung.spindId))
    .innerJoin(spindbank, eq(spindbank.id, spind.bankId))
    .innerJoin(benutzer, eq(benutzer.id, spindBuchung.benutzerId))
    .where(
      and(
        eq(spindBuchung.art, 'dauer'),
        ne(spindBuchung.status, 'storniert'),
        gt(spindBuchung.bis, jetzt),
        filter.bankId ? eq(spindbank.id, filter.bankId) : undefined,
        filter.standortId ? eq(spindbank.standortId, filter.standortId) : undefined,
      ),
    )
    .orderBy(asc(spindbank.name), asc(spind.nummer), asc(spindBuchung.von));

/** A permanent assignment by id (any state). */
export const findZuweisung = async (tx: Tx, id: string) =>
  (
    await tx
      .select()
      .from(spindBuchung)
      .where(and(eq(spindBuchung.id, id), eq(spindBuchung.art, 'dauer')))
  )[0];

/**
 * Ends a permanent assignment: not begun, it is cancelled and free at once; running, it ends now and waits to be
 * emptied like any ended locker. Undefined when it had ended (or was cancelled) already.
 */
export const beendeZuweisung = gibTagesspindZurueck;

/** The banks drawn on floor plan `grundrissId`, by name. */
export const findBankenAufPlan = (tx: Tx, grundrissId: string) =>
  tx.select().from(spindbank).where(eq(spindbank.grundrissId, grundrissId)).orderBy(asc(spindbank.name));

export type SpindSchlossAuftragRow = typeof spindSchlossAuftrag.$inferSelect;

/** Writes release orders for the lock system (decision 250), due at once; their ids in the given order. */
export const insertSchlossAuftraege = async (
  tx: Tx,
  rows: { mandantId: string; spindId: string; spindBuchungId: string; nachricht: unknown; jetzt: Date }[],
) =>
  rows.length === 0
    ? []
    : (
        await tx
          .insert(spindSchlossAuftrag)
          .values(
            rows.map((r) => ({
              mandantId: r.mandantId,
              spindId: r.spindId,
              spindBuchungId: r.spindBuchungId,
              nachricht: r.nachricht,
              naechsterVersuch: r.jetzt,
              createdAt: r.jetzt,
              updatedAt: r.jetzt,
            })),
          )
          .returning({ id: spindSchlossAuftrag.id })
      ).map((r) => r.id);

/**
 * Claims the orders due at `jetzt` (optionally only `ids`) for one sender: their next attempt moves to `sperreBis`,
 * so a second instance or job run does not send them at the same time; the sender writes the outcome.
 */
export const beanspruchSchlossAuftraege = (tx: Tx, jetzt: Date, sperreBis: Date, ids?: readonly string[]) =>
  ids && ids.length === 0
    ? Promise.resolve([] as SpindSchlossAuftragRow[])
    : tx
        .update(spindSchlossAuftrag)
        .set({ naechsterVersuch: sperreBis, updatedAt: jetzt })
        .where(
          and(
            eq(spindSchlossAuftrag.status, 'offen'),
            lte(spindSchlossAuftrag.naechsterVersuch, jetzt),
            ids ? inArray(spindSchlossAuftrag.id, [...ids]) : undefined,
          ),
        )
        .returning();

export const loescheSchlossAuftrag = (tx: Tx, id: string) =>
  tx.delete(spindSchlossAuftrag).where(eq(spindSchlossAuftrag.id, id));

/** A failed attempt: the count, the reason and the next attempt, or `aufgegeben` when there is none. */
export const vermerkeSchlossFehler = (
  tx: Tx,
  id: string,
  {
    versuche,
    fehler,
    naechsterVersuch,
    jetzt,
  }: { versuche: number; fehler: string; naechsterVersuch: Date | null; jetzt: Date },
) =>
  tx
    .update(spindSchlossAuftrag)
    .set({
      versuche,
      letzterFehler: fehler,
      status: naechsterVersuch ? 'offen' : 'aufgegeben',
      naechsterVersuch: naechsterVersuch ?? jetzt,
      updatedAt: jetzt,
    })
    .where(eq(spindSchlossAuftrag.id, id));

/** The orders not yet taken (waiting or given up) with their locker and bank, oldest first. */
export const findSchlossAuftraege = (tx: Tx) =>
  tx
    .select({ a: spindSchlossAuftrag, s: spind, bank: spindbank })
    .from(spindSchlossAuftrag)
    .innerJoin(spind, eq(spind.id, spindSchlossAuftrag.spindId))
    .innerJoin(spindbank, eq(spindbank.id, spind.bankId))
    .orderBy(asc(spindSchlossAuftrag.createdAt), asc(spindSchlossAuftrag.id));

/** A given-up order is due again now (the facility's manual retry); undefined when it is not given up. */
export const erneuereSchlossAuftrag = async (tx: Tx, id: string, jetzt: Date) =>
  (
    await tx
      .update(spindSchlossAuftrag)
      .set({ status: 'offen', naechsterVersuch: jetzt, updatedAt: jetzt })
      .where(and(eq(spindSchlossAuftrag.id, id), eq(spindSchlossAuftrag.status, 'aufgegeben')))
      .returning()
  )[0];

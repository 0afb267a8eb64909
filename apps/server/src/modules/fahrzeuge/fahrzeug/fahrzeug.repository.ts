/** SQL of the fleet administration (decision 048): vehicles, their opening times and usage counts. */
import { and, asc, count, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { fahrzeugHistorie } from '../../fahrten/fahrt/fahrt.public.ts';
import { oeffnungszeit } from '../../leseraum/oeffnungszeit/oeffnungszeit.public.ts';
import { standort } from '../../verwaltung/standort/standort.public.ts';
import { fahrzeugBuchung } from '../fahrzeug-buchung/fahrzeug-buchung.public.ts';
import { serviceheftEintrag } from '../serviceheft/serviceheft.public.ts';
import { FAHRZEUG_SPALTEN, fahrzeug, fahrzeugOeffnungszeit } from './fahrzeug.table.ts';

export type FahrzeugAdminRow = typeof fahrzeug.$inferSelect & {
  standortName: string;
  /** the validity of the vehicle's opening-time set (`fahrzeug_oeffnungszeit`), null without a set */
  oeffnungszeitenGueltigVon: string | null;
  oeffnungszeitenGueltigBis: string | null;
};

const columns = {
  ...FAHRZEUG_SPALTEN,
  mandantId: fahrzeug.mandantId,
  createdAt: fahrzeug.createdAt,
  updatedAt: fahrzeug.updatedAt,
  standortName: standort.name,
  oeffnungszeitenGueltigVon: fahrzeugOeffnungszeit.gueltigVon,
  oeffnungszeitenGueltigBis: fahrzeugOeffnungszeit.gueltigBis,
};

/** The set the vehicle points to (none: the validity columns are null). */
const SET_DES_FAHRZEUGS = eq(fahrzeugOeffnungszeit.id, fahrzeug.fahrzeugOeffnungszeitId);

/** Every vehicle of the tenant, deactivated ones included, by make, model and plate. */
export const findFahrzeugeAdmin = (tx: Tx): Promise<FahrzeugAdminRow[]> =>
  tx
    .select(columns)
    .from(fahrzeug)
    .innerJoin(standort, eq(standort.id, fahrzeug.standortId))
    .leftJoin(fahrzeugOeffnungszeit, SET_DES_FAHRZEUGS)
    .orderBy(asc(fahrzeug.marke), asc(fahrzeug.modell), asc(fahrzeug.kennzeichen));

/** One vehicle, locked for the change (`FOR UPDATE`: bookings of it wait until the change committed). */
export const lockFahrzeugAdmin = async (tx: Tx, id: string): Promise<FahrzeugAdminRow | undefined> => {
  const [row] = await tx
    .select(columns)
    .from(fahrzeug)
    .innerJoin(standort, eq(standort.id, fahrzeug.standortId))
    .leftJoin(fahrzeugOeffnungszeit, SET_DES_FAHRZEUGS)
    .where(eq(fahrzeug.id, id))
    .for('update', { of: fahrzeug });
  return row;
};

export const findFahrzeugAdmin = async (tx: Tx, id: string): Promise<FahrzeugAdminRow | undefined> => {
  const [row] = await tx
    .select(columns)
    .from(fahrzeug)
    .innerJoin(standort, eq(standort.id, fahrzeug.standortId))
    .leftJoin(fahrzeugOeffnungszeit, SET_DES_FAHRZEUGS)
    .where(eq(fahrzeug.id, id));
  return row;
};

export const findStandortName = async (tx: Tx, id: string): Promise<string | undefined> => {
  const [row] = await tx.select({ name: standort.name }).from(standort).where(eq(standort.id, id));
  return row?.name;
};

export const findFahrzeugIdByKennzeichen = async (
  tx: Tx,
  kennzeichen: string,
): Promise<string | undefined> => {
  const [row] = await tx
    .select({ id: fahrzeug.id })
    .from(fahrzeug)
    .where(sql`lower(${fahrzeug.kennzeichen}) = lower(${kennzeichen})`);
  return row?.id;
};

export type OeffnungszeitZeileRow = {
  fahrzeugOeffnungszeitId: string;
  wochentag: number;
  von: string;
  bis: string;
  geoeffnet: boolean;
};

/** The per-weekday rows of the vehicles' opening-time sets. */
export const findOeffnungszeitZeilen = async (
  tx: Tx,
  setIds: readonly string[],
): Promise<OeffnungszeitZeileRow[]> => {
  if (setIds.length === 0) return [];
  const rows = await tx
    .select({
      fahrzeugOeffnungszeitId: oeffnungszeit.fahrzeugOeffnungszeitId,
      wochentag: oeffnungszeit.wochentag,
      von: oeffnungszeit.von,
      bis: oeffnungszeit.bis,
      geoeffnet: oeffnungszeit.geoeffnet,
    })
    .from(oeffnungszeit)
    .where(inArray(oeffnungszeit.fahrzeugOeffnungszeitId, [...setIds]))
    .orderBy(asc(oeffnungszeit.wochentag));
  return rows.flatMap((r) =>
    r.fahrzeugOeffnungszeitId ? [{ ...r, fahrzeugOeffnungszeitId: r.fahrzeugOeffnungszeitId }] : [],
  );
};

/** Per vehicle: bookings and blocks not cancelled that have not ended (or are on the road). */
export const countOffeneBuchungen = async (tx: Tx, now: Date): Promise<Map<string, number>> => {
  const rows = await tx
    .select({ fahrzeugId: fahrzeugBuchung.fahrzeugId, n: count() })
    .from(fahrzeugBuchung)
    .where(
      and(
        ne(fahrzeugBuchung.status, 'storniert'),
        ne(fahrzeugBuchung.status, 'durchgeführt'),
        or(gt(fahrzeugBuchung.bis, now), eq(fahrzeugBuchung.status, 'aktiv')),
      ),
    )
    .groupBy(fahrzeugBuchung.fahrzeugId);
  return new Map(rows.map((r) => [r.fahrzeugId, Number(r.n)]));
};

/**
 * The vehicles that have any booking (any status), history entry or service-book entry. The ERSTELLUNG entry
 * every vehicle gets does not count: a vehicle never used can still be deleted (it goes with it).
 */
export const findBenutzteFahrzeugIds = async (tx: Tx, ids?: readonly string[]): Promise<Set<string>> => {
  const filter = <
    C extends
      | typeof fahrzeugBuchung.fahrzeugId
      | typeof fahrzeugHistorie.fahrzeugId
      | typeof serviceheftEintrag.fahrzeugId,
  >(
    c: C,
  ) => (ids ? inArray(c, [...ids]) : undefined);
  const a = await tx
    .selectDistinct({ id: fahrzeugBuchung.fahrzeugId })
    .from(fahrzeugBuchung)
    .where(filter(fahrzeugBuchung.fahrzeugId));
  const b = await tx
    .selectDistinct({ id: fahrzeugHistorie.fahrzeugId })
    .from(fahrzeugHistorie)
    .where(and(filter(fahrzeugHistorie.fahrzeugId), ne(fahrzeugHistorie.typ, 'ERSTELLUNG')));
  const c = await tx
    .selectDistinct({ id: serviceheftEintrag.fahrzeugId })
    .from(serviceheftEintrag)
    .where(filter(serviceheftEintrag.fahrzeugId));
  return new Set([...a, ...b, ...c].map((r) => r.id));
};

export type FahrzeugWerte = Omit<
  typeof fahrzeug.$inferInsert,
  'id' | 'mandantId' | 'createdAt' | 'updatedAt' | 'bildId' | 'fahrzeugOeffnungszeitId'
>;

export const insertFahrzeug = async (tx: Tx, mandantId: string, werte: FahrzeugWerte): Promise<string> => {
  const [row] = await tx
    .insert(fahrzeug)
    .values({ ...werte, mandantId })
    .returning({ id: fahrzeug.id });
  return row!.id;
};

export const updateFahrzeug = async (
  tx: Tx,
  id: string,
  werte: Partial<FahrzeugWerte> & { bildId?: string | null; fahrzeugOeffnungszeitId?: string | null },
): Promise<void> => {
  await tx
    .update(fahrzeug)
    .set({ ...werte, updatedAt: sql`now()` })
    .where(eq(fahrzeug.id, id));
};

export const deleteFahrzeug = async (tx: Tx, id: string): Promise<void> => {
  await tx.update(fahrzeug).set({ fahrzeugOeffnungszeitId: null, bildId: null }).where(eq(fahrzeug.id, id));
  await tx.delete(fahrzeugOeffnungszeit).where(eq(fahrzeugOeffnungszeit.fahrzeugId, id));
  await tx.delete(fahrzeug).where(eq(fahrzeug.id, id));
};

/**
 * The vehicle's opening-time set (spec §7: gueltig_von, gueltig_bis null, is_buchung_ausserhalb_moeglich,
 * fahrzeug_id) with its per-weekday rows replaced; without rows the set is removed and the vehicle points
 * to none. Returns the set's id or null.
 */
export const replaceOeffnungszeiten = async (
  tx: Tx,
  {
    mandantId,
    fahrzeugId,
    setId,
    gueltigVon,
    buchungAusserhalbMoeglich,
    zeilen,
  }: {
    mandantId: string;
    fahrzeugId: string;
    setId: string | null;
    gueltigVon: string | null;
    buchungAusserhalbMoeglich: boolean;
    zeilen: readonly { wochentag: number; von: string; bis: string; geoeffnet: boolean }[];
  },
): Promise<string | null> => {
  if (zeilen.length === 0) {
    if (setId) {
      await tx.update(fahrzeug).set({ fahrzeugOeffnungszeitId: null }).where(eq(fahrzeug.id, fahrzeugId));
      await tx.delete(fahrzeugOeffnungszeit).where(eq(fahrzeugOeffnungszeit.id, setId));
    }
    return null;
  }
  let id = setId;
  if (id) {
    await tx
      .update(fahrzeugOeffnungszeit)
      .set({ gueltigVon, gueltigBis: null, isBuchungAusserhalbMoeglich: buchungAusserhalbMoeglich })
      .where(eq(fahrzeugOeffnungszeit.id, id));
  } else {
    const [row] = await tx
      .insert(fahrzeugOeffnungszeit)
      .values({
        mandantId,
        fahrzeugId,
        gueltigVon,
        gueltigBis: null,
        isBuchungAusserhalbMoeglich: buchungAusserhalbMoeglich,
      })
      .returning({ id: fahrzeugOeffnungszeit.id });
    id = row!.id;
  }
  return id;
};

export const findStandorte = (tx: Tx): Promise<{ id: string; name: string }[]> =>
  tx.select({ id: standort.id, name: standort.name }).from(standort).orderBy(asc(standort.name));

/** The HU and UVV due dates of a vehicle, moved on by a service-book entry (decision 068). */
export const setzeFaelligkeit = async (
  tx: Tx,
  fahrzeugId: string,
  werte: { huFaelligAm?: string; uvvFaelligAm?: string },
): Promise<void> => {
  await tx.update(fahrzeug).set(werte).where(eq(fahrzeug.id, fahrzeugId));
};

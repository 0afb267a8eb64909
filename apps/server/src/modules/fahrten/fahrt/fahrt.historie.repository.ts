/** SQL of the vehicle history (spec §3): entries of trips, blocks and the vehicle itself, and their receipts. */
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { fahrzeugHistorieBeleg } from './fahrt.table.ts';
import { fahrzeugHistorie, type Schaden } from './fahrzeug-historie.table.ts';

export type HistorieNeu = {
  mandantId: string;
  fahrzeugId: string;
  fahrzeugBuchungId: string;
  typ: 'CHECK_IN' | 'CHECK_OUT';
  zeitpunkt: Date;
  kilometerstand: number;
  tankfuellung: number;
  sauberkeitAussen: string;
  sauberkeitInnen: string;
  abstellplatz: string | null;
  schaeden: Schaden[];
  benutzerId: string;
};

export const insertHistorie = async (
  tx: Tx,
  row: HistorieNeu & { beschreibung?: string },
): Promise<string> => {
  const [inserted] = await tx
    .insert(fahrzeugHistorie)
    .values({ ...row, status: row.typ === 'CHECK_IN' ? 'aktiv' : 'durchgeführt' })
    .returning({ id: fahrzeugHistorie.id });
  return inserted!.id;
};

/** A missing check-out recorded at the next trip's check-in (decision 063): no readings, a note. */
export const insertNachgetragenerCheckOut = async (
  tx: Tx,
  row: {
    mandantId: string;
    fahrzeugId: string;
    fahrzeugBuchungId: string;
    zeitpunkt: Date;
    benutzerId: string;
  },
): Promise<void> => {
  await tx.insert(fahrzeugHistorie).values({
    ...row,
    typ: 'CHECK_OUT',
    status: 'durchgeführt',
    beschreibung: 'Check-out beim Check-in der Folgebuchung nachgetragen',
  });
};

export const insertBelege = async (
  tx: Tx,
  { mandantId, historieId, dateiIds }: { mandantId: string; historieId: string; dateiIds: readonly string[] },
): Promise<void> => {
  if (dateiIds.length === 0) return;
  await tx
    .insert(fahrzeugHistorieBeleg)
    .values(dateiIds.map((dateiId, position) => ({ mandantId, historieId, dateiId, position })));
};

/** The receipts of history entries, in the order they were uploaded: history id → file ids (R158). */
export const findBelegeVon = async (
  tx: Tx,
  historieIds: readonly string[],
): Promise<Map<string, string[]>> => {
  const result = new Map<string, string[]>();
  if (historieIds.length === 0) return result;
  const rows = await tx
    .select({ historieId: fahrzeugHistorieBeleg.historieId, dateiId: fahrzeugHistorieBeleg.dateiId })
    .from(fahrzeugHistorieBeleg)
    .where(inArray(fahrzeugHistorieBeleg.historieId, [...historieIds]))
    .orderBy(fahrzeugHistorieBeleg.historieId, fahrzeugHistorieBeleg.position);
  for (const r of rows) result.set(r.historieId, [...(result.get(r.historieId) ?? []), r.dateiId]);
  return result;
};

/** The receipts of trips (their check-in and check-out history entries): booking id → file ids (R158). */
export const findBelegeZuBuchungen = async (
  tx: Tx,
  buchungIds: readonly string[],
): Promise<Map<string, string[]>> => {
  const result = new Map<string, string[]>();
  if (buchungIds.length === 0) return result;
  const rows = await tx
    .select({ buchungId: fahrzeugHistorie.fahrzeugBuchungId, dateiId: fahrzeugHistorieBeleg.dateiId })
    .from(fahrzeugHistorieBeleg)
    .innerJoin(
      fahrzeugHistorie,
      and(
        eq(fahrzeugHistorie.mandantId, fahrzeugHistorieBeleg.mandantId),
        eq(fahrzeugHistorie.id, fahrzeugHistorieBeleg.historieId),
      ),
    )
    .where(inArray(fahrzeugHistorie.fahrzeugBuchungId, [...buchungIds]))
    .orderBy(fahrzeugHistorie.zeitpunkt, fahrzeugHistorieBeleg.position);
  for (const r of rows)
    if (r.buchungId) result.set(r.buchungId, [...(result.get(r.buchungId) ?? []), r.dateiId]);
  return result;
};

export type HistorieRow = {
  id: string;
  typ: string;
  zeitpunkt: Date;
  beschreibung: string | null;
  status: string | null;
  fahrzeugBuchungId: string | null;
  kilometerstand: number | null;
  tankfuellung: number | null;
  sauberkeitAussen: string | null;
  sauberkeitInnen: string | null;
  abstellplatz: string | null;
  schaeden: Schaden[];
  benutzerId: string | null;
};

/** A vehicle's history entries before `vor` (all when null), newest first, at most `anzahl`. */
export const findHistorie = (
  tx: Tx,
  {
    fahrzeugId,
    typ,
    vor,
    anzahl,
  }: { fahrzeugId: string; typ: string | null; vor: Date | null; anzahl: number },
): Promise<HistorieRow[]> =>
  tx
    .select({
      id: fahrzeugHistorie.id,
      typ: fahrzeugHistorie.typ,
      zeitpunkt: fahrzeugHistorie.zeitpunkt,
      beschreibung: fahrzeugHistorie.beschreibung,
      status: fahrzeugHistorie.status,
      fahrzeugBuchungId: fahrzeugHistorie.fahrzeugBuchungId,
      kilometerstand: fahrzeugHistorie.kilometerstand,
      tankfuellung: fahrzeugHistorie.tankfuellung,
      sauberkeitAussen: fahrzeugHistorie.sauberkeitAussen,
      sauberkeitInnen: fahrzeugHistorie.sauberkeitInnen,
      abstellplatz: fahrzeugHistorie.abstellplatz,
      schaeden: fahrzeugHistorie.schaeden,
      benutzerId: fahrzeugHistorie.benutzerId,
    })
    .from(fahrzeugHistorie)
    .where(
      and(
        eq(fahrzeugHistorie.fahrzeugId, fahrzeugId),
        typ ? eq(fahrzeugHistorie.typ, typ) : undefined,
        vor ? lt(fahrzeugHistorie.zeitpunkt, vor) : undefined,
      ),
    )
    .orderBy(desc(fahrzeugHistorie.zeitpunkt), desc(fahrzeugHistorie.id))
    .limit(anzahl);

/**
 * The history entry of a block (spec §3): WARTUNG and SERVICE by their type, a DEFEKT as a
 * STATUSAENDERUNG (the vehicle is out of service), lifting a block as a STATUSAENDERUNG.
 */
export const insertSperrHistorie = async (
  tx: Tx,
  values: {
    mandantId: string;
    fahrzeugId: string;
    fahrzeugBuchungId: string;
    typ: 'WARTUNG' | 'SERVICE' | 'STATUSAENDERUNG';
    status: string;
    beschreibung: string;
    benutzerId: string;
    zeitpunkt: Date;
  },
): Promise<void> => {
  await tx.insert(fahrzeugHistorie).values(values);
};

/**
 * A history entry of the vehicle itself (spec §3): ERSTELLUNG when it is created, DEAKTIVIERUNG when it is
 * deactivated, STATUSAENDERUNG when it is active again.
 */
export const insertFahrzeugHistorie = async (
  tx: Tx,
  values: {
    mandantId: string;
    fahrzeugId: string;
    typ: 'ERSTELLUNG' | 'STATUSAENDERUNG' | 'DEAKTIVIERUNG';
    beschreibung: string;
    benutzerId: string;
    zeitpunkt: Date;
  },
): Promise<void> => {
  await tx.insert(fahrzeugHistorie).values(values);
};

/** The ERSTELLUNG entry of a vehicle that is deleted (only a vehicle whose history is that entry is, decision 068). */
export const deleteErstellungsHistorie = async (tx: Tx, fahrzeugId: string): Promise<void> => {
  await tx
    .delete(fahrzeugHistorie)
    .where(and(eq(fahrzeugHistorie.fahrzeugId, fahrzeugId), eq(fahrzeugHistorie.typ, 'ERSTELLUNG')));
};

/** Deletes history entries; their receipt links and (repaired) damages go with them (cascade). */
export const deleteHistorie = async (tx: Tx, ids: readonly string[]): Promise<number> => {
  if (ids.length === 0) return 0;
  return (
    await tx
      .delete(fahrzeugHistorie)
      .where(inArray(fahrzeugHistorie.id, [...ids]))
      .returning({ id: fahrzeugHistorie.id })
  ).length;
};

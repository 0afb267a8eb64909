/** SQL of the logbook: its entries and versions, the hash chain and what an export reads page by page (decision 062). */
import type { FahrtArt, FahrtenbuchEintrag } from '@stellwerk/domain/fahrten/fahrtenbuch/eintrag';
import { and, asc, count, desc, eq, gt, gte, lt, lte, max, or, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { mandant } from '../../verwaltung/mandant/mandant.public.ts';
import { fahrtenbuchAnker, fahrtenbuchEintrag, fahrtenbuchKopf } from './fahrt.table.ts';

export type EintragRow = FahrtenbuchEintrag & { laufnummer: number };

const eintragColumns = {
  id: fahrtenbuchEintrag.id,
  laufnummer: fahrtenbuchEintrag.laufnummer,
  fahrzeugId: fahrtenbuchEintrag.fahrzeugId,
  kennzeichen: fahrtenbuchEintrag.kennzeichen,
  fahrzeugBuchungId: fahrtenbuchEintrag.fahrzeugBuchungId,
  quelle: fahrtenbuchEintrag.quelle,
  korrigiertId: fahrtenbuchEintrag.korrigiertId,
  grund: fahrtenbuchEintrag.grund,
  art: fahrtenbuchEintrag.art,
  beginn: fahrtenbuchEintrag.beginn,
  ende: fahrtenbuchEintrag.ende,
  kmBeginn: fahrtenbuchEintrag.kmBeginn,
  kmEnde: fahrtenbuchEintrag.kmEnde,
  fahrerId: fahrtenbuchEintrag.fahrerId,
  fahrerName: fahrtenbuchEintrag.fahrerName,
  ziel: fahrtenbuchEintrag.ziel,
  zweck: fahrtenbuchEintrag.zweck,
  partner: fahrtenbuchEintrag.partner,
  umweg: fahrtenbuchEintrag.umweg,
  notiz: fahrtenbuchEintrag.notiz,
  erfasstAm: fahrtenbuchEintrag.erfasstAm,
  erfasstVonId: fahrtenbuchEintrag.erfasstVonId,
  erfasstVonName: fahrtenbuchEintrag.erfasstVonName,
  hashVorher: fahrtenbuchEintrag.hashVorher,
  hash: fahrtenbuchEintrag.hash,
};

type RawEintrag = Omit<EintragRow, 'quelle' | 'art'> & { quelle: string; art: string };
const toEintrag = (r: RawEintrag): EintragRow => ({
  ...r,
  quelle: r.quelle === 'hand' ? 'hand' : 'fahrt',
  art: r.art as FahrtArt,
});

/** Every version of a vehicle's logbook in recording order (the chain's order). */
export const findEintraege = async (tx: Tx, fahrzeugId: string): Promise<EintragRow[]> =>
  (
    await tx
      .select(eintragColumns)
      .from(fahrtenbuchEintrag)
      .where(eq(fahrtenbuchEintrag.fahrzeugId, fahrzeugId))
      .orderBy(asc(fahrtenbuchEintrag.laufnummer))
  ).map(toEintrag);

export const findEintrag = async (tx: Tx, id: string): Promise<EintragRow | undefined> => {
  const [row] = await tx.select(eintragColumns).from(fahrtenbuchEintrag).where(eq(fahrtenbuchEintrag.id, id));
  return row ? toEintrag(row) : undefined;
};

/** Whether a later version already replaces the entry. */
export const isKorrigiert = async (tx: Tx, id: string): Promise<boolean> => {
  const [row] = await tx
    .select({ id: fahrtenbuchEintrag.id })
    .from(fahrtenbuchEintrag)
    .where(eq(fahrtenbuchEintrag.korrigiertId, id))
    .limit(1);
  return row !== undefined;
};

/** The last link of a vehicle's chain (call with the vehicle row locked). */
export const findKettenEnde = async (
  tx: Tx,
  fahrzeugId: string,
): Promise<{ laufnummer: number; hash: string } | undefined> => {
  const [row] = await tx
    .select({ laufnummer: fahrtenbuchEintrag.laufnummer, hash: fahrtenbuchEintrag.hash })
    .from(fahrtenbuchEintrag)
    .where(eq(fahrtenbuchEintrag.fahrzeugId, fahrzeugId))
    .orderBy(desc(fahrtenbuchEintrag.laufnummer))
    .limit(1);
  return row;
};

export const insertEintrag = async (
  tx: Tx,
  row: FahrtenbuchEintrag & { mandantId: string; laufnummer: number },
): Promise<void> => {
  await tx.insert(fahrtenbuchEintrag).values(row);
};

/** Which versions an export reads: a vehicle's trips that began in [von, bis), recorded up to `bisLaufnummer`. */
export type ExportAuswahl = { fahrzeugId: string; von: Date; bis: Date; bisLaufnummer: number };

const exportFilter = ({ fahrzeugId, von, bis, bisLaufnummer }: ExportAuswahl) =>
  and(
    eq(fahrtenbuchEintrag.fahrzeugId, fahrzeugId),
    gte(fahrtenbuchEintrag.beginn, von),
    lt(fahrtenbuchEintrag.beginn, bis),
    lte(fahrtenbuchEintrag.laufnummer, bisLaufnummer),
  );

/** How many versions an export prints (the PDF's page count is known before its first page). */
export const countExportFassungen = async (tx: Tx, auswahl: ExportAuswahl): Promise<number> => {
  const [row] = await tx.select({ n: count() }).from(fahrtenbuchEintrag).where(exportFilter(auswahl));
  return Number(row?.n ?? 0);
};

/**
 * One keyset page of an export: the versions after `nach` in (beginn, laufnummer) order. Every version of an
 * entry has its trip's `beginn`, so an entry's versions come together.
 */
export const findExportSeite = async (
  tx: Tx,
  auswahl: ExportAuswahl,
  nach: { beginn: Date; laufnummer: number } | null,
  anzahl: number,
): Promise<EintragRow[]> =>
  (
    await tx
      .select(eintragColumns)
      .from(fahrtenbuchEintrag)
      .where(
        and(
          exportFilter(auswahl),
          nach
            ? or(
                gt(fahrtenbuchEintrag.beginn, nach.beginn),
                and(
                  eq(fahrtenbuchEintrag.beginn, nach.beginn),
                  gt(fahrtenbuchEintrag.laufnummer, nach.laufnummer),
                ),
              )
            : undefined,
        ),
      )
      .orderBy(asc(fahrtenbuchEintrag.beginn), asc(fahrtenbuchEintrag.laufnummer))
      .limit(anzahl)
  ).map(toEintrag);

/** The tenant's name (the export's header). */
export const findMandantName = async (tx: Tx, mandantId: string): Promise<string> => {
  const [row] = await tx.select({ name: mandant.name }).from(mandant).where(eq(mandant.id, mandantId));
  return row?.name ?? '';
};

export type AnkerRow = {
  bisLaufnummer: number;
  hash: string;
  bisEnde: Date;
  anzahl: number;
  geloeschtAm: Date;
};

/**
 * Where the vehicle's chain starts after the retention purge (decision 081): the newest anchor's hash and
 * `laufnummer`, with the latest trip end and the number of versions deleted by all runs; undefined when none.
 */
export const findAnker = async (tx: Tx, fahrzeugId: string): Promise<AnkerRow | undefined> => {
  const [neuester] = await tx
    .select({
      bisLaufnummer: fahrtenbuchAnker.bisLaufnummer,
      hash: fahrtenbuchAnker.hash,
      geloeschtAm: fahrtenbuchAnker.geloeschtAm,
    })
    .from(fahrtenbuchAnker)
    .where(eq(fahrtenbuchAnker.fahrzeugId, fahrzeugId))
    .orderBy(desc(fahrtenbuchAnker.bisLaufnummer))
    .limit(1);
  if (!neuester) return undefined;
  const [summe] = await tx
    .select({ anzahl: sql<string>`sum(${fahrtenbuchAnker.anzahl})`, bisEnde: max(fahrtenbuchAnker.bisEnde) })
    .from(fahrtenbuchAnker)
    .where(eq(fahrtenbuchAnker.fahrzeugId, fahrzeugId));
  return {
    ...neuester,
    anzahl: Number(summe?.anzahl ?? 0),
    bisEnde: summe?.bisEnde ?? neuester.geloeschtAm,
  };
};

/**
 * One page of a vehicle's chain for the check (decision 091): the versions after `nachLaufnummer` in recording
 * order, each with the head the database recorded when it was stored (null when none was).
 */
export const findKettenSeite = async (
  tx: Tx,
  { fahrzeugId, nachLaufnummer, anzahl }: { fahrzeugId: string; nachLaufnummer: number; anzahl: number },
): Promise<Array<EintragRow & { kopfHash: string | null }>> =>
  (
    await tx
      .select({ ...eintragColumns, kopfHash: fahrtenbuchKopf.hash })
      .from(fahrtenbuchEintrag)
      .leftJoin(
        fahrtenbuchKopf,
        and(
          eq(fahrtenbuchKopf.mandantId, fahrtenbuchEintrag.mandantId),
          eq(fahrtenbuchKopf.fahrzeugId, fahrtenbuchEintrag.fahrzeugId),
          eq(fahrtenbuchKopf.laufnummer, fahrtenbuchEintrag.laufnummer),
        ),
      )
      .where(
        and(eq(fahrtenbuchEintrag.fahrzeugId, fahrzeugId), gt(fahrtenbuchEintrag.laufnummer, nachLaufnummer)),
      )
      .orderBy(asc(fahrtenbuchEintrag.laufnummer))
      .limit(anzahl)
  ).map((r) => ({ ...toEintrag(r), kopfHash: r.kopfHash }));

/** The newest head the database recorded for the vehicle's chain (decision 091), undefined before any entry. */
export const findKettenKopf = async (
  tx: Tx,
  fahrzeugId: string,
): Promise<{ laufnummer: number; hash: string } | undefined> => {
  const [row] = await tx
    .select({ laufnummer: fahrtenbuchKopf.laufnummer, hash: fahrtenbuchKopf.hash })
    .from(fahrtenbuchKopf)
    .where(eq(fahrtenbuchKopf.fahrzeugId, fahrzeugId))
    .orderBy(desc(fahrtenbuchKopf.laufnummer))
    .limit(1);
  return row;
};

/** The head recorded for one number of the vehicle's chain (the purge's anchor is compared with it). */
export const findKopfHash = async (
  tx: Tx,
  fahrzeugId: string,
  laufnummer: number,
): Promise<string | null> => {
  const [row] = await tx
    .select({ hash: fahrtenbuchKopf.hash })
    .from(fahrtenbuchKopf)
    .where(and(eq(fahrtenbuchKopf.fahrzeugId, fahrzeugId), eq(fahrtenbuchKopf.laufnummer, laufnummer)));
  return row?.hash ?? null;
};

/**
 * Deletes a vehicle's logbook versions up to `bisLaufnummer` and records the anchor, through the database
 * function of migration 0018 (the only way past the append-only trigger); answers how many it deleted.
 */
export const loescheKettenanfang = async (
  tx: Tx,
  a: { fahrzeugId: string; bisLaufnummer: number; stichtag: Date; laufId: string; now: Date },
): Promise<number> => {
  const result = await tx.execute(
    sql`select fahrtenbuch_aufbewahrung_loeschen(${a.fahrzeugId}::uuid, ${a.bisLaufnummer}::integer,
          ${a.stichtag.toISOString()}::timestamptz, ${a.laufId}::uuid, ${a.now.toISOString()}::timestamptz) as anzahl`,
  );
  return Number((result.rows[0] as { anzahl?: number | string } | undefined)?.anzahl ?? 0);
};

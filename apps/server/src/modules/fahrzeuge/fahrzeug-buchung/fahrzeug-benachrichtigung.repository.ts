import type { JobBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-benachrichtigung/auswahl';
import type { ReportEintrag } from '@stellwerk/domain/fahrzeuge/fahrzeug-benachrichtigung/report';
import { parseStatus, parseTyp } from '@stellwerk/domain/status';
import { and, asc, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { fahrzeugHistorie } from '../../fahrten/fahrt/fahrt.public.ts';
import { benutzer } from '../../identitaet/benutzer/benutzer.public.ts';
import { customizing } from '../../verwaltung/customizing/customizing.public.ts';
import { fahrzeug } from '../fahrzeug/fahrzeug.public.ts';
import { buchenderId, fahrzeugBenachrichtigung, fahrzeugBuchung } from './fahrzeug-buchung.table.ts';

/** The notice keys the tenant's vehicle jobs sent (decision 067). */
export const findGesendet = async (tx: Tx): Promise<Set<string>> =>
  new Set(
    (await tx.select({ s: fahrzeugBenachrichtigung.schluessel }).from(fahrzeugBenachrichtigung)).map(
      (r) => r.s,
    ),
  );

/** Records sent notices; a key recorded already stays as it was. */
export const insertGesendet = async (
  tx: Tx,
  mandantId: string,
  schluessel: readonly string[],
  now: Date,
): Promise<void> => {
  if (schluessel.length === 0) return;
  await tx
    .insert(fahrzeugBenachrichtigung)
    .values([...new Set(schluessel)].map((s) => ({ mandantId, schluessel: s, gesendetAt: now })))
    .onConflictDoNothing();
};

const jobBuchungColumns = {
  id: fahrzeugBuchung.id,
  fahrzeugId: fahrzeugBuchung.fahrzeugId,
  benutzerId: buchenderId,
  typ: fahrzeugBuchung.typ,
  status: fahrzeugBuchung.status,
  von: fahrzeugBuchung.von,
  bis: fahrzeugBuchung.bis,
};

/**
 * The open trips and blocks the jobs look at: reserved or on the road (status reserviert or aktiv), starting
 * no later than `bis`. Cancelled and performed bookings need no notice any more.
 */
export const findOffeneBuchungen = async (tx: Tx, bis: Date): Promise<JobBuchung[]> =>
  (
    await tx
      .select(jobBuchungColumns)
      .from(fahrzeugBuchung)
      .where(and(inArray(fahrzeugBuchung.status, ['reserviert', 'aktiv']), lte(fahrzeugBuchung.von, bis)))
      .orderBy(asc(fahrzeugBuchung.von))
  ).map((r) => ({ ...r, typ: parseTyp(r.typ), status: parseStatus(r.status) }));

/** The non-cancelled bookings and blocks overlapping `[von, bis)` (for the free car of a location). */
export const findBelegungenIm = async (tx: Tx, von: Date, bis: Date): Promise<JobBuchung[]> =>
  (
    await tx
      .select(jobBuchungColumns)
      .from(fahrzeugBuchung)
      .where(
        and(
          inArray(fahrzeugBuchung.status, ['vorgemerkt', 'reserviert', 'aktiv', 'verschlossen']),
          lt(fahrzeugBuchung.von, bis),
          sql`${fahrzeugBuchung.bis} > ${von}`,
        ),
      )
  ).map((r) => ({ ...r, typ: parseTyp(r.typ), status: parseStatus(r.status) }));

export type JobFahrzeug = {
  id: string;
  standortId: string;
  marke: string;
  modell: string;
  kennzeichen: string;
  deaktiviert: boolean;
  huFaelligAm: string | null;
  uvvFaelligAm: string | null;
};

export const findJobFahrzeuge = async (tx: Tx): Promise<JobFahrzeug[]> =>
  tx
    .select({
      id: fahrzeug.id,
      standortId: fahrzeug.standortId,
      marke: fahrzeug.marke,
      modell: fahrzeug.modell,
      kennzeichen: fahrzeug.kennzeichen,
      deaktiviert: fahrzeug.deaktiviert,
      huFaelligAm: fahrzeug.huFaelligAm,
      uvvFaelligAm: fahrzeug.uvvFaelligAm,
    })
    .from(fahrzeug)
    .orderBy(asc(fahrzeug.kennzeichen));

/** The CHECK_IN and CHECK_OUT entries in `[von, bis)` with what the report counts. */
export const findReportEintraege = async (tx: Tx, von: Date, bis: Date): Promise<ReportEintrag[]> =>
  tx
    .select({
      fahrzeugId: fahrzeugHistorie.fahrzeugId,
      fahrzeugBuchungId: fahrzeugHistorie.fahrzeugBuchungId,
      typ: fahrzeugHistorie.typ,
      zeitpunkt: fahrzeugHistorie.zeitpunkt,
      kilometerstand: fahrzeugHistorie.kilometerstand,
      sauberkeitInnen: fahrzeugHistorie.sauberkeitInnen,
      sauberkeitAussen: fahrzeugHistorie.sauberkeitAussen,
      schaeden: sql<number>`jsonb_array_length(${fahrzeugHistorie.schaeden})`.mapWith(Number),
    })
    .from(fahrzeugHistorie)
    .where(
      and(
        inArray(fahrzeugHistorie.typ, ['CHECK_IN', 'CHECK_OUT']),
        gte(fahrzeugHistorie.zeitpunkt, von),
        lt(fahrzeugHistorie.zeitpunkt, bis),
      ),
    )
    .orderBy(asc(fahrzeugHistorie.zeitpunkt));

/** The tenant's users with one of `adressen` (lower-case address → user id), for the report's language. */
export const findBenutzerZuAdressen = async (
  tx: Tx,
  adressen: readonly string[],
): Promise<Map<string, string>> => {
  if (adressen.length === 0) return new Map();
  const rows = await tx
    .select({ id: benutzer.id, email: benutzer.email })
    .from(benutzer)
    .where(
      inArray(
        sql`lower(${benutzer.email})`,
        adressen.map((a) => a.toLowerCase()),
      ),
    );
  return new Map(rows.map((r) => [r.email.toLowerCase(), r.id]));
};

/** Reserved trips (type BUCHUNG) starting in `(von, bis]`, with their driver: the reminder before the trip. */
export const findReservierteFahrtenIm = async (tx: Tx, von: Date, bis: Date): Promise<JobBuchung[]> =>
  (
    await tx
      .select({ ...jobBuchungColumns, fahrerId: fahrzeugBuchung.fahrerId })
      .from(fahrzeugBuchung)
      .where(
        and(
          sql`${fahrzeugBuchung.status} = 'reserviert'`,
          sql`${fahrzeugBuchung.typ} = 'BUCHUNG'`,
          sql`${fahrzeugBuchung.von} > ${von}`,
          lte(fahrzeugBuchung.von, bis),
        ),
      )
      .orderBy(asc(fahrzeugBuchung.von))
  ).map((r) => ({ ...r, typ: parseTyp(r.typ), status: parseStatus(r.status) }));

/** The largest whole-number value stored for an option at any level of the tenant (null: none stored). */
export const findGroessterWert = async (tx: Tx, option: string): Promise<number | null> => {
  const rows = await tx
    .select({
      n: sql<
        number | null
      >`max(case when ${customizing.wert} ~ '^[0-9]{1,9}$' then ${customizing.wert}::int end)`,
    })
    .from(customizing)
    .where(sql`${customizing.customizingOptionName} = ${option}`);
  const n = rows[0]?.n;
  return n === null || n === undefined ? null : Number(n);
};

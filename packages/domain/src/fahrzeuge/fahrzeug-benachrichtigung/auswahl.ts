/**
 * The vehicle jobs' decisions (decision 067) as pure functions of (bookings, history, settings,
 * sent notices, now): which bookings the automatic release cancels, which missing check-outs are reminded
 * to whom, which next bookers are told that the car is still on the road, and whether the daily care notice
 * is due. Every notice carries a `schluessel` (key); the server records the keys it sent and passes them
 * back as `gesendet`, so each notice goes out once however often the job runs.
 */

import type { BuchungStatus, FahrzeugBuchungTyp } from '../../status.ts';
import { berlinDateKey, berlinInstant } from '../../time.ts';
import {
  type AutoStornoGrund,
  autoStornoFaelligkeit,
  type FreigabeEntscheidung,
} from '../fahrzeug-buchung/auto-freigabe.ts';
import {
  type FahrtStand,
  fahrtStandAus,
  type HistorieEintrag,
  isEingecheckt,
  isSperre,
  isUnterwegs,
} from '../fahrzeug-buchung/machine.ts';

export type JobBuchung = {
  id: string;
  fahrzeugId: string;
  benutzerId: string;
  /** who drives when it is not the booker (the reminder before the trip goes to both) */
  fahrerId?: string | null;
  typ: FahrzeugBuchungTyp;
  status: BuchungStatus;
  von: Date;
  bis: Date;
};

/** The tenant settings the jobs read (spec §9, customizing `Fahrzeug…`). */
export type JobCustomizing = {
  checkInAktiv: boolean;
  /** FahrzeugAutoStornoMinutenNachBeginn; 0 = never */
  autoStornoMinuten: number;
  /** FahrzeugErinnerungFehlenderCheckOutMinuten: booker reminder after the end */
  erinnerungMinuten: number;
  /** FahrzeugEskalationFehlenderCheckOutMinuten: fleet managers and caretakers after the end */
  eskalationMinuten: number;
  /** FahrzeugInfoFehlenderVorCheckOutMinuten: the next booker, this long before their start */
  vorCheckOutInfoMinuten: number;
  /** FahrzeugPflegehinweisZeit, `HH:mm` Berlin */
  pflegehinweisZeit: string;
};

export type Benachrichtigung = { schluessel: string; buchungId: string };

const fahrtVon = (b: JobBuchung, historie: readonly HistorieEintrag[]): FahrtStand =>
  fahrtStandAus({ buchungId: b.id, historie });

/**
 * Automatic release (spec §4): the trips (type BUCHUNG only) not checked in `autoStornoMinuten` after they could
 * be checked in, while check-in is switched on, with the reason to store (decision 110: a special trip waiting for
 * approval counts from its approval or automatic approval; one never checkable while it lasted is cancelled at its
 * end as not approved). `freigaben` holds each special trip's approvers; a trip without an entry needs none.
 * Cancelling changes the status, so a second run finds nothing.
 */
export const autoStornoFaellige = ({
  buchungen,
  historie,
  freigaben = new Map(),
  einstellungen,
  now,
}: {
  buchungen: readonly JobBuchung[];
  historie: readonly HistorieEintrag[];
  freigaben?: ReadonlyMap<string, readonly FreigabeEntscheidung[]>;
  einstellungen: Pick<JobCustomizing, 'checkInAktiv' | 'autoStornoMinuten'>;
  now: Date;
}): { id: string; grund: AutoStornoGrund }[] =>
  buchungen.flatMap((b) => {
    if (b.typ !== 'BUCHUNG') return [];
    const grund = autoStornoFaelligkeit({
      buchung: b,
      fahrt: fahrtVon(b, historie),
      freigeber: freigaben.get(b.id) ?? [],
      now,
      minuten: einstellungen.autoStornoMinuten,
      checkInAktiv: einstellungen.checkInAktiv,
    });
    return grund ? [{ id: b.id, grund }] : [];
  });

/** The ids of `autoStornoFaellige`. */
export const autoStornoKandidaten = (input: Parameters<typeof autoStornoFaellige>[0]): string[] =>
  autoStornoFaellige(input).map((f) => f.id);

/** Is the trip on the road past its end: checked in, not out, not cancelled, a trip rather than a block. */
const ueberfaellig = (b: JobBuchung, fahrt: FahrtStand, now: Date, minuten: number): boolean =>
  !isSperre(b) &&
  b.status !== 'storniert' &&
  isUnterwegs({ fahrt }) &&
  now.getTime() >= b.bis.getTime() + minuten * 60_000;

/**
 * Missing check-out (spec §4): after `erinnerungMinuten` past the end the booker is reminded
 * (`checkout_buchender:<id>`), after `eskalationMinuten` the fleet managers and caretakers are told
 * (`checkout_fuhrpark:<id>`). A job that first sees a trip past both sends both. Nothing while check-in is off.
 */
export const checkOutMahnungen = ({
  buchungen,
  historie,
  einstellungen,
  gesendet,
  now,
}: {
  buchungen: readonly JobBuchung[];
  historie: readonly HistorieEintrag[];
  einstellungen: Pick<JobCustomizing, 'checkInAktiv' | 'erinnerungMinuten' | 'eskalationMinuten'>;
  gesendet: ReadonlySet<string>;
  now: Date;
}): { buchender: Benachrichtigung[]; fuhrpark: Benachrichtigung[] } => {
  const result = { buchender: [] as Benachrichtigung[], fuhrpark: [] as Benachrichtigung[] };
  if (!einstellungen.checkInAktiv) return result;
  for (const b of buchungen) {
    const fahrt = fahrtVon(b, historie);
    const erinnerung = `checkout_buchender:${b.id}`;
    const eskalation = `checkout_fuhrpark:${b.id}`;
    if (ueberfaellig(b, fahrt, now, einstellungen.erinnerungMinuten) && !gesendet.has(erinnerung))
      result.buchender.push({ schluessel: erinnerung, buchungId: b.id });
    if (ueberfaellig(b, fahrt, now, einstellungen.eskalationMinuten) && !gesendet.has(eskalation))
      result.fuhrpark.push({ schluessel: eskalation, buchungId: b.id });
  }
  return result;
};

/**
 * Missing pre-booking check-out (spec §4): a trip of the vehicle that has not been checked in yet, starting
 * within `vorCheckOutInfoMinuten`, whose vehicle's previous trip is still on the road (checked in, not
 * out). Its booker is told once (`vorcheckout:<id>`); `vorherigeId` names the trip still on the road.
 */
export const vorCheckOutHinweise = ({
  buchungen,
  historie,
  einstellungen,
  gesendet,
  now,
}: {
  buchungen: readonly JobBuchung[];
  historie: readonly HistorieEintrag[];
  einstellungen: Pick<JobCustomizing, 'checkInAktiv' | 'vorCheckOutInfoMinuten'>;
  gesendet: ReadonlySet<string>;
  now: Date;
}): (Benachrichtigung & { vorherigeId: string })[] => {
  if (!einstellungen.checkInAktiv) return [];
  const result: (Benachrichtigung & { vorherigeId: string })[] = [];
  const fahrten = buchungen.filter((b) => !isSperre(b) && b.status !== 'storniert');
  for (const b of fahrten) {
    const schluessel = `vorcheckout:${b.id}`;
    if (gesendet.has(schluessel) || isEingecheckt({ fahrt: fahrtVon(b, historie) })) continue;
    const start = b.von.getTime();
    if (now.getTime() < start - einstellungen.vorCheckOutInfoMinuten * 60_000 || now.getTime() >= start)
      continue;
    const vorherige = fahrten
      .filter((v) => v.fahrzeugId === b.fahrzeugId && v.id !== b.id && v.von.getTime() < start)
      .sort((x, y) => y.von.getTime() - x.von.getTime())[0];
    if (vorherige && isUnterwegs({ fahrt: fahrtVon(vorherige, historie) }))
      result.push({ schluessel, buchungId: b.id, vorherigeId: vorherige.id });
  }
  return result;
};

/**
 * The daily care notice (spec §9 "care-information time"): once a Berlin day, from `pflegehinweisZeit`
 * on, the vehicle caretakers get the list of trips ended and still not checked out. Returns the day's key
 * and the trips, or null when it is not time yet, it went out already, or nothing is missing.
 */
export const pflegehinweis = ({
  buchungen,
  historie,
  einstellungen,
  gesendet,
  now,
}: {
  buchungen: readonly JobBuchung[];
  historie: readonly HistorieEintrag[];
  einstellungen: Pick<JobCustomizing, 'checkInAktiv' | 'pflegehinweisZeit'>;
  gesendet: ReadonlySet<string>;
  now: Date;
}): { schluessel: string; buchungIds: string[] } | null => {
  if (!einstellungen.checkInAktiv) return null;
  const tag = berlinDateKey(now);
  const schluessel = `pflegehinweis:${tag}`;
  if (gesendet.has(schluessel)) return null;
  if (now.getTime() < berlinInstant(tag, einstellungen.pflegehinweisZeit).getTime()) return null;
  const buchungIds = buchungen
    .filter((b) => ueberfaellig(b, fahrtVon(b, historie), now, 0))
    .sort((a, b) => a.bis.getTime() - b.bis.getTime())
    .map((b) => b.id);
  return buchungIds.length > 0 ? { schluessel, buchungIds } : null;
};

/**
 * A free car of the location for the next booker whose vehicle is still on the road: active vehicles of the
 * same location, other than `fahrzeugId`, with no non-cancelled booking or block overlapping `[von, bis)`,
 * nor a trip still on the road. The first by plate, or null.
 */
export const freiesErsatzfahrzeug = <F extends { id: string; standortId: string; kennzeichen: string }>({
  fahrzeuge,
  belegungen,
  historie,
  fahrzeugId,
  standortId,
  von,
  bis,
}: {
  fahrzeuge: readonly F[];
  belegungen: readonly JobBuchung[];
  historie: readonly HistorieEintrag[];
  fahrzeugId: string;
  standortId: string;
  von: Date;
  bis: Date;
}): F | null =>
  [...fahrzeuge]
    .filter((f) => f.id !== fahrzeugId && f.standortId === standortId)
    .filter(
      (f) =>
        !belegungen.some(
          (b) =>
            b.fahrzeugId === f.id &&
            b.status !== 'storniert' &&
            ((b.von < bis && von < b.bis) || isUnterwegs({ fahrt: fahrtVon(b, historie) })),
        ),
    )
    .sort((a, b) => a.kennzeichen.localeCompare(b.kennzeichen, 'de'))[0] ?? null;

/**
 * The reminder before the trip (spec §9, FahrzeugZeitErinnerungsmail, R364): each reserved trip (type BUCHUNG) that
 * has not started is reminded to its booker and its driver once each, from their own lead (`vorlauf`, minutes, the
 * person's effective value; 0 = none) before its start. The key carries the start, so a trip moved to another
 * time is reminded again.
 */
export const fahrtErinnerungen = ({
  buchungen,
  vorlauf,
  gesendet,
  now,
}: {
  buchungen: readonly JobBuchung[];
  vorlauf: ReadonlyMap<string, number>;
  gesendet: ReadonlySet<string>;
  now: Date;
}): (Benachrichtigung & { benutzerId: string })[] => {
  const result: (Benachrichtigung & { benutzerId: string })[] = [];
  for (const b of buchungen) {
    if (isSperre(b) || b.status !== 'reserviert' || now.getTime() >= b.von.getTime()) continue;
    for (const benutzerId of new Set([b.benutzerId, ...(b.fahrerId ? [b.fahrerId] : [])])) {
      const minuten = vorlauf.get(benutzerId) ?? 0;
      const schluessel = `erinnerung:${b.id}:${b.von.toISOString()}:${benutzerId}`;
      if (minuten <= 0 || gesendet.has(schluessel)) continue;
      if (now.getTime() >= b.von.getTime() - minuten * 60_000)
        result.push({ schluessel, buchungId: b.id, benutzerId });
    }
  }
  return result;
};

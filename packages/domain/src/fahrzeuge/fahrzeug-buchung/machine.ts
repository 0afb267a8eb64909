/**
 * The vehicle booking lifecycle of spec §4 as data plus guards: booked (reserviert) → check-in (aktiv) →
 * check-out (durchgeführt); cancelled (storniert) by the user, an admin or the system.
 *
 * One source of truth for "checked in / checked out" (spec §4): the history entries of type CHECK_IN and
 * CHECK_OUT tied to the booking. `fahrtStandAus` reads them; the stored status is a projection of them
 * (`statusAusFahrt`) that the server writes in the same transaction as the history entry, so queries and
 * the exclusion constraint can use the column. Every guard here first projects the status from the
 * history, so a stale column can never make a booking look checked in when no CHECK_IN entry exists.
 *
 * Blocks (typ WARTUNG, SERVICE, DEFEKT) share the table but have no check-in, no check-out, no reminder
 * and are never cancelled automatically for a missing check-in.
 */
import { DomainError, type RuleViolation } from '../../errors.ts';
import type { BuchungStatus, FahrzeugBuchungTyp, HistorieTyp } from '../../status.ts';
import { formatTimeDE } from '../../time.ts';

/**
 * Cancellation texts stored in `informationstext`. The first three are the spec's exact texts (§4); the
 * others name the system cancellations of §4 the spec lists without a text (decision 040).
 */
export const STORNO_GRUND = {
  fahrzeugDeaktiviert: 'Storno, weil Fahrzeug deaktiviert wurde.',
  standortAenderung: 'Storno wegen Standortänderung am Fahrzeug',
  nichtMehrBuchbar: 'Storno da Fahrzeug zum Buchungszeitpunkt nicht mehr buchbar ist.',
  sonderfreigabeAbgelehnt: 'Storno, weil die Sonderfreigabe abgelehnt wurde.',
  checkInVersaeumt: 'Storno, weil der Check-in nicht rechtzeitig erfolgte.',
  nichtFreigegeben: 'Storno, weil die Sonderfahrt bis zu ihrem Ende nicht freigegeben wurde.',
  WARTUNG: 'Storno wegen Wartung des Fahrzeugs.',
  SERVICE: 'Storno wegen Service des Fahrzeugs.',
  DEFEKT: 'Storno wegen Defekt des Fahrzeugs.',
  fahrverbot: 'Storno wegen Fahrverbot des Fahrers.',
} as const;

/** The system's cancellation reasons (a block, a ban, auto-release, a rejected approval, a vehicle change). */
const SYSTEM_GRUENDE: ReadonlySet<string> = new Set(Object.values(STORNO_GRUND));

/**
 * Whether a booking was cancelled by the system (decision 135): cancelled, with one of the system's
 * reasons as its information text. A booking the user cancelled themself keeps their own text (or none).
 */
export const isSystemStorno = ({
  status,
  informationstext,
}: {
  status: string;
  informationstext: string | null;
}): boolean => status === 'storniert' && informationstext !== null && SYSTEM_GRUENDE.has(informationstext);

/**
 * How long "Meine Buchungen" keeps showing a trip cancelled by the system or by another person: days after its end
 * (decisions 135, 149).
 */
export const SYSTEM_STORNO_ANZEIGE_TAGE = 14;

/**
 * Whether the trip was cancelled by someone other than its booker (decision 149): by the system (one of its reasons
 * as the information text), or by a person (`storniertVon`: staff cancelling someone else's trip, an approver
 * rejecting it) who is not the booker. The booker's own cancellation is none.
 */
export const isFremdStorno = (buchung: {
  status: string;
  informationstext: string | null;
  benutzerId: string;
  storniertVon: string | null;
}): boolean =>
  isSystemStorno(buchung) ||
  (buchung.status === 'storniert' &&
    buchung.storniertVon !== null &&
    buchung.storniertVon !== buchung.benutzerId);

/**
 * Whether "Meine Buchungen" shows the booking: every booking not cancelled that the list answers, and one cancelled
 * by someone other than its booker (`isFremdStorno`) until `tage` days after its end, with its reason, instead of
 * letting it vanish; the booker's own cancellation goes at once (decisions 135, 149).
 */
export const isInMeinenBuchungen = ({
  buchung,
  now,
  tage = SYSTEM_STORNO_ANZEIGE_TAGE,
}: {
  buchung: {
    status: string;
    informationstext: string | null;
    bis: Date;
    benutzerId: string;
    storniertVon: string | null;
  };
  now: Date;
  tage?: number;
}): boolean =>
  buchung.status !== 'storniert' ||
  (isFremdStorno(buchung) && buchung.bis.getTime() + tage * 86_400_000 > now.getTime());

/**
 * Someone other than the booker who cancels a trip (staff under their right) must say why (decision 149): the
 * booker gets the reason by mail and in "Meine Buchungen". The booker cancelling their own trip needs none.
 */
export const fremdStornoGrundVerstoss = ({
  benutzerId,
  akteurId,
  grund,
}: {
  /** the booker */
  benutzerId: string;
  akteurId: string;
  grund: string | null | undefined;
}): RuleViolation | null =>
  akteurId !== benutzerId && !grund?.trim() ? { code: 'fahrzeug_buchung.grund_fehlt', params: {} } : null;

export type FahrzeugBuchungAktion =
  | 'checkIn'
  | 'checkOut'
  | 'stornieren'
  | 'ablehnen'
  | 'autoStorno'
  | 'systemStorno'
  | 'abschliessen';

/**
 * The transition table: from which statuses an action is allowed and where it leads.
 * - stornieren: the booker or an admin, before the trip began;
 * - ablehnen: an approver rejects a special trip, which cancels it (spec §4);
 * - autoStorno: missing check-in after the configured minutes (only type BUCHUNG, see isAutoStornoFaellig);
 * - systemStorno: bulk cancellation (vehicle deactivated or changed, maintenance block, driving ban):
 *   every status except durchgeführt (spec §4, §7 "excluding durchgeführt") and storniert itself;
 * - abschliessen: with check-in switched off, a past booking counts as performed.
 * vorgemerkt is accepted as a cancellable start status for data from older systems.
 */
export const FAHRZEUG_BUCHUNG_UEBERGAENGE: Readonly<
  Record<FahrzeugBuchungAktion, { von: readonly BuchungStatus[]; nach: BuchungStatus }>
> = {
  checkIn: { von: ['reserviert'], nach: 'aktiv' },
  checkOut: { von: ['aktiv'], nach: 'durchgeführt' },
  stornieren: { von: ['vorgemerkt', 'reserviert'], nach: 'storniert' },
  ablehnen: { von: ['vorgemerkt', 'reserviert'], nach: 'storniert' },
  autoStorno: { von: ['reserviert'], nach: 'storniert' },
  systemStorno: { von: ['vorgemerkt', 'reserviert', 'aktiv', 'verschlossen'], nach: 'storniert' },
  abschliessen: { von: ['reserviert'], nach: 'durchgeführt' },
};

/** The status after `aktion`; throws 'fahrzeug_buchung.schritt_nicht_erlaubt' when the table has no such step. */
export const naechsterFahrzeugStatus = ({
  status,
  aktion,
}: {
  status: BuchungStatus;
  aktion: FahrzeugBuchungAktion;
}): BuchungStatus => {
  const step = FAHRZEUG_BUCHUNG_UEBERGAENGE[aktion];
  if (!step.von.includes(status)) throw new DomainError('fahrzeug_buchung.schritt_nicht_erlaubt', { status });
  return step.nach;
};

/** Spec §4 bulk cancellation takes every booking the table's systemStorno step allows (not durchgeführt). */
export const isMassenStornierbar = ({ status }: { status: BuchungStatus }): boolean =>
  FAHRZEUG_BUCHUNG_UEBERGAENGE.systemStorno.von.includes(status);

/** A maintenance, service or defect block rather than a trip. */
export const isSperre = ({ typ }: { typ: FahrzeugBuchungTyp }): boolean => typ !== 'BUCHUNG';

/** Check-in and check-out of one booking as its history entries say (null = not yet). */
export type FahrtStand = { eingechecktAm: Date | null; ausgechecktAm: Date | null };

export const FAHRT_OFFEN: FahrtStand = { eingechecktAm: null, ausgechecktAm: null };

export type HistorieEintrag = { typ: HistorieTyp; fahrzeugBuchungId: string | null; zeitpunkt: Date };

/** Spec §4: checked in / out via CHECK_IN / CHECK_OUT history entries tied to the booking (the first of each). */
export const fahrtStandAus = ({
  buchungId,
  historie,
}: {
  buchungId: string;
  historie: readonly HistorieEintrag[];
}): FahrtStand => {
  const first = (typ: HistorieTyp): Date | null => {
    const times = historie
      .filter((h) => h.typ === typ && h.fahrzeugBuchungId === buchungId)
      .map((h) => h.zeitpunkt.getTime());
    return times.length > 0 ? new Date(Math.min(...times)) : null;
  };
  return { eingechecktAm: first('CHECK_IN'), ausgechecktAm: first('CHECK_OUT') };
};

export const isEingecheckt = ({ fahrt }: { fahrt: FahrtStand }): boolean => fahrt.eingechecktAm !== null;
export const isAusgecheckt = ({ fahrt }: { fahrt: FahrtStand }): boolean => fahrt.ausgechecktAm !== null;
/** On the road: checked in and not yet checked out. */
export const isUnterwegs = ({ fahrt }: { fahrt: FahrtStand }): boolean =>
  fahrt.eingechecktAm !== null && fahrt.ausgechecktAm === null;

/**
 * The status the history implies: a cancelled booking stays storniert; otherwise a CHECK_OUT entry
 * makes it durchgeführt and a CHECK_IN entry aktiv; without either the stored status stands (reserviert,
 * vorgemerkt, or durchgeführt when closed with check-in switched off). A stored aktiv without a
 * CHECK_IN entry is not trusted and reads as reserviert.
 */
export const statusAusFahrt = ({
  status,
  fahrt,
}: {
  status: BuchungStatus;
  fahrt: FahrtStand;
}): BuchungStatus => {
  if (status === 'storniert') return status;
  if (fahrt.ausgechecktAm) return 'durchgeführt';
  if (fahrt.eingechecktAm) return 'aktiv';
  return status === 'aktiv' ? 'reserviert' : status;
};

type BuchungKern = { status: BuchungStatus; typ: FahrzeugBuchungTyp; von: Date; bis: Date };

/**
 * Guards of check-in: a trip (not a block), check-in switched on for the tenant, not yet checked in
 * (history), status reserviert, not earlier than `vorlaufMinuten` before the start, not after the end,
 * and the booking released (spec §4, §8 'Ein CheckIn ist nicht möglich, da die Buchung nicht freigegeben
 * wurde!').
 */
export const checkInVerstoss = ({
  buchung,
  fahrt,
  now,
  freigegeben,
  checkInAktiv = true,
  vorlaufMinuten = 15,
}: {
  buchung: BuchungKern;
  fahrt: FahrtStand;
  now: Date;
  freigegeben: boolean;
  checkInAktiv?: boolean;
  vorlaufMinuten?: number;
}): RuleViolation | null => {
  if (isSperre(buchung)) return { code: 'fahrzeug_buchung.checkin_sperre', params: {} };
  if (!checkInAktiv) return { code: 'fahrzeug_buchung.checkin_inaktiv', params: {} };
  if (isAusgecheckt({ fahrt })) return { code: 'fahrzeug_buchung.bereits_ausgecheckt', params: {} };
  if (isEingecheckt({ fahrt })) return { code: 'fahrzeug_buchung.bereits_eingecheckt', params: {} };
  const status = statusAusFahrt({ status: buchung.status, fahrt });
  if (!FAHRZEUG_BUCHUNG_UEBERGAENGE.checkIn.von.includes(status))
    return { code: 'fahrzeug_buchung.schritt_nicht_erlaubt', params: { status } };
  const earliest = new Date(buchung.von.getTime() - vorlaufMinuten * 60_000);
  if (now.getTime() < earliest.getTime())
    return { code: 'fahrzeug_buchung.checkin_zu_frueh', params: { zeit: formatTimeDE(earliest) } };
  if (now.getTime() >= buchung.bis.getTime()) return { code: 'fahrzeug_buchung.checkin_vorbei', params: {} };
  if (!freigegeben) return { code: 'fahrzeug_buchung.checkin_nicht_freigegeben', params: {} };
  return null;
};

/**
 * Guards of check-out: a trip, checked in and not yet checked out (history). A trip cancelled in bulk while on
 * the road (vehicle deactivated or moved) can still be checked out, so the return and the mileage are recorded;
 * its status stays storniert (`statusAusFahrt`).
 */
export const checkOutVerstoss = ({
  buchung,
  fahrt,
}: {
  buchung: Pick<BuchungKern, 'status' | 'typ'>;
  fahrt: FahrtStand;
}): RuleViolation | null => {
  if (isSperre(buchung)) return { code: 'fahrzeug_buchung.checkin_sperre', params: {} };
  if (isAusgecheckt({ fahrt })) return { code: 'fahrzeug_buchung.bereits_ausgecheckt', params: {} };
  if (!isEingecheckt({ fahrt })) return { code: 'fahrzeug_buchung.nicht_eingecheckt', params: {} };
  const status = statusAusFahrt({ status: buchung.status, fahrt });
  if (status !== 'storniert' && !FAHRZEUG_BUCHUNG_UEBERGAENGE.checkOut.von.includes(status))
    return { code: 'fahrzeug_buchung.schritt_nicht_erlaubt', params: { status } };
  return null;
};

/**
 * Spec §4: missing check-in leads to automatic release and cancellation `minuten` after the start
 * (0 = never; only while check-in is switched on). Only trips: a WARTUNG/SERVICE/DEFEKT block is never
 * cancelled automatically. "Checked in" comes from the history.
 */
export const isAutoStornoFaellig = ({
  buchung,
  fahrt,
  now,
  minuten,
  checkInAktiv = true,
}: {
  buchung: Pick<BuchungKern, 'status' | 'typ' | 'von'>;
  fahrt: FahrtStand;
  now: Date;
  minuten: number;
  checkInAktiv?: boolean;
}): boolean =>
  checkInAktiv &&
  minuten > 0 &&
  !isSperre(buchung) &&
  !isEingecheckt({ fahrt }) &&
  FAHRZEUG_BUCHUNG_UEBERGAENGE.autoStorno.von.includes(statusAusFahrt({ status: buchung.status, fahrt })) &&
  now.getTime() >= buchung.von.getTime() + minuten * 60_000;

export type CheckOutMahnstufe = 'keine' | 'buchender' | 'fuhrparkmanager';

/** Spec §4: an overdue check-out (checked in, not out, past the end) is reminded to the booker, then the fleet manager. */
export const checkOutMahnstufe = ({
  buchung,
  fahrt,
  now,
  erinnerungMinuten,
  eskalationMinuten,
}: {
  buchung: Pick<BuchungKern, 'status' | 'typ' | 'bis'>;
  fahrt: FahrtStand;
  now: Date;
  erinnerungMinuten: number;
  eskalationMinuten: number;
}): CheckOutMahnstufe => {
  if (isSperre(buchung) || buchung.status === 'storniert' || !isUnterwegs({ fahrt })) return 'keine';
  const overdue = now.getTime() - buchung.bis.getTime();
  if (overdue >= eskalationMinuten * 60_000) return 'fuhrparkmanager';
  if (overdue >= erinnerungMinuten * 60_000) return 'buchender';
  return 'keine';
};

/**
 * Spec §4: when the previous booking of the vehicle is still on the road (checked in, not checked out),
 * the next booker is told, from `minuten` before their start until the start.
 */
export const isVorCheckOutInfoFaellig = ({
  vorherigeFahrt,
  naechsterBeginn,
  now,
  minuten,
}: {
  vorherigeFahrt: FahrtStand;
  naechsterBeginn: Date;
  now: Date;
  minuten: number;
}): boolean =>
  isUnterwegs({ fahrt: vorherigeFahrt }) &&
  now.getTime() >= naechsterBeginn.getTime() - minuten * 60_000 &&
  now.getTime() < naechsterBeginn.getTime();

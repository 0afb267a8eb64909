/**
 * Special trips and their approval (spec §4, §6, §8): a booking outside the booking times (where outside
 * booking is allowed) is a special trip; the booker picks approvers among the users holding
 * fahrzeug_freigabe_von_sonderfahrten; one approval releases it, a rejection cancels it.
 */
import { DomainError, type RuleViolation } from '../../errors.ts';
import type { PermissionName } from '../../permissions.ts';
import type { BuchungStatus, FahrzeugBuchungTyp } from '../../status.ts';
import { FAHRZEUG_BUCHUNG_UEBERGAENGE, STORNO_GRUND } from './machine.ts';

/** Spec §4/§9: a booking counts as released when it started more than 1 hour ago. */
export const FREIGABE_NACH_BEGINN_MINUTEN = 60;

/** One approver row of `sonderfreigabe`; `isFreigegeben` null = not decided yet. */
export type Freigeber = { benutzerId?: string; isFreigegeben: boolean | null };

/**
 * Spec §4: a vehicle booking is released (freigegeben) if it started more than an hour ago, has no
 * approvers, or at least one approver approved.
 */
export const isFahrzeugBuchungFreigegeben = ({
  von,
  now,
  freigeber,
  freigabeNachBeginnMinuten = FREIGABE_NACH_BEGINN_MINUTEN,
}: {
  von: Date;
  now: Date;
  freigeber: readonly Freigeber[];
  freigabeNachBeginnMinuten?: number;
}): boolean =>
  von.getTime() < now.getTime() - freigabeNachBeginnMinuten * 60_000 ||
  freigeber.length === 0 ||
  freigeber.some((f) => f.isFreigegeben === true);

/** Check-in is blocked while the booking is unapproved (spec §4, §8). */
export const assertCheckInFreigegeben = (input: Parameters<typeof isFahrzeugBuchungFreigegeben>[0]): void => {
  if (!isFahrzeugBuchungFreigegeben(input))
    throw new DomainError('fahrzeug_buchung.checkin_nicht_freigegeben');
};

/** Whether the booking still waits for a decision: a special trip, open, nobody approved yet. */
export const wartetAufFreigabe = ({
  status,
  freigeber,
}: {
  status: BuchungStatus;
  freigeber: readonly Freigeber[];
}): boolean =>
  FAHRZEUG_BUCHUNG_UEBERGAENGE.ablehnen.von.includes(status) &&
  freigeber.length > 0 &&
  !freigeber.some((f) => f.isFreigegeben === true);

export type FreigeberKandidat = { id: string; status: string; permissions: ReadonlySet<PermissionName> };

/** Spec §6: possible approvers are active users holding fahrzeug_freigabe_von_sonderfahrten. */
export const isMoeglicherFreigeber = ({ person }: { person: FreigeberKandidat }): boolean =>
  person.status === 'aktiv' && person.permissions.has('fahrzeug_freigabe_von_sonderfahrten');

/**
 * The approvers chosen for a booking: a special trip needs at least one; every chosen person must be a
 * possible approver (looked up in `kandidaten`) and not the booker or driver themself (decision 040:
 * nobody approves their own special trip). A booking inside the window needs none; chosen ones are
 * ignored by the server.
 */
export const freigeberVerstoss = ({
  sonderfahrt,
  freigeberIds,
  kandidaten,
  buchenderId,
  fahrerId = null,
}: {
  sonderfahrt: boolean;
  freigeberIds: readonly string[];
  kandidaten: readonly FreigeberKandidat[];
  buchenderId: string;
  fahrerId?: string | null;
}): RuleViolation | null => {
  if (!sonderfahrt) return null;
  if (freigeberIds.length === 0) return { code: 'fahrzeug_buchung.freigeber_fehlt', params: {} };
  for (const id of freigeberIds) {
    const person = kandidaten.find((k) => k.id === id);
    if (!person || !isMoeglicherFreigeber({ person }) || id === buchenderId || id === fahrerId)
      return { code: 'fahrzeug_buchung.freigeber_ungueltig', params: {} };
  }
  return null;
};

/**
 * After a change of a booking (decision 040): became a special trip, or moved while one → ask the
 * approvers again (all decisions reset); no longer a special trip → remove the approvers; otherwise keep.
 */
export const freigabeNachAenderung = ({
  warSonderfahrt,
  istSonderfahrt,
  zeitGeaendert,
}: {
  warSonderfahrt: boolean;
  istSonderfahrt: boolean;
  zeitGeaendert: boolean;
}): 'neu_anfragen' | 'entfernen' | 'behalten' => {
  if (!istSonderfahrt) return warSonderfahrt ? 'entfernen' : 'behalten';
  if (!warSonderfahrt || zeitGeaendert) return 'neu_anfragen';
  return 'behalten';
};

/**
 * An approver decides (spec §4, §8). Refused without a session user ('User not found! Kein update der
 * Sonderfreigabe möglich.'), for someone not listed as approver, for a decided row, and when the booking
 * no longer waits (cancelled, performed, or already approved by another approver). The result says what
 * follows: an approval releases the booking; a rejection cancels it with its reason.
 */
export const sonderfreigabeEntscheiden = ({
  benutzerId,
  buchung,
  freigeber,
  freigegeben,
  begruendung,
}: {
  benutzerId: string | null | undefined;
  buchung: { status: BuchungStatus };
  freigeber: readonly (Freigeber & { benutzerId: string })[];
  freigegeben: boolean;
  /** the approver's reason for a rejection (decision 049), written after the cancellation text */
  begruendung?: string;
}):
  | { verstoss: RuleViolation }
  | { verstoss: null; folge: { status: BuchungStatus; informationstext: string | null } } => {
  if (!benutzerId) return { verstoss: { code: 'sonderfreigabe.user_not_found', params: {} } };
  const row = freigeber.find((f) => f.benutzerId === benutzerId);
  if (!row) return { verstoss: { code: 'sonderfreigabe.nicht_freigeber', params: {} } };
  if (row.isFreigegeben !== null)
    return { verstoss: { code: 'sonderfreigabe.bereits_entschieden', params: {} } };
  if (!wartetAufFreigabe({ status: buchung.status, freigeber }))
    return { verstoss: { code: 'sonderfreigabe.nicht_offen', params: {} } };
  return freigegeben
    ? { verstoss: null, folge: { status: buchung.status, informationstext: null } }
    : {
        verstoss: null,
        folge: {
          status: FAHRZEUG_BUCHUNG_UEBERGAENGE.ablehnen.nach,
          informationstext: ablehnungsText({ begruendung }),
        },
      };
};

/**
 * The information text of a booking cancelled by a rejection (decision 049): the cancellation reason of
 * decision 040, then the approver's own words.
 */
export const ablehnungsText = ({ begruendung }: { begruendung?: string | null }): string => {
  const grund = begruendung?.trim();
  return grund
    ? `${STORNO_GRUND.sonderfreigabeAbgelehnt} Begründung: ${grund}`
    : STORNO_GRUND.sonderfreigabeAbgelehnt;
};

/**
 * Whether the booking awaits the decision of `benutzerId` (the approvals page and its menu count, decision
 * 049): a trip (not a block) waiting for approval, not yet ended, with an undecided row of that approver.
 */
export const wartetAufEntscheidungVon = ({
  benutzerId,
  buchung,
  freigeber,
  now,
}: {
  benutzerId: string;
  buchung: { status: BuchungStatus; typ: FahrzeugBuchungTyp; bis: Date };
  freigeber: readonly (Freigeber & { benutzerId: string })[];
  now: Date;
}): boolean =>
  buchung.typ === 'BUCHUNG' &&
  buchung.bis.getTime() > now.getTime() &&
  wartetAufFreigabe({ status: buchung.status, freigeber }) &&
  freigeber.some((f) => f.benutzerId === benutzerId && f.isFreigegeben === null);

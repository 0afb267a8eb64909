/**
 * What the current user may do with one vehicle booking, attached by the API to each booking it returns
 * (`aktionen`), so the web app shows the actions without re-implementing rules. The server still checks
 * each action again inside its transaction.
 */
import type { PermissionName } from '../../permissions.ts';
import type { BuchungStatus, FahrzeugBuchungTyp } from '../../status.ts';
import { type Freigeber, isFahrzeugBuchungFreigegeben, wartetAufFreigabe } from './freigabe.ts';
import {
  checkInVerstoss,
  checkOutVerstoss,
  FAHRZEUG_BUCHUNG_UEBERGAENGE,
  type FahrtStand,
  isEingecheckt,
  isSperre,
  statusAusFahrt,
} from './machine.ts';

export type FahrzeugBuchungAbilities = {
  kannAendern: boolean;
  kannStornieren: boolean;
  kannFreigeben: boolean;
  kannAblehnen: boolean;
  kannEinchecken: boolean;
  kannAuschecken: boolean;
  /** a special trip still waiting for an approval */
  wartetAufFreigabe: boolean;
  /** spec §4 released rule */
  freigegeben: boolean;
};

export type PolicyBuchung = {
  status: BuchungStatus;
  typ: FahrzeugBuchungTyp;
  von: Date;
  bis: Date;
  benutzerId: string;
  fahrerId: string | null;
  freigeber: readonly (Freigeber & { benutzerId: string })[];
  fahrt: FahrtStand;
};

export type PolicyUser = { id: string; permissions: ReadonlySet<PermissionName> };

/**
 * The abilities of `user` on `booking` at `now` (decision 040):
 * - change and cancel: the booker (holding fahrzeug_buchen or fahrzeug_fremdbuchung) or a maintainer of
 *   bookings (`buchung_pflege`) for trips; a fleet administrator (`fahrzeug_pflege`) for trips and blocks;
 *   while the status allows cancelling, the trip has not been checked in (history) and has not ended;
 * - approve and reject: a listed approver without a decision, holding fahrzeug_freigabe_von_sonderfahrten,
 *   while the booking waits for approval and has not ended;
 * - check in and out: the driver, or the booker when no driver is named, under the machine's guards.
 */
export const abilitiesFor = ({
  booking,
  user,
  now,
  checkInAktiv = true,
  checkInVorlaufMinuten = 15,
  freigabeNachBeginnMinuten,
}: {
  booking: PolicyBuchung;
  user: PolicyUser;
  now: Date;
  checkInAktiv?: boolean;
  checkInVorlaufMinuten?: number;
  freigabeNachBeginnMinuten?: number;
}): FahrzeugBuchungAbilities => {
  const status = statusAusFahrt({ status: booking.status, fahrt: booking.fahrt });
  const sperre = isSperre(booking);
  const pflege = user.permissions.has('fahrzeug_pflege');
  const buchender =
    booking.benutzerId === user.id &&
    (user.permissions.has('fahrzeug_buchen') || user.permissions.has('fahrzeug_fremdbuchung'));
  const fremdePflege = user.permissions.has('buchung_pflege');
  const fahrer = (booking.fahrerId ?? booking.benutzerId) === user.id;
  const offen =
    FAHRZEUG_BUCHUNG_UEBERGAENGE.stornieren.von.includes(status) &&
    !isEingecheckt({ fahrt: booking.fahrt }) &&
    booking.bis.getTime() > now.getTime();
  const verwalten = offen && (sperre ? pflege : pflege || fremdePflege || buchender);

  const wartet = !sperre && wartetAufFreigabe({ status, freigeber: booking.freigeber });
  const eigeneFreigabe = booking.freigeber.find((f) => f.benutzerId === user.id);
  const entscheiden =
    wartet &&
    booking.bis.getTime() > now.getTime() &&
    eigeneFreigabe !== undefined &&
    eigeneFreigabe.isFreigegeben === null &&
    user.permissions.has('fahrzeug_freigabe_von_sonderfahrten');

  const freigegeben = isFahrzeugBuchungFreigegeben({
    von: booking.von,
    now,
    freigeber: booking.freigeber,
    ...(freigabeNachBeginnMinuten === undefined ? {} : { freigabeNachBeginnMinuten }),
  });
  const darfFahren = fahrer && !sperre;
  return {
    kannAendern: verwalten,
    kannStornieren: verwalten,
    kannFreigeben: entscheiden,
    kannAblehnen: entscheiden,
    kannEinchecken:
      darfFahren &&
      checkInVerstoss({
        buchung: booking,
        fahrt: booking.fahrt,
        now,
        freigegeben,
        checkInAktiv,
        vorlaufMinuten: checkInVorlaufMinuten,
      }) === null,
    kannAuschecken:
      darfFahren && checkInAktiv && checkOutVerstoss({ buchung: booking, fahrt: booking.fahrt }) === null,
    wartetAufFreigabe: wartet,
    freigegeben,
  };
};

/**
 * Whether a booking or block counts as the user's own trip on the vehicle's pages: a trip (BUCHUNG) they booked or
 * drive. A block a fleet manager entered is a block, not "Ihre Buchung".
 */
export const isEigeneFahrt = ({
  termin,
  benutzerId,
}: {
  termin: { typ: string; benutzerId: string; fahrerId: string | null };
  benutzerId: string;
}): boolean =>
  termin.typ === 'BUCHUNG' && (termin.benutzerId === benutzerId || termin.fahrerId === benutzerId);

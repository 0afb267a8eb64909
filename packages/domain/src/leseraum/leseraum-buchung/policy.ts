/**
 * What the current user may do with a reading-room booking: one tested policy that the API attaches to
 * every booking it returns, so the web app shows actions without re-implementing the rules.
 */
import type { BuchungStatus } from '../../status.ts';
import {
  type LeseraumAkteur,
  leseraumAkteur,
  leseraumBestaetigungVerstoss,
  leseraumCheckInVerstoss,
  leseraumStornoVerstoss,
} from './machine.ts';

export type LeseraumBuchungAbilities = {
  kannBestaetigen: boolean;
  kannStornieren: boolean;
  kannEinchecken: boolean;
  kannAendern: boolean;
};

export const leseraumBuchungAbilities = ({
  buchung,
  userMail,
  istPersonal,
  now,
}: {
  buchung: { status: BuchungStatus; von: Date; buchenderMail: string | null; bestaetigerMail: string | null };
  userMail: string;
  /** The user holds `buchung_pflege`. */
  istPersonal: boolean;
  now: Date;
}): LeseraumBuchungAbilities & { akteur: LeseraumAkteur } => {
  const akteur = leseraumAkteur({
    userMail,
    buchenderMail: buchung.buchenderMail,
    bestaetigerMail: buchung.bestaetigerMail,
    istPersonal,
  });
  const offen = buchung.status === 'vorgemerkt' || buchung.status === 'reserviert';
  return {
    akteur,
    kannBestaetigen: leseraumBestaetigungVerstoss({ ...buchung, akteur, now }) === null,
    kannStornieren: leseraumStornoVerstoss({ status: buchung.status, akteur }) === null,
    kannEinchecken: leseraumCheckInVerstoss({ ...buchung, akteur, now }) === null,
    // Booker, confirmer and staff may move a hold or reservation that has not started yet.
    kannAendern: akteur !== 'andere' && offen && buchung.von.getTime() > now.getTime(),
  };
};

/**
 * Deactivating a place or a floor plan (`/admin/raeume`, decision 051) cancels the place's bookings that
 * have not ended: the system acts as staff on each booking (so holds and reservations are cancelled, a
 * performed booking stays), and the booker gets the deactivation mail (useMailRaumDeaktivierungSystemStorno).
 */
import type { BuchungStatus } from '../../status.ts';
import { leseraumStornoVerstoss } from './machine.ts';
import { type LeseraumMailTyp, leseraumMailFuer } from './mail.ts';

export type DeaktivierungsStorno = { nach: 'storniert'; mail: LeseraumMailTyp };

/** What deactivating its place does to a booking in `status`: cancelled with the deactivation mail, or kept (null). */
export const deaktivierungsStorno = (status: BuchungStatus): DeaktivierungsStorno | null => {
  if (leseraumStornoVerstoss({ status, akteur: 'personal' })) return null;
  const mail = leseraumMailFuer({ art: 'raum_deaktiviert' });
  return mail ? { nach: 'storniert', mail } : null;
};

/**
 * Whether deactivating the place at `now` affects the booking: it is one the system may cancel and it has not
 * ended (a running hold or reservation is cancelled as well: the place is gone from now on).
 */
export const vonDeaktivierungBetroffen = ({
  status,
  bis,
  now,
}: {
  status: BuchungStatus;
  bis: Date;
  now: Date;
}): boolean => bis.getTime() > now.getTime() && deaktivierungsStorno(status) !== null;

/** Whether a save moves a place or plan from active to inactive (only that cancels anything). */
export const wirdDeaktiviert = ({ vorher, nachher }: { vorher: boolean; nachher: boolean }): boolean =>
  vorher && !nachher;

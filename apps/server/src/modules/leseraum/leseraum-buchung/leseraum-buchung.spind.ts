/**
 * The office locker that follows a place booking (decision 216): the booking steps call these inside their own
 * transaction, and the locker module writes its own table (decision 153).
 */
import type {
  TGekoppelterSpind,
  TLeseraumBuchungInput,
} from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { platzInProzent, type SpindGroesse } from '@stellwerk/domain/leseraum/spind/regeln';
import type { Database, Tx } from '../../../db/client.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import {
  type GekoppelterSpind,
  gibGekoppeltenSpindFrei,
  type KopplungsDeps,
  koppleSpind,
  spindKopplungAn,
  verschiebeGekoppeltenSpind,
} from '../spind/spind.kopplung.ts';
import { findPlanAusdehnung, type GesperrterPlatz } from './leseraum-buchung.repository.ts';

export const spindAlsApi = (s: GekoppelterSpind | null): TGekoppelterSpind | null =>
  s && {
    buchungId: s.buchungId,
    spindId: s.spindId,
    nummer: s.nummer,
    bank: s.bank,
    groesse: s.groesse,
    von: s.von.toISOString(),
    bis: s.bis.toISOString(),
  };

const ortDesPlatzes = async (tx: Tx, platz: Pick<GesperrterPlatz, 'grundrissId' | 'position'>) =>
  platzInProzent(platz.grundrissId, platz.position, await findPlanAusdehnung(tx, platz.grundrissId));

/**
 * A new booking that asked for a locker (`spind`: true or a size) gets the nearest free one for its period while
 * the tenant's Officelocker switch is on; null when it asked for none or the switch is off.
 */
export const spindZurBuchung = async (
  tx: Tx,
  now: () => Date,
  user: SessionUser,
  {
    wunsch,
    platz,
    buchungId,
    period,
    database,
  }: {
    wunsch: TLeseraumBuchungInput['spind'];
    platz: GesperrterPlatz;
    buchungId: string;
    period: { von: Date; bis: Date };
    database?: KopplungsDeps['database'];
  },
): Promise<GekoppelterSpind | null> => {
  if (!wunsch || !(await spindKopplungAn(tx))) return null;
  return koppleSpind(
    tx,
    { now, database },
    {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      standortId: platz.standortId,
      platz: await ortDesPlatzes(tx, platz),
      groesse: wunsch === true ? undefined : (wunsch as SpindGroesse),
      leseraumBuchungId: buchungId,
      platzZeitraum: period,
    },
  );
};

/** A moved booking's locker follows it (or the change is refused when none is free). */
export const spindVerschieben = async (
  tx: Tx,
  now: () => Date,
  {
    mandantId,
    platz,
    buchungId,
    period,
    database,
  }: {
    mandantId: string;
    platz: GesperrterPlatz;
    buchungId: string;
    period: { von: Date; bis: Date };
    database?: KopplungsDeps['database'];
  },
) =>
  verschiebeGekoppeltenSpind(
    tx,
    { now, database },
    {
      mandantId,
      standortId: platz.standortId,
      platz: await ortDesPlatzes(tx, platz),
      leseraumBuchungId: buchungId,
      platzZeitraum: period,
    },
  );

/** Every step that cancels or ends a place booking gives its locker back (decision 216). */
export const spindFreigeben = (
  tx: Tx,
  eingabe: {
    mandantId: string;
    buchungId: string;
    now: Date;
    benutzerId?: string | null;
    grund: string;
    /** Where a failed message to the lock system is audited after the commit (without it: only logged). */
    database?: Pick<Database, 'withTenant'>;
  },
) =>
  gibGekoppeltenSpindFrei(tx, {
    database: eingabe.database,
    mandantId: eingabe.mandantId,
    leseraumBuchungId: eingabe.buchungId,
    now: eingabe.now,
    benutzerId: eingabe.benutzerId ?? null,
    grund: eingabe.grund,
  });

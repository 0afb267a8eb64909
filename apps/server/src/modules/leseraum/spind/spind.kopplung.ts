/**
 * The day locker that follows a place booking (decisions 186, 216), as operations the reading-room booking calls
 * inside its own transaction: book the nearest free locker with the place, move it with the place, and give it
 * back when the place booking is cancelled or ends early. They write only this module's table and the audit log.
 */
import { DomainError } from '@stellwerk/domain/errors';
import {
  isSpindGroesse,
  kopplungsZeitraum,
  naechsterFreierSpind,
  type Planpunkt,
  type SpindGroesse,
  type Zeitraum,
} from '@stellwerk/domain/leseraum/spind/regeln';
import { booleanCustomizing, stringCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import type { Database, Tx } from '../../../db/client.ts';
import { SQLSTATE, sqlStateOf } from '../../../db/errors.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import {
  loadEffectiveCustomizing,
  loadFeatureSwitches,
} from '../../verwaltung/customizing/customizing.service.ts';
import {
  bankAlsRegel,
  beendeGekoppelte,
  findBanken,
  findBelegteSpindIds,
  findGekoppelte,
  findSpind,
  findSpindeDerBanken,
  insertBuchung,
  type SpindBuchungRow,
  storniereGekoppelte,
} from './spind.repository.ts';
import {
  meldeNachCommit,
  nachrichtZu,
  schlossDesMandanten,
  sendeNachCommit,
  vormerkeFreigaben,
} from './spind.schloss.ts';

/** The coupled locker as the place booking's answer shows it (never with its PIN: that is 'Mein Spind''s). */
export type GekoppelterSpind = {
  buchungId: string;
  spindId: string;
  nummer: string;
  bank: string;
  groesse: SpindGroesse;
  von: Date;
  bis: Date;
};

export type KopplungsDeps = {
  now: () => Date;
  zufall?: (n: number) => number;
  /** For the audit row of a failed lock-system request (decision 223); without it the failure is only logged. */
  database?: Pick<Database, 'withTenant'>;
};

/** Tries before giving up when parallel bookings take the chosen locker first. */
const VERSUCHE = 3;

/** Whether the tenant offers lockers with place bookings (the Officelocker switch, decision 186). */
export const spindKopplungAn = async (tx: Tx): Promise<boolean> =>
  (await loadFeatureSwitches(tx)).Officelocker;

/** The user's locker preferences (SpindGroesse, SpindBarrierefrei); a size given in the request wins. */
const wunschDes = async (tx: Tx, benutzerId: string, groesse: SpindGroesse | undefined) => {
  const settings = await loadEffectiveCustomizing(tx, benutzerId);
  const gespeichert = stringCustomizing(settings, 'SpindGroesse');
  return {
    groesse: groesse ?? (isSpindGroesse(gespeichert) ? gespeichert : 'M'),
    barrierefrei: booleanCustomizing(settings, 'SpindBarrierefrei'),
  };
};

const ansicht = async (tx: Tx, row: SpindBuchungRow): Promise<GekoppelterSpind> => {
  const s = await findSpind(tx, row.spindId);
  return {
    buchungId: row.id,
    spindId: row.spindId,
    nummer: s?.spind.nummer ?? '',
    bank: s?.bank.name ?? '',
    groesse: (s?.spind.groesse ?? 'M') as SpindGroesse,
    von: row.von,
    bis: row.bis,
  };
};

/**
 * One attempt in a savepoint: choose the nearest locker free in the period and insert its booking. A parallel
 * booking that took it first makes the exclusion constraint refuse; the savepoint keeps the place booking's
 * transaction usable and the next attempt reads again (it then sees the other booking).
 */
const versuche = async (
  tx: Tx,
  eingabe: {
    mandantId: string;
    benutzerId: string;
    standortId: string;
    platz: Planpunkt | null;
    groesse: SpindGroesse;
    barrierefrei: boolean;
    leseraumBuchungId: string;
    zeitraum: Zeitraum;
    pin: string | null;
  },
): Promise<SpindBuchungRow> => {
  for (let versuch = 1; ; versuch++) {
    try {
      return await tx.transaction(async (sp) => {
        const banken = (await findBanken(sp, eingabe.standortId)).map(bankAlsRegel);
        const spinde = await findSpindeDerBanken(
          sp,
          banken.map((b) => b.id),
        );
        const belegt = await findBelegteSpindIds(
          sp,
          spinde.map((s) => s.id),
          eingabe.zeitraum.von,
          eingabe.zeitraum.bis,
        );
        const gewaehlt = naechsterFreierSpind(
          eingabe,
          banken,
          spinde.map((s) => ({ ...s, groesse: s.groesse as SpindGroesse })),
          belegt,
        );
        if (!gewaehlt) throw new DomainError('spind.keiner_frei');
        return insertBuchung(sp, {
          mandantId: eingabe.mandantId,
          spindId: gewaehlt.id,
          benutzerId: eingabe.benutzerId,
          art: 'gekoppelt',
          leseraumBuchungId: eingabe.leseraumBuchungId,
          von: eingabe.zeitraum.von,
          bis: eingabe.zeitraum.bis,
          pin: eingabe.pin,
        });
      });
    } catch (err) {
      if (sqlStateOf(err) !== SQLSTATE.exclusionViolation) throw err;
      if (versuch >= VERSUCHE) throw new DomainError('spind.keiner_frei');
    }
  }
};

/**
 * Books, in the place booking's transaction, the nearest free locker of the preferred size (or larger) at the
 * place's location for exactly the place's period; none free refuses the whole booking (`spind.keiner_frei`,
 * 409), so the user never holds a place they booked with a locker without the locker. Audited.
 */
export const koppleSpind = async (
  tx: Tx,
  deps: KopplungsDeps,
  eingabe: {
    mandantId: string;
    benutzerId: string;
    standortId: string | null;
    platz: Planpunkt | null;
    groesse?: SpindGroesse;
    leseraumBuchungId: string;
    platzZeitraum: Zeitraum;
  },
): Promise<GekoppelterSpind> => {
  if (!eingabe.standortId) throw new DomainError('spind.keiner_frei');
  const wunsch = await wunschDes(tx, eingabe.benutzerId, eingabe.groesse);
  const schloss = await schlossDesMandanten(tx);
  const row = await versuche(tx, {
    ...eingabe,
    ...wunsch,
    standortId: eingabe.standortId,
    zeitraum: kopplungsZeitraum(eingabe.platzZeitraum),
    pin: schloss.neuePin(deps.zufall),
  });
  if (schloss.url)
    meldeNachCommit(deps.database, eingabe.mandantId, schloss.url, [await nachrichtZu(tx, 'gebucht', row)]);
  await writeAudit(tx, {
    mandantId: eingabe.mandantId,
    benutzerId: eingabe.benutzerId,
    action: 'gekoppelt_gebucht',
    entity: 'spind_buchung',
    entityId: row.id,
    newValue: {
      spindId: row.spindId,
      leseraumBuchungId: eingabe.leseraumBuchungId,
      von: row.von.toISOString(),
      bis: row.bis.toISOString(),
    },
  });
  return ansicht(tx, row);
};

/** The locker coupled to a place booking that is still held (not cancelled), if any. */
export const gekoppelterSpind = async (tx: Tx, leseraumBuchungId: string) => {
  const [row] = await findGekoppelte(tx, leseraumBuchungId);
  return row ? ansicht(tx, row) : null;
};

/**
 * Gives back the locker of a place booking that was cancelled or ended (user, staff, the lapse job, a closing, a
 * deactivation): not begun, its booking is cancelled and the locker free at once; begun, it ends now and waits
 * to be emptied like any ended locker (the facility list, decision 186). `benutzerId` is who acted (null: the
 * system). Audited; nothing happens when the place booking had no locker. With the `http` adapter the release is
 * an order for the lock system written in this transaction: sent after the commit when `database` is given, else
 * (a job's step) by the job `spind.schloss`, and retried until the vendor takes it (decision 250).
 */
export const gibGekoppeltenSpindFrei = async (
  tx: Tx,
  {
    mandantId,
    leseraumBuchungId,
    now,
    benutzerId = null,
    grund,
    database,
  }: {
    mandantId: string;
    leseraumBuchungId: string;
    now: Date;
    benutzerId?: string | null;
    grund: string;
    database?: Pick<Database, 'withTenant'>;
  },
): Promise<void> => {
  const storniert = await storniereGekoppelte(tx, leseraumBuchungId, now);
  const beendet = await beendeGekoppelte(tx, leseraumBuchungId, now);
  // the release orders are written here, in the place booking's transaction, so none is lost (decision 250)
  sendeNachCommit(
    database,
    mandantId,
    now,
    await vormerkeFreigaben(tx, mandantId, now, [...storniert, ...beendet]),
  );
  for (const [row, action] of [
    ...storniert.map((r) => [r, 'gekoppelt_storniert'] as const),
    ...beendet.map((r) => [r, 'gekoppelt_beendet'] as const),
  ])
    await writeAudit(tx, {
      mandantId,
      benutzerId,
      action,
      entity: 'spind_buchung',
      entityId: row.id,
      newValue: { spindId: row.spindId, leseraumBuchungId, grund, bis: row.bis.toISOString() },
    });
};

const auditVerschoben = (tx: Tx, mandantId: string, alt: SpindBuchungRow, neu: SpindBuchungRow) =>
  writeAudit(tx, {
    mandantId,
    benutzerId: alt.benutzerId,
    action: 'gekoppelt_verschoben',
    entity: 'spind_buchung',
    entityId: neu.id,
    oldValue: {
      buchungId: alt.id,
      spindId: alt.spindId,
      von: alt.von.toISOString(),
      bis: alt.bis.toISOString(),
    },
    newValue: {
      spindId: neu.spindId,
      leseraumBuchungId: neu.leseraumBuchungId,
      von: neu.von.toISOString(),
      bis: neu.bis.toISOString(),
    },
  });

/**
 * The place booking moved to another period before it began: its locker follows, the same locker when it is
 * free then, else the nearest free one of the same size (the old booking is cancelled first, so it does not
 * stand in its own way). None free refuses the change (`spind.keiner_frei`).
 */
export const verschiebeGekoppeltenSpind = async (
  tx: Tx,
  deps: KopplungsDeps,
  eingabe: {
    mandantId: string;
    standortId: string | null;
    platz: Planpunkt | null;
    leseraumBuchungId: string;
    platzZeitraum: Zeitraum;
  },
): Promise<GekoppelterSpind | null> => {
  const [alt] = await findGekoppelte(tx, eingabe.leseraumBuchungId);
  // a booking moves only before it begins, so its locker still has its person (decision 251 empties only ended ones)
  if (!alt?.benutzerId) return null;
  const benutzerId = alt.benutzerId;
  const altSpind = await findSpind(tx, alt.spindId);
  const schloss = await schlossDesMandanten(tx);
  await storniereGekoppelte(tx, eingabe.leseraumBuchungId, deps.now());
  const zeitraum = kopplungsZeitraum(eingabe.platzZeitraum);
  const gleicherFrei = !(await findBelegteSpindIds(tx, [alt.spindId], zeitraum.von, zeitraum.bis)).has(
    alt.spindId,
  );
  const row =
    gleicherFrei && altSpind && !altSpind.spind.ausserBetrieb
      ? await insertBuchung(tx, {
          mandantId: eingabe.mandantId,
          spindId: alt.spindId,
          benutzerId,
          art: 'gekoppelt',
          leseraumBuchungId: eingabe.leseraumBuchungId,
          von: zeitraum.von,
          bis: zeitraum.bis,
          pin: schloss.zeigtPin ? alt.pin : null,
        })
      : null;
  const meldeVerschoben = async (neu: SpindBuchungRow) => {
    if (schloss.url)
      meldeNachCommit(deps.database, eingabe.mandantId, schloss.url, [
        await nachrichtZu(tx, 'verschoben', neu, alt.id),
      ]);
  };
  if (row) {
    await auditVerschoben(tx, eingabe.mandantId, alt, row);
    await meldeVerschoben(row);
    return ansicht(tx, row);
  }
  if (!eingabe.standortId) throw new DomainError('spind.keiner_frei');
  // the locker stays its owner's, whoever moved the place booking
  const wunsch = await wunschDes(tx, benutzerId, altSpind?.spind.groesse as SpindGroesse | undefined);
  const neu = await versuche(tx, {
    ...eingabe,
    ...wunsch,
    benutzerId,
    standortId: eingabe.standortId,
    zeitraum,
    pin: schloss.neuePin(deps.zufall),
  });
  await auditVerschoben(tx, eingabe.mandantId, alt, neu);
  await meldeVerschoben(neu);
  return ansicht(tx, neu);
};

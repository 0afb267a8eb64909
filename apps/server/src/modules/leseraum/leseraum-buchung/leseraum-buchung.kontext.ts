/**
 * Reading-room and workspace bookings: plans of an area, a plan's occupancy for a day, and the booking steps of
 * spec §4, one file per operation. Every step authorises first, then runs the domain rules inside one tenant
 * transaction after locking the place (or the booking); the exclusion constraint is the last line.
 *
 * This file is what the operations share: the dependencies, the area switch, who counts as staff, the live event
 * of a changed booking, loading and locking a visible booking, and the rule check of a new or moved booking.
 */

import { DomainError, toDomainError } from '@stellwerk/domain/errors';
import { publikumFuer } from '@stellwerk/domain/events';
import type { FeatureSwitches } from '@stellwerk/domain/features';
import type { Bereich, TLeseraumBuchungAenderung } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { leseraumRegelnAus } from '@stellwerk/domain/leseraum/leseraum-buchung/customizing';
import { type LeseraumAkteur, leseraumAkteur } from '@stellwerk/domain/leseraum/leseraum-buchung/machine';
import {
  buchungsWoche,
  leseraumBuchungVerstoss,
  zeitraumDerAnfrage,
} from '@stellwerk/domain/leseraum/leseraum-buchung/rules';
import {
  type AbweichendeOeffnung,
  oeffnungszeitAm,
  type Wochenoeffnung,
} from '@stellwerk/domain/leseraum/oeffnungszeiten';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import { darf } from '@stellwerk/domain/policy';
import { isOeffnungszeitStatus } from '@stellwerk/domain/status';
import { addCalendarDays, berlinDateKey, berlinInstant, formatDateDE } from '@stellwerk/domain/time';
import type { Database, Tx } from '../../../db/client.ts';
import { SQLSTATE, sqlStateOf } from '../../../db/errors.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { publishEvent } from '../../plattform/events/events.service.ts';
import {
  loadEffectiveCustomizing,
  loadFeatureSwitches,
} from '../../verwaltung/customizing/customizing.service.ts';
import { findOeffnung } from './leseraum-buchung.plaene.repository.ts';
import {
  type BuchungRow,
  betrifftArbeitswelt,
  countBuchungenDesBuchenden,
  findBelegungenDesPlatzes,
  findBenutzerIdByMail,
  findBuchung,
  lockBuchung,
  lockPlatz,
} from './leseraum-buchung.repository.ts';

export type LeseraumDeps = { database: Pick<Database, 'withTenant'>; now: () => Date; publicUrl: string };

const isBereich = (s: string): s is Bereich => s === 'leseraum' || s === 'arbeitswelt';
export const bereichOf = (s: string): Bereich => (isBereich(s) ? s : 'leseraum');

/**
 * The reading room needs the tenant's Leseraum switch; the workspace is always open (spec §1: the feature
 * check for Arbeitswelt always grants access). A switched-off area answers 404, like a page that is not there.
 */
export const assertBereichOffen = (features: FeatureSwitches, bereich: Bereich) => {
  if (bereich === 'leseraum' && !features.Leseraum) throw new DomainError('not_found');
};

export const istPersonal = (user: SessionUser) => darf('buchungen.pflegen', user);

/**
 * Tells, on commit, the booker's and the staff's open pages that this booking changed, and every other page of
 * the tenant that its plan's occupancy did (decision 115).
 */
export const meldeBuchung = (
  tx: Tx,
  mandantId: string,
  row: Pick<BuchungRow, 'id' | 'grundrissId' | 'buchenderId'>,
) =>
  publishEvent(
    tx,
    mandantId,
    { type: 'leseraum_buchung', id: row.id, grundrissId: row.grundrissId },
    { an: publikumFuer('leseraum_buchung', [row.buchenderId]) },
  );

export const toOeffnung = (rows: Awaited<ReturnType<typeof findOeffnung>>) => {
  const weekly: Wochenoeffnung[] = rows.weekly;
  const specials: AbweichendeOeffnung[] = rows.specials.flatMap((s) =>
    isOeffnungszeitStatus(s.status) ? [{ ...s, status: s.status }] : [],
  );
  return { weekly, specials };
};

/** Groups rows by a key (Map.groupBy needs Node 21; the machines run Node 20). */
export const groupBy = <T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> => {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
};

/**
 * Whether a request names the workspace (decision 126): its area, or the id of a workspace plan, place or booking.
 * Asked only when the reading room is switched off and the request's input was refused, so that the workspace's
 * own input errors stay what they are.
 */
export const betrifftArbeitsweltAnfrage = async (
  database: Pick<Database, 'withTenant'>,
  user: SessionUser,
  anfrage: { bereich: unknown[]; ids: string[] },
): Promise<boolean> => {
  if (anfrage.bereich.includes('arbeitswelt')) return true;
  return database.withTenant(user.mandantId, (tx) => betrifftArbeitswelt(tx, anfrage.ids));
};

/** Runs `insert` and turns the exclusion constraint's refusal into the catalogue's "taken" message. */
export const guardTaken = async <T>(fn: () => Promise<T>): Promise<T> => {
  try {
    return await fn();
  } catch (err) {
    if (sqlStateOf(err) === SQLSTATE.exclusionViolation) throw new DomainError('leseraum_buchung.belegt');
    throw err;
  }
};

/** Checks every rule of a new or moved booking of `leseraumId` for `user` inside `tx`; returns the period. */
export const pruefeZeitraum = async (
  tx: Tx,
  deps: LeseraumDeps,
  user: SessionUser,
  {
    anfrage,
    leseraumId,
    gruppengroesse,
    buchenderMail,
    ignoreId,
    beiZeitraum,
  }: {
    anfrage: TLeseraumBuchungAenderung;
    leseraumId: string;
    gruppengroesse: number;
    buchenderMail: string;
    ignoreId?: string;
    /** Told the request's period once it is known, before the rules are checked (the offer, decision 267). */
    beiZeitraum?: (period: { von: Date; bis: Date }) => void;
  },
) => {
  const platz = await lockPlatz(tx, leseraumId);
  if (!platz) throw nichtGefunden('platz', leseraumId);
  assertBereichOffen(await loadFeatureSwitches(tx), bereichOf(platz.bereich));
  const now = deps.now();
  const regeln = leseraumRegelnAus(await loadEffectiveCustomizing(tx, user.benutzerId));
  const anfrageDomain =
    anfrage.modus === 'ganztags'
      ? anfrage
      : { modus: 'stuendlich' as const, von: new Date(anfrage.von), bis: new Date(anfrage.bis) };
  const day = anfrageDomain.modus === 'ganztags' ? anfrageDomain.tag : berlinDateKey(anfrageDomain.von);
  const oeffnung = toOeffnung(await findOeffnung(tx, platz.grundrissId, day, day));
  const period = zeitraumDerAnfrage({ anfrage: anfrageDomain, ...oeffnung, now });
  if (!period) {
    if (!oeffnungszeitAm({ day, ...oeffnung }))
      throw new DomainError('leseraum_buchung.tag_nicht_buchbar', {
        datum: formatDateDE(berlinInstant(day, '12:00')),
      });
    throw new DomainError('leseraum_buchung.in_vergangenheit');
  }
  beiZeitraum?.(period);
  // another user's own place is not booked (decision 138); its owner may hold it like any place
  const buchenderId =
    platz.eigentuemerId === null
      ? null
      : buchenderMail.toLowerCase() === user.email.toLowerCase()
        ? user.benutzerId
        : await findBenutzerIdByMail(tx, buchenderMail);
  const woche = buchungsWoche(day);
  const eigeneBuchungenInWoche = await countBuchungenDesBuchenden(tx, {
    mail: buchenderMail,
    from: berlinInstant(woche.montag, '00:00'),
    to: berlinInstant(addCalendarDays(woche.sonntag, 1), '00:00'),
    ignoreId,
  });
  const belegungen = await findBelegungenDesPlatzes(tx, {
    leseraumId,
    from: berlinInstant(day, '00:00'),
    to: berlinInstant(addCalendarDays(day, 1), '00:00'),
  });
  const verstoss = leseraumBuchungVerstoss({
    ...period,
    now,
    modus: anfrage.modus,
    regeln,
    ...oeffnung,
    platz: {
      aktiv: platz.aktiv,
      kapazitaet: platz.kapazitaet,
      grundrissAktiv: platz.grundrissAktiv,
      fremderEigentuemer: platz.eigentuemerId !== null && platz.eigentuemerId !== buchenderId,
    },
    gruppengroesse,
    eigeneBuchungenInWoche,
    belegungen,
    ignoreId,
  });
  if (verstoss) throw toDomainError(verstoss);
  return { platz, period };
};

/** The booking as the user may see it: their own, or any with buchung_pflege; 404 otherwise. */
const requireSichtbar = (
  row: BuchungRow | undefined,
  user: SessionUser,
  id: string,
): { row: BuchungRow; akteur: LeseraumAkteur } => {
  if (!row) throw nichtGefunden('leseraum_buchung', id);
  const akteur = leseraumAkteur({
    userMail: user.email,
    buchenderMail: row.buchenderMail,
    bestaetigerMail: row.bestaetigerMail,
    istPersonal: istPersonal(user),
  });
  if (akteur === 'andere') throw nichtGefunden('leseraum_buchung', id);
  return { row, akteur };
};

export const withBuchung = async <T>(
  deps: LeseraumDeps,
  user: SessionUser,
  id: string,
  fn: (tx: Tx, found: { row: BuchungRow; akteur: LeseraumAkteur }, now: Date) => Promise<T>,
): Promise<T> =>
  deps.database.withTenant(user.mandantId, async (tx) => {
    const found = requireSichtbar(await lockBuchung(tx, id), user, id);
    assertBereichOffen(await loadFeatureSwitches(tx), bereichOf(found.row.bereich));
    return fn(tx, found, deps.now());
  });

/** The booking after a change in this transaction (it exists: the caller holds its lock). */
export const reload = async (tx: Tx, id: string) => (await findBuchung(tx, id))!;

/**
 * Locker bookings (decision 186): a locker alone for a day and a permanent assignment by an administrator; the
 * day locker coupled to a place booking is `spind.kopplung.ts` (decision 216). The nearest free locker is chosen by the domain rule; the exclusion constraint is
 * the last line under parallel requests (its refusal answers 409 `conflict`).
 */
import { DomainError } from '@stellwerk/domain/errors';
import { DEFAULT_OEFFNUNGSZEIT } from '@stellwerk/domain/leseraum/oeffnungszeiten';
import {
  naechsterFreierSpind,
  type Planpunkt,
  type SpindGroesse,
  tagesZeitraum,
  type Zeitraum,
} from '@stellwerk/domain/leseraum/spind/regeln';
import type { Tx } from '../../../db/client.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { assertDarf } from '../../identitaet/auth/auth.guards.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { inSpindModul, type SpindDeps } from './spind.kontext.ts';
import {
  bankAlsRegel,
  findBanken,
  findBelegteSpindIds,
  findSpindeDerBanken,
  insertBuchung,
  type SpindBuchungRow,
  spindAlsRegel,
} from './spind.repository.ts';
import { melde, nachrichtZu, schlossDesMandanten } from './spind.schloss.ts';

type Wahl = {
  standortId: string;
  groesse: SpindGroesse;
  barrierefrei: boolean;
  platz: Planpunkt | null;
  spindId?: string;
};

const waehle = async (tx: Tx, wahl: Wahl, zeitraum: Zeitraum) => {
  const banken = (await findBanken(tx, wahl.standortId)).map(bankAlsRegel);
  const spinde = (
    await findSpindeDerBanken(
      tx,
      banken.map((b) => b.id),
    )
  ).map(spindAlsRegel);
  const belegt = await findBelegteSpindIds(
    tx,
    spinde.map((s) => s.id),
    zeitraum.von,
    zeitraum.bis,
  );
  const kandidaten = wahl.spindId ? spinde.filter((s) => s.id === wahl.spindId) : spinde;
  const gewaehlt = naechsterFreierSpind(wahl, banken, kandidaten, belegt);
  if (!gewaehlt) throw new DomainError('spind.keiner_frei');
  return gewaehlt;
};

/** Runs the booking in its transaction and tells the lock system after the commit (decision 223). */
const mitSchloss = async (
  deps: SpindDeps,
  user: SessionUser,
  fn: (tx: Tx) => Promise<{ row: SpindBuchungRow; url: string | null }>,
): Promise<SpindBuchungRow> => {
  const { row, url, nachricht } = await inSpindModul(deps, user, async (tx) => {
    const r = await fn(tx);
    return { ...r, nachricht: r.url ? await nachrichtZu(tx, 'gebucht', r.row) : null };
  });
  if (nachricht) await melde(deps.database, user.mandantId, url, [nachricht]);
  return row;
};

/**
 * The locker `bucheSpindFuerTag` would take now, by the same rule and without booking it: the assistant's dry run
 * names it (decision 249). Refused with `spind.keiner_frei` when none fits.
 */
export const spindFuerTagVorschau = (
  deps: SpindDeps,
  user: SessionUser,
  eingabe: { tag: string; standortId: string; groesse: SpindGroesse; barrierefrei: boolean },
): Promise<string> =>
  inSpindModul(deps, user, async (tx) => {
    const zeitraum = tagesZeitraum(eingabe.tag, DEFAULT_OEFFNUNGSZEIT);
    return (await waehle(tx, { ...eingabe, platz: null }, zeitraum)).id;
  });

/** A locker alone for one Berlin day (the location's default opening hours). */
export const bucheSpindFuerTag = (
  deps: SpindDeps,
  user: SessionUser,
  eingabe: {
    tag: string;
    standortId: string;
    groesse: SpindGroesse;
    barrierefrei: boolean;
    spindId?: string;
  },
) =>
  mitSchloss(deps, user, async (tx) => {
    const zeitraum = tagesZeitraum(eingabe.tag, DEFAULT_OEFFNUNGSZEIT);
    if (zeitraum.bis.getTime() <= deps.now().getTime()) throw new DomainError('validation.failed');
    const s = await waehle(tx, { ...eingabe, platz: null }, zeitraum);
    const schloss = await schlossDesMandanten(tx);
    const row = await insertBuchung(tx, {
      mandantId: user.mandantId,
      spindId: s.id,
      benutzerId: user.benutzerId,
      art: 'tag',
      von: zeitraum.von,
      bis: zeitraum.bis,
      pin: schloss.neuePin(deps.zufall),
    });
    return { row, url: schloss.url };
  });

/** A permanent assignment by an administrator, from now until `bis`. */
export const weiseSpindZu = (
  deps: SpindDeps,
  user: SessionUser,
  eingabe: { spindId: string; benutzerId: string; bis: Date },
) => {
  assertDarf(user, 'spinde.verwalten');
  return mitSchloss(deps, user, async (tx) => {
    const von = deps.now();
    if (eingabe.bis.getTime() <= von.getTime()) throw new DomainError('validation.failed');
    const schloss = await schlossDesMandanten(tx);
    const row = await insertBuchung(tx, {
      mandantId: user.mandantId,
      spindId: eingabe.spindId,
      benutzerId: eingabe.benutzerId,
      art: 'dauer',
      von,
      bis: eingabe.bis,
    });
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'create',
      entity: 'spind_buchung',
      entityId: row.id,
      newValue: {
        art: 'dauer',
        spindId: row.spindId,
        benutzerId: row.benutzerId,
        von: row.von.toISOString(),
        bis: row.bis.toISOString(),
      },
    });
    return { row, url: schloss.url };
  });
};

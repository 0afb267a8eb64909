/**
 * 'Mein Spind' and the end of the day (decision 186): the owner's lockers with the PIN only on the booking's day,
 * the owner's 'geleert', and the facility list of lockers not confirmed emptied, which staff clear.
 */

import { DomainError } from '@stellwerk/domain/errors';
import type { TMeinSpind } from '@stellwerk/domain/leseraum/spind/api';
import { leerungBestaetigbar, pinSichtbar } from '@stellwerk/domain/leseraum/spind/regeln';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { assertDarf } from '../../identitaet/auth/auth.guards.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { inSpindModul, type SpindDeps } from './spind.kontext.ts';
import {
  bankAlsRegel,
  findBuchungenZumRaeumen,
  findMeineBuchungen,
  type SpindBuchungRow,
  type SpindbankRow,
  type SpindRow,
  setzeLeerung,
} from './spind.repository.ts';
import { schlossDesMandanten } from './spind.schloss.ts';

const view = (
  r: { b: SpindBuchungRow; s: SpindRow; bank: SpindbankRow },
  pin: string | null,
  schloss: TMeinSpind['schloss'],
): TMeinSpind => ({
  buchungId: r.b.id,
  spindId: r.s.id,
  nummer: r.s.nummer,
  bank: r.bank.name,
  groesse: r.s.groesse as TMeinSpind['groesse'],
  ort: bankAlsRegel(r.bank).ort,
  art: r.b.art as TMeinSpind['art'],
  von: r.b.von.toISOString(),
  bis: r.b.bis.toISOString(),
  leerung: r.b.leerung as TMeinSpind['leerung'],
  pin,
  schloss,
});

export const meineSpinde = (deps: SpindDeps, user: SessionUser) =>
  inSpindModul(deps, user, async (tx) => {
    const jetzt = deps.now();
    const rows = await findMeineBuchungen(tx, user.benutzerId, jetzt);
    const schloss = await schlossDesMandanten(tx);
    return rows.map((r) =>
      view(
        r,
        schloss.zeigtPin && r.b.pin && pinSichtbar(r.b, user.benutzerId, jetzt) ? r.b.pin : null,
        schloss.art,
      ),
    );
  });

/** The owner confirms the locker emptied: it is free again once its period ended. */
export const bestaetigeGeleert = (deps: SpindDeps, user: SessionUser, buchungId: string) =>
  inSpindModul(deps, user, async (tx) => {
    const jetzt = deps.now();
    const eigene = (await findMeineBuchungen(tx, user.benutzerId, jetzt)).find((r) => r.b.id === buchungId);
    if (!eigene) throw nichtGefunden('spind_buchung', buchungId);
    if (!leerungBestaetigbar(eigene.b, jetzt)) throw new DomainError('spind.noch_nicht_leerbar');
    await setzeLeerung(tx, buchungId, 'vom_nutzer_bestaetigt', jetzt);
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'geleert',
      entity: 'spind_buchung',
      entityId: buchungId,
      newValue: { spindId: eigene.b.spindId, leerung: 'vom_nutzer_bestaetigt' },
    });
  });

/** The facility list: ended bookings not confirmed emptied, never with a PIN. */
export const zuRaeumendeSpinde = (deps: SpindDeps, user: SessionUser) => {
  assertDarf(user, 'spinde.verwalten');
  return inSpindModul(deps, user, async (tx) => {
    const schloss = await schlossDesMandanten(tx);
    return (await findBuchungenZumRaeumen(tx, deps.now())).map((r) => view(r, null, schloss.art));
  });
};

export const raeumeSpind = (deps: SpindDeps, user: SessionUser, buchungId: string) => {
  assertDarf(user, 'spinde.verwalten');
  return inSpindModul(deps, user, async (tx) => {
    const jetzt = deps.now();
    const offen = (await findBuchungenZumRaeumen(tx, jetzt)).find((r) => r.b.id === buchungId);
    if (!offen) throw nichtGefunden('spind_buchung', buchungId);
    await setzeLeerung(tx, buchungId, 'vom_facility_geraeumt', jetzt);
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'geraeumt',
      entity: 'spind_buchung',
      entityId: buchungId,
      oldValue: { leerung: 'offen' },
      newValue: {
        spindId: offen.b.spindId,
        benutzerId: offen.b.benutzerId,
        leerung: 'vom_facility_geraeumt',
      },
    });
  });
};

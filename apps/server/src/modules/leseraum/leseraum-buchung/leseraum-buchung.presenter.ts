/** How bookings, plans and affected bookings are shaped for the API. */

import type { TGrundrissKurz, TLeseraumBuchung } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { countdownZiel } from '@stellwerk/domain/leseraum/leseraum-buchung/machine';
import { leseraumBuchungAbilities } from '@stellwerk/domain/leseraum/leseraum-buchung/policy';
import type { TBetroffeneBuchung } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { bereichOf, istPersonal } from './leseraum-buchung.kontext.ts';
import type { PlanRow } from './leseraum-buchung.plaene.repository.ts';
import type { BuchungRow } from './leseraum-buchung.repository.ts';

export const toGrundrissKurz = (p: PlanRow): TGrundrissKurz => ({
  id: p.id,
  bezeichnung: p.bezeichnung,
  beschreibung: p.beschreibung,
  standort: p.standortId && p.standortName !== null ? { id: p.standortId, name: p.standortName } : null,
  bereich: bereichOf(p.bereich),
  planUrl: p.dateiId ? `/api/dateien/${p.dateiId}` : null,
});

export const toApi = (row: BuchungRow, user: SessionUser, now: Date): TLeseraumBuchung => {
  const abilities = leseraumBuchungAbilities({
    buchung: row,
    userMail: user.email,
    istPersonal: istPersonal(user),
    now,
  });
  const countdown = countdownZiel({ status: row.status, von: row.von, now });
  return {
    id: row.id,
    von: row.von.toISOString(),
    bis: row.bis.toISOString(),
    status: row.status,
    gruppengroesse: row.gruppengroesse,
    leseraum: { id: row.leseraumId, bezeichnung: row.leseraumBezeichnung, kapazitaet: row.kapazitaet },
    grundriss: {
      id: row.grundrissId,
      bezeichnung: row.grundrissBezeichnung,
      bereich: bereichOf(row.bereich),
    },
    buchenderMail: row.buchenderMail,
    bestaetigerMail: row.bestaetigerMail,
    kannBestaetigen: abilities.kannBestaetigen,
    kannStornieren: abilities.kannStornieren,
    kannEinchecken: abilities.kannEinchecken,
    kannAendern: abilities.kannAendern,
    countdownBis: countdown ? countdown.toISOString() : null,
  };
};

export const toBetroffene = (row: BuchungRow): TBetroffeneBuchung => ({
  id: row.id,
  von: row.von.toISOString(),
  bis: row.bis.toISOString(),
  status: row.status,
  leseraumId: row.leseraumId,
  leseraum: row.leseraumBezeichnung,
  buchender: row.buchenderMail,
});

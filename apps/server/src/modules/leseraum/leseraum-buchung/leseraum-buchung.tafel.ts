/**
 * The reading room's side of a kiosk board (decision 207): the plans a board shows and each place's state now by the
 * seat map's own rule (`platzZustand`, `zustandMitEigentuemer`) for the minute from now, seen by nobody in
 * particular, folded into the board's four states. The booker's mail of the booking holding a place now is returned
 * for the caller, which names people only when its setting allows it.
 */
import { BEREICHE, type Bereich } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { platzZustand } from '@stellwerk/domain/leseraum/leseraum-buchung/belegung';
import { zustandMitEigentuemer } from '@stellwerk/domain/leseraum/leseraum-buchung/helfer';
import { oeffnungszeitAm } from '@stellwerk/domain/leseraum/oeffnungszeiten';
import {
  type KioskPlatzZustand,
  kioskGeoeffnet,
  kioskJetztZeitraum,
  kioskPlatzZustand,
  kioskZustandBis,
} from '@stellwerk/domain/plattform/kiosk/tafel';
import { addCalendarDays, berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import type { Tx } from '../../../db/client.ts';
import { loadFeatureSwitches } from '../../verwaltung/customizing/customizing.service.ts';
import { groupBy, toOeffnung } from './leseraum-buchung.kontext.ts';
import {
  findAktiveGrundrisse,
  findGrundriss,
  findOeffnung,
  findPlaetze,
  type PlanRow,
} from './leseraum-buchung.plaene.repository.ts';
import { findBelegungen } from './leseraum-buchung.repository.ts';

export type TafelPlatz = {
  id: string;
  bezeichnung: string;
  kapazitaet: number;
  position: { x: number; y: number } | null;
  aktiv: boolean;
  zustand: KioskPlatzZustand;
  bis: Date | null;
  /** the booker of the booking holding the place now (not for the board itself) */
  buchenderMail: string | null;
};

export type TafelPlan = {
  id: string;
  bezeichnung: string;
  oeffnung: { von: string; bis: string } | null;
  geoeffnet: boolean;
  /** the plan's image (a stored file), null: the plan has none */
  dateiId: string | null;
  plaetze: TafelPlatz[];
};

/** The plans: the chosen ones in their order, else all active ones, of the location and an area switched on. */
const planeDerTafel = async (
  tx: Tx,
  standortId: string,
  grundrissIds: readonly string[],
): Promise<PlanRow[]> => {
  const features = await loadFeatureSwitches(tx);
  const bereiche = BEREICHE.filter((b) => b !== 'leseraum' || features.Leseraum);
  const passt = (p: PlanRow | undefined): p is PlanRow =>
    !!p && p.aktiv && p.standortId === standortId && bereiche.includes(p.bereich as Bereich);
  // one query at a time: a transaction has one connection
  const plaene: (PlanRow | undefined)[] = [];
  if (grundrissIds.length > 0) for (const id of grundrissIds) plaene.push(await findGrundriss(tx, id));
  else for (const b of bereiche) plaene.push(...(await findAktiveGrundrisse(tx, b)));
  return plaene.filter(passt);
};

const planJetzt = async (tx: Tx, plan: PlanRow, jetzt: Date): Promise<TafelPlan> => {
  const tag = berlinDateKey(jetzt);
  const hours = oeffnungszeitAm({ day: tag, ...toOeffnung(await findOeffnung(tx, plan.id, tag, tag)) });
  const heute = hours
    ? { von: berlinInstant(tag, hours.von), bis: berlinInstant(tag, hours.bis) }
    : { von: berlinInstant(tag, '00:00'), bis: berlinInstant(addCalendarDays(tag, 1), '00:00') };
  const geoeffnet = kioskGeoeffnet(hours ? heute : null, jetzt);
  const belegungen = await findBelegungen(tx, { grundrissId: plan.id, from: heute.von, to: heute.bis });
  const byPlatz = groupBy(belegungen, (b) => b.leseraumId);
  const zeitraum = kioskJetztZeitraum(jetzt);
  const plaetze = (await findPlaetze(tx, plan.id)).map((p): TafelPlatz => {
    const buchungen = byPlatz.get(p.id) ?? [];
    const zustand = kioskPlatzZustand(
      zustandMitEigentuemer({
        zustand: platzZustand({
          aktiv: p.aktiv && plan.aktiv,
          tagGeoeffnet: geoeffnet,
          zeitraum,
          tag: heute,
          buchungen,
          userMail: '',
        }),
        eigentuemerId: p.eigentuemerId,
        benutzerId: '',
      }),
    );
    const jetztGebucht =
      zustand === 'gebucht' || zustand === 'gehalten'
        ? buchungen.find((b) => b.von < zeitraum.bis && b.bis > jetzt)
        : undefined;
    return {
      id: p.id,
      bezeichnung: p.bezeichnung,
      kapazitaet: p.kapazitaet,
      position: p.position,
      aktiv: p.aktiv,
      zustand,
      bis: kioskZustandBis(zustand, buchungen, jetzt),
      buchenderMail: jetztGebucht?.buchenderMail ?? null,
    };
  });
  return {
    id: plan.id,
    bezeichnung: plan.bezeichnung,
    oeffnung: hours,
    geoeffnet,
    dateiId: plan.dateiId,
    plaetze,
  };
};

/** The board's plans of a location with every place's state now (inside the kiosk's tenant transaction). */
export const tafelPlaene = async (
  tx: Tx,
  { standortId, grundrissIds, jetzt }: { standortId: string; grundrissIds: readonly string[]; jetzt: Date },
): Promise<TafelPlan[]> => {
  const plaene: TafelPlan[] = [];
  for (const plan of await planeDerTafel(tx, standortId, grundrissIds))
    plaene.push(await planJetzt(tx, plan, jetzt));
  return plaene;
};

/**
 * The image of one plan the board shows (the same choice as `tafelPlaene`: chosen, active, at the location, of an
 * area switched on); undefined when the plan is not on the board, null when it has no image.
 */
export const tafelPlanBild = async (
  tx: Tx,
  {
    standortId,
    grundrissIds,
    grundrissId,
  }: { standortId: string; grundrissIds: readonly string[]; grundrissId: string },
): Promise<string | null | undefined> =>
  (await planeDerTafel(tx, standortId, grundrissIds)).find((p) => p.id === grundrissId)?.dateiId;

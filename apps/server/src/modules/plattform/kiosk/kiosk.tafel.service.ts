/**
 * `GET /api/kiosk/tafel` (decision 207): what a paired screen shows now. Its location's floor plans (the chosen ones,
 * or all active plans of the location) with each place's state by the seat map's own rule for the minute from now,
 * counts, today's hours and the special closures ahead; the location's pool cars when the kiosk's strip is on and
 * the tenant books vehicles; and the check-in code of this minute (decision 183). Names only as the kiosk's setting
 * allows. The reading room and the vehicles answer through their own modules.
 */

import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import type { TKioskTafel, TKioskTafelPlan } from '@stellwerk/domain/plattform/kiosk/api';
import {
  eincheckCodeEndetAm,
  eincheckMinute,
  erzeugeEincheckCode,
} from '@stellwerk/domain/plattform/kiosk/eincheck-code';
import { type KioskNamensanzeige, kioskAnzeigeName } from '@stellwerk/domain/plattform/kiosk/kopplung';
import { KIOSK_TAFEL, kioskZaehlung } from '@stellwerk/domain/plattform/kiosk/tafel';
import { addCalendarDays, berlinDateKey } from '@stellwerk/domain/time';
import { tafelFahrzeuge } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.tafel.ts';
import { tafelPlaene, tafelPlanBild } from '../../leseraum/leseraum-buchung/leseraum-buchung.tafel.ts';
import { schliessungenZwischen } from '../../leseraum/oeffnungszeit/oeffnungszeit.schliessungen.ts';
import { loadFeatureSwitches } from '../../verwaltung/customizing/customizing.service.ts';
import { type FileContent, getDateiDesMandanten } from '../storage/storage.service.ts';
import { eincheckSignierer } from './kiosk.einchecken.service.ts';
import { type KioskDeps, kioskVonToken } from './kiosk.kopplung.service.ts';
import { findNamenByMail, findStandortName } from './kiosk.repository.ts';

/** `GET /api/kiosk/tafel`: the board of the kiosk whose device token is given; 401 as `/api/kiosk/geraet`. */
export const kioskTafel = async (
  deps: KioskDeps,
  token: string | undefined,
  version?: string,
): Promise<TKioskTafel> => {
  const { row, neuerToken } = await kioskVonToken(deps, token, version);
  const jetzt = deps.now();
  const tag = berlinDateKey(jetzt);
  const namensanzeige = row.namensanzeige as KioskNamensanzeige;
  const inhalt = await deps.database.withTenant(row.mandantId, async (tx) => {
    const plaene = await tafelPlaene(tx, {
      standortId: row.standortId,
      grundrissIds: row.grundrissIds,
      jetzt,
    });
    // names are read only when the setting shows them
    const namen =
      namensanzeige === 'keine'
        ? new Map<string, { vorname: string; nachname: string }>()
        : await findNamenByMail(
            tx,
            plaene.flatMap((p) => p.plaetze.flatMap((x) => (x.buchenderMail ? [x.buchenderMail] : []))),
          );
    const aufTafel: TKioskTafelPlan[] = [];
    for (const plan of plaene)
      aufTafel.push({
        id: plan.id,
        bezeichnung: plan.bezeichnung,
        oeffnung: plan.oeffnung,
        geoeffnet: plan.geoeffnet,
        hatBild: plan.dateiId !== null,
        ...kioskZaehlung(plan.plaetze),
        plaetze: plan.plaetze.map((p) => {
          const person = p.buchenderMail ? namen.get(p.buchenderMail.toLowerCase()) : undefined;
          return {
            id: p.id,
            bezeichnung: p.bezeichnung,
            kapazitaet: p.kapazitaet,
            position: p.position,
            zustand: p.zustand,
            bis: p.bis?.toISOString() ?? null,
            name: person ? kioskAnzeigeName(person.vorname, person.nachname, namensanzeige) : null,
          };
        }),
        schliessungen: await schliessungenZwischen(
          tx,
          plan.id,
          tag,
          addCalendarDays(tag, KIOSK_TAFEL.schliessungenTage),
        ),
      });
    const features = await loadFeatureSwitches(tx);
    return {
      standortName: (await findStandortName(tx, row.standortId)) ?? '',
      plaene: aufTafel,
      fahrzeuge:
        row.fahrzeuge && features.FahrzeugBuchung ? await tafelFahrzeuge(tx, row.standortId, jetzt) : null,
    };
  });
  const code = erzeugeEincheckCode(
    row.id,
    row.standortId,
    jetzt.getTime(),
    eincheckSignierer(deps.eincheckGeheimnis),
  );
  return {
    kiosk: { id: row.id, bezeichnung: row.bezeichnung, sprache: row.sprache as 'de' | 'en', namensanzeige },
    standort: { id: row.standortId, name: inhalt.standortName },
    jetzt: jetzt.toISOString(),
    tag,
    plaene: inhalt.plaene,
    fahrzeuge: inhalt.fahrzeuge,
    eincheckUrl: `${deps.publicUrl.replace(/\/$/, '')}/kiosk/einchecken?c=${encodeURIComponent(code)}`,
    // shown for its minute (it is still accepted in the next one)
    eincheckGueltigBis: new Date(eincheckCodeEndetAm(eincheckMinute(jetzt.getTime())) - 60_000).toISOString(),
    neuerToken,
  };
};

/**
 * `GET /api/kiosk/tafel/plaene/{id}/bild`: the image of a plan on the board of the kiosk whose device token is given
 * (401 as `/api/kiosk/tafel`); a plan not on this board (another tenant's, another location's, not chosen, inactive)
 * or without an image is `not_found`.
 */
export const kioskTafelBild = async (
  deps: KioskDeps,
  token: string | undefined,
  grundrissId: string,
): Promise<FileContent> => {
  const { row } = await kioskVonToken(deps, token, undefined, { rotieren: false });
  const dateiId = await deps.database.withTenant(row.mandantId, (tx) =>
    tafelPlanBild(tx, { standortId: row.standortId, grundrissIds: row.grundrissIds, grundrissId }),
  );
  if (!dateiId) throw nichtGefunden('grundriss', grundrissId);
  return getDateiDesMandanten(deps, row.mandantId, dateiId);
};

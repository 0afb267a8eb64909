/** Changing a vehicle (decision 048): the preview of what a change cancels, and the change itself with its cancellations. */
import { DomainError } from '@stellwerk/domain/errors';
import type {
  TFahrzeugAdminAenderung,
  TFahrzeugAdminEingabe,
  TFahrzeugAdminGespeichert,
  TFahrzeugStornoVorschau,
} from '@stellwerk/domain/fahrzeuge/fahrzeug/api';
import {
  type FahrzeugStorno,
  stornoGrundText,
  stornosBeiFahrzeugAenderung,
} from '@stellwerk/domain/fahrzeuge/fahrzeug/rules';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import type { Tx } from '../../../db/client.ts';
import { schreibeFahrzeugHistorie } from '../../fahrten/fahrt/fahrt.historie.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { ersetzeFahrzeugZeilen } from '../../leseraum/oeffnungszeit/oeffnungszeit.fahrzeug.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { publishEvent } from '../../plattform/events/events.service.ts';
import {
  belegungenDesFahrzeugs,
  type FahrzeugBelegung,
} from '../fahrzeug-buchung/fahrzeug-buchung.abfragen.ts';
import { storniereDurchSystem } from '../fahrzeug-buchung/fahrzeug-buchung.system-storno.ts';
import {
  type FahrzeugAdminRow,
  findFahrzeugAdmin,
  findOeffnungszeitZeilen,
  lockFahrzeugAdmin,
  replaceOeffnungszeiten,
  updateFahrzeug,
} from './fahrzeug.repository.ts';
import {
  assertKennzeichenFrei,
  type FahrzeugDeps,
  guardKennzeichen,
  inVerwaltung,
  ladeEines,
  pruefeEingabe,
  standortNameOf,
  standVon,
  werteAus,
} from './fahrzeug.service.ts';

/** What the change of `row` to `input` cancels (spec §4), against the vehicle's bookings still to come. */
const stornosFuer = async (
  tx: Tx,
  row: FahrzeugAdminRow,
  input: TFahrzeugAdminEingabe,
  { mitAltdaten, now }: { mitAltdaten: boolean; now: Date },
): Promise<FahrzeugStorno<FahrzeugBelegung>> => {
  const standortName = await standortNameOf(tx, input.standortId);
  const buchungen = await belegungenDesFahrzeugs(tx, row.id, now);
  return stornosBeiFahrzeugAenderung({
    alt: mitAltdaten ? standVon(row) : null,
    neu: {
      deaktiviert: input.deaktiviert,
      standortName,
      gueltigVon: input.gueltigVon,
      gueltigBis: input.gueltigBis,
    },
    buchungen,
    now,
  });
};

/**
 * POST /api/admin/fahrzeuge/{id}/vorschau: the bookings saving `input` would cancel and the reason, so the
 * dialog lists them before the user confirms. Nothing is saved.
 */
export const vorschauFahrzeugAdmin = (
  deps: FahrzeugDeps,
  user: SessionUser,
  id: string,
  input: TFahrzeugAdminEingabe,
): Promise<TFahrzeugStornoVorschau> =>
  inVerwaltung(deps, user, async (tx) => {
    pruefeEingabe(input);
    const row = await findFahrzeugAdmin(tx, id);
    if (!row) throw nichtGefunden('fahrzeug', id);
    const storno = await stornosFuer(tx, row, input, { mitAltdaten: true, now: deps.now() });
    return {
      grund: storno.buchungen.length > 0 ? storno.grund : null,
      buchungen: storno.buchungen.map((b) => ({
        id: b.id,
        von: b.von.toISOString(),
        bis: b.bis.toISOString(),
        typ: b.typ,
        status: b.status,
        buchender: b.buchender,
      })),
    };
  });

/**
 * PUT /api/admin/fahrzeuge/{id}: saves every field and the opening times. Without the old vehicle data
 * (`alt`) the update is refused with the spec's message; when the vehicle changed since the dialog loaded
 * it, 409. The bookings the change cancels (spec §4) must all be among `bestaetigteStornos` (else 409 and
 * nothing saved); they are cancelled with the spec's reason and their bookers mailed. Deactivating writes a
 * DEAKTIVIERUNG history entry.
 */
export const updateFahrzeugAdmin = (
  deps: FahrzeugDeps,
  user: SessionUser,
  id: string,
  aenderung: TFahrzeugAdminAenderung,
): Promise<TFahrzeugAdminGespeichert> =>
  inVerwaltung(deps, user, async (tx) => {
    const now = deps.now();
    const input = aenderung.fahrzeug;
    const zeilen = pruefeEingabe(input);
    const row = await lockFahrzeugAdmin(tx, id);
    if (!row) throw nichtGefunden('fahrzeug', id);
    // the domain rule refuses an update without the old data (spec §4, §8)
    const storno = await stornosFuer(tx, row, input, { mitAltdaten: !!aenderung.alt, now });
    if (aenderung.alt?.updatedAt !== row.updatedAt.toISOString()) throw new DomainError('fahrzeug.veraltet');
    const bestaetigt = new Set(aenderung.bestaetigteStornos);
    const unbestaetigt = storno.buchungen.filter((b) => !bestaetigt.has(b.id));
    if (unbestaetigt.length > 0)
      throw new DomainError('fahrzeug.stornierung_bestaetigen', { anzahl: storno.buchungen.length });
    await assertKennzeichenFrei(tx, input.kennzeichen, id);

    const storniert = (
      await storniereDurchSystem(tx, deps, user, {
        ids: storno.buchungen.map((b) => b.id),
        grund: storno.grund,
        grundIn: (sprache) => stornoGrundText({ grund: storno.grund, sprache }),
      })
    ).length;
    const werte = werteAus(input);
    await guardKennzeichen(input.kennzeichen, () => updateFahrzeug(tx, id, werte));
    // without rows in the input the stored ones stay; the set's validity still follows the vehicle
    const neueZeilen =
      zeilen ??
      (
        await findOeffnungszeitZeilen(tx, row.fahrzeugOeffnungszeitId ? [row.fahrzeugOeffnungszeitId] : [])
      ).map(({ wochentag, von, bis, geoeffnet }) => ({ wochentag, von, bis, geoeffnet }));
    const setId = await replaceOeffnungszeiten(tx, {
      mandantId: user.mandantId,
      fahrzeugId: id,
      setId: row.fahrzeugOeffnungszeitId,
      gueltigVon: input.gueltigVon,
      buchungAusserhalbMoeglich: input.buchungAusserhalbMoeglich,
      zeilen: neueZeilen,
    });
    if (setId !== row.fahrzeugOeffnungszeitId)
      await updateFahrzeug(tx, id, { fahrzeugOeffnungszeitId: setId });
    if (setId)
      await ersetzeFahrzeugZeilen(tx, {
        mandantId: user.mandantId,
        fahrzeugOeffnungszeitId: setId,
        zeilen: neueZeilen,
      });
    if (input.deaktiviert && !row.deaktiviert)
      await schreibeFahrzeugHistorie(tx, {
        mandantId: user.mandantId,
        fahrzeugId: id,
        typ: 'DEAKTIVIERUNG',
        beschreibung: storno.grund,
        benutzerId: user.benutzerId,
        zeitpunkt: now,
      });
    if (!input.deaktiviert && row.deaktiviert)
      await schreibeFahrzeugHistorie(tx, {
        mandantId: user.mandantId,
        fahrzeugId: id,
        typ: 'STATUSAENDERUNG',
        beschreibung: 'Fahrzeug wieder aktiviert',
        benutzerId: user.benutzerId,
        zeitpunkt: now,
      });
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'update',
      entity: 'fahrzeug',
      entityId: id,
      oldValue: { ...standVon(row), kennzeichen: row.kennzeichen },
      newValue: {
        ...werte,
        oeffnungszeiten: neueZeilen,
        storniert,
        grund: storniert > 0 ? storno.grund : null,
      },
    });
    await publishEvent(tx, user.mandantId, { type: 'fahrzeug', id });
    return { fahrzeug: await ladeEines(tx, id, now), storniert };
  });

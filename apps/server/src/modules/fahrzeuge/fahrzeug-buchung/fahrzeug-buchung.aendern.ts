import { DomainError } from '@stellwerk/domain/errors';
import type { TFahrzeugBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { freigabeNachAenderung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/freigabe';
import type {
  TFahrzeugBuchungAenderung,
  TFahrzeugBuchungEingabe,
} from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/schemas';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import { mitBleibendem } from '@stellwerk/domain/put-bleibt';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { frageFreigeberNeuAn } from '../sonderfreigabe/sonderfreigabe.anfragen.ts';
import { type FahrzeugRow, lockFahrzeug } from './fahrzeug-buchung.fahrzeuge.repository.ts';
import {
  assertBuchungsTyp,
  type FahrzeugBuchungDeps,
  guardUeberschneidung,
  inFahrzeugModul,
  meldeAenderung,
  pruefeBuchung,
  requireSichtbar,
  werteAus,
} from './fahrzeug-buchung.kontext.ts';
import { fordereFreigabenAn, sendeMails } from './fahrzeug-buchung.mails.ts';
import { ladeEine, toApiBuchungen, zeitraumText } from './fahrzeug-buchung.presenter.ts';
import {
  findBuchungenByIds,
  lockBuchung,
  replaceMitfahrer,
  updateBuchung,
} from './fahrzeug-buchung.repository.ts';

/**
 * PUT /api/fahrzeug-buchungen/{id}: new period, vehicle, driver or details of a trip not yet begun (or
 * extending one under way), under the same rules. The approvers are asked again when the change makes it a
 * special trip or moves one, and removed when it no longer is one (decision 040).
 */
export const updateFahrzeugBuchung = (
  deps: FahrzeugBuchungDeps,
  user: SessionUser,
  id: string,
  aenderung: TFahrzeugBuchungAenderung,
): Promise<TFahrzeugBuchung> =>
  inFahrzeugModul(deps, user, async (tx) => {
    const now = deps.now();
    // lock the vehicles first (in id order, as every booking does), then the booking
    assertBuchungsTyp(aenderung);
    const [vorher] = await findBuchungenByIds(tx, [id]);
    requireSichtbar(vorher, user, id);
    const fahrzeugIds = [...new Set([vorher!.fahrzeugId, aenderung.fahrzeugId])].sort();
    const gesperrt = new Map<string, FahrzeugRow>();
    for (const fid of fahrzeugIds) {
      const locked = await lockFahrzeug(tx, fid);
      if (locked) gesperrt.set(fid, locked);
    }
    const row = requireSichtbar(await lockBuchung(tx, id), user, id);
    if (row.fahrzeugId !== vorher!.fahrzeugId) throw new DomainError('conflict');
    const [alt] = await toApiBuchungen(tx, [row], user, now);
    if (!alt!.aktionen.kannAendern)
      throw new DomainError('fahrzeug_buchung.schritt_nicht_erlaubt', { status: row.status });
    // decision 125: what the PUT left out stays as stored (driver, texts, co-travellers, approvers)
    const input: TFahrzeugBuchungEingabe = mitBleibendem(
      {
        ...aenderung,
        fahrerId: row.fahrerId,
        anlass: row.anlass,
        zielAdresse: row.zielAdresse,
        zielPerson: row.zielPerson,
        umweg: row.umweg,
        informationstext: row.informationstext,
        mitfahrer: alt!.mitfahrer.map((m) => ({ name: m.name })),
        freigeberIds: alt!.freigeber.map((f) => f.id),
      },
      aenderung,
    );
    const fahrzeugRow = gesperrt.get(input.fahrzeugId);
    if (!fahrzeugRow) throw nichtGefunden('fahrzeug', input.fahrzeugId);
    const fahrerId = input.fahrerId ?? row.benutzerId;
    const von = new Date(input.von);
    const bis = new Date(input.bis);
    const { sonderfahrt, hinweise } = await pruefeBuchung(tx, deps, user, {
      fahrzeugRow,
      von,
      bis,
      fahrerId,
      buchenderId: row.benutzerId,
      freigeberIds: input.freigeberIds,
      ignoreId: row.id,
      bisherigerVon: row.von,
    });
    await guardUeberschneidung(() =>
      updateBuchung(tx, row.id, werteAus(input, fahrerId === row.benutzerId ? null : fahrerId)),
    );
    await replaceMitfahrer(tx, {
      mandantId: user.mandantId,
      buchungId: row.id,
      namen: input.mitfahrer.map((m) => m.name),
    });
    const folge = freigabeNachAenderung({
      warSonderfahrt: alt!.freigeber.length > 0,
      istSonderfahrt: sonderfahrt,
      zeitGeaendert:
        von.getTime() !== row.von.getTime() ||
        bis.getTime() !== row.bis.getTime() ||
        input.fahrzeugId !== row.fahrzeugId,
    });
    const bisherige = alt!.freigeber.map((f) => f.id).sort();
    const gewaehlte = [...new Set(input.freigeberIds)].sort();
    const neuAnfragen = folge === 'neu_anfragen' || (sonderfahrt && bisherige.join() !== gewaehlte.join());
    if (folge === 'entfernen')
      await frageFreigeberNeuAn(tx, { mandantId: user.mandantId, buchungId: row.id, benutzerIds: [] });
    else if (neuAnfragen)
      await frageFreigeberNeuAn(tx, { mandantId: user.mandantId, buchungId: row.id, benutzerIds: gewaehlte });
    const buchung = await ladeEine(tx, row.id, user, now);
    if (folge !== 'entfernen' && neuAnfragen)
      await fordereFreigabenAn(tx, deps, user.mandantId, buchung, gewaehlte);
    await sendeMails(tx, deps, user, buchung, {
      typ: 'geaendert',
      alt: zeitraumText(row.von, row.bis),
    });
    await meldeAenderung(tx, user.mandantId, buchung);
    return { ...buchung, hinweise };
  });

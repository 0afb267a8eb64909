import { ressourcenIn } from '@stellwerk/domain/assistent/absicht';
import type { TAusfuehrenAntwort, TEigeneBuchung } from '@stellwerk/domain/assistent/api';
import { auskunftText, buchungZeile, eigeneBuchungenText } from '@stellwerk/domain/assistent/auskunft';
import { isDomainError } from '@stellwerk/domain/errors';
import { BEREICHE } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { berlinDateKey } from '@stellwerk/domain/time';
import { listBuchungen } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.abfragen.ts';
import { storniereBuchung as storniereFahrt } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.stornieren.ts';
import { listEigeneBuchungen } from '../../leseraum/leseraum-buchung/leseraum-buchung.abfragen.ts';
import { checkInBuchung } from '../../leseraum/leseraum-buchung/leseraum-buchung.einchecken.ts';
import { storniereBuchung as stornierePlatz } from '../../leseraum/leseraum-buchung/leseraum-buchung.stornieren.ts';
import { type Auftrag, abgelehnt, alsAblehnung } from './ausfuehren.kontext.ts';

export type Eigene = TEigeneBuchung & {
  kannStornieren: boolean;
  kannEinchecken: boolean;
  kannAendern: boolean;
  /** the car of a vehicle booking (a change keeps it) */
  fahrzeugId: string | null;
};

const OFFEN = new Set(['vorgemerkt', 'reserviert', 'aktiv']);

/**
 * An area switched off for the tenant (its operations answer 404) or one the caller may not use (the screen's list
 * answers 403: no right to book vehicles) has no bookings to show; the other areas still do.
 */
const ausser404 = async <T>(fn: () => Promise<T[]>): Promise<T[]> => {
  try {
    return await fn();
  } catch (e) {
    if (isDomainError(e) && (e.code === 'not_found' || e.status === 403)) return [];
    throw e;
  }
};

/**
 * The caller's own bookings that have not ended, from the screens' own lists: `listBuchungen` with `eigene`
 * (booked or driven by the caller) and `listEigeneBuchungen` (booked by the caller) of both areas. Nothing here
 * takes another person's id, so no other person's booking can be returned (decision 219); the vehicle list is
 * checked once more against the caller.
 */
export const eigeneBuchungen = async ({ deps, user }: Auftrag): Promise<Eigene[]> => {
  const now = deps.now();
  const fahrten = (await ausser404(() => listBuchungen(deps, user, { eigene: true })))
    .filter((b) => b.buchender.id === user.benutzerId || b.fahrer?.id === user.benutzerId)
    .map(
      (b): Eigene => ({
        id: b.id,
        art: 'fahrzeug',
        bezeichnung: `${b.fahrzeug.marke} ${b.fahrzeug.modell} ${b.fahrzeug.kennzeichen}`,
        von: b.von,
        bis: b.bis,
        status: b.status,
        kannStornieren: b.aktionen.kannStornieren,
        kannEinchecken: b.aktionen.kannEinchecken,
        kannAendern: b.aktionen.kannAendern,
        fahrzeugId: b.fahrzeug.id,
      }),
    );
  const plaetze: Eigene[] = [];
  for (const bereich of BEREICHE)
    for (const b of await ausser404(() => listEigeneBuchungen(deps, user, bereich)))
      plaetze.push({
        id: b.id,
        art: bereich,
        bezeichnung: `${b.leseraum.bezeichnung} (${b.grundriss.bezeichnung})`,
        von: b.von,
        bis: b.bis,
        status: b.status,
        kannStornieren: b.kannStornieren,
        kannEinchecken: b.kannEinchecken,
        kannAendern: b.kannAendern,
        fahrzeugId: null,
      });
  return [...fahrten, ...plaetze]
    .filter((b) => OFFEN.has(b.status) && new Date(b.bis) > now)
    .sort((a, b) => Date.parse(a.von) - Date.parse(b.von));
};

export const ohneRechte = ({
  kannStornieren: _s,
  kannEinchecken: _e,
  kannAendern: _a,
  fahrzeugId: _f,
  ...b
}: Eigene): TEigeneBuchung => b;

/** 'Meine Buchungen': the caller's upcoming bookings, in words and as a list. */
export const buchungenAnzeigen = async (auftrag: Auftrag): Promise<TAusfuehrenAntwort> => {
  const buchungen = await eigeneBuchungen(auftrag);
  return {
    ...auftrag.antwort,
    art: 'auskunft',
    zusammenfassung: eigeneBuchungenText(buchungen, auftrag.sprache),
    buchungen: buchungen.map(ohneRechte),
  };
};

/** The own bookings a cancellation or check-in may mean: the one picked, or those of the day and kind read. */
const kandidaten = (auftrag: Auftrag, alle: Eigene[]): Eigene[] => {
  const { eingabe, lesung, normalisiert } = auftrag;
  if (eingabe.buchungId) return alle.filter((b) => b.id === eingabe.buchungId);
  const arten = ressourcenIn(normalisiert);
  const passtArt = (b: Eigene) =>
    arten.length === 0 || arten.includes(b.art === 'fahrzeug' ? 'fahrzeug' : 'platz');
  const tag = lesung.von && !lesung.rueckfrage ? berlinDateKey(new Date(lesung.von)) : null;
  const passtTag = (b: Eigene) =>
    !tag ||
    (berlinDateKey(new Date(b.von)) <= tag && berlinDateKey(new Date(new Date(b.bis).getTime() - 1)) >= tag);
  return alle.filter((b) => passtArt(b) && passtTag(b));
};

const waehlen = (auftrag: Auftrag, buchungen: Eigene[]): TAusfuehrenAntwort => ({
  ...auftrag.antwort,
  art: 'rueckfrage',
  zusammenfassung: auskunftText('welche', auftrag.sprache),
  buchungen: buchungen.map(ohneRechte),
});

/**
 * A cancellation of the caller's own booking on the day read (decision 219): none is a refusal, several are a
 * question back listing them, one is repeated for confirmation and then cancelled with the screen's operation
 * (the vehicles' or the reading room's `storniereBuchung`: rules, audit, mails).
 */
export const buchungStornieren = async (auftrag: Auftrag): Promise<TAusfuehrenAntwort> => {
  const { deps, user, eingabe, sprache } = auftrag;
  const alle = (await eigeneBuchungen(auftrag)).filter((b) => b.kannStornieren);
  // 'storniere meine Buchung' without a day: the question back lists the bookings to choose from
  if (auftrag.lesung.rueckfrage && !eingabe.buchungId)
    return alle.length > 0 ? waehlen(auftrag, alle) : abgelehnt(auftrag, 'assistent.keine_buchung');
  const treffer = kandidaten(auftrag, alle);
  if (treffer.length === 0) return abgelehnt(auftrag, 'assistent.keine_buchung');
  if (treffer.length > 1) return waehlen(auftrag, treffer);
  const buchung = treffer[0]!;
  const antwort: TAusfuehrenAntwort = {
    ...auftrag.antwort,
    lesung: { ...auftrag.lesung, rueckfrage: null },
    art: 'bestaetigen',
    zusammenfassung: `${auskunftText('stornieren', sprache)}: ${buchungZeile(buchung, sprache)}`,
    buchungen: [ohneRechte(buchung)],
    buchungId: buchung.id,
    buchungArt: buchung.art,
  };
  if (!eingabe.bestaetigt) return antwort;
  auftrag.antwort = antwort;
  return alsAblehnung(auftrag, async () => {
    if (buchung.art === 'fahrzeug') await storniereFahrt(deps, user, buchung.id);
    else await stornierePlatz(deps, user, buchung.id, {});
    return {
      ...antwort,
      art: 'ausgefuehrt',
      ausgefuehrt: true,
      zusammenfassung: `${auskunftText('storniert', sprache)}: ${buchungZeile(buchung, sprache)}`,
    };
  });
};

/**
 * A check-in to the caller's own current booking (decision 219): a place with the reading room's `checkInBuchung`;
 * a vehicle's check-in needs its odometer reading, so the refusal points to the page.
 */
export const einchecken = async (auftrag: Auftrag): Promise<TAusfuehrenAntwort> => {
  const { deps, user, eingabe, sprache } = auftrag;
  const alle = (await eigeneBuchungen(auftrag)).filter((b) => b.kannEinchecken);
  const treffer = eingabe.buchungId ? alle.filter((b) => b.id === eingabe.buchungId) : alle;
  if (treffer.length === 0) return abgelehnt(auftrag, 'assistent.keine_buchung');
  if (treffer.length > 1) return waehlen(auftrag, treffer);
  const buchung = treffer[0]!;
  const antwort: TAusfuehrenAntwort = {
    ...auftrag.antwort,
    art: 'bestaetigen',
    zusammenfassung: `${auskunftText('einchecken', sprache)}: ${buchungZeile(buchung, sprache)}`,
    buchungen: [ohneRechte(buchung)],
    buchungId: buchung.id,
    buchungArt: buchung.art,
  };
  auftrag.antwort = antwort;
  if (buchung.art === 'fahrzeug') return abgelehnt(auftrag, 'assistent.fahrzeug_checkin_seite');
  if (!eingabe.bestaetigt) return antwort;
  return alsAblehnung(auftrag, async () => {
    await checkInBuchung(deps, user, buchung.id);
    return {
      ...antwort,
      art: 'ausgefuehrt',
      ausgefuehrt: true,
      zusammenfassung: `${auskunftText('eingecheckt', sprache)}: ${buchungZeile(buchung, sprache)}`,
    };
  });
};

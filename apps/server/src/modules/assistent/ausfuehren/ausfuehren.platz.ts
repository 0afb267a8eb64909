import type { TAusfuehrenAntwort } from '@stellwerk/domain/assistent/api';
import { auskunftText } from '@stellwerk/domain/assistent/auskunft';
import { zusammenfassung as worte } from '@stellwerk/domain/assistent/zusammenfassung';
import { isDomainError } from '@stellwerk/domain/errors';
import type { Bereich, TBelegungQuery } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { berlinDateKey, formatTimeDE } from '@stellwerk/domain/time';
import {
  getBelegung,
  getEigenerPlatz,
  listGrundrisse,
  listLieblingsPlaetze,
} from '../../leseraum/leseraum-buchung/leseraum-buchung.abfragen.ts';
import { createBuchung } from '../../leseraum/leseraum-buchung/leseraum-buchung.vormerken.ts';
import { type Auftrag, abgelehnt, alsAblehnung } from './ausfuehren.kontext.ts';

/** A place in the reading room when the request says so; otherwise a desk in the workspace first. */
const LESERAUM = /\b(lesesaal\w*|leseraum\w*|leseplatz\w*|reading room)\b/;

type FreierPlatz = TAusfuehrenAntwort['plaetze'][number];

/** The area's plans at the location, or none when the area is switched off for the tenant. */
const plaeneDes = async (auftrag: Auftrag, bereich: Bereich) => {
  try {
    const plaene = await listGrundrisse(auftrag.deps, auftrag.user, bereich);
    return plaene.filter((p) => !auftrag.lesung.standort || p.standort?.name === auftrag.lesung.standort);
  } catch (e) {
    if (isDomainError(e) && e.code === 'not_found') return [];
    throw e;
  }
};

/**
 * The places free for the caller in the read period, from the screen's own occupancy (`getBelegung`: opening
 * hours, bookable days and every place state), the caller's own place and favourites first ('any free place').
 * A start without an end runs to the closing time of the plan's day.
 */
const freiePlaetze = async (
  auftrag: Auftrag,
): Promise<{ plaetze: FreierPlatz[]; bis: Map<string, Date> }> => {
  const { deps, user, lesung, normalisiert } = auftrag;
  const von = new Date(lesung.von!);
  const tag = berlinDateKey(von);
  const bereiche: Bereich[] = LESERAUM.test(normalisiert)
    ? ['leseraum', 'arbeitswelt']
    : ['arbeitswelt', 'leseraum'];
  const plaetze: FreierPlatz[] = [];
  const ende = new Map<string, Date>();
  for (const bereich of bereiche) {
    const plaene = await plaeneDes(auftrag, bereich);
    if (plaene.length === 0) continue;
    const bevorzugt = [
      (await getEigenerPlatz(deps, user, bereich))?.id,
      ...(await listLieblingsPlaetze(deps, user, bereich)).map((p) => p.id),
    ].filter((id): id is string => Boolean(id));
    const imBereich: FreierPlatz[] = [];
    for (const plan of plaene) {
      let query: TBelegungQuery;
      let bis = lesung.bis ? new Date(lesung.bis) : null;
      if (lesung.ganztags) query = { tag, modus: 'ganztags', tageszeit: 'ganztags' };
      else {
        if (!bis) {
          const tagesplan = await getBelegung(deps, user, plan.id, {
            tag,
            modus: 'ganztags',
            tageszeit: 'ganztags',
          });
          if (!tagesplan.zeitraum) continue;
          bis = new Date(tagesplan.zeitraum.bis);
          if (bis <= von) continue;
        }
        query = {
          tag,
          modus: 'stuendlich',
          tageszeit: 'ganztags',
          von: formatTimeDE(von),
          bis: formatTimeDE(bis),
        };
      }
      const belegung = await getBelegung(deps, user, plan.id, query);
      if (!belegung.zeitraum) continue;
      for (const p of belegung.plaetze) {
        if (p.zustand !== 'frei') continue;
        if (bis) ende.set(p.id, bis);
        imBereich.push({
          id: p.id,
          bezeichnung: p.bezeichnung,
          grundriss: plan.bezeichnung,
          standort: plan.standort?.name ?? null,
          bereich,
        });
      }
    }
    const rang = (id: string) => (bevorzugt.includes(id) ? bevorzugt.indexOf(id) : bevorzugt.length);
    plaetze.push(...imBereich.sort((a, b) => rang(a.id) - rang(b.id)));
    // the first area with plans at the location decides, as on the screens a user books in one area
    break;
  }
  return { plaetze, bis: ende };
};

/**
 * A place in the reading room or the workspace (decision 219): the dry run names the free places (the first is
 * taken unless `platzId` picks another), confirmed it is held with the screen's `createBuchung` (rules, audit, the
 * pre-booking mail). No free place: the refusal names none, and the words say so.
 */
export const platzBuchen = async (auftrag: Auftrag): Promise<TAusfuehrenAntwort> => {
  const { deps, user, eingabe, lesung } = auftrag;
  if (!lesung.von) return auftrag.antwort;
  // several whole days are several bookings: the screens book one day at a time
  if (lesung.ganztags && lesung.bis) {
    const letzter = berlinDateKey(new Date(new Date(lesung.bis).getTime() - 1));
    if (letzter !== berlinDateKey(new Date(lesung.von)))
      return abgelehnt(auftrag, 'assistent.nicht_ausfuehrbar');
  }
  return alsAblehnung(auftrag, async () => {
    const { plaetze, bis } = await freiePlaetze(auftrag);
    auftrag.antwort = { ...auftrag.antwort, plaetze };
    if (plaetze.length === 0) return abgelehnt(auftrag, 'assistent.kein_platz_frei');
    const platz = plaetze.find((p) => p.id === eingabe.platzId) ?? plaetze[0]!;
    const ende = bis.get(platz.id);
    const periode = { ...lesung, bis: lesung.bis ?? ende?.toISOString() ?? null };
    const zusammenfassung = `${worte(periode, auftrag.sprache)}: ${platz.bezeichnung} (${platz.grundriss})`;
    auftrag.antwort = { ...auftrag.antwort, zusammenfassung };
    if (!eingabe.bestaetigt) return { ...auftrag.antwort, art: 'bestaetigen' };
    const buchung = await createBuchung(
      deps,
      user,
      lesung.ganztags
        ? {
            modus: 'ganztags',
            tag: berlinDateKey(new Date(lesung.von!)),
            tageszeit: 'ganztags',
            leseraumId: platz.id,
            gruppengroesse: 1,
          }
        : {
            modus: 'stuendlich',
            von: new Date(lesung.von!).toISOString(),
            bis: (ende ?? new Date(lesung.bis!)).toISOString(),
            leseraumId: platz.id,
            gruppengroesse: 1,
          },
    );
    return {
      ...auftrag.antwort,
      art: 'ausgefuehrt',
      ausgefuehrt: true,
      zusammenfassung: `${auskunftText('gebucht', auftrag.sprache)}: ${zusammenfassung}`,
      plaetze: plaetze.filter((p) => p.id !== platz.id),
      buchungId: buchung.id,
      buchungArt: platz.bereich,
    };
  });
};

import type { TAusfuehrenAntwort } from '@stellwerk/domain/assistent/api';
import {
  frageSonstigeText,
  type Oeffnung,
  oeffnungszeitenText,
  regelnText,
} from '@stellwerk/domain/assistent/auskunft';
import { frageThema } from '@stellwerk/domain/assistent/frage';
import { isFeatureAccessible } from '@stellwerk/domain/features';
import { BEREICHE } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { leseraumRegelnAus } from '@stellwerk/domain/leseraum/leseraum-buchung/customizing';
import { berlinDateKey } from '@stellwerk/domain/time';
import { numberCustomizing, stringCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import { getBelegung, listGrundrisse } from '../../leseraum/leseraum-buchung/leseraum-buchung.abfragen.ts';
import {
  loadEffectiveCustomizing,
  loadFeatureSwitches,
} from '../../verwaltung/customizing/customizing.service.ts';
import type { Auftrag } from './ausfuehren.kontext.ts';

/** The caller's effective booking rules (their settings after user, group and tenant level) in words. */
const regeln = async ({ deps, user, sprache }: Auftrag): Promise<string> => {
  const { settings, switches } = await deps.database.withTenant(user.mandantId, async (tx) => ({
    settings: await loadEffectiveCustomizing(tx, user.benutzerId),
    switches: await loadFeatureSwitches(tx),
  }));
  const platz = leseraumRegelnAus(settings);
  const plaetze = isFeatureAccessible('Leseraum', switches) || isFeatureAccessible('Arbeitswelt', switches);
  return regelnText(
    {
      platz: plaetze
        ? {
            maximaleDauer: platz.maximaleDauer,
            vorausbuchbareTage: platz.vorausbuchbareTage,
            maxBuchungenProWoche: platz.maxBuchungenProWoche,
          }
        : null,
      fahrzeug: isFeatureAccessible('FahrzeugBuchung', switches)
        ? {
            vorausbuchbareTage: numberCustomizing(settings, 'FahrzeugVorausbuchbareTage'),
            von: stringCustomizing(settings, 'FahrzeugBuchungszeitraumVon'),
            bis: stringCustomizing(settings, 'FahrzeugBuchungszeitraumBis'),
          }
        : null,
    },
    sprache,
  );
};

/** The opening hours of the day read (today without one) of every plan at the location read, from the occupancy. */
const oeffnungszeiten = async (auftrag: Auftrag): Promise<string> => {
  const { deps, user, lesung, sprache } = auftrag;
  const tag = berlinDateKey(lesung.von ? new Date(lesung.von) : deps.now());
  const plaene: Oeffnung[] = [];
  for (const bereich of BEREICHE) {
    let liste: Awaited<ReturnType<typeof listGrundrisse>> = [];
    try {
      liste = await listGrundrisse(deps, user, bereich);
    } catch {
      continue; // the area is switched off
    }
    for (const plan of liste) {
      if (lesung.standort && plan.standort?.name !== lesung.standort) continue;
      const belegung = await getBelegung(deps, user, plan.id, {
        tag,
        modus: 'ganztags',
        tageszeit: 'ganztags',
      });
      plaene.push({
        name: plan.bezeichnung,
        standort: plan.standort?.name ?? null,
        oeffnung: belegung.oeffnung,
      });
    }
  }
  return oeffnungszeitenText(tag, plaene, sprache);
};

/** A question (decision 219): opening hours or the booking rules from the settings; nothing else is looked up. */
export const frage = async (auftrag: Auftrag): Promise<TAusfuehrenAntwort> => {
  const thema = frageThema(auftrag.normalisiert);
  const zusammenfassung =
    thema === 'oeffnungszeiten'
      ? await oeffnungszeiten(auftrag)
      : thema === 'regeln'
        ? await regeln(auftrag)
        : frageSonstigeText(auftrag.sprache);
  return {
    ...auftrag.antwort,
    art: 'auskunft',
    lesung: { ...auftrag.lesung, rueckfrage: null },
    zusammenfassung,
  };
};

/**
 * Erasing a person (Art. 17 GDPR, decision 235): the report is built from the declarations (decision 200), so the
 * categories, their treatment and the reasons are the same the data sheet and the Art. 30 record print.
 */
import type { TLoeschbericht, TLoeschKategorie } from './api.ts';
import { DATENKATEGORIEN, type Datenkategorie, type Zweisprachig } from './deklarationen.ts';

/** Why a category is deleted or anonymised (a kept one gives its own reason, `behaltenWeil`). */
export const LOESCH_GRUENDE: Record<'geloescht' | 'anonymisiert', Zweisprachig> = {
  geloescht: {
    de: 'Gelöscht: Der Zweck endet mit dem Konto, keine Pflicht verlangt die Aufbewahrung (Art. 17 Abs. 1 lit. a DSGVO).',
    en: 'Deleted: the purpose ends with the account and no obligation requires keeping it (Art. 17 (1) a GDPR).',
  },
  anonymisiert: {
    de: 'Anonymisiert: Der Personenbezug ist entfernt; die Zeilen bleiben ohne Person für Belegung und Auswertung (Art. 17 Abs. 1 DSGVO, Erwägungsgrund 26).',
    en: 'Anonymised: the personal reference is removed; the rows stay without a person for occupancy and evaluation (Art. 17 (1) GDPR, recital 26).',
  },
};

/** The reason a category is treated as it is on erasure. */
export const loeschGrund = (k: Datenkategorie): Zweisprachig =>
  k.beiLoeschung === 'behalten' && k.behaltenWeil
    ? k.behaltenWeil
    : LOESCH_GRUENDE[k.beiLoeschung === 'behalten' ? 'geloescht' : k.beiLoeschung];

/** What erasing does, per category, before it is done: the confirmation dialog's list. */
export const loeschPlan = (): Omit<TLoeschKategorie, 'anzahl'>[] =>
  DATENKATEGORIEN.map((k) => ({
    id: k.id,
    titel: k.titel,
    behandlung: k.beiLoeschung,
    grund: loeschGrund(k),
  }));

/**
 * The report from the rows each module removed, anonymised or kept (by category id; a category no module
 * reported counts 0). Every declared category appears, in the declarations' order.
 */
export const loeschbericht = (eingabe: {
  benutzerId: string;
  geloeschtAm: Date;
  anzahl: Readonly<Record<string, number>>;
  storniert: TLoeschbericht['storniert'];
  platzhalterBehalten: boolean;
}): TLoeschbericht => ({
  benutzerId: eingabe.benutzerId,
  geloeschtAm: eingabe.geloeschtAm.toISOString(),
  storniert: eingabe.storniert,
  platzhalterBehalten: eingabe.platzhalterBehalten,
  kategorien: loeschPlan().map((k) => ({ ...k, anzahl: eingabe.anzahl[k.id] ?? 0 })),
});

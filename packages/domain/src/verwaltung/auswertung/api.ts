/**
 * API contract of the evaluation (`GET /api/auswertung`, `GET /api/auswertung/export`, decision 195): the period
 * and location in the address, the answer's aggregates for the period and the one before. No answer carries a
 * person.
 */
import { z } from 'zod';
import { ZEITRAUM_ARTEN } from '../auslastung/zeitraum.ts';

const ZTag = z.string().max(10);
const ZQuote = z.number().min(0).max(1).nullable();

export const ZAuswertungQuery = z.object({
  art: z.enum(ZEITRAUM_ARTEN).default('monat'),
  tag: ZTag.optional(),
  von: ZTag.optional(),
  bis: ZTag.optional(),
  standort: z.uuid().optional(),
});
export type TAuswertungQuery = z.infer<typeof ZAuswertungQuery>;

export const ZAuswertungExportQuery = ZAuswertungQuery.extend({
  format: z.enum(['csv', 'xlsx']).default('xlsx'),
});
export type TAuswertungExportQuery = z.infer<typeof ZAuswertungExportQuery>;

const ZAufgeschluesselt = <T extends z.ZodTypeAny>(werte: T) =>
  z.object({
    zellen: z.array(z.object({ schluessel: z.string(), bezeichnung: z.string(), werte })),
    sonstige: z.object({ anzahlZellen: z.number().int(), werte }).nullable(),
    verborgen: z.number().int(),
  });
const ZAusgewertet = <T extends z.ZodTypeAny>(werte: T) =>
  z.object({ verborgen: z.boolean(), gesamt: werte.nullable(), standorte: ZAufgeschluesselt(werte) });

const ZFahrtZahl = z.object({ fahrten: z.number().int(), km: z.number().int() });
export const ZFahrtWerte = z.object({
  gesamt: ZFahrtZahl,
  dienstlich: ZFahrtZahl,
  privat: ZFahrtZahl,
  arbeitsweg: ZFahrtZahl,
});
export const ZFreigabeWerte = z.object({
  anfragen: z.number().int(),
  freigegeben: z.number().int(),
  abgelehnt: z.number().int(),
  offen: z.number().int(),
  entscheidungen: z.number().int(),
  /** Mean hours from request to decision. */
  mittlereStunden: z.number().nullable(),
});
export const ZSchadenWerte = z.object({
  gemeldet: z.number().int(),
  davonSicherheitsrelevant: z.number().int(),
  behoben: z.number().int(),
  offenAmEnde: z.number().int(),
  mittlereBehebungsTage: z.number().nullable(),
});
export const ZFuehrerscheinWerte = z.object({
  fuehrerscheine: z.number().int(),
  faellig: z.number().int(),
  ueberfaellig: z.number().int(),
  geprueft: z.number().int(),
  ohneTermin: z.number().int(),
});

/** One period's figures; an area switched off is null. */
const ZPeriode = z.object({
  auslastung: z.object({
    /** Reading rooms and workspaces (null: switched off or hidden). */
    plaetze: ZQuote,
    plaetzeVerborgen: z.boolean(),
    fahrzeugeGebucht: ZQuote,
    fahrzeugeGefahren: ZQuote,
    fahrzeugeVerborgen: z.boolean(),
    /** Searches that found every car taken (decision 246); counts without a person, null when hidden or off. */
    fahrzeugeNachfrage: z.number().int().nullable(),
  }),
  fahrten: ZAusgewertet(ZFahrtWerte).nullable(),
  freigaben: ZAusgewertet(ZFreigabeWerte).nullable(),
  schaeden: ZAusgewertet(ZSchadenWerte).nullable(),
  fuehrerscheine: z.object({ verborgen: z.boolean(), gesamt: ZFuehrerscheinWerte.nullable() }).nullable(),
});
export type TAuswertungPeriode = z.infer<typeof ZPeriode>;

const ZZeitraum = z.object({ art: z.enum(ZEITRAUM_ARTEN), vonTag: ZTag, bisTag: ZTag });

export const ZAuswertung = z.object({
  zeitraum: ZZeitraum,
  vorperiode: ZZeitraum,
  k: z.number().int(),
  /** The booking areas switched on for the tenant: the figures of an area that is off are not shown (decision 280). */
  bereiche: z.object({ plaetze: z.boolean(), fahrzeuge: z.boolean() }),
  auswahl: z.object({ standorte: z.array(z.object({ id: z.string(), name: z.string() })) }),
  aktuell: ZPeriode,
  vorher: ZPeriode,
});
export type TAuswertung = z.infer<typeof ZAuswertung>;

/**
 * GET /api/auswertung/empfaenger (decision 247): whom the mailed evaluation may go to, the tenant's active users who
 * may open the evaluation; the rhythm dialog offers only them.
 */
export const ZAuswertungEmpfaenger = z.array(
  z.object({ id: z.uuid(), name: z.string().max(300), email: z.string().max(320) }),
);
export type TAuswertungEmpfaenger = z.infer<typeof ZAuswertungEmpfaenger>;

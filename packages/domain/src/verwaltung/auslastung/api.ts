/**
 * API contract of the office utilisation (`GET /api/auslastung/...`, decisions 163–166): the query (period and
 * filters, all in the address of the screen) and the answers. Only aggregates: no answer carries a person.
 */
import { z } from 'zod';
import { BUCHUNGSMODI } from './buchbare-zeit.ts';
import { ZEITRAUM_ARTEN } from './zeitraum.ts';

const ZTag = z.string().max(10);
const ZQuote = z.number().min(0).max(1).nullable();

export const ZAuslastungQuery = z.object({
  art: z.enum(ZEITRAUM_ARTEN).default('monat'),
  /** The anchor day of week, month, quarter and year (default: today). */
  tag: ZTag.optional(),
  /** The custom range (art frei). */
  von: ZTag.optional(),
  bis: ZTag.optional(),
  standort: z.uuid().optional(),
});

export const ZLeseraumAuslastungQuery = ZAuslastungQuery.extend({
  grundriss: z.uuid().optional(),
  /** Room type: the area of the floor plan. */
  bereich: z.enum(['leseraum', 'arbeitswelt']).optional(),
  /** Place (capacity 1) or group room (capacity above 1). */
  raumart: z.enum(['platz', 'gruppenraum']).optional(),
  /** Default: the viewer's Buchungsmodus setting. */
  modus: z.enum(BUCHUNGSMODI).optional(),
});
export type TLeseraumAuslastungQuery = z.infer<typeof ZLeseraumAuslastungQuery>;

export const ZFahrzeugAuslastungQuery = ZAuslastungQuery.extend({
  kategorie: z.string().trim().min(1).max(100).optional(),
});
export type TFahrzeugAuslastungQuery = z.infer<typeof ZFahrzeugAuslastungQuery>;

const ZZeitraum = z.object({ art: z.enum(ZEITRAUM_ARTEN), vonTag: ZTag, bisTag: ZTag });

/** A breakdown after the k threshold: cells shown, "Sonstige" when it reaches k, how many cells are hidden. */
const ZAufschluesselung = z.object({
  zellen: z.array(z.object({ schluessel: z.string(), bezeichnung: z.string(), quote: ZQuote })),
  sonstige: z.object({ anzahlZellen: z.number().int(), quote: ZQuote }).nullable(),
  verborgen: z.number().int(),
});
export type TAufschluesselung = z.infer<typeof ZAufschluesselung>;

const ZAuslastungKopf = z.object({
  zeitraum: ZZeitraum,
  vorperiode: ZZeitraum,
  /** The tenant's k (AuslastungMindestPersonen). */
  k: z.number().int(),
  /** The selection counts fewer than k people: no figure is shown. */
  verborgen: z.boolean(),
});

const ZWahl = z.object({ id: z.string(), name: z.string() });
const ZAnzahlZelle = z.object({ schluessel: z.string(), bezeichnung: z.string(), anzahl: z.number().int() });

export const ZLeseraumAuslastung = ZAuslastungKopf.extend({
  /** What the filters offer: the tenant's locations and floor plans with places (no figures). */
  auswahl: z.object({ standorte: z.array(ZWahl), grundrisse: z.array(ZWahl) }),
  modus: z.enum(BUCHUNGSMODI),
  plaetze: z.number().int(),
  auslastung: ZQuote,
  auslastungEingecheckt: ZQuote,
  vorperiodeAuslastung: ZQuote,
  /** The previous period counts fewer than k people (or the period itself is hidden): no comparison figure. */
  vorperiodeVerborgen: z.boolean(),
  spitzenTag: z.object({ tag: ZTag, quote: ZQuote }).nullable(),
  buchungen: z.object({
    gebucht: z.number().int(),
    eingecheckt: z.number().int(),
    freigegeben: z.number().int(),
    noShowQuote: ZQuote,
    verfalleneVormerkungen: z.number().int(),
    stornierungen: z.number().int(),
    vorlauf: z.object({
      unterEinerStunde: z.number().int(),
      biszuEinemTag: z.number().int(),
      biszuEinerWoche: z.number().int(),
      laenger: z.number().int(),
      unbekannt: z.number().int(),
    }),
  }),
  tage: z.array(z.object({ tag: ZTag, quote: ZQuote, quoteEingecheckt: ZQuote })),
  heatmap: z.array(z.object({ wochentag: z.number().int(), stunde: z.number().int(), quote: ZQuote })),
  standorte: ZAufschluesselung,
  grundrisse: ZAufschluesselung,
  /** The next 14 days from today, from the bookings already made. */
  vorschau: z.object({ verborgen: z.boolean(), tage: z.array(z.object({ tag: ZTag, quote: ZQuote })) }),
});
export type TLeseraumAuslastung = z.infer<typeof ZLeseraumAuslastung>;

export const ZFahrzeugAuslastung = ZAuslastungKopf.extend({
  /** What the filters offer: the locations and categories of the active vehicles (no figures). */
  auswahl: z.object({ standorte: z.array(ZWahl), kategorien: z.array(z.string()) }),
  fahrzeuge: z.number().int(),
  auslastungGebucht: ZQuote,
  auslastungGefahren: ZQuote,
  vorperiodeGebucht: ZQuote,
  /** The previous period counts fewer than k people (or the period itself is hidden): no comparison figure. */
  vorperiodeVerborgen: z.boolean(),
  buchbareStunden: z.number(),
  standtage: z.number().int(),
  buchbareTage: z.number().int(),
  monate: z.array(
    z.object({
      monat: z.string().max(7),
      fahrten: z.number().int(),
      km: z.number().int(),
      kmPrivat: z.number().int(),
      kmArbeitsweg: z.number().int(),
    }),
  ),
  privatAnteil: ZQuote,
  arbeitswegAnteil: ZQuote,
  standorte: ZAufschluesselung,
  kategorien: ZAufschluesselung,
  fahrzeugeAufgeschluesselt: ZAufschluesselung,
  /**
   * Unmet demand (decision 246): searches for a period that found every car of a location and category taken,
   * over the period and the one before. Counts without a person; null while the selection is hidden.
   */
  nachfrage: z
    .object({
      gesamt: z.number().int(),
      vorperiode: z.number().int(),
      standorte: z.array(ZAnzahlZelle),
      kategorien: z.array(ZAnzahlZelle),
      tage: z.array(z.object({ tag: ZTag, anzahl: z.number().int() })),
      stunden: z.array(z.object({ stunde: z.number().int(), anzahl: z.number().int() })),
    })
    .nullable(),
  /** Vehicles whose booked utilisation over the last 90 days is below the threshold. */
  kandidaten: z.object({
    schwelle: z.number().int(),
    fahrzeuge: z.array(
      z.object({ id: z.uuid(), bezeichnung: z.string(), quote: ZQuote, gebuchteStunden: z.number() }),
    ),
    /** Vehicles below the threshold whose figures stay hidden (fewer than k people). */
    verborgen: z.number().int(),
  }),
});
export type TFahrzeugAuslastung = z.infer<typeof ZFahrzeugAuslastung>;

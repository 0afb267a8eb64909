/**
 * API contract of the licence checks (decision 050): the list of /fahrzeuge/fuehrerschein, the
 * count for the menu, and what saving a record or a driving ban answers. Dates are Berlin calendar days.
 */
import { z } from 'zod';
import { LIMITS } from '../../api.ts';
import { singleLineText } from '../../text-input.ts';
import { LISTEN_FILTER } from './liste.ts';
import { FUEHRERSCHEIN_KLASSEN } from './rules.ts';

const ZName = z.string().max(LIMITS.name);
const ZDay = z.string().max(10);

export const PRUEFUNGS_STAENDE = ['fehlt', 'ueberfaellig', 'faellig', 'aktuell'] as const;

/** GET /api/fuehrerscheine: search (name, e-mail, licence number) and state filter. */
export const ZFuehrerscheinListeQuery = z.object({
  suche: singleLineText().trim().max(100).optional(),
  stand: z.enum(LISTEN_FILTER).default('alle'),
});
export type TFuehrerscheinListeQuery = z.infer<typeof ZFuehrerscheinListeQuery>;

const ZHinweis = z.object({
  code: z.string().max(LIMITS.code),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});

export const ZFuehrerscheinDaten = z.object({
  fuehrerscheinnummer: z.string().max(50).nullable(),
  ausstellungsdatum: ZDay.nullable(),
  letztePruefung: ZDay.nullable(),
  naechstePruefung: ZDay.nullable(),
  pruefer: z.object({ id: z.uuid(), name: ZName }).nullable(),
  pruefmethode: z.string().max(100).nullable(),
  originalGesehen: z.boolean(),
  /** when the check was recorded (ISO instant) */
  geprueftAm: z.string().max(40).nullable(),
  zusatzinfo: z.string().max(2000).nullable(),
  fahrverbot: z.boolean(),
  fahrverbotVon: ZDay.nullable(),
  fahrverbotBis: ZDay.nullable(),
  klassen: z.record(z.enum(FUEHRERSCHEIN_KLASSEN), z.boolean()),
  klassenAblauf: z.partialRecord(z.enum(FUEHRERSCHEIN_KLASSEN), ZDay.nullable()),
  dokumentAblauf: ZDay.nullable(),
});
export type TFuehrerscheinDaten = z.infer<typeof ZFuehrerscheinDaten>;

/** One user who may book vehicles, with their licence record (null: no record) and its state. */
export const ZFuehrerscheinZeile = z.object({
  benutzer: z.object({ id: z.uuid(), name: ZName, email: z.string().max(LIMITS.email) }),
  fuehrerschein: ZFuehrerscheinDaten.nullable(),
  stand: z.enum(PRUEFUNGS_STAENDE),
  /** a driving ban covers today */
  fahrverbotHeute: z.boolean(),
  /** warnings: expired document, expired truck/bus classes */
  hinweise: z.array(ZHinweis),
});
export type TFuehrerscheinZeile = z.infer<typeof ZFuehrerscheinZeile>;

export const ZFuehrerscheinListe = z.object({
  /** today (Berlin): the check dialog's last check */
  heute: ZDay,
  intervallMonate: z.number().int(),
  vorlaufTage: z.number().int(),
  /** the tenant's further methods besides the original in person */
  pruefmethoden: z.array(z.string().max(500)),
  zeilen: z.array(ZFuehrerscheinZeile),
});
export type TFuehrerscheinListe = z.infer<typeof ZFuehrerscheinListe>;

/** GET /api/fuehrerscheine/anzahl: checks to act on (no record, overdue, due soon), for the menu. */
export const ZFuehrerscheinAnzahl = z.object({ faellig: z.number().int() });

/** A trip a driving ban cancels (preview and result). */
export const ZFahrverbotBuchung = z.object({
  id: z.uuid(),
  fahrzeug: ZName,
  kennzeichen: ZName,
  von: z.string().max(40),
  bis: z.string().max(40),
  buchender: ZName,
});
export type TFahrverbotBuchung = z.infer<typeof ZFahrverbotBuchung>;
export const ZFahrverbotBuchungen = z.array(ZFahrverbotBuchung);

/** PUT answer: the row as the list shows it and the trips the driving ban cancelled (with mails). */
export const ZFuehrerscheinGespeichert = z.object({
  zeile: ZFuehrerscheinZeile,
  storniert: ZFahrverbotBuchungen,
});
export type TFuehrerscheinGespeichert = z.infer<typeof ZFuehrerscheinGespeichert>;

export const ZBenutzerIdParams = z.object({ benutzerId: z.uuid() });

/**
 * API contract of trips and the logbook (decision 062): check-in and check-out bodies, the logbook of
 * a vehicle with each entry's versions, a new version, a trip recorded by hand, the chain check. `Z*` zod
 * schemas, `T*` their types; instants ISO 8601. Readings are validated by the rules (historie.ts, eintrag.ts)
 * so the answer carries the spec's message ('Tankfüllung muss zwischen 0 und 100 sein!', …), not a generic one.
 */
import { z } from 'zod';
import { LIMITS } from '../../api.ts';
import { ZInstantInput } from '../../date-input.ts';
import { multiLineText, singleLineText } from '../../text-input.ts';
import { FAHRT_ARTEN } from './eintrag.ts';
import { SCHADEN_ORTE } from './fahrt-schritt.ts';

const ZZeile = singleLineText().trim().max(500);
const ZText = multiLineText().trim().max(2000);
/** A reading: any finite number here; the rules refuse what is out of range with their own message. */
const ZZahl = z.number().finite();

/**
 * A damage found or caused (decision 064): its place on the vehicle (`SCHADEN_ORTE`), a description, whether it
 * affects safety. Its photo travels as the multipart file `schaden.{index}.foto`. Place and description are
 * checked by the rules ('Bitte alle Pflichtfelder ausfüllen.').
 */
const ZSchaden = z.object({
  // read as text so that a place outside the list gets the rule's message naming the allowed ones;
  // the API document lists them
  ort: z
    .string()
    .max(40)
    .meta({ enum: [...SCHADEN_ORTE], description: `Where on the vehicle: ${SCHADEN_ORTE.join(', ')}` }),
  beschreibung: ZText,
  sicherheitsrelevant: z.boolean().default(false),
});

/**
 * Body of `POST /api/fahrzeug-buchungen/{id}/check-in`: JSON, or multipart/form-data with this object as the
 * JSON text of the field `daten`, the receipts as files `beleg` (png, jpg, pdf) and each damage's photo as
 * `schaden.{index}.foto` (png, jpg).
 */
export const ZCheckInEingabe = z.object({
  kilometerstand: ZZahl,
  tankfuellung: ZZahl,
  sauberkeitAussen: ZZeile,
  sauberkeitInnen: ZZeile,
  abstellplatz: ZZeile.nullable().optional(),
  schaeden: z.array(ZSchaden).max(20).default([]),
});
export type TCheckInEingabe = z.infer<typeof ZCheckInEingabe>;

/** What a trip states for the logbook (empty strings count as not given). */
export const ZFahrtAngabenEingabe = z.object({
  art: z.enum(FAHRT_ARTEN),
  ziel: ZText.nullable().optional(),
  zweck: ZZeile.nullable().optional(),
  partner: ZZeile.nullable().optional(),
  umweg: ZText.nullable().optional(),
  notiz: ZZeile.nullable().optional(),
});
export type TFahrtAngabenEingabe = z.infer<typeof ZFahrtAngabenEingabe>;

/** Body of `POST /api/fahrzeug-buchungen/{id}/check-out`: the readings and the trip for the logbook. */
export const ZCheckOutEingabe = ZCheckInEingabe.extend({
  fahrt: ZFahrtAngabenEingabe,
});
export type TCheckOutEingabe = z.infer<typeof ZCheckOutEingabe>;

/**
 * Body of `POST /api/fahrtenbuch/{id}/fassungen`: a new version (addition or correction) of an entry; the readings
 * may be corrected too (decision 092), omitted they stay.
 */
export const ZFassungEingabe = ZFahrtAngabenEingabe.extend({
  grund: ZZeile.nullable().optional(),
  kmBeginn: ZZahl.optional(),
  kmEnde: ZZahl.optional(),
});
export type TFassungEingabe = z.infer<typeof ZFassungEingabe>;

/** Body of `POST /api/fahrzeuge/{id}/fahrtenbuch`: a trip recorded by hand (fleet managers), complete. */
export const ZHandEintragEingabe = ZFahrtAngabenEingabe.extend({
  beginn: ZInstantInput,
  ende: ZInstantInput,
  kmBeginn: ZZahl,
  kmEnde: ZZahl,
  fahrerId: z.uuid(),
  grund: ZZeile.pipe(z.string().min(1)),
});
export type THandEintragEingabe = z.infer<typeof ZHandEintragEingabe>;

const ZInstant = z.string().max(40);
const ZName = z.string().max(LIMITS.name);
const ZFrei = z.string().max(LIMITS.message).nullable();

/** One stored version of an entry as a viewer may see it (a private trip's details only for its driver). */
export const ZFahrtenbuchFassung = z.object({
  id: z.uuid(),
  laufnummer: z.number().int(),
  quelle: z.enum(['fahrt', 'hand']),
  fahrzeugBuchungId: z.uuid().nullable(),
  korrigiertId: z.uuid().nullable(),
  grund: ZFrei,
  art: z.enum(FAHRT_ARTEN),
  beginn: ZInstant,
  ende: ZInstant,
  kmBeginn: z.number().int(),
  kmEnde: z.number().int(),
  strecke: z.number().int(),
  fahrer: z.object({ id: z.uuid(), name: ZName }),
  ziel: ZFrei,
  zweck: ZFrei,
  partner: ZFrei,
  umweg: ZFrei,
  notiz: ZFrei,
  erfasstAm: ZInstant,
  erfasstVon: z.object({ id: z.uuid(), name: ZName }),
  hash: z.string().length(64),
});
export type TFahrtenbuchFassung = z.infer<typeof ZFahrtenbuchFassung>;

/** An entry: its current version, the versions it replaced (oldest first), and its state. */
export const ZFahrtenbuchEintrag = z.object({
  aktuell: ZFahrtenbuchFassung,
  fruehere: z.array(ZFahrtenbuchFassung).max(1000),
  /** the mandatory fields of its kind still empty */
  fehlend: z.array(z.enum(['ziel', 'zweck', 'partner', 'notiz'])).max(4),
  /** until when it may be completed or corrected; after that it is locked */
  ergaenzbarBis: ZInstant,
  /** whether the current user may add a version now */
  kannErgaenzen: z.boolean(),
  /** the receipts attached at the trip's check-in and check-out, served after the tenant check (R158) */
  belege: z.array(z.object({ id: z.uuid(), url: z.string().max(LIMITS.path) })).max(100),
});
export type TFahrtenbuchEintrag = z.infer<typeof ZFahrtenbuchEintrag>;

/**
 * Where a vehicle's chain starts after the retention purge deleted its oldest versions (decision 081): the
 * versions up to `bisLaufnummer`, trips that ended up to `bisEnde`, `anzahl` in all, are gone; the chain check
 * starts from the last deleted version's hash. Null while nothing was deleted.
 */
export const ZFahrtenbuchAnker = z.object({
  bisLaufnummer: z.number().int(),
  bisEnde: ZInstant,
  anzahl: z.number().int(),
  geloeschtAm: ZInstant,
});
export type TFahrtenbuchAnker = z.infer<typeof ZFahrtenbuchAnker>;

/** `GET /api/fahrzeuge/{id}/fahrtenbuch?von=&bis=`: a vehicle's logbook for a period. */
export const ZFahrtenbuch = z.object({
  fahrzeug: z.object({ id: z.uuid(), kennzeichen: ZName, marke: ZName, modell: ZName }),
  von: ZInstant,
  bis: ZInstant,
  eintraege: z.array(ZFahrtenbuchEintrag).max(100_000),
  luecken: z
    .array(
      z.object({
        vorId: z.uuid(),
        nachId: z.uuid(),
        vonKm: z.number().int(),
        bisKm: z.number().int(),
        vonZeit: ZInstant,
        bisZeit: ZInstant,
      }),
    )
    .max(100_000),
  summeKm: z.number().int(),
  /** the retention purge's anchor (decision 081), null while nothing was deleted */
  anker: ZFahrtenbuchAnker.nullable(),
});
export type TFahrtenbuch = z.infer<typeof ZFahrtenbuch>;

export const ZFahrtenbuchQuery = z.object({ von: ZInstantInput.optional(), bis: ZInstantInput.optional() });

/** `POST /api/fahrzeuge/{id}/fahrtenbuch/pruefung`: the recomputed hash chain of the vehicle's whole logbook. */
export const ZKettenPruefung = z.object({
  ok: z.boolean(),
  anzahl: z.number().int(),
  /** the final hash (ok) */
  letzterHash: z.string().length(64).nullable(),
  /**
   * the first finding (not ok): a version whose content or link does not fit ('inhalt', 'verkettung'), versions
   * `laufnummer` to `bisLaufnummer` recorded but no longer stored ('fehlt': a removed tail; no `id` then), or a
   * stored version that is not the one the database recorded ('kopf'), decision 091
   */
  fehler: z
    .object({
      laufnummer: z.number().int(),
      bisLaufnummer: z.number().int(),
      id: z.uuid().nullable(),
      grund: z.enum(['inhalt', 'verkettung', 'fehlt', 'kopf']),
    })
    .nullable(),
  /** the chain's head as the database recorded it at the last append (decision 091), null before any entry */
  kopf: z.object({ laufnummer: z.number().int(), hash: z.string().length(64) }).nullable(),
  /** the chain starts at this anchor (the retention purge deleted the versions before it), or null */
  anker: ZFahrtenbuchAnker.nullable(),
});
export type TKettenPruefung = z.infer<typeof ZKettenPruefung>;

/** An open damage of a vehicle, as the check-in dialog shows it (decision 064). */
export const ZOffenerSchaden = z.object({
  id: z.uuid(),
  ort: z.enum(SCHADEN_ORTE),
  beschreibung: z.string().max(2000),
  sicherheitsrelevant: z.boolean(),
  /** the photo, readable at `/api/dateien/{fotoId}` */
  fotoId: z.uuid().nullable(),
  gemeldetAm: ZInstant,
  gemeldetVon: ZName.nullable(),
});
export type TOffenerSchaden = z.infer<typeof ZOffenerSchaden>;

/** `GET /api/fahrzeug-buchungen/{id}/check-in`: what the check-in dialog needs before the driver starts. */
export const ZCheckInVorlage = z.object({
  /** the vehicle's highest reading so far, proposed as the mileage (null: none recorded yet) */
  kilometerstand: z.number().int().nullable(),
  /** the tenant's cleaning states, best first */
  reinigungszustaende: z.array(z.string().max(200)).max(50),
  /** the parking spots of the vehicle's location */
  abstellplaetze: z.array(z.string().max(200)).max(500),
  elektro: z.boolean(),
  offeneSchaeden: z.array(ZOffenerSchaden).max(500),
  /** the previous trip of the vehicle is checked in and not out (decision 063) */
  vorherigeOffen: z.boolean(),
  /** VorCheckOutAkzeptieren: whether a check-in then still goes ahead */
  vorCheckOutAkzeptieren: z.boolean(),
});
export type TCheckInVorlage = z.infer<typeof ZCheckInVorlage>;

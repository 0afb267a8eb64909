/**
 * Statuses and types of spec §3 and §4. Parsing an unknown value is an error (spec §4:
 * 'Status {status} unbekannt', 'Typ {typ} unbekannt').
 */
import { DomainError } from './errors.ts';

export const BUCHUNG_STATUS = [
  'vorgemerkt',
  'reserviert',
  'aktiv',
  'durchgeführt',
  'storniert',
  'verschlossen',
] as const;
export type BuchungStatus = (typeof BUCHUNG_STATUS)[number];

export const FAHRZEUG_BUCHUNG_TYP = ['BUCHUNG', 'WARTUNG', 'SERVICE', 'DEFEKT'] as const;
export type FahrzeugBuchungTyp = (typeof FAHRZEUG_BUCHUNG_TYP)[number];

export const HISTORIE_TYP = [
  'ERSTELLUNG',
  'STATUSAENDERUNG',
  'WARTUNG',
  'CHECK_IN',
  'CHECK_OUT',
  'SERVICE',
  'DEAKTIVIERUNG',
] as const;
export type HistorieTyp = (typeof HISTORIE_TYP)[number];

export const OEFFNUNGSZEIT_STATUS = ['offen', 'geschlossen'] as const;
export type OeffnungszeitStatus = (typeof OEFFNUNGSZEIT_STATUS)[number];

const shown = (value: unknown): string => String(value).slice(0, 100);

const member =
  <T extends string>(values: readonly T[]) =>
  (value: unknown): value is T =>
    typeof value === 'string' && (values as readonly string[]).includes(value);

export const isBuchungStatus = member(BUCHUNG_STATUS);
export const isFahrzeugBuchungTyp = member(FAHRZEUG_BUCHUNG_TYP);
export const isHistorieTyp = member(HISTORIE_TYP);
export const isOeffnungszeitStatus = member(OEFFNUNGSZEIT_STATUS);

/** A booking status; anything else throws 'Status {status} unbekannt'. */
export const parseStatus = (value: unknown): BuchungStatus => {
  if (!isBuchungStatus(value)) throw new DomainError('status.unbekannt', { status: shown(value) });
  return value;
};

/** An opening-time status (offen, geschlossen); anything else throws 'Status {status} unbekannt'. */
export const parseOeffnungszeitStatus = (value: unknown): OeffnungszeitStatus => {
  if (!isOeffnungszeitStatus(value)) throw new DomainError('status.unbekannt', { status: shown(value) });
  return value;
};

/** A vehicle booking type; anything else throws 'Typ {typ} unbekannt'. */
export const parseTyp = (value: unknown): FahrzeugBuchungTyp => {
  if (!isFahrzeugBuchungTyp(value)) throw new DomainError('typ.unbekannt', { typ: shown(value) });
  return value;
};

/** A vehicle history type; anything else throws 'Typ {typ} unbekannt'. */
export const parseHistorieTyp = (value: unknown): HistorieTyp => {
  if (!isHistorieTyp(value)) throw new DomainError('typ.unbekannt', { typ: shown(value) });
  return value;
};

/** Statuses that no longer occupy time (a cancelled booking frees its slot). */
export const FREIE_STATUS: readonly BuchungStatus[] = ['storniert'];

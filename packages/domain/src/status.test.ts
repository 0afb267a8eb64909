import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.ts';
import {
  BUCHUNG_STATUS,
  FAHRZEUG_BUCHUNG_TYP,
  HISTORIE_TYP,
  OEFFNUNGSZEIT_STATUS,
  parseHistorieTyp,
  parseOeffnungszeitStatus,
  parseStatus,
  parseTyp,
} from './status.ts';

describe('statuses and types', () => {
  it('are the values of spec §3 and §4', () => {
    expect(BUCHUNG_STATUS).toEqual([
      'vorgemerkt',
      'reserviert',
      'aktiv',
      'durchgeführt',
      'storniert',
      'verschlossen',
    ]);
    expect(FAHRZEUG_BUCHUNG_TYP).toEqual(['BUCHUNG', 'WARTUNG', 'SERVICE', 'DEFEKT']);
    expect(HISTORIE_TYP).toEqual([
      'ERSTELLUNG',
      'STATUSAENDERUNG',
      'WARTUNG',
      'CHECK_IN',
      'CHECK_OUT',
      'SERVICE',
      'DEAKTIVIERUNG',
    ]);
    expect(OEFFNUNGSZEIT_STATUS).toEqual(['offen', 'geschlossen']);
  });

  it.each(BUCHUNG_STATUS)('parses the booking status %s', (s) => {
    expect(parseStatus(s)).toBe(s);
  });

  it.each(FAHRZEUG_BUCHUNG_TYP)('parses the booking type %s', (t) => {
    expect(parseTyp(t)).toBe(t);
  });

  it.each(HISTORIE_TYP)('parses the history type %s', (t) => {
    expect(parseHistorieTyp(t)).toBe(t);
  });

  it.each(OEFFNUNGSZEIT_STATUS)('parses the opening-time status %s', (s) => {
    expect(parseOeffnungszeitStatus(s)).toBe(s);
  });

  it.each<[() => unknown, string]>([
    [() => parseStatus('erledigt'), 'Status erledigt unbekannt'],
    [() => parseStatus('durchgefuehrt'), 'Status durchgefuehrt unbekannt'],
    [() => parseStatus(undefined), 'Status undefined unbekannt'],
    [() => parseOeffnungszeitStatus('halb'), 'Status halb unbekannt'],
    [() => parseTyp('buchung'), 'Typ buchung unbekannt'],
    [() => parseHistorieTyp('CHECKIN'), 'Typ CHECKIN unbekannt'],
  ])('throws for an unknown value: %#', (fn, message) => {
    expect(fn).toThrow(DomainError);
    expect(fn).toThrow(message);
  });
});

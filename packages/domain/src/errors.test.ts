import { describe, expect, it } from 'vitest';
import { ASSISTENT_ERRORS } from './assistent/assistent.errors.ts';
import { ALLGEMEINE_ERRORS } from './errors.allgemein.ts';
import {
  DomainError,
  ERROR_CODES,
  ERRORS,
  type ErrorCode,
  formatError,
  httpStatusOf,
  isErrorCode,
  placeholdersOf,
} from './errors.ts';
import { FAHRTEN_ERRORS } from './fahrten/fahrten.errors.ts';
import { FAHRZEUGE_ERRORS } from './fahrzeuge/fahrzeuge.errors.ts';
import { IDENTITAET_ERRORS } from './identitaet/identitaet.errors.ts';
import { LESERAUM_ERRORS } from './leseraum/leseraum.errors.ts';
import { PLATTFORM_ERRORS } from './plattform/plattform.errors.ts';
import { VERWALTUNG_ERRORS } from './verwaltung/verwaltung.errors.ts';

describe('the error catalogue', () => {
  it("combines the areas' catalogues without one code in two areas (a duplicate would silently replace the other)", () => {
    const areas = [
      ALLGEMEINE_ERRORS,
      IDENTITAET_ERRORS,
      VERWALTUNG_ERRORS,
      LESERAUM_ERRORS,
      FAHRZEUGE_ERRORS,
      FAHRTEN_ERRORS,
      PLATTFORM_ERRORS,
      ASSISTENT_ERRORS,
    ];
    const codes = areas.flatMap((a) => Object.keys(a));
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBe(ERROR_CODES.length);
  });

  it.each(ERROR_CODES)('%s has a German and an English text with the same placeholders', (code) => {
    const { de, en, status } = ERRORS[code];
    expect(de.trim()).not.toBe('');
    expect(en.trim()).not.toBe('');
    expect(placeholdersOf(en).sort()).toEqual(placeholdersOf(de).sort());
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(600);
  });

  it('fills a placeholder with the text in the language when one is given per language', () => {
    const params = { wert: '5', schicht: 'gruppe', grund_de: 'Grund', grund_en: 'Reason' };
    expect(formatError('customizing.save_failed', 'de', params)).toBe(
      'Neuer Customizing Wert 5 konnte nicht in Schicht gruppe gespeichert werden. Fehler: Grund',
    );
    expect(formatError('customizing.save_failed', 'en', params)).toBe(
      'New customizing value 5 could not be saved at level gruppe. Error: Reason',
    );
  });

  it('uses stable dotted or single-word lower-case codes', () => {
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z_]+(\.[a-z_]+)*$/);
  });

  it.each<[ErrorCode, string]>([
    [
      'leseraum_buchung.durchgefuehrt_nicht_stornierbar',
      'Eine durchgeführte LeseraumBuchung kann nicht storniert werden.',
    ],
    ['status.unbekannt', 'Status {status} unbekannt'],
    ['typ.unbekannt', 'Typ {typ} unbekannt'],
    ['sonderfreigabe.user_not_found', 'User not found! Kein update der Sonderfreigabe möglich.'],
    [
      'customizing.save_failed',
      'Neuer Customizing Wert {wert} konnte nicht in Schicht {schicht} gespeichert werden. Fehler: {grund}',
    ],
    ['customizing.option_not_found', 'keine CustomizingOption zu {name} gefunden!'],
    ['customizing.not_a_number', 'Wert zum mappen muss vom Typ number sein!'],
    ['zeit.ungueltig', 'Zeit zum setzen ist kein valider String.'],
    ['zeit.buchungszeit_ungueltig', "No valid Time String '{value}'!"],
    [
      'fahrzeug.reinigungszustand_ungueltig',
      'Reinigungszustand {art} {wert} kann nicht gespeichert werden, muss innerhalb der erlaubten Werte liegen! [{liste}]',
    ],
    [
      'fahrzeug.update_ohne_altdaten',
      'Update des Fahrzeugs ohne alte Fahrzeugdaten nicht möglich, da Validierung nicht durchgeführt werden kann!',
    ],
    ['validation.pflichtfelder', 'Bitte alle Pflichtfelder ausfüllen.'],
    ['fahrzeug.tankfuellung_ungueltig', 'Tankfüllung muss zwischen 0 und 100 sein!'],
    ['fahrzeug.kilometerstand_zu_klein', 'Kilometerstand muss größer als {value} sein.'],
    [
      'fahrzeug_buchung.checkin_nicht_freigegeben',
      'Ein CheckIn ist nicht möglich, da die Buchung nicht freigegeben wurde!',
    ],
    ['upload.failed', 'Fehler beim Hochladen der Datei: {message}'],
    ['fahrzeug.keine_treffer', 'Anhand der ausgewählten Filter wurde kein Fahrzeug gefunden.'],
    ['sonderfreigabe.keine_offenen', 'Momentan gibt es keine Buchungen, die Freigegeben werden müssen.'],
    ['guard.benutzer_muss_existieren', 'Ein Benutzer muss existieren'],
  ])('%s carries the exact German text of the spec', (code, de) => {
    expect(ERRORS[code].de).toBe(de);
  });

  it('keeps the generic validation message apart from the mandatory-fields message', () => {
    expect(ERRORS['validation.failed'].de).toBe('Die Eingabe ist ungültig.');
    expect(ERRORS['validation.failed'].en).toBe('The input is invalid.');
  });

  it.each<[ErrorCode, number]>([
    ['auth.unauthenticated', 401],
    ['auth.invalid_credentials', 401],
    ['auth.rate_limited', 429],
    ['auth.forbidden', 403],
    ['not_found', 404],
    ['validation.failed', 400],
    ['internal', 500],
    ['conflict', 409],
    ['guard.no_admin', 403],
  ])('%s answers HTTP %i', (code, status) => {
    expect(httpStatusOf(code)).toBe(status);
  });
});

describe('formatError', () => {
  it('fills placeholders in German and English', () => {
    expect(formatError('fahrzeug.kilometerstand_zu_klein', 'de', { value: 12500 })).toBe(
      'Kilometerstand muss größer als 12500 sein.',
    );
    expect(formatError('fahrzeug.kilometerstand_zu_klein', 'en', { value: 12500 })).toBe(
      'Mileage must be greater than 12500.',
    );
    expect(formatError('zeit.buchungszeit_ungueltig', 'de', { value: '25:00' })).toBe(
      "No valid Time String '25:00'!",
    );
  });

  it('fills the cleanliness message with kind, value and list', () => {
    expect(
      formatError('fahrzeug.reinigungszustand_ungueltig', 'de', {
        art: 'Innen',
        wert: 'dreckig',
        liste: 'sauber, verschmutzt',
      }),
    ).toBe(
      'Reinigungszustand Innen dreckig kann nicht gespeichert werden, muss innerhalb der erlaubten Werte liegen! [sauber, verschmutzt]',
    );
  });

  it.each<[ErrorCode, Record<string, number>, string, string]>([
    [
      'fahrzeug_buchung.mindestabstand',
      { stunden: 1 },
      'Zwischen zwei Buchungen des Fahrzeugs muss mindestens 1 Stunde liegen.',
      'There must be at least 1 hour between two bookings of the vehicle.',
    ],
    [
      'fahrzeug_buchung.mindestabstand',
      { stunden: 2 },
      'Zwischen zwei Buchungen des Fahrzeugs müssen mindestens 2 Stunden liegen.',
      'There must be at least 2 hours between two bookings of the vehicle.',
    ],
    [
      'fahrzeug.stornierung_bestaetigen',
      { anzahl: 1 },
      'Die Änderung storniert 1 Buchung. Bitte prüfen und bestätigen Sie die Liste.',
      'The change cancels 1 booking. Please review and confirm the list.',
    ],
    [
      'fahrzeug_buchung.zu_kurz',
      { minuten: 1 },
      'Eine Buchung muss mindestens 1 Minute dauern.',
      'A booking must last at least 1 minute.',
    ],
    [
      'fahrt.zu_viele_dateien',
      { max: 1 },
      'Fehler beim Hochladen der Datei: Höchstens 1 Beleg und ein Foto je Schaden.',
      'Error uploading the file: at most 1 receipt and one photo per damage.',
    ],
  ])('%s with %j speaks in singular and plural', (code, params, de, en) => {
    expect(formatError(code, 'de', params)).toBe(de);
    expect(formatError(code, 'en', params)).toBe(en);
  });

  it('names a plural placeholder once among the placeholders', () => {
    expect(placeholdersOf(ERRORS['leseraum.deaktivierung_bestaetigen'].en)).toEqual(['anzahl', 'name']);
  });

  it('leaves a placeholder visible when its param is missing', () => {
    expect(formatError('status.unbekannt', 'de')).toBe('Status {status} unbekannt');
  });

  it('does not interpret replacement patterns inside params', () => {
    expect(formatError('typ.unbekannt', 'de', { typ: '$& $1' })).toBe('Typ $& $1 unbekannt');
  });
});

describe('isErrorCode', () => {
  it('accepts catalogue codes and rejects others, including inherited object keys', () => {
    expect(isErrorCode('conflict')).toBe(true);
    expect(isErrorCode('guard.no_admin')).toBe(true);
    expect(isErrorCode('nope')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('__proto__')).toBe(false);
  });
});

describe('DomainError', () => {
  it('carries code, params, status and a German message', () => {
    const e = new DomainError('status.unbekannt', { status: 'kaputt' });
    expect(e).toBeInstanceOf(Error);
    expect(e.code).toBe('status.unbekannt');
    expect(e.params).toEqual({ status: 'kaputt' });
    expect(e.status).toBe(400);
    expect(e.message).toBe('Status kaputt unbekannt');
  });

  it('defaults to empty params', () => {
    expect(new DomainError('internal').params).toEqual({});
  });
});

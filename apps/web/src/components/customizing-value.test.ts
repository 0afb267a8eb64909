import { describe, expect, it } from 'vitest';
import {
  type CustomizingMeta,
  checkCustomizingValue,
  controlKind,
  optionHelp,
  optionLabel,
} from './customizing-value';

const meta = (patch: Partial<CustomizingMeta>): CustomizingMeta => ({
  name: 'Test',
  label: { de: 'Prüfwert', en: 'Test value' },
  group: 'allgemein',
  allowedNumbers: null,
  feature: 'Einstellungen',
  typ: 'string',
  unit: null,
  levels: ['benutzer', 'gruppe', 'mandant'],
  default: '',
  allowedValues: null,
  min: null,
  max: null,
  itemTyp: null,
  description: { de: 'Beschreibung. Standard: 5.', en: 'Description. Default: 5.' },
  userEditable: false,
  ...patch,
});

describe('the control of a setting', () => {
  it('is chosen by the option type', () => {
    expect(controlKind(meta({ typ: 'boolean' }))).toBe('switch');
    expect(controlKind(meta({ typ: 'number', unit: 'prozent' }))).toBe('number');
    expect(controlKind(meta({ typ: 'number', unit: 'tage' }))).toBe('number');
    expect(controlKind(meta({ typ: 'time' }))).toBe('time');
    expect(controlKind(meta({ typ: 'string' }))).toBe('text');
  });

  it('is a span with a unit choice for time spans in minutes or hours', () => {
    expect(controlKind(meta({ typ: 'number', unit: 'minuten' }))).toBe('span');
    expect(controlKind(meta({ typ: 'number', unit: 'stunden' }))).toBe('span');
  });

  it('is a select for numbers with allowed values (the report rhythm)', () => {
    expect(controlKind(meta({ typ: 'number', unit: 'monate', allowedNumbers: [1, 3, 6, 12] }))).toBe(
      'numberSelect',
    );
  });

  it('is a select for strings with allowed values, a weekday choice for weekday names', () => {
    expect(controlKind(meta({ allowedValues: ['karte', 'liste'] }))).toBe('select');
    expect(controlKind(meta({ allowedValues: ['', 'sonntags', 'montags'] }))).toBe('weekday');
  });

  it('is a weekday multi-select, an e-mail list or a tags input for lists', () => {
    expect(controlKind(meta({ typ: 'array', itemTyp: 'number', min: 0, max: 6 }))).toBe('weekdays');
    expect(controlKind(meta({ typ: 'array', itemTyp: 'email' }))).toBe('emails');
    expect(controlKind(meta({ typ: 'array', itemTyp: 'string' }))).toBe('tags');
  });
});

describe('the check before saving', () => {
  it('answers the catalogue message for a number that is no number', () => {
    expect(checkCustomizingValue(meta({ typ: 'number' }), '', 'de')).toEqual({
      value: null,
      error: 'Wert zum mappen muss vom Typ number sein!',
    });
  });

  it('turns typed numbers into numbers and checks the bounds', () => {
    expect(checkCustomizingValue(meta({ typ: 'number', min: 5, max: 240 }), '15', 'de')).toEqual({
      value: 15,
      error: null,
    });
    expect(
      checkCustomizingValue(meta({ name: 'Takt', typ: 'number', min: 5, max: 240 }), 1, 'de').error,
    ).toBe('Der Wert für Takt muss zwischen 5 und 240 liegen.');
  });

  it('refuses a time that is not HH:mm with the spec message', () => {
    expect(checkCustomizingValue(meta({ typ: 'time' }), '9:00', 'de').error).toBe(
      'Zeit zum setzen ist kein valider String.',
    );
    expect(checkCustomizingValue(meta({ typ: 'time' }), '09:00', 'de')).toEqual({
      value: '09:00',
      error: null,
    });
  });

  it('refuses an invalid e-mail address in a recipient list and trims the valid ones', () => {
    const emails = meta({ name: 'Empfaenger', typ: 'array', itemTyp: 'email' });
    expect(checkCustomizingValue(emails, ['keine-mail'], 'de').error).toBe(
      'Der Wert keine-mail ist für Empfaenger nicht erlaubt.',
    );
    expect(checkCustomizingValue(emails, [' a@b.de '], 'de')).toEqual({ value: ['a@b.de'], error: null });
  });

  it('refuses a value outside the allowed values', () => {
    expect(checkCustomizingValue(meta({ name: 'Ansicht', allowedValues: ['karte'] }), 'x', 'en').error).toBe(
      'The value x is not allowed for Ansicht.',
    );
  });
});

describe('the label of an option', () => {
  it('is its own label; the help text is the description without the default sentence', () => {
    expect(optionLabel(meta({}), 'de')).toBe('Prüfwert');
    expect(optionLabel(meta({}), 'en')).toBe('Test value');
    expect(optionHelp(meta({}), 'de')).toBe('Beschreibung.');
    expect(optionHelp(meta({}), 'en')).toBe('Description.');
  });
});

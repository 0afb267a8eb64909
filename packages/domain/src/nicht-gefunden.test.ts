import { describe, expect, it } from 'vitest';
import { DomainError, formatError } from './errors.ts';
import { GEGENSTAENDE, nichtGefunden } from './nicht-gefunden.ts';

describe('nichtGefunden: a 404 names what was not found (decision 180)', () => {
  it('names the type and the id in German and English', () => {
    const e = nichtGefunden('fahrzeug', 'f-1');
    expect(e).toBeInstanceOf(DomainError);
    expect(e.code).toBe('not_found');
    expect(e.status).toBe(404);
    expect(e.params).toMatchObject({ typ: 'fahrzeug', id: 'f-1' });
    expect(formatError(e.code, 'de', e.params)).toBe('Fahrzeug „f-1“ wurde nicht gefunden.');
    expect(formatError(e.code, 'en', e.params)).toBe('Vehicle "f-1" was not found.');
  });

  it('keeps the plain text for an unknown address or a switched-off area', () => {
    const e = new DomainError('not_found');
    expect(e.params).toEqual({});
    expect(formatError('not_found', 'de')).toBe('Der Eintrag wurde nicht gefunden.');
    expect(formatError('not_found', 'en')).toBe('The item was not found.');
  });

  it('cuts an id sent by a client to 100 characters', () => {
    const e = nichtGefunden('platz', 'x'.repeat(500));
    expect(String(e.params.id)).toHaveLength(100);
  });

  it.each(Object.entries(GEGENSTAENDE))('%s has a German and an English name', (_typ, texts) => {
    expect(texts.de.length).toBeGreaterThan(1);
    expect(texts.en.length).toBeGreaterThan(1);
  });
});

import { describe, expect, it } from 'vitest';
import { AENDERT_SITZUNGEN, SERVER_EVENT_TYPES, ZServerEvent } from './events';

const ID = '00000000-0000-4000-8000-000000000001';

describe('server events', () => {
  it.each([
    [{ type: 'einstellung', ebene: 'gruppe', id: ID, name: 'Sprache' }, true],
    [{ type: 'einstellung', ebene: 'gruppe', id: ID }, false],
    [{ type: 'einstellung', ebene: 'abteilung', id: ID, name: 'Sprache' }, false],
    [{ type: 'oeffnungszeit', id: ID }, true],
    [{ type: 'abweichende_oeffnungszeit', id: ID, grundrissId: ID }, true],
    [{ type: 'abweichende_oeffnungszeit', id: ID }, false],
    [{ type: 'benutzer', id: '' }, false],
    [{ type: 'settings.changed' }, false],
    [{ type: 'fahrzeug_buchung', id: ID, fahrzeugId: ID }, true],
    [{ type: 'fahrzeug_buchung', id: ID }, false],
    [{ type: 'mandant', id: 'x'.repeat(129) }, false],
  ])('%j is valid: %s', (event, valid) => {
    expect(ZServerEvent.safeParse(event).success).toBe(valid);
  });

  it('lists every type of the schema once', () => {
    const types = ZServerEvent.options.map((o) => o.shape.type.value);
    expect([...SERVER_EVENT_TYPES].sort()).toEqual([...types].sort());
  });

  it('decides for every type whether it changes sessions: users, rights, settings and the tenant do; bookings, vehicles, floor plans and opening hours do not', () => {
    expect(Object.keys(AENDERT_SITZUNGEN).sort()).toEqual([...SERVER_EVENT_TYPES].sort());
    expect(SERVER_EVENT_TYPES.filter((type) => AENDERT_SITZUNGEN[type]).sort()).toEqual([
      'benutzer',
      'einstellung',
      'gruppe',
      'mandant',
      'rolle',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  AENDERT_SITZPLAN,
  AENDERT_SITZUNGEN,
  geaenderteSitzplaene,
  hoertEvent,
  oeffentlicheFassung,
  PERSOENLICHE_EVENT_TYPES,
  PUBLIKUM_RECHTE,
  publikumFuer,
  SERVER_EVENT_TYPES,
  ZServerEvent,
} from './events';
import type { PermissionName } from './permissions';

const ID = '00000000-0000-4000-8000-000000000001';

describe('server events', () => {
  it.each([
    [{ type: 'customizing', ebene: 'gruppe', id: ID, name: 'Sprache' }, true],
    [{ type: 'customizing', ebene: 'gruppe', id: ID }, false],
    [{ type: 'customizing', ebene: 'abteilung', id: ID, name: 'Sprache' }, false],
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
      'customizing',
      'gruppe',
      'mandant',
      'rolle',
    ]);
  });
});

describe('what an event changes of the kept seat maps (decision 263)', () => {
  it('decides for every type: bookings, plans and opening hours one plan; users and the tenant every plan', () => {
    expect(Object.keys(AENDERT_SITZPLAN).sort()).toEqual([...SERVER_EVENT_TYPES].sort());
    expect(SERVER_EVENT_TYPES.filter((type) => AENDERT_SITZPLAN[type] === 'mandant').sort()).toEqual([
      'benutzer',
      'mandant',
    ]);
  });

  it.each([
    [{ type: 'leseraum_buchung', id: 'b', grundrissId: 'p' }, { grundrissId: 'p' }],
    [{ type: 'leseraum_belegung', id: 'p' }, { grundrissId: 'p' }],
    [{ type: 'grundriss_leseraum', id: 'p' }, { grundrissId: 'p' }],
    [{ type: 'oeffnungszeit', id: 'p' }, { grundrissId: 'p' }],
    [{ type: 'abweichende_oeffnungszeit', id: 's', grundrissId: 'p' }, { grundrissId: 'p' }],
    [{ type: 'benutzer', id: 'u' }, 'mandant'],
    [{ type: 'fahrzeug_belegung', id: 'f' }, null],
  ] as const)('%o changes %o', (event, expected) => {
    expect(geaenderteSitzplaene(event)).toEqual(expected);
  });
});

describe('who hears an event (decision 115)', () => {
  const BOOKER = '00000000-0000-4000-8000-0000000000b1';
  const OTHER = '00000000-0000-4000-8000-0000000000b2';
  const PLACE = '00000000-0000-4000-8000-0000000000c9';
  const an = publikumFuer('leseraum_buchung', [BOOKER, null, BOOKER]);
  const empfaenger = (benutzerId: string, ...rechte: PermissionName[]) => ({
    benutzerId,
    permissions: new Set(rechte),
  });

  it('names each person once and the rights of the type', () => {
    expect(an).toEqual({ benutzerIds: [BOOKER], rechte: ['buchung_pflege'] });
    expect(Object.keys(PUBLIKUM_RECHTE).sort()).toEqual([...PERSOENLICHE_EVENT_TYPES].sort());
  });

  it.each([
    ['a tenant-wide event, anyone', null, null, empfaenger(OTHER), true],
    ['an event for one user, that user', null, OTHER, empfaenger(OTHER), true],
    ['an event for one user, another', null, BOOKER, empfaenger(OTHER), false],
    ['a booking, its booker', an, null, empfaenger(BOOKER), true],
    ['a booking, staff with buchung_pflege', an, null, empfaenger(OTHER, 'buchung_pflege'), true],
    ['a booking, a colleague with other rights', an, null, empfaenger(OTHER, 'fahrzeug_pflege'), false],
    ['a booking, a colleague with no rights', an, null, empfaenger(OTHER), false],
    [
      'a block (nobody named), the fleet staff',
      publikumFuer('fahrzeug_buchung', []),
      null,
      empfaenger(OTHER, 'fahrzeug_pflege'),
      true,
    ],
    [
      'a block (nobody named), a driver',
      publikumFuer('fahrzeug_buchung', []),
      null,
      empfaenger(OTHER, 'fahrzeug_buchen'),
      false,
    ],
  ] as const)('%s: %s', (_case, publikum, benutzerId, wer, expected) => {
    expect(hoertEvent({ an: publikum, benutzerId, empfaenger: wer })).toBe(expected);
  });

  it.each([
    [
      { type: 'leseraum_buchung', id: BOOKER, grundrissId: PLACE },
      { type: 'leseraum_belegung', id: PLACE },
    ],
    [
      { type: 'fahrzeug_buchung', id: BOOKER, fahrzeugId: PLACE },
      { type: 'fahrzeug_belegung', id: PLACE },
    ],
    [{ type: 'fuehrerschein', id: BOOKER }, null],
  ] as const)('the rest of the tenant hears of %j only %j: no booking, no person', (event, expected) => {
    expect(oeffentlicheFassung(event)).toEqual(expected);
  });
});

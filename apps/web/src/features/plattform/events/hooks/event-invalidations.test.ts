import { describe, expect, it } from 'vitest';
import { QUERY_ROOTS } from '../../../../lib/query-roots';
import { invalidationsOf, LISTENED_EVENT_TYPES } from './event-invalidations';

const ME = { benutzerId: 'b-1' };

describe('live event → queries to refresh', () => {
  it('a group-level setting refreshes the settings editor and /api/me', () => {
    const keys = invalidationsOf({ type: 'customizing', ebene: 'gruppe', id: 'g-1', name: 'X' }, ME);
    expect(keys).toContainEqual(QUERY_ROOTS.customizing);
    expect(keys).toContainEqual(QUERY_ROOTS.me);
  });

  it('weekly and special opening hours refresh the floor plans with their opening hours', () => {
    expect(invalidationsOf({ type: 'oeffnungszeit', id: 'p' }, ME)).toContainEqual(QUERY_ROOTS.grundrisse);
    expect(
      invalidationsOf({ type: 'abweichende_oeffnungszeit', id: 's', grundrissId: 'p' }, ME),
    ).toContainEqual(QUERY_ROOTS.grundrisse);
  });

  it("another user's change refreshes the user list but not this user's /api/me; their own change does", () => {
    const other = invalidationsOf({ type: 'benutzer', id: 'b-2' }, ME);
    expect(other).toContainEqual(QUERY_ROOTS.benutzer);
    expect(other).not.toContainEqual(QUERY_ROOTS.me);
    expect(invalidationsOf({ type: 'benutzer', id: 'b-1' }, ME)).toContainEqual(QUERY_ROOTS.me);
  });

  it('roles, groups and the tenant refresh /api/me (permissions, features, logo)', () => {
    for (const type of ['rolle', 'gruppe', 'mandant'])
      expect(invalidationsOf({ type, id: 'x' }, ME), type).toContainEqual(QUERY_ROOTS.me);
  });

  it('a changed floor plan refreshes the booking pages and the rooms admin', () => {
    const keys = invalidationsOf({ type: 'grundriss_leseraum', id: 'p' }, ME);
    expect(keys).toContainEqual(QUERY_ROOTS.leseraum);
    expect(keys).toContainEqual(QUERY_ROOTS.raeume);
  });

  it("another user's booking (its plan's or vehicle's occupancy) refreshes the same lists as one's own", () => {
    expect(invalidationsOf({ type: 'leseraum_belegung', id: 'p' }, ME)).toEqual(
      invalidationsOf({ type: 'leseraum_buchung', id: 'b', grundrissId: 'p' }, ME),
    );
    expect(invalidationsOf({ type: 'fahrzeug_belegung', id: 'f' }, ME)).toEqual(
      invalidationsOf({ type: 'fahrzeug_buchung', id: 'b', fahrzeugId: 'f' }, ME),
    );
  });

  it('an unknown or old event type refreshes nothing', () => {
    expect(invalidationsOf({ type: 'settings.changed' }, ME)).toEqual([]);
    expect(invalidationsOf({ type: 'toString' }, ME)).toEqual([]);
  });

  it('listens for every event type of the domain package', () => {
    expect([...LISTENED_EVENT_TYPES].sort()).toEqual(
      [
        'abweichende_oeffnungszeit',
        'benutzer',
        'customizing',
        'fahrzeug_buchung',
        'fahrzeug_belegung',
        'fahrzeug',
        'fuehrerschein',
        'gruppe',
        'grundriss_leseraum',
        'leseraum_buchung',
        'leseraum_belegung',
        'mandant',
        'oeffnungszeit',
        'rolle',
      ].sort(),
    );
  });
});

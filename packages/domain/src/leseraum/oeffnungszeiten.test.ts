import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCalendarDays as addDays, weekdayOfDay } from '../time.ts';
import {
  type AbweichendeOeffnung,
  bookableDays,
  DEFAULT_ABWEICHENDE_OEFFNUNGSZEIT,
  DEFAULT_OEFFNUNGSZEIT,
  isDayBookable,
  type Wochenoeffnung,
  wochenoeffnungVerstoss,
} from './oeffnungszeiten.ts';

const mondayToFriday: Wochenoeffnung[] = [1, 2, 3, 4, 5].map((wochentag) => ({ wochentag, geoeffnet: true }));

describe('opening-hour defaults', () => {
  it('are 08:00–18:00 and 01:00–23:00 for special opening hours (spec §9)', () => {
    expect(DEFAULT_OEFFNUNGSZEIT).toEqual({ von: '08:00', bis: '18:00' });
    expect(DEFAULT_ABWEICHENDE_OEFFNUNGSZEIT).toEqual({ von: '01:00', bis: '23:00' });
  });
});

describe('calendar days', () => {
  it.each<[string, number]>([
    ['2026-11-22', 0],
    ['2026-11-23', 1],
    ['2026-11-28', 6],
  ])('%s is weekday %i', (day, weekday) => {
    expect(weekdayOfDay(day)).toBe(weekday);
  });

  it('adds days across month ends and DST switches', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-24', 2)).toBe('2026-10-26');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('isDayBookable', () => {
  const closedChristmas: AbweichendeOeffnung = {
    gueltigVon: '2026-12-24',
    gueltigBis: '2026-12-26',
    status: 'geschlossen',
  };
  const openSaturday: AbweichendeOeffnung = {
    gueltigVon: '2026-11-28',
    gueltigBis: '2026-11-28',
    status: 'offen',
  };

  it.each<[string, AbweichendeOeffnung[], boolean]>([
    ['2026-11-23', [], true], // Monday, open weekday
    ['2026-11-22', [], false], // Sunday, no row
    ['2026-12-24', [closedChristmas], false], // Thursday, special closed
    ['2026-12-27', [closedChristmas], false], // Sunday after it
    ['2026-12-23', [closedChristmas], true],
    ['2026-11-28', [openSaturday], true], // Saturday, special open
    ['2026-11-28', [], false],
  ])('%s with specials %j is bookable: %s', (day, specials, expected) => {
    expect(isDayBookable({ day, weekly: mondayToFriday, specials })).toBe(expected);
  });

  it('treats a weekday row with geoeffnet false as closed', () => {
    expect(
      isDayBookable({ day: '2026-11-23', weekly: [{ wochentag: 1, geoeffnet: false }], specials: [] }),
    ).toBe(false);
  });

  it('follows specials over the weekly hours and the weekly hours otherwise (property)', () => {
    const day = fc.integer({ min: 0, max: 400 }).map((n) => addDays('2026-01-01', n));
    const weekly = fc.array(
      fc.record({ wochentag: fc.integer({ min: 0, max: 6 }), geoeffnet: fc.boolean() }),
    );
    const special = fc
      .tuple(
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 10 }),
        fc.constantFrom('offen', 'geschlossen'),
      )
      .map(([start, len, status]) => ({
        gueltigVon: addDays('2026-01-01', start),
        gueltigBis: addDays('2026-01-01', start + len),
        status: status as 'offen' | 'geschlossen',
      }));
    fc.assert(
      fc.property(day, weekly, fc.array(special, { maxLength: 4 }), (d, w, specials) => {
        const covering = specials.filter((s) => s.gueltigVon <= d && d <= s.gueltigBis);
        const bookable = isDayBookable({ day: d, weekly: w, specials });
        if (covering.length === 0) {
          expect(bookable).toBe(w.some((x) => x.wochentag === weekdayOfDay(d) && x.geoeffnet));
        } else {
          expect(bookable).toBe(covering.some((s) => s.status === 'offen'));
        }
      }),
    );
  });
});

describe('bookableDays', () => {
  it('lists the bookable days among the next N days starting today in Berlin', () => {
    // Saturday 21 November 2026, 23:30 UTC is already Sunday 22 November in Berlin
    const now = new Date('2026-11-21T23:30:00Z');
    expect(bookableDays({ now, days: 4, weekly: mondayToFriday, specials: [] })).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
    ]);
  });

  it('gives no days when N is 0', () => {
    expect(
      bookableDays({ now: new Date('2026-11-23T08:00:00Z'), days: 0, weekly: mondayToFriday, specials: [] }),
    ).toEqual([]);
  });
});

describe('wochenoeffnungVerstoss', () => {
  type Row = { wochentag: number; geoeffnet: boolean; von: string; bis: string };
  const week = (patch: Record<number, Partial<Row>> = {}): Row[] =>
    [0, 1, 2, 3, 4, 5, 6].map((wochentag) => ({
      wochentag,
      geoeffnet: wochentag > 0,
      von: '08:00',
      bis: '18:00',
      ...patch[wochentag],
    }));

  it('accepts one row for each weekday', () => {
    expect(wochenoeffnungVerstoss(week())).toBeNull();
  });

  it('refuses two rows for one weekday, a missing weekday and an unknown weekday', () => {
    expect(wochenoeffnungVerstoss(week({ 0: { wochentag: 1, von: '10:00' } }))?.code).toBe(
      'oeffnungszeit.wochentage_unvollstaendig',
    );
    expect(wochenoeffnungVerstoss(week().slice(1))?.code).toBe('oeffnungszeit.wochentage_unvollstaendig');
    expect(wochenoeffnungVerstoss(week({ 0: { wochentag: 7 } }))?.code).toBe(
      'oeffnungszeit.wochentage_unvollstaendig',
    );
  });

  it('refuses an open day that closes before it opens, and times that are not HH:mm', () => {
    expect(wochenoeffnungVerstoss(week({ 2: { von: '18:00', bis: '08:00' } }))).toEqual({
      code: 'oeffnungszeit.von_nach_bis',
      params: { von: '18:00', bis: '08:00' },
    });
    expect(wochenoeffnungVerstoss(week({ 0: { von: '18:00', bis: '08:00' } }))).toBeNull();
    expect(wochenoeffnungVerstoss(week({ 3: { bis: '24:00' } }))?.code).toBe('zeit.ungueltig');
  });
});

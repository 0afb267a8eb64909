import { describe, expect, it } from 'vitest';
import { faelligeAuswertung } from './versand.ts';

const keine = new Set<string>();

describe('faelligeAuswertung', () => {
  it('weekly: the last complete week Monday to Sunday in Berlin', () => {
    // Wednesday 22 April 2026
    expect(
      faelligeAuswertung({
        now: new Date('2026-04-22T10:00:00Z'),
        rhythmus: 'woechentlich',
        gesendet: keine,
      }),
    ).toEqual({
      rhythmus: 'woechentlich',
      art: 'woche',
      vonTag: '2026-04-13',
      bisTag: '2026-04-19',
      schluessel: 'auswertung:woche:2026-04-13',
    });
    // Monday 00:30 in Berlin is still Sunday 22:30 UTC: the week just ended is due
    expect(
      faelligeAuswertung({
        now: new Date('2026-04-19T22:30:00Z'),
        rhythmus: 'woechentlich',
        gesendet: keine,
      }),
    ).toMatchObject({ vonTag: '2026-04-13', bisTag: '2026-04-19' });
    // Sunday evening: the week before
    expect(
      faelligeAuswertung({
        now: new Date('2026-04-19T20:00:00Z'),
        rhythmus: 'woechentlich',
        gesendet: keine,
      }),
    ).toMatchObject({ vonTag: '2026-04-06', bisTag: '2026-04-12' });
  });

  it('monthly: the last complete calendar month, across the year', () => {
    expect(
      faelligeAuswertung({
        now: new Date('2026-03-01T00:30:00+01:00'),
        rhythmus: 'monatlich',
        gesendet: keine,
      }),
    ).toMatchObject({ art: 'monat', vonTag: '2026-02-01', bisTag: '2026-02-28' });
    expect(
      faelligeAuswertung({ now: new Date('2027-01-15T12:00:00Z'), rhythmus: 'monatlich', gesendet: keine }),
    ).toMatchObject({
      vonTag: '2026-12-01',
      bisTag: '2026-12-31',
      schluessel: 'auswertung:monat:2026-12-01',
    });
  });

  it('nothing when off, unknown or sent already', () => {
    const now = new Date('2026-04-22T10:00:00Z');
    expect(faelligeAuswertung({ now, rhythmus: 'aus', gesendet: keine })).toBeNull();
    expect(faelligeAuswertung({ now, rhythmus: 'taeglich', gesendet: keine })).toBeNull();
    expect(
      faelligeAuswertung({
        now,
        rhythmus: 'woechentlich',
        gesendet: new Set(['auswertung:woche:2026-04-13']),
      }),
    ).toBeNull();
  });
});

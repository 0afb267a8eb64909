import { describe, expect, it } from 'vitest';
import { berlinInstant } from '../../time.ts';
import { fahrtErinnerungen, type JobBuchung } from './auswahl.ts';

const trip = (over: Partial<JobBuchung> & Pick<JobBuchung, 'von'>): JobBuchung => ({
  id: 'b1',
  fahrzeugId: 'f1',
  benutzerId: 'anna',
  fahrerId: null,
  typ: 'BUCHUNG',
  status: 'reserviert',
  bis: new Date(over.von.getTime() + 3_600_000),
  ...over,
});

describe('fahrtErinnerungen (R364): the reminder before the trip at the person’s own lead', () => {
  const von = berlinInstant('2026-11-24', '09:00');
  const lead = new Map([
    ['anna', 60],
    ['bert', 15],
    ['null', 0],
  ]);
  it.each([
    ['61 minutes before with a lead of 60', berlinInstant('2026-11-24', '07:59'), trip({ von }), []],
    ['exactly at the lead', berlinInstant('2026-11-24', '08:00'), trip({ von }), ['anna']],
    ['one minute before the start', berlinInstant('2026-11-24', '08:59'), trip({ von }), ['anna']],
    ['at the start (too late)', berlinInstant('2026-11-24', '09:00'), trip({ von }), []],
    [
      'booker and driver, each at their own lead',
      berlinInstant('2026-11-24', '08:50'),
      trip({ von, fahrerId: 'bert' }),
      ['anna', 'bert'],
    ],
    [
      'the driver’s shorter lead is not reached yet',
      berlinInstant('2026-11-24', '08:30'),
      trip({ von, fahrerId: 'bert' }),
      ['anna'],
    ],
    ['a lead of 0: none', berlinInstant('2026-11-24', '08:59'), trip({ von, benutzerId: 'null' }), []],
    [
      'a person without a known lead: none',
      berlinInstant('2026-11-24', '08:59'),
      trip({ von, benutzerId: 'x' }),
      [],
    ],
    ['a cancelled trip', berlinInstant('2026-11-24', '08:30'), trip({ von, status: 'storniert' }), []],
    ['a trip on the road', berlinInstant('2026-11-24', '08:30'), trip({ von, status: 'aktiv' }), []],
    ['a maintenance block', berlinInstant('2026-11-24', '08:30'), trip({ von, typ: 'WARTUNG' }), []],
    // DST: the clocks go forward at 02:00 on 29.03.2026; 60 minutes before 03:30 CEST is 01:30 CET
    [
      'spring forward: 61 real minutes before',
      berlinInstant('2026-03-29', '01:29'),
      trip({ von: berlinInstant('2026-03-29', '03:30') }),
      [],
    ],
    [
      'spring forward: 60 real minutes before',
      berlinInstant('2026-03-29', '01:30'),
      trip({ von: berlinInstant('2026-03-29', '03:30') }),
      ['anna'],
    ],
    // DST: the clocks go back at 03:00 on 25.10.2026; 60 real minutes before 03:30 CET (02:30 UTC) is 02:30 CEST, the first of the two 02:xx hours
    [
      'fall back: 60 real minutes before',
      new Date('2026-10-25T01:30:00Z'),
      trip({ von: berlinInstant('2026-10-25', '03:30') }),
      ['anna'],
    ],
    [
      'fall back: 61 real minutes before',
      new Date('2026-10-25T01:29:00Z'),
      trip({ von: berlinInstant('2026-10-25', '03:30') }),
      [],
    ],
  ] as const)('%s', (_name, now, buchung, expected) => {
    const due = fahrtErinnerungen({ buchungen: [buchung], vorlauf: lead, gesendet: new Set(), now });
    expect(due.map((d) => d.benutzerId)).toEqual(expected);
  });

  it('is sent once per person and start; a trip moved to another start is reminded again', () => {
    const now = berlinInstant('2026-11-24', '08:30');
    const [first] = fahrtErinnerungen({
      buchungen: [trip({ von })],
      vorlauf: lead,
      gesendet: new Set(),
      now,
    });
    const gesendet = new Set([first!.schluessel]);
    expect(fahrtErinnerungen({ buchungen: [trip({ von })], vorlauf: lead, gesendet, now })).toEqual([]);
    const moved = trip({ von: berlinInstant('2026-11-24', '09:15') });
    expect(fahrtErinnerungen({ buchungen: [moved], vorlauf: lead, gesendet, now })).toHaveLength(1);
  });
});

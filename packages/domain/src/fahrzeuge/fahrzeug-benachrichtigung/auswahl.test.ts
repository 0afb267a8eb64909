import { describe, expect, it } from 'vitest';
import { berlinInstant } from '../../time.ts';
import type { HistorieEintrag } from '../fahrzeug-buchung/machine.ts';
import {
  autoStornoKandidaten,
  checkOutMahnungen,
  freiesErsatzfahrzeug,
  type JobBuchung,
  type JobCustomizing,
  pflegehinweis,
  vorCheckOutHinweise,
} from './auswahl.ts';

const at = (day: string, time: string) => berlinInstant(day, time);
const EIN: JobCustomizing = {
  checkInAktiv: true,
  autoStornoMinuten: 15,
  erinnerungMinuten: 30,
  eskalationMinuten: 120,
  vorCheckOutInfoMinuten: 60,
  pflegehinweisZeit: '08:00',
};
const buchung = (over: Partial<JobBuchung> & { id: string; von: Date; bis: Date }): JobBuchung => ({
  fahrzeugId: 'f1',
  benutzerId: 'u1',
  typ: 'BUCHUNG',
  status: 'reserviert',
  ...over,
});
const checkIn = (id: string, zeitpunkt: Date): HistorieEintrag => ({
  typ: 'CHECK_IN',
  fahrzeugBuchungId: id,
  zeitpunkt,
});
const checkOut = (id: string, zeitpunkt: Date): HistorieEintrag => ({
  typ: 'CHECK_OUT',
  fahrzeugBuchungId: id,
  zeitpunkt,
});

// DST days in Berlin: 29.03.2026 (02:00 → 03:00) and 25.10.2026 (03:00 → 02:00)
describe('autoStornoKandidaten', () => {
  const cases: {
    name: string;
    b: JobBuchung;
    historie?: HistorieEintrag[];
    now: Date;
    ein?: Partial<JobCustomizing>;
    erwartet: boolean;
  }[] = [
    {
      name: 'trip not checked in 15 min after start',
      b: buchung({ id: 'a', von: at('2026-06-01', '09:00'), bis: at('2026-06-01', '12:00') }),
      now: at('2026-06-01', '09:15'),
      erwartet: true,
    },
    {
      name: 'one minute before the release',
      b: buchung({ id: 'a', von: at('2026-06-01', '09:00'), bis: at('2026-06-01', '12:00') }),
      now: at('2026-06-01', '09:14'),
      erwartet: false,
    },
    {
      name: 'checked in: never released',
      b: buchung({ id: 'a', von: at('2026-06-01', '09:00'), bis: at('2026-06-01', '12:00') }),
      historie: [checkIn('a', at('2026-06-01', '09:05'))],
      now: at('2026-06-01', '10:00'),
      erwartet: false,
    },
    ...(['WARTUNG', 'SERVICE', 'DEFEKT'] as const).map((typ) => ({
      name: `a ${typ} block is never released`,
      b: buchung({ id: 'a', typ, von: at('2026-06-01', '09:00'), bis: at('2026-06-01', '12:00') }),
      now: at('2026-06-01', '10:00'),
      erwartet: false,
    })),
    {
      name: 'already cancelled',
      b: buchung({
        id: 'a',
        status: 'storniert',
        von: at('2026-06-01', '09:00'),
        bis: at('2026-06-01', '12:00'),
      }),
      now: at('2026-06-01', '10:00'),
      erwartet: false,
    },
    {
      name: '0 minutes = never',
      b: buchung({ id: 'a', von: at('2026-06-01', '09:00'), bis: at('2026-06-01', '12:00') }),
      now: at('2026-06-01', '11:00'),
      ein: { autoStornoMinuten: 0 },
      erwartet: false,
    },
    {
      name: 'check-in switched off',
      b: buchung({ id: 'a', von: at('2026-06-01', '09:00'), bis: at('2026-06-01', '12:00') }),
      now: at('2026-06-01', '11:00'),
      ein: { checkInAktiv: false },
      erwartet: false,
    },
    {
      name: 'spring DST day: start 01:50, release 15 real minutes later at 03:05 CEST',
      b: buchung({ id: 'a', von: at('2026-03-29', '01:50'), bis: at('2026-03-29', '06:00') }),
      now: at('2026-03-29', '03:05'),
      erwartet: true,
    },
    {
      name: 'spring DST day: 03:04 CEST is only 14 real minutes after 01:50',
      b: buchung({ id: 'a', von: at('2026-03-29', '01:50'), bis: at('2026-03-29', '06:00') }),
      now: at('2026-03-29', '03:04'),
      erwartet: false,
    },
    {
      name: 'autumn DST day: start 01:55 CEST, 02:10 CET is 75 minutes later',
      b: buchung({ id: 'a', von: at('2026-10-25', '01:55'), bis: at('2026-10-25', '06:00') }),
      now: new Date(at('2026-10-25', '01:55').getTime() + 14 * 60_000),
      erwartet: false,
    },
  ];
  it.each(cases)('$name', ({ b, historie = [], now, ein = {}, erwartet }) => {
    expect(
      autoStornoKandidaten({ buchungen: [b], historie, einstellungen: { ...EIN, ...ein }, now }),
    ).toEqual(erwartet ? [b.id] : []);
  });
});

describe('checkOutMahnungen', () => {
  const b = buchung({
    id: 'a',
    status: 'aktiv',
    von: at('2026-10-25', '00:00'),
    bis: at('2026-10-25', '01:30'),
  });
  const unterwegs = [checkIn('a', at('2026-10-25', '00:05'))];
  const nach = (min: number) => new Date(b.bis.getTime() + min * 60_000);
  const cases: {
    name: string;
    now: Date;
    historie: HistorieEintrag[];
    gesendet?: string[];
    erwartet: [number, number];
  }[] = [
    { name: 'before the reminder time', now: nach(29), historie: unterwegs, erwartet: [0, 0] },
    {
      name: 'reminder to the booker (across the autumn DST change)',
      now: nach(30),
      historie: unterwegs,
      erwartet: [1, 0],
    },
    { name: 'escalation after 120 real minutes', now: nach(120), historie: unterwegs, erwartet: [1, 1] },
    {
      name: 'both sent already',
      now: nach(300),
      historie: unterwegs,
      gesendet: ['checkout_buchender:a', 'checkout_fuhrpark:a'],
      erwartet: [0, 0],
    },
    {
      name: 'checked out: nothing',
      now: nach(300),
      historie: [...unterwegs, checkOut('a', nach(10))],
      erwartet: [0, 0],
    },
    {
      name: 'never checked in: nothing (the release handles it)',
      now: nach(300),
      historie: [],
      erwartet: [0, 0],
    },
  ];
  it.each(cases)('$name', ({ now, historie, gesendet = [], erwartet }) => {
    const r = checkOutMahnungen({
      buchungen: [b],
      historie,
      einstellungen: EIN,
      gesendet: new Set(gesendet),
      now,
    });
    expect([r.buchender.length, r.fuhrpark.length]).toEqual(erwartet);
  });
});

describe('vorCheckOutHinweise', () => {
  const vorige = buchung({
    id: 'v',
    status: 'aktiv',
    von: at('2026-03-29', '00:00'),
    bis: at('2026-03-29', '01:30'),
  });
  const naechste = buchung({
    id: 'n',
    benutzerId: 'u2',
    von: at('2026-03-29', '04:00'),
    bis: at('2026-03-29', '08:00'),
  });
  const unterwegs = [checkIn('v', at('2026-03-29', '00:05'))];
  const cases: {
    name: string;
    now: Date;
    historie: HistorieEintrag[];
    gesendet?: string[];
    erwartet: string[];
  }[] = [
    {
      name: 'more than 60 minutes before the start (spring DST: 02:59 CET is 61 min before 04:00 CEST)',
      now: new Date(at('2026-03-29', '04:00').getTime() - 61 * 60_000),
      historie: unterwegs,
      erwartet: [],
    },
    { name: '60 minutes before: told', now: at('2026-03-29', '03:00'), historie: unterwegs, erwartet: ['n'] },
    {
      name: 'sent already',
      now: at('2026-03-29', '03:30'),
      historie: unterwegs,
      gesendet: ['vorcheckout:n'],
      erwartet: [],
    },
    {
      name: 'previous checked out',
      now: at('2026-03-29', '03:30'),
      historie: [...unterwegs, checkOut('v', at('2026-03-29', '01:20'))],
      erwartet: [],
    },
    { name: 'after the start: no longer', now: at('2026-03-29', '04:00'), historie: unterwegs, erwartet: [] },
  ];
  it.each(cases)('$name', ({ now, historie, gesendet = [], erwartet }) => {
    expect(
      vorCheckOutHinweise({
        buchungen: [vorige, naechste],
        historie,
        einstellungen: EIN,
        gesendet: new Set(gesendet),
        now,
      }).map((h) => h.buchungId),
    ).toEqual(erwartet);
  });
});

describe('pflegehinweis', () => {
  const b = buchung({
    id: 'a',
    status: 'aktiv',
    von: at('2026-10-24', '09:00'),
    bis: at('2026-10-24', '12:00'),
  });
  const historie = [checkIn('a', at('2026-10-24', '09:05'))];
  const cases: { name: string; now: Date; gesendet?: string[]; erwartet: string | null }[] = [
    { name: 'before 08:00 on the autumn DST day', now: at('2026-10-25', '07:59'), erwartet: null },
    {
      name: 'at 08:00 CET on the autumn DST day',
      now: at('2026-10-25', '08:00'),
      erwartet: 'pflegehinweis:2026-10-25',
    },
    {
      name: 'sent today already',
      now: at('2026-10-25', '15:00'),
      gesendet: ['pflegehinweis:2026-10-25'],
      erwartet: null,
    },
    {
      name: 'next day again',
      now: at('2026-10-26', '08:30'),
      gesendet: ['pflegehinweis:2026-10-25'],
      erwartet: 'pflegehinweis:2026-10-26',
    },
  ];
  it.each(cases)('$name', ({ now, gesendet = [], erwartet }) => {
    expect(
      pflegehinweis({ buchungen: [b], historie, einstellungen: EIN, gesendet: new Set(gesendet), now })
        ?.schluessel ?? null,
    ).toBe(erwartet);
  });
  it('nothing missing: no notice', () => {
    expect(
      pflegehinweis({
        buchungen: [b],
        historie: [...historie, checkOut('a', at('2026-10-24', '12:00'))],
        einstellungen: EIN,
        gesendet: new Set(),
        now: at('2026-10-25', '09:00'),
      }),
    ).toBeNull();
  });
});

describe('freiesErsatzfahrzeug', () => {
  const fahrzeuge = [
    { id: 'f1', standortId: 's1', kennzeichen: 'B-A 1' },
    { id: 'f2', standortId: 's1', kennzeichen: 'B-C 3' },
    { id: 'f3', standortId: 's1', kennzeichen: 'B-B 2' },
    { id: 'f4', standortId: 's2', kennzeichen: 'B-A 0' },
  ];
  const von = at('2026-06-01', '10:00');
  const bis = at('2026-06-01', '12:00');
  it('the first free car of the location by plate, skipping booked ones', () => {
    const belegungen = [
      buchung({ id: 'x', fahrzeugId: 'f3', von: at('2026-06-01', '11:00'), bis: at('2026-06-01', '13:00') }),
    ];
    expect(
      freiesErsatzfahrzeug({
        fahrzeuge,
        belegungen,
        historie: [],
        fahrzeugId: 'f1',
        standortId: 's1',
        von,
        bis,
      })?.id,
    ).toBe('f2');
  });
  it('none free: null', () => {
    const belegungen = ['f2', 'f3'].map((f) => buchung({ id: f, fahrzeugId: f, von, bis }));
    expect(
      freiesErsatzfahrzeug({
        fahrzeuge,
        belegungen,
        historie: [],
        fahrzeugId: 'f1',
        standortId: 's1',
        von,
        bis,
      }),
    ).toBeNull();
  });
});

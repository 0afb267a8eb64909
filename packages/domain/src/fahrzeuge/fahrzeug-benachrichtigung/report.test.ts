import { describe, expect, it } from 'vitest';
import { berlinInstant } from '../../time.ts';
import { DEFAULT_REINIGUNGSZUSTAENDE } from '../fahrzeuge.optionen.ts';
import {
  faelligerPersoenlicherReport,
  faelligerReportZeitraum,
  persoenlicheReportEmpfaenger,
  type ReportEintrag,
  reportZusammenfassung,
} from './report.ts';

const at = (day: string, time: string) => berlinInstant(day, time);

describe('faelligerReportZeitraum', () => {
  const cases: { name: string; now: Date; monate: number; erwartet: [string, string] | null }[] = [
    {
      name: 'monthly: the month before',
      now: at('2026-04-01', '00:00'),
      monate: 1,
      erwartet: ['2026-03-01', '2026-04-01'],
    },
    {
      name: 'monthly on 31.03. 23:59 (after the spring DST change): February',
      now: at('2026-03-31', '23:59'),
      monate: 1,
      erwartet: ['2026-02-01', '2026-03-01'],
    },
    {
      name: 'quarterly in May: Q1',
      now: at('2026-05-15', '12:00'),
      monate: 3,
      erwartet: ['2026-01-01', '2026-04-01'],
    },
    {
      name: 'semi-annually in November (after the autumn DST change): first half',
      now: at('2026-11-01', '00:00'),
      monate: 6,
      erwartet: ['2026-01-01', '2026-07-01'],
    },
    {
      name: 'annually in January: last year',
      now: at('2027-01-01', '00:00'),
      monate: 12,
      erwartet: ['2026-01-01', '2027-01-01'],
    },
    { name: 'a rhythm not offered', now: at('2026-05-01', '00:00'), monate: 2, erwartet: null },
  ];
  it.each(cases)('$name', ({ now, monate, erwartet }) => {
    const z = faelligerReportZeitraum({ now, monate, gesendet: new Set() });
    expect(z ? [z.von, z.bis] : null).toEqual(erwartet);
  });
  it('31.12. 23:30 UTC is already January in Berlin', () => {
    expect(
      faelligerReportZeitraum({ now: new Date('2026-12-31T23:30:00Z'), monate: 12, gesendet: new Set() })
        ?.von,
    ).toBe('2026-01-01');
  });
  it('sent once: null', () => {
    expect(
      faelligerReportZeitraum({
        now: at('2026-04-02', '00:00'),
        monate: 1,
        gesendet: new Set(['report:1:2026-03-01']),
      }),
    ).toBeNull();
  });
  it("a user's personal report is remembered apart from the tenant's and from other users' (decision 078)", () => {
    const now = at('2026-07-01', '10:00');
    const gesendet = new Set(['report:3:2026-04-01', 'report:u2:3:2026-04-01']);
    expect(faelligerReportZeitraum({ now, monate: 3, gesendet })).toBeNull();
    expect(faelligerReportZeitraum({ now, monate: 3, gesendet, fuer: 'u2' })).toBeNull();
    expect(faelligerReportZeitraum({ now, monate: 3, gesendet, fuer: 'u1' })).toEqual({
      von: '2026-04-01',
      bis: '2026-07-01',
      monate: 3,
      schluessel: 'report:u1:3:2026-04-01',
    });
  });
});

describe('the personal report (decision 078)', () => {
  const now = at('2026-07-01', '10:00');
  const keiner = new Set<string>();
  it.each([
    { name: 'switched off', eingeschaltet: false, rhythmus: 'monatlich', erwartet: null },
    {
      name: 'monthly',
      eingeschaltet: true,
      rhythmus: 'monatlich',
      erwartet: ['2026-06-01', 'report:u1:1:2026-06-01'],
    },
    {
      name: 'quarterly',
      eingeschaltet: true,
      rhythmus: 'quartalsweise',
      erwartet: ['2026-04-01', 'report:u1:3:2026-04-01'],
    },
    {
      name: 'semi-annually',
      eingeschaltet: true,
      rhythmus: 'halbjaehrlich',
      erwartet: ['2026-01-01', 'report:u1:6:2026-01-01'],
    },
    {
      name: 'annually',
      eingeschaltet: true,
      rhythmus: 'jaehrlich',
      erwartet: ['2025-01-01', 'report:u1:12:2025-01-01'],
    },
    {
      name: 'a rhythm the spec does not know',
      eingeschaltet: true,
      rhythmus: 'woechentlich',
      erwartet: null,
    },
  ])('$name', ({ eingeschaltet, rhythmus, erwartet }) => {
    const z = faelligerPersoenlicherReport({
      now,
      eingeschaltet,
      rhythmus,
      gesendet: keiner,
      benutzerId: 'u1',
    });
    expect(z ? [z.von, z.schluessel] : null).toEqual(erwartet);
  });
  it('sent once per user and period', () => {
    const gesendet = new Set(['report:u1:3:2026-04-01']);
    const frage = { now, eingeschaltet: true, rhythmus: 'quartalsweise', gesendet };
    expect(faelligerPersoenlicherReport({ ...frage, benutzerId: 'u1' })).toBeNull();
    expect(faelligerPersoenlicherReport({ ...frage, benutzerId: 'u2' })?.schluessel).toBe(
      'report:u2:3:2026-04-01',
    );
  });
  it('goes to the user and the further addresses of users of the tenant, each once', () => {
    expect(
      persoenlicheReportEmpfaenger({
        eigeneAdresse: 'thomas@firma.example',
        weitere: [
          'Jonas@Firma.example',
          'extern@anderswo.example',
          'jonas@firma.example',
          ' THOMAS@firma.example',
          '',
        ],
        benutzerAdressen: new Set(['thomas@firma.example', 'jonas@firma.example']),
      }),
    ).toEqual(['thomas@firma.example', 'Jonas@Firma.example']);
  });
});

describe('reportZusammenfassung', () => {
  const e = (over: Partial<ReportEintrag> & Pick<ReportEintrag, 'typ' | 'zeitpunkt'>): ReportEintrag => ({
    fahrzeugId: 'f1',
    fahrzeugBuchungId: 'b1',
    kilometerstand: null,
    sauberkeitInnen: null,
    sauberkeitAussen: null,
    schaeden: 0,
    ...over,
  });
  it('counts trips, distance, damages, dirt and gaps of the period only', () => {
    const eintraege = [
      e({
        typ: 'CHECK_IN',
        fahrzeugBuchungId: 'b0',
        zeitpunkt: at('2026-02-27', '09:00'),
        kilometerstand: 900,
      }),
      e({
        typ: 'CHECK_OUT',
        fahrzeugBuchungId: 'b0',
        zeitpunkt: at('2026-02-27', '12:00'),
        kilometerstand: 1000,
      }),
      e({
        typ: 'CHECK_IN',
        fahrzeugBuchungId: 'b1',
        zeitpunkt: at('2026-03-29', '01:30'),
        kilometerstand: 1000,
      }),
      e({
        typ: 'CHECK_OUT',
        fahrzeugBuchungId: 'b1',
        zeitpunkt: at('2026-03-29', '04:00'),
        kilometerstand: 1120,
        schaeden: 2,
        sauberkeitInnen: 'verschmutzt',
      }),
      e({
        typ: 'CHECK_IN',
        fahrzeugBuchungId: 'b2',
        zeitpunkt: at('2026-03-30', '09:00'),
        kilometerstand: 1150,
      }),
      e({
        typ: 'CHECK_OUT',
        fahrzeugBuchungId: 'b2',
        zeitpunkt: at('2026-03-30', '10:00'),
        kilometerstand: 1200,
        sauberkeitAussen: 'verschmutzt',
      }),
      e({
        typ: 'CHECK_IN',
        fahrzeugBuchungId: 'b3',
        zeitpunkt: at('2026-04-01', '00:00'),
        kilometerstand: 1300,
      }),
    ];
    expect(
      reportZusammenfassung({
        fahrzeugIds: ['f1', 'f2'],
        eintraege,
        von: '2026-03-01',
        bis: '2026-04-01',
        reinigungszustaende: DEFAULT_REINIGUNGSZUSTAENDE,
        schwelleInnen: 'verschmutzt',
        schwelleAussen: 'stark verschmutzt',
      }),
    ).toEqual([
      { fahrzeugId: 'f1', fahrten: 2, kilometer: 170, schaeden: 2, verschmutzungen: 1, kilometerluecken: 1 },
      { fahrzeugId: 'f2', fahrten: 0, kilometer: 0, schaeden: 0, verschmutzungen: 0, kilometerluecken: 0 },
    ]);
  });
});

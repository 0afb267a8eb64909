import { describe, expect, it } from 'vitest';
import type { BuchungStatus } from '../../status.ts';
import { leseraumBuchungAbilities } from './policy.ts';

const von = new Date('2026-11-24T09:00:00+01:00');
const at = (minutes: number) => new Date(von.getTime() + minutes * 60_000);
const buchung = (status: BuchungStatus, bestaetigerMail: string | null = 'anna@x.de') => ({
  status,
  von,
  buchenderMail: 'anna@x.de',
  bestaetigerMail,
});

describe('leseraumBuchungAbilities', () => {
  it('the booker of a hold confirms it before the start, cancels it and may move it', () => {
    expect(
      leseraumBuchungAbilities({
        buchung: buchung('vorgemerkt'),
        userMail: 'anna@x.de',
        istPersonal: false,
        now: at(-60),
      }),
    ).toEqual({
      akteur: 'bestaetiger',
      kannBestaetigen: true,
      kannStornieren: true,
      kannEinchecken: false,
      kannAendern: true,
    });
  });

  it('the booker of a reservation checks in inside the window and no longer moves it', () => {
    const a = leseraumBuchungAbilities({
      buchung: buchung('reserviert'),
      userMail: 'anna@x.de',
      istPersonal: false,
      now: at(5),
    });
    expect(a).toMatchObject({
      kannBestaetigen: false,
      kannStornieren: true,
      kannEinchecken: true,
      kannAendern: false,
    });
  });

  it('a stranger may do nothing', () => {
    for (const status of ['vorgemerkt', 'reserviert', 'durchgeführt'] as const) {
      const a = leseraumBuchungAbilities({
        buchung: buchung(status),
        userMail: 'eve@x.de',
        istPersonal: false,
        now: at(0),
      });
      expect([a.kannBestaetigen, a.kannStornieren, a.kannEinchecken, a.kannAendern]).toEqual([
        false,
        false,
        false,
        false,
      ]);
    }
  });

  it('staff confirm a hold that waits for staff, and cancel any open booking', () => {
    const staff = leseraumBuchungAbilities({
      buchung: buchung('vorgemerkt', null),
      userMail: 'staff@x.de',
      istPersonal: true,
      now: at(-60),
    });
    expect(staff).toMatchObject({ akteur: 'bestaetiger', kannBestaetigen: true, kannStornieren: true });
    const booker = leseraumBuchungAbilities({
      buchung: buchung('vorgemerkt', null),
      userMail: 'anna@x.de',
      istPersonal: false,
      now: at(-60),
    });
    expect(booker).toMatchObject({ akteur: 'buchender', kannBestaetigen: false, kannStornieren: true });
  });

  it('nobody cancels a performed booking', () => {
    const a = leseraumBuchungAbilities({
      buchung: buchung('durchgeführt'),
      userMail: 'anna@x.de',
      istPersonal: true,
      now: at(0),
    });
    expect(a.kannStornieren).toBe(false);
  });
});

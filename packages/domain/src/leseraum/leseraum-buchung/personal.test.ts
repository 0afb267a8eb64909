import { describe, expect, it } from 'vitest';
import type { BuchungStatus } from '../../status.ts';
import { leseraumAblehnungVerstoss, personalGrundVerstoss } from './machine.ts';

const von = new Date('2026-11-24T08:00:00+01:00');
const vorher = new Date('2026-11-24T07:59:00+01:00');

describe('personalGrundVerstoss: staff who cancel another user’s booking say why (R173)', () => {
  it.each<[string, boolean, string | undefined, string | null]>([
    ['the booker, without a reason', false, undefined, null],
    ['staff, with a reason', true, 'Platz wird renoviert', null],
    ['staff, without a reason', true, undefined, 'leseraum_buchung.grund_fehlt'],
    ['staff, with only blanks', true, '   ', 'leseraum_buchung.grund_fehlt'],
  ])('%s → %s', (_name, durchPersonal, grund, expected) => {
    expect(personalGrundVerstoss({ durchPersonal, grund })?.code ?? null).toBe(expected);
  });
});

describe('leseraumAblehnungVerstoss: staff decline a hold waiting for them (R170)', () => {
  const base = {
    status: 'vorgemerkt' as BuchungStatus,
    bestaetigerMail: null as string | null,
    istPersonal: true,
    von,
    now: vorher,
    grund: 'Raum für eine Prüfung reserviert' as string | undefined,
  };
  it.each<[string, Partial<typeof base>, string | null]>([
    ['a waiting hold, before its start, with a reason', {}, null],
    ['not booking staff', { istPersonal: false }, 'leseraum_buchung.nicht_berechtigt'],
    ['a reservation', { status: 'reserviert' }, 'leseraum_buchung.schritt_nicht_erlaubt'],
    ['a cancelled booking', { status: 'storniert' }, 'leseraum_buchung.schritt_nicht_erlaubt'],
    [
      'a hold the booker confirms',
      { bestaetigerMail: 'a@example.org' },
      'leseraum_buchung.nicht_zu_bestaetigen',
    ],
    ['at its start (the deadline)', { now: von }, 'leseraum_buchung.frist_abgelaufen'],
    ['without a reason', { grund: undefined }, 'leseraum_buchung.grund_fehlt'],
    ['with an empty reason', { grund: ' ' }, 'leseraum_buchung.grund_fehlt'],
  ])('%s → %s', (_name, over, expected) => {
    expect(leseraumAblehnungVerstoss({ ...base, ...over })?.code ?? null).toBe(expected);
  });
});

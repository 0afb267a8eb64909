import { describe, expect, it } from 'vitest';
import { type ErinnerungsArt, faelligeErinnerungen, type GesendeteErinnerung } from './erinnerung.ts';

const t = (day: string, time = '10:00') => new Date(`${day}T${time}:00+01:00`);
const now = t('2026-11-23');
const vorlaufTage = 14;

const run = (naechstePruefung: string | null, gesendet: GesendeteErinnerung[] = [], at = now) => {
  const r = faelligeErinnerungen({
    kandidaten: [{ fuehrerscheinId: 'f1', naechstePruefung }],
    gesendet,
    now: at,
    vorlaufTage,
  });
  return (Object.keys(r) as ErinnerungsArt[]).filter((art) => r[art].length > 0);
};

describe('faelligeErinnerungen: which reminders a run sends', () => {
  it.each<[string, string | null, ErinnerungsArt[]]>([
    ['no next check: nothing', null, []],
    ['next check beyond the lead: nothing', '2026-12-08', []],
    ['first day of the lead (14 days ahead): driver and checkers', '2026-12-07', ['fahrer', 'pruefer']],
    ['inside the lead: driver and checkers', '2026-11-24', ['fahrer', 'pruefer']],
    ['due today (the check has lapsed): driver and escalation', '2026-11-23', ['fahrer', 'eskalation']],
    ['overdue for months: driver and escalation', '2026-06-01', ['fahrer', 'eskalation']],
  ])('%s', (_, naechste, arten) => {
    expect(run(naechste)).toEqual(arten);
  });

  it('sends each reminder once per next-check day', () => {
    const sent: GesendeteErinnerung[] = [
      { fuehrerscheinId: 'f1', art: 'fahrer', naechstePruefung: '2026-11-30' },
      { fuehrerscheinId: 'f1', art: 'pruefer', naechstePruefung: '2026-11-30' },
    ];
    expect(run('2026-11-30', sent)).toEqual([]);
    // the day it lapses only the escalation is new
    expect(run('2026-11-30', sent, t('2026-11-30', '00:01'))).toEqual(['eskalation']);
    expect(
      run(
        '2026-11-30',
        [...sent, { fuehrerscheinId: 'f1', art: 'eskalation', naechstePruefung: '2026-11-30' }],
        t('2026-12-05'),
      ),
    ).toEqual([]);
  });

  it('starts afresh after a new check (a new next-check day)', () => {
    const sent: GesendeteErinnerung[] = [
      { fuehrerscheinId: 'f1', art: 'fahrer', naechstePruefung: '2026-05-30' },
      { fuehrerscheinId: 'f1', art: 'eskalation', naechstePruefung: '2026-05-30' },
    ];
    expect(run('2026-11-30', sent)).toEqual(['fahrer', 'pruefer']);
  });

  it("does not mix up licences: another licence's record does not count", () => {
    expect(
      run('2026-11-30', [{ fuehrerscheinId: 'f2', art: 'fahrer', naechstePruefung: '2026-11-30' }]),
    ).toEqual(['fahrer', 'pruefer']);
  });

  it('turns over at Berlin midnight on the DST day (29.03.2026)', () => {
    // lead of 14 days: the reminder for 12.04. is due from 29.03. 00:00 CET
    expect(run('2026-04-12', [], new Date('2026-03-28T22:59:00Z'))).toEqual([]);
    expect(run('2026-04-12', [], new Date('2026-03-28T23:00:00Z'))).toEqual(['fahrer', 'pruefer']);
  });
});

import { describe, expect, it } from 'vitest';
import { BUCHUNG_STATUS, type BuchungStatus } from '../../status.ts';
import {
  LESERAUM_MAIL_TYPEN,
  type LeseraumMailTyp,
  leseraumErinnerungFaellig,
  leseraumMailErneutVerstoss,
  leseraumMailFuer,
} from './mail.ts';

describe('leseraumMailFuer', () => {
  it('names the mail of each change (spec §4, §7)', () => {
    expect(leseraumMailFuer({ art: 'erstellt' })).toBe('useMailVormerkung');
    expect(leseraumMailFuer({ art: 'status', nach: 'reserviert' })).toBe('useMailBuchungBestaetigt');
    expect(leseraumMailFuer({ art: 'geaendert' })).toBe('useMailBuchungAngepasst');
    expect(leseraumMailFuer({ art: 'status', nach: 'storniert' })).toBe('useMailStorno');
    expect(leseraumMailFuer({ art: 'raum_deaktiviert' })).toBe('useMailRaumDeaktivierungSystemStorno');
    expect(leseraumMailFuer({ art: 'status', nach: 'durchgeführt' })).toBeNull();
  });
});

describe('leseraumMailErneutVerstoss (POST /api/mail)', () => {
  const erlaubt: Record<LeseraumMailTyp, BuchungStatus[]> = {
    useMailVormerkung: ['vorgemerkt', 'reserviert', 'durchgeführt', 'storniert'],
    useMailBuchungBestaetigt: ['reserviert', 'durchgeführt'],
    useMailBuchungAngepasst: ['vorgemerkt', 'reserviert', 'durchgeführt'],
    useMailStorno: ['storniert'],
    useMailRaumDeaktivierungSystemStorno: ['storniert'],
  };
  const cases = LESERAUM_MAIL_TYPEN.flatMap((typ) =>
    BUCHUNG_STATUS.map((status) => ({ typ, status, ok: erlaubt[typ].includes(status) })),
  );
  it.each(cases)('$typ for a booking in status $status: allowed $ok', ({ typ, status, ok }) => {
    const v = leseraumMailErneutVerstoss({
      typ,
      status,
      hatAlt: typ === 'useMailBuchungAngepasst',
      empfaenger: 'buchender',
      bestaetigerMail: null,
    });
    expect(v).toEqual(ok ? null : { code: 'leseraum_buchung.mail_passt_nicht', params: { typ, status } });
  });

  it('needs buchungAlt for the adjustment mail and refuses it for every other mail', () => {
    const base = { status: 'reserviert' as const, empfaenger: 'buchender' as const, bestaetigerMail: null };
    expect(leseraumMailErneutVerstoss({ ...base, typ: 'useMailBuchungAngepasst', hatAlt: false })?.code).toBe(
      'leseraum_buchung.mail_alt_fehlt',
    );
    expect(leseraumMailErneutVerstoss({ ...base, typ: 'useMailVormerkung', hatAlt: true })?.code).toBe(
      'leseraum_buchung.mail_alt_unerwartet',
    );
  });

  it('sends to the confirmer only when the booking has one', () => {
    const base = { typ: 'useMailVormerkung' as const, status: 'vorgemerkt' as const, hatAlt: false };
    expect(
      leseraumMailErneutVerstoss({ ...base, empfaenger: 'bestaetiger', bestaetigerMail: null })?.code,
    ).toBe('leseraum_buchung.mail_kein_bestaetiger');
    expect(
      leseraumMailErneutVerstoss({ ...base, empfaenger: 'bestaetiger', bestaetigerMail: 'a@b.example' }),
    ).toBeNull();
  });
});

describe('leseraumErinnerungFaellig', () => {
  const von = new Date('2026-11-24T08:00:00+01:00');
  const min = (m: number) => new Date(von.getTime() + m * 60_000);
  it.each([
    { name: 'one minute before the lead', now: min(-31), minuten: 30, due: false },
    { name: 'exactly at the lead', now: min(-30), minuten: 30, due: true },
    { name: 'one minute before the start', now: min(-1), minuten: 30, due: true },
    { name: 'at the start (too late)', now: min(0), minuten: 30, due: false },
    { name: 'switched off (0)', now: min(-10), minuten: 0, due: false },
    { name: 'a day ahead (1440)', now: min(-1440), minuten: 1440, due: true },
  ])('$name: $due', ({ now, minuten, due }) => {
    expect(leseraumErinnerungFaellig({ status: 'reserviert', von, minuten, gesendet: false, now })).toBe(due);
  });

  it('is sent once, and only for holds and reservations', () => {
    const now = min(-10);
    expect(leseraumErinnerungFaellig({ status: 'reserviert', von, minuten: 30, gesendet: true, now })).toBe(
      false,
    );
    expect(leseraumErinnerungFaellig({ status: 'vorgemerkt', von, minuten: 30, gesendet: false, now })).toBe(
      true,
    );
    for (const status of ['durchgeführt', 'storniert', 'aktiv', 'verschlossen'] as const)
      expect(leseraumErinnerungFaellig({ status, von, minuten: 30, gesendet: false, now })).toBe(false);
  });

  it('counts elapsed minutes across the DST switch (29.03.2026 02:00 → 03:00)', () => {
    const start = new Date('2026-03-29T03:30:00+02:00'); // 01:30 UTC
    const before = new Date('2026-03-29T01:30:00+01:00'); // 00:30 UTC, 60 real minutes earlier
    expect(
      leseraumErinnerungFaellig({
        status: 'reserviert',
        von: start,
        minuten: 60,
        gesendet: false,
        now: before,
      }),
    ).toBe(true);
    expect(
      leseraumErinnerungFaellig({
        status: 'reserviert',
        von: start,
        minuten: 60,
        gesendet: false,
        now: new Date(before.getTime() - 60_000),
      }),
    ).toBe(false);
  });
});

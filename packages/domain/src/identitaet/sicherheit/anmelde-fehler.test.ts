import { describe, expect, it } from 'vitest';
import { anmeldeFehlerAdresse, anmeldeFehlerArt, anmeldeFehlerCode } from './anmelde-fehler.ts';

describe('the sign-in error page (decision 123)', () => {
  it.each([
    ['state_mismatch', '/auth/fehler?code=state_mismatch', 'abgelaufen'],
    ['please_restart_the_process', '/auth/fehler?code=please_restart_the_process', 'abgelaufen'],
    ['access_denied', '/auth/fehler?code=access_denied', 'abgelehnt'],
    ['ACCOUNT_NOT_LINKED', '/auth/fehler?code=ACCOUNT_NOT_LINKED', 'nicht_zugeordnet'],
    ['auth.sso_deaktiviert', '/auth/fehler?code=auth.sso_deaktiviert', 'katalog'],
    ['something_new', '/auth/fehler?code=something_new', 'unbekannt'],
    ['<script>alert(1)</script>', '/auth/fehler', 'unbekannt'],
    ['https://evil.example/', '/auth/fehler', 'unbekannt'],
    ['a'.repeat(65), '/auth/fehler', 'unbekannt'],
    ['', '/auth/fehler', 'unbekannt'],
    [null, '/auth/fehler', 'unbekannt'],
    [['state_mismatch'], '/auth/fehler', 'unbekannt'],
  ])('%j goes to %s and reads as %s', (raw, adresse, art) => {
    expect(anmeldeFehlerAdresse(raw)).toBe(adresse);
    expect(anmeldeFehlerArt(anmeldeFehlerCode(raw))).toBe(art);
  });
});

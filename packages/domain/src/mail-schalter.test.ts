import { describe, expect, it } from 'vitest';
import { MAIL_ARTEN, MAIL_REGELN, mailGewollt, PFLICHT_MAILS } from './mail-schalter';
import { CUSTOMIZING_OPTIONS } from './verwaltung/customizing';

const option = (name: string) => CUSTOMIZING_OPTIONS.find((o) => o.name === name);

describe('mail switches (decision 116)', () => {
  it.each(MAIL_ARTEN)(
    '%s names switches that exist as boolean options of the right level, or is sent regardless',
    (art) => {
      const regel = MAIL_REGELN[art];
      if ('pflicht' in regel) {
        expect(regel.pflicht.de.length).toBeGreaterThan(10);
        expect(regel.pflicht.en.length).toBeGreaterThan(10);
        return;
      }
      expect(regel.mandant ?? regel.benutzer).not.toBeNull();
      if (regel.mandant) {
        expect(option(regel.mandant)).toMatchObject({ typ: 'boolean', levels: ['mandant'] });
      }
      if (regel.benutzer) {
        expect(option(regel.benutzer)).toMatchObject({ typ: 'boolean', userEditable: true });
        expect(option(regel.benutzer)!.levels).toContain('benutzer');
      }
    },
  );

  it('every mail switch and notification switch of the catalogue stops at least one kind of mail', () => {
    const genannt = new Set(
      MAIL_ARTEN.flatMap((art) => {
        const r = MAIL_REGELN[art];
        return 'pflicht' in r ? [] : [r.mandant, r.benutzer];
      }),
    );
    const schalter = CUSTOMIZING_OPTIONS.filter(
      (o) => o.group === 'benachrichtigungen' || (o.group === 'mails' && o.typ === 'boolean'),
    ).map((o) => o.name);
    // the vehicle jobs' notices and the licence reminders check these tenant switches where they are computed
    const anDerQuelle = [
      'FahrzeugMailCheckOutErinnerungSenden',
      'FahrzeugMailFuehrerscheinSenden',
      'FahrzeugMailReportSenden',
      'FahrzeugMailVorCheckOutSenden',
      'FahrzeugMailPflegehinweisSenden',
      'FahrzeugMailPruefungSenden',
    ];
    expect(schalter.filter((s) => !genannt.has(s) && !anDerQuelle.includes(s))).toEqual([]);
  });

  const an =
    (aus: string[]) =>
    (name: string): boolean =>
      !aus.includes(name);
  it.each([
    ['fahrzeug.erstellt', [], true],
    ['fahrzeug.erstellt', ['FahrzeugMailBuchungSenden'], false],
    ['fahrzeug.erstellt', ['BenachrichtigungBuchungsbestaetigung'], false],
    ['fahrzeug.erstellt', ['BenachrichtigungStornierung'], true],
    ['fahrzeug.storniert', ['BenachrichtigungStornierung'], false],
    ['fahrzeug.storniert', ['FahrzeugMailStornoSenden'], false],
    ['fahrzeug.freigegeben', ['BenachrichtigungSonderfreigabe'], false],
    [
      'fahrzeug.freigabe_anfrage',
      ['FahrzeugMailSonderfreigabeSenden', 'BenachrichtigungSonderfreigabe'],
      true,
    ],
    ['fahrzeug.erinnerung', ['FahrzeugMailErinnerungSenden'], false],
    ['leseraum.vormerkung', ['BenachrichtigungBuchungsbestaetigung'], false],
    ['leseraum.vormerkung', ['FahrzeugMailBuchungSenden'], true],
    ['leseraum.angepasst', ['BenachrichtigungAenderung'], false],
    ['leseraum.storno', ['BenachrichtigungStornierung'], false],
    ['leseraum.erinnerung', ['BenachrichtigungErinnerung'], false],
    ['leseraum.bestaetigung_anfrage', ['BenachrichtigungBestaetigungsanfrage'], false],
    ['leseraum.bestaetigung_anfrage', ['BenachrichtigungBuchungsbestaetigung'], true],
    ['fahrt.schaden', ['FahrzeugMailSchadenSenden'], false],
    ['fahrt.sperre', ['FahrzeugMailSchadenSenden'], true],
    ['konto.passwort', ['BenachrichtigungBuchungsbestaetigung'], true],
  ] as const)('%s with %j switched off: sent %s', (art, aus, expected) => {
    expect(mailGewollt(art, an([...aus]))).toBe(expected);
  });

  it('lists the mails sent regardless: security, approval requests, a blocked vehicle', () => {
    expect(PFLICHT_MAILS.map((m) => m.art)).toEqual([
      'fahrzeug.freigabe_anfrage',
      'fahrt.sperre',
      'konto.passwort',
      'konto.einladung',
    ]);
  });
});

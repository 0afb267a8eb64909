import { LESERAUM_MAIL_TYPEN } from '@stellwerk/domain/leseraum/leseraum-buchung/mail';
import { describe, expect, it } from 'vitest';
import {
  MAIL_SECRETS,
  MAIL_TEMPLATES,
  type MailTemplateParams,
  REDACTED,
  renderMail,
  renderRedactedMail,
} from './mail.templates';

const buchung = {
  platz: 'Platz 07',
  grundriss: 'Lesesaal',
  datum: '24.11.2026',
  zeit: '09:00–18:00',
  url: 'https://x.example/leseraum/liste',
};

/** Params for every template, so that each one is rendered below. */
const SAMPLES: { [T in keyof MailTemplateParams]: MailTemplateParams[T] } = {
  passwort_zuruecksetzen: { name: 'N', url: 'https://x.example' },
  einladung: { name: 'N', url: 'https://x.example' },
  leseraum_buchung: { ...buchung, typ: 'useMailStorno' },
  fahrzeug_buchung: {
    typ: 'erstellt',
    fahrzeug: 'Volkswagen ID.3',
    kennzeichen: 'MS-SW 101',
    zeitraum: '24.11.2026 09:00 – 12:00',
    url: 'https://x.example/fahrzeuge',
  },
  fuehrerschein_erinnerung: {
    art: 'pruefer',
    eintraege: [{ name: 'Uwe Krause', datum: '07.12.2026' }],
    url: 'https://x.example/fahrzeuge/fuehrerschein',
  },
  fahrt_meldung: {
    schritt: 'checkOut',
    fahrzeug: 'Volkswagen ID.3',
    kennzeichen: 'MS-SW 101',
    fahrer: 'Lena Hoffmann',
    zeitpunkt: '24.11.2026 12:00',
    kilometerstand: 12085,
    sauberkeitInnen: 'verschmutzt',
    sauberkeitAussen: 'sauber',
    schwelle: ['Innen'],
    schaeden: [
      {
        ort: 'hinten',
        beschreibung: 'Delle',
        sicherheitsrelevant: true,
        foto: 'https://x.example/api/dateien/1',
      },
    ],
    belege: [],
    gesperrtAb: '24.11.2026 12:00',
    url: 'https://x.example/admin/fahrzeuge',
  },
  fahrzeug_hinweis: {
    art: 'pruefung',
    eintraege: ['MS-SW 101: UVV fällig am 25.10.2026'],
    url: 'https://x.example/admin/fahrzeuge',
  },
  auswertung_bericht: {
    zeitraum: '01.03.2026 – 31.03.2026',
    rhythmus: 'monatlich',
    eintraege: ['Fahrzeuge gebucht: 42 %'],
    url: 'https://x.example/admin/auswertung',
  },
  spind_erinnerung: {
    nummer: '12',
    bank: 'Foyer',
    bis: '2026-11-24T17:00:00.000Z',
    url: 'https://x.example/officelocker',
  },
};

describe('mail templates', () => {
  it('passwort_zuruecksetzen in German and English carries the name and the link', () => {
    const url = 'https://stellwerk.example/auth/confirm?token=abc';
    const de = renderMail('passwort_zuruecksetzen', 'de', { name: 'Erika', url });
    expect(de.subject).toBe('Passwort zurücksetzen');
    expect(de.text).toContain('Hallo Erika,');
    expect(de.text).toContain(url);
    expect(de.html).toContain(`href="${url}"`);
    const en = renderMail('passwort_zuruecksetzen', 'en', { name: 'Erika', url });
    expect(en.subject).toBe('Reset your password');
    expect(en.html).toContain('lang="en"');
  });

  it('escapes params in the HTML', () => {
    const mail = renderMail('passwort_zuruecksetzen', 'de', {
      name: '<b>Eve</b>',
      url: 'https://x.example/?a=1&b="2"',
    });
    expect(mail.html).not.toContain('<b>Eve</b>');
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(mail.html).toContain('a=1&amp;b=&quot;2&quot;');
  });

  it('every template renders in both languages', () => {
    for (const template of MAIL_TEMPLATES) {
      for (const language of ['de', 'en'] as const) {
        const mail = renderMail(template, language, SAMPLES[template] as never);
        expect(mail.subject.length).toBeGreaterThan(0);
        expect(mail.text.length).toBeGreaterThan(0);
      }
    }
  });

  it('renders each reading-room mail type with the booking, in German and English', () => {
    for (const typ of LESERAUM_MAIL_TYPEN) {
      const de = renderMail('leseraum_buchung', 'de', {
        ...buchung,
        typ,
        bestaetigung: { durch: 'selbst', frist: '09:00' },
        checkIn: { von: '08:45', bis: '09:15' },
        alt: { datum: '23.11.2026', zeit: '10:00–12:00' },
        grund: 'Vormerkung nicht bestätigt',
      });
      expect(de.subject).toContain('Platz 07');
      expect(de.text).toContain('24.11.2026');
      expect(de.html).toContain('href="https://x.example/leseraum/liste"');
      const en = renderMail('leseraum_buchung', 'en', { ...buchung, typ });
      expect(en.subject).toContain('Platz 07');
      expect(en.html).toContain('lang="en"');
    }
    const changed = renderMail('leseraum_buchung', 'de', {
      ...buchung,
      typ: 'useMailBuchungAngepasst',
      alt: { datum: '23.11.2026', zeit: '10:00–12:00' },
    });
    expect(changed.text).toContain('Bisher: 23.11.2026, 10:00–12:00 Uhr');
    expect(changed.text).toContain('Jetzt: 24.11.2026, 09:00–18:00 Uhr');
    expect(
      renderMail('leseraum_buchung', 'de', {
        ...buchung,
        typ: 'useMailVormerkung',
        bestaetigung: { durch: 'selbst', frist: '09:00' },
      }).text,
    ).toContain('Bitte bestätigen Sie die Vormerkung bis 09:00 Uhr');
  });

  it('renders the reading-room reminder: confirm a hold, or check in to a reservation, in German and English', () => {
    const hold = renderMail('leseraum_buchung', 'de', {
      ...buchung,
      typ: 'erinnerung',
      bestaetigung: { durch: 'selbst', frist: '09:00' },
    });
    expect(hold.subject).toBe('Erinnerung: Platz 07 am 24.11.2026');
    expect(hold.text).toContain('bitte bestätigen Sie sie bis 09:00 Uhr');
    const reserved = renderMail('leseraum_buchung', 'en', {
      ...buchung,
      typ: 'erinnerung',
      checkIn: { von: '08:45', bis: '09:15' },
    });
    expect(reserved.subject).toBe('Reminder: Platz 07 on 24.11.2026');
    expect(reserved.text).toContain('Please check in between 08:45 and 09:15');
  });

  it('fahrzeug_buchung tells the booker in both languages, naming who booked for them and a pending approval', () => {
    const base = {
      fahrzeug: 'Volkswagen ID.3 Pro',
      kennzeichen: 'MS-SW 101',
      zeitraum: '24.11.2026 09:00 – 24.11.2026 12:00',
      url: 'https://stellwerk.example/fahrzeuge',
    };
    const de = renderMail('fahrzeug_buchung', 'de', {
      ...base,
      typ: 'erstellt',
      durch: 'Thomas Becker',
      sonderfahrt: true,
    });
    expect(de.subject).toBe('Fahrzeug gebucht: MS-SW 101');
    expect(de.text).toContain(
      'Thomas Becker hat für Sie Volkswagen ID.3 Pro (MS-SW 101), 24.11.2026 09:00 – 24.11.2026 12:00 gebucht.',
    );
    expect(de.text).toContain('wartet auf eine Sonderfreigabe');
    expect(de.html).toContain('href="https://stellwerk.example/fahrzeuge"');
    const en = renderMail('fahrzeug_buchung', 'en', {
      ...base,
      typ: 'storniert',
      grund: 'Storno wegen Wartung des Fahrzeugs.',
    });
    expect(en.subject).toBe('Vehicle booking cancelled: MS-SW 101');
    expect(en.text).toContain('Reason: Storno wegen Wartung des Fahrzeugs.');
    const changed = renderMail('fahrzeug_buchung', 'de', {
      ...base,
      typ: 'geaendert',
      alt: '24.11.2026 08:00 – 24.11.2026 09:00',
    });
    expect(changed.text).toContain('Bisher: 24.11.2026 08:00 – 24.11.2026 09:00');
    expect(changed.text).not.toContain('Sonderfreigabe');
  });
});

describe('one-time secrets in mail templates (decision 017)', () => {
  const url = 'https://stellwerk.example/auth/confirm?token=einmal-geheim';

  it.each(['passwort_zuruecksetzen', 'einladung'] as const)(
    '%s declares its link as a secret: the redacted mail has the notice instead, the sent one the link',
    (template) => {
      expect(MAIL_SECRETS[template]).toContain('url');
      for (const language of ['de', 'en'] as const) {
        const params = { name: 'Erika', url, mandant: 'Stadtwerke Musterstadt' };
        const sent = renderMail(template, language, params);
        const shown = renderRedactedMail(template, language, params);
        expect(sent.text).toContain(url);
        expect(`${shown.subject}\n${shown.text}\n${shown.html}`).not.toContain('einmal-geheim');
        expect(shown.text).toContain(REDACTED[language]);
        expect(shown.text).toContain(language === 'de' ? 'Hallo Erika,' : 'Hello Erika,');
        expect(shown.subject).toBe(sent.subject);
      }
    },
  );

  it('a template without secrets is shown as it is sent', () => {
    expect(MAIL_SECRETS.leseraum_buchung).toEqual([]);
    const params = { ...buchung, typ: 'useMailStorno' as const, grund: 'Umbau' };
    expect(renderRedactedMail('leseraum_buchung', 'de', params)).toEqual(
      renderMail('leseraum_buchung', 'de', params),
    );
  });

  it('every template declares its secrets (possibly none)', () => {
    expect(Object.keys(MAIL_SECRETS).sort()).toEqual([...MAIL_TEMPLATES].sort());
  });
});

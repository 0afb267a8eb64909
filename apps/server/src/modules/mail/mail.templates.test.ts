import { describe, expect, it } from 'vitest';
import { MAIL_TEMPLATES, renderMail } from './mail.templates';

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
        const mail = renderMail(template, language, { name: 'N', url: 'https://x.example' });
        expect(mail.subject.length).toBeGreaterThan(0);
        expect(mail.text.length).toBeGreaterThan(0);
      }
    }
  });
});

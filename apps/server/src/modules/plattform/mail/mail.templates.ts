import type { Language } from '@stellwerk/domain/language';
import {
  type AuswertungBerichtParams,
  auswertungBerichtDe,
  auswertungBerichtEn,
} from './mail.auswertung-templates.ts';
import { type FahrtMeldungParams, fahrtMeldungDe, fahrtMeldungEn } from './mail.fahrt-templates.ts';
import {
  type FahrzeugHinweisParams,
  fahrzeugHinweisDe,
  fahrzeugHinweisEn,
} from './mail.fahrzeug-hinweis-templates.ts';
import {
  type FahrzeugBuchungMailParams,
  fahrzeugBuchungMailDe,
  fahrzeugBuchungMailEn,
} from './mail.fahrzeug-templates.ts';
import {
  type FuehrerscheinErinnerungParams,
  fuehrerscheinErinnerungDe,
  fuehrerscheinErinnerungEn,
} from './mail.fuehrerschein-templates.ts';
import { kalenderLinkZeilen } from './mail.kalender-links.ts';
import { type LeseraumMailParams, leseraumMailDe, leseraumMailEn } from './mail.leseraum-templates.ts';
import { type SpindErinnerungParams, spindErinnerungDe, spindErinnerungEn } from './mail.spind-templates.ts';

/** Every mail the product sends, with the params its template needs. Later issues add theirs. */
export type MailTemplateParams = {
  passwort_zuruecksetzen: { name: string; url: string };
  /** A new user's first password; `mandant` names the organisation that invites. */
  einladung: { name: string; url: string; mandant?: string };
  /** A reading-room or workspace booking was held, confirmed, changed or cancelled (spec §4, §7). */
  leseraum_buchung: LeseraumMailParams;
  /** A vehicle booking was made, changed or cancelled. */
  fahrzeug_buchung: FahrzeugBuchungMailParams;
  /** A licence-check reminder to the driver or the licence checkers (decision 057). */
  fuehrerschein_erinnerung: FuehrerscheinErinnerungParams;
  /** A check-in or check-out with damages or cleanliness at a threshold, to the fleet managers. */
  fahrt_meldung: FahrtMeldungParams;
  /** A notice of the vehicle jobs: missing check-out, next booker, care notice, HU/UVV, report (decision 067). */
  fahrzeug_hinweis: FahrzeugHinweisParams;
  /** An office locker is to be emptied before its release (decision 216); never with its PIN. */
  spind_erinnerung: SpindErinnerungParams;
  /** The evaluation on the tenant's rhythm, with the Excel file attached (decision 247); aggregates only. */
  auswertung_bericht: AuswertungBerichtParams;
};
export type MailTemplate = keyof MailTemplateParams;
export const MAIL_TEMPLATES = [
  'passwort_zuruecksetzen',
  'einladung',
  'leseraum_buchung',
  'fahrzeug_buchung',
  'fuehrerschein_erinnerung',
  'fahrt_meldung',
  'fahrzeug_hinweis',
  'spind_erinnerung',
  'auswertung_bericht',
] as const satisfies readonly MailTemplate[];

export type RenderedMail = { subject: string; text: string; html: string };

/**
 * The params of each template that carry a one-time secret (a sign-in link with its token; later
 * verification codes, SMS codes, SCIM tokens). Every template declares its list, empty when it has none:
 * the mail is sent with them, but the mailbox shows it with each secret replaced by `REDACTED` (decision 017).
 */
export const MAIL_SECRETS: { readonly [T in MailTemplate]: readonly (keyof MailTemplateParams[T])[] } = {
  passwort_zuruecksetzen: ['url'],
  einladung: ['url'],
  // a link to the booker's own bookings; it signs nobody in
  leseraum_buchung: [],
  fahrzeug_buchung: [],
  fuehrerschein_erinnerung: [],
  fahrt_meldung: [],
  fahrzeug_hinweis: [],
  spind_erinnerung: [],
  auswertung_bericht: [],
};

/** What the mailbox shows in place of a secret, in the mail's language. */
export const REDACTED: Record<Language, string> = {
  de: '[entfernt: nur der Empfänger sieht diesen Link oder Code]',
  en: '[removed: only the recipient sees this link or code]',
};

const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A plain HTML frame: paragraphs (already escaped), an optional button link, paragraphs after it. */
const htmlFrame = (
  language: Language,
  title: string,
  paragraphs: string[],
  link?: { href: string; label: string },
  after: string[] = [],
) =>
  [
    '<!doctype html>',
    `<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    '<body style="font-family: Arial, sans-serif; color: #1a1b1e; line-height: 1.5">',
    ...paragraphs.map((p) => `<p>${p}</p>`),
    link
      ? `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:8px 16px;background:#1c7ed6;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(link.label)}</a></p><p style="font-size:12px;color:#555">${escapeHtml(link.href)}</p>`
      : '',
    ...after.map((p) => `<p>${p}</p>`),
    '<p style="font-size:12px;color:#555">Stellwerk</p>',
    '</body></html>',
  ].join('\n');

type Renderer<P> = (params: P) => RenderedMail;

const leseraumRenderer =
  (language: Language, render: typeof leseraumMailDe): Renderer<LeseraumMailParams> =>
  (p) => {
    const { subject, lines, linkLabel } = render(p);
    const kalender = kalenderLinkZeilen(language, p.kalender);
    return {
      subject,
      text: [
        ...lines,
        '',
        `${linkLabel}: ${p.url}`,
        ...kalender.map(({ label, href }) => `${label}: ${href}`),
        '',
        'Stellwerk',
      ].join('\n'),
      html: htmlFrame(
        language,
        subject,
        lines.map(escapeHtml),
        { href: p.url, label: linkLabel },
        kalender.map(({ label, href }) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`),
      ),
    };
  };

const fahrzeugRenderer =
  (language: Language, render: typeof fahrzeugBuchungMailDe): Renderer<FahrzeugBuchungMailParams> =>
  (p) => {
    const { subject, lines, linkLabel } = render(p);
    return {
      subject,
      text: [...lines, '', `${linkLabel}: ${p.url}`, '', 'Stellwerk'].join('\n'),
      html: htmlFrame(language, subject, lines.map(escapeHtml), { href: p.url, label: linkLabel }),
    };
  };

const fuehrerscheinRenderer =
  <P extends { url: string } = FuehrerscheinErinnerungParams>(
    language: Language,
    render: (p: P) => { subject: string; lines: string[]; linkLabel: string },
  ): Renderer<P> =>
  (p) => {
    const { subject, lines, linkLabel } = render(p);
    return {
      subject,
      text: [...lines, '', `${linkLabel}: ${p.url}`, '', 'Stellwerk'].join('\n'),
      html: htmlFrame(language, subject, lines.map(escapeHtml), { href: p.url, label: linkLabel }),
    };
  };

const fahrtRenderer =
  (language: Language, render: typeof fahrtMeldungDe): Renderer<FahrtMeldungParams> =>
  (p) => {
    const { subject, lines, linkLabel } = render(p);
    return {
      subject,
      text: [...lines, '', `${linkLabel}: ${p.url}`, '', 'Stellwerk'].join('\n'),
      html: htmlFrame(language, subject, lines.map(escapeHtml), { href: p.url, label: linkLabel }),
    };
  };

const TEMPLATES: { [T in MailTemplate]: Record<Language, Renderer<MailTemplateParams[T]>> } = {
  passwort_zuruecksetzen: {
    de: ({ name, url }) => {
      const subject = 'Passwort zurücksetzen';
      const intro = `Hallo ${name},`;
      const body = 'für Ihr Stellwerk-Konto wurde das Zurücksetzen des Passworts angefordert.';
      const action = 'Über den folgenden Link vergeben Sie ein neues Passwort:';
      const ignore = 'Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren.';
      return {
        subject,
        text: [intro, '', body, action, url, '', ignore, '', 'Stellwerk'].join('\n'),
        html: htmlFrame(
          'de',
          subject,
          [escapeHtml(intro), `${escapeHtml(body)} ${escapeHtml(action)}`],
          { href: url, label: 'Neues Passwort vergeben' },
          [escapeHtml(ignore)],
        ),
      };
    },
    en: ({ name, url }) => {
      const subject = 'Reset your password';
      const intro = `Hello ${name},`;
      const body = 'a password reset was requested for your Stellwerk account.';
      const action = 'Use the following link to choose a new password:';
      const ignore = 'If you did not request this, you can ignore this e-mail.';
      return {
        subject,
        text: [intro, '', body, action, url, '', ignore, '', 'Stellwerk'].join('\n'),
        html: htmlFrame(
          'en',
          subject,
          [escapeHtml(intro), `${escapeHtml(body)} ${escapeHtml(action)}`],
          { href: url, label: 'Choose a new password' },
          [escapeHtml(ignore)],
        ),
      };
    },
  },
  einladung: {
    de: ({ name, url, mandant }) => {
      const subject = 'Einladung zu Stellwerk';
      const intro = `Hallo ${name},`;
      const body = mandant
        ? `${mandant} hat für Sie ein Stellwerk-Konto angelegt.`
        : 'für Sie wurde ein Stellwerk-Konto angelegt.';
      const action = 'Über den folgenden Link vergeben Sie Ihr Passwort und melden sich an:';
      const validity = 'Der Link ist sieben Tage gültig.';
      return {
        subject,
        text: [intro, '', body, action, url, '', validity, '', 'Stellwerk'].join('\n'),
        html: htmlFrame(
          'de',
          subject,
          [escapeHtml(intro), `${escapeHtml(body)} ${escapeHtml(action)}`],
          { href: url, label: 'Passwort vergeben' },
          [escapeHtml(validity)],
        ),
      };
    },
    en: ({ name, url, mandant }) => {
      const subject = 'Your invitation to Stellwerk';
      const intro = `Hello ${name},`;
      const body = mandant
        ? `${mandant} has created a Stellwerk account for you.`
        : 'a Stellwerk account has been created for you.';
      const action = 'Use the following link to choose your password and sign in:';
      const validity = 'The link is valid for seven days.';
      return {
        subject,
        text: [intro, '', body, action, url, '', validity, '', 'Stellwerk'].join('\n'),
        html: htmlFrame(
          'en',
          subject,
          [escapeHtml(intro), `${escapeHtml(body)} ${escapeHtml(action)}`],
          { href: url, label: 'Choose your password' },
          [escapeHtml(validity)],
        ),
      };
    },
  },
  leseraum_buchung: {
    de: leseraumRenderer('de', leseraumMailDe),
    en: leseraumRenderer('en', leseraumMailEn),
  },
  fahrzeug_buchung: {
    de: fahrzeugRenderer('de', fahrzeugBuchungMailDe),
    en: fahrzeugRenderer('en', fahrzeugBuchungMailEn),
  },
  fuehrerschein_erinnerung: {
    de: fuehrerscheinRenderer('de', fuehrerscheinErinnerungDe),
    en: fuehrerscheinRenderer('en', fuehrerscheinErinnerungEn),
  },
  fahrt_meldung: {
    de: fahrtRenderer('de', fahrtMeldungDe),
    en: fahrtRenderer('en', fahrtMeldungEn),
  },
  fahrzeug_hinweis: {
    de: fuehrerscheinRenderer('de', fahrzeugHinweisDe),
    en: fuehrerscheinRenderer('en', fahrzeugHinweisEn),
  },
  spind_erinnerung: {
    de: fuehrerscheinRenderer('de', spindErinnerungDe),
    en: fuehrerscheinRenderer('en', spindErinnerungEn),
  },
  auswertung_bericht: {
    de: fuehrerscheinRenderer('de', auswertungBerichtDe),
    en: fuehrerscheinRenderer('en', auswertungBerichtEn),
  },
};

/** The subject, plain text and HTML of `template` in `language`; params are escaped in the HTML. */
export const renderMail = <T extends MailTemplate>(
  template: T,
  language: Language,
  params: MailTemplateParams[T],
): RenderedMail => (TEMPLATES[template][language] as Renderer<MailTemplateParams[T]>)(params);

/** `params` with every secret the template declares replaced by `REDACTED` of `language`. */
export const redactParams = <T extends MailTemplate>(
  template: T,
  language: Language,
  params: MailTemplateParams[T],
): MailTemplateParams[T] => {
  const redacted = { ...params };
  for (const key of MAIL_SECRETS[template] as readonly (keyof MailTemplateParams[T])[]) {
    if (redacted[key] !== undefined)
      (redacted as Record<keyof MailTemplateParams[T], unknown>)[key] = REDACTED[language];
  }
  return redacted;
};

/**
 * The mail as the mailbox may show it: rendered from the redacted params, so no secret the template
 * declares is in it (the recipient gets `renderMail`'s text).
 */
export const renderRedactedMail = <T extends MailTemplate>(
  template: T,
  language: Language,
  params: MailTemplateParams[T],
): RenderedMail => renderMail(template, language, redactParams(template, language, params));

import type { Language } from '@stellwerk/domain/language';

/** Every mail the product sends, with the params its template needs. Later issues add theirs. */
export type MailTemplateParams = {
  passwort_zuruecksetzen: { name: string; url: string };
  /** A reading-room booking cancelled because its floor plan closes (special opening time). */
  leseraum_storno_schliessung: {
    raum: string;
    grundriss: string;
    datum: string;
    zeit: string;
    grund: string;
  };
  /** A new user's first password; `mandant` names the organisation that invites. */
  einladung: { name: string; url: string; mandant?: string };
};
export type MailTemplate = keyof MailTemplateParams;
export const MAIL_TEMPLATES = [
  'passwort_zuruecksetzen',
  'leseraum_storno_schliessung',
  'einladung',
] as const satisfies readonly MailTemplate[];

export type RenderedMail = { subject: string; text: string; html: string };

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
  leseraum_storno_schliessung: {
    de: (p) => {
      const subject = 'Ihre Buchung wurde storniert';
      const lines = [
        'Guten Tag,',
        `Ihre Buchung von ${String(p.raum)} (${String(p.grundriss)}) am ${String(p.datum)}, ${String(p.zeit)} Uhr, wurde storniert, weil der Bereich in diesem Zeitraum geschlossen ist.`,
        p.grund ? `Grund: ${String(p.grund)}` : '',
        'Bitte buchen Sie bei Bedarf einen anderen Termin.',
      ].filter(Boolean);
      return {
        subject,
        text: [...lines, '', 'Stellwerk'].join('\n'),
        html: htmlFrame('de', subject, lines.map(escapeHtml)),
      };
    },
    en: (p) => {
      const subject = 'Your booking was cancelled';
      const lines = [
        'Hello,',
        `Your booking of ${String(p.raum)} (${String(p.grundriss)}) on ${String(p.datum)}, ${String(p.zeit)}, was cancelled because the area is closed during that period.`,
        p.grund ? `Reason: ${String(p.grund)}` : '',
        'Please book another time if needed.',
      ].filter(Boolean);
      return {
        subject,
        text: [...lines, '', 'Stellwerk'].join('\n'),
        html: htmlFrame('en', subject, lines.map(escapeHtml)),
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
};

/** The subject, plain text and HTML of `template` in `language`; params are escaped in the HTML. */
export const renderMail = <T extends MailTemplate>(
  template: T,
  language: Language,
  params: MailTemplateParams[T],
): RenderedMail => (TEMPLATES[template][language] as Renderer<MailTemplateParams[T]>)(params);

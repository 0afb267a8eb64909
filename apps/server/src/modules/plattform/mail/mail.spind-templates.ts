/**
 * The locker reminder before its release (decisions 186, 216) in German and English: which locker, by when it is
 * to be emptied. It never carries the locker's PIN (only 'Mein Spind' shows it to its owner).
 */
import type { Language } from '@stellwerk/domain/language';
import { erinnerungsText } from '@stellwerk/domain/leseraum/spind/regeln';

export type SpindErinnerungParams = {
  nummer: string;
  bank: string;
  /** The end of the locker booking, ISO 8601 instant (shown as Berlin HH:mm). */
  bis: string;
  /** The owner's 'Mein Spind' page. */
  url: string;
};

type Rendered = { subject: string; lines: string[]; linkLabel: string };

const TEXTE: Record<Language, { subject: string; gruss: string; wo: string; danach: string; link: string }> =
  {
    de: {
      subject: 'Bitte leeren Sie Ihren Spind',
      gruss: 'Guten Tag,',
      wo: 'Spindbank',
      danach:
        'Bitte bestätigen Sie danach unter „Mein Spind“, dass der Spind leer ist; erst dann ist er wieder frei.',
      link: 'Mein Spind öffnen',
    },
    en: {
      subject: 'Please empty your locker',
      gruss: 'Hello,',
      wo: 'Locker bank',
      danach: 'Then confirm under "My locker" that it is empty; only then is it free again.',
      link: 'Open my locker',
    },
  };

const render =
  (language: Language) =>
  (p: SpindErinnerungParams): Rendered => {
    const t = TEXTE[language];
    return {
      subject: t.subject,
      lines: [
        t.gruss,
        `${erinnerungsText(p.nummer, new Date(p.bis), language)}.`,
        `${t.wo}: ${p.bank}`,
        t.danach,
      ],
      linkLabel: t.link,
    };
  };

export const spindErinnerungDe = render('de');
export const spindErinnerungEn = render('en');

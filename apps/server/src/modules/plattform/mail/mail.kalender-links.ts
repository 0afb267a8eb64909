import type { Language } from '@stellwerk/domain/language';

/** Links that add a booking to a web calendar (built by the calendar module from the booking). */
export type KalenderLinks = { outlook: string; google: string };

const LABELS: Record<Language, { outlook: string; google: string }> = {
  de: { outlook: 'In Outlook 365 eintragen', google: 'In Google Kalender eintragen' },
  en: { outlook: 'Add to Outlook 365', google: 'Add to Google Calendar' },
};

/** The lines a booking mail shows below its button: one per calendar, in the mail's language (decision 169). */
export const kalenderLinkZeilen = (language: Language, links: KalenderLinks | undefined) =>
  links
    ? [
        { label: LABELS[language].outlook, href: links.outlook },
        { label: LABELS[language].google, href: links.google },
      ]
    : [];

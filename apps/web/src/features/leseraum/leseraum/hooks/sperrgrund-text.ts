import type { TagSperrgrund } from '@stellwerk/domain/leseraum/leseraum-buchung/buchbarkeit';
import { TIME_ZONE } from '@stellwerk/domain/time';
import { useTranslation } from 'react-i18next';

/** A day `YYYY-MM-DD` written for the UI language (noon UTC, so no time zone moves it to another day). */
export const tagText = (day: string, language: string) =>
  new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'de-DE', {
    timeZone: TIME_ZONE,
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(`${day}T12:00:00Z`));

/** Why a day cannot be booked (R186), in the UI language; `letzterTag` is the user's last bookable day. */
export const useSperrgrundText = () => {
  const { t, i18n } = useTranslation();
  return (grund: TagSperrgrund, letzterTag: string | null) => {
    const letzter = letzterTag ? tagText(letzterTag, i18n.language) : '';
    const texte: Record<TagSperrgrund, string> = {
      vergangen: t('buchbarkeit.grund.vergangen'),
      horizont: letzter ? t('buchbarkeit.grund.horizont', { letzter }) : t('buchbarkeit.grund.keinHorizont'),
      wochentag: t('buchbarkeit.grund.wochentag'),
      geschlossen: t('buchbarkeit.grund.geschlossen'),
    };
    return texte[grund];
  };
};

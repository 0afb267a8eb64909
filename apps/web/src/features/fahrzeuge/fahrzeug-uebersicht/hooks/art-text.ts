import type { AbschnittArt } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/zeitleiste';
import { useTranslation } from 'react-i18next';

/** The word for each kind of stretch (legend, cell names, phone list). */
export const useArtText = (): Record<AbschnittArt, string> => {
  const { t } = useTranslation();
  return {
    frei: t('fahrzeugUebersicht.art.frei'),
    sonderfahrt: t('fahrzeugUebersicht.art.sonderfahrt'),
    eigene: t('fahrzeugUebersicht.art.eigene'),
    belegt: t('fahrzeugUebersicht.art.belegt'),
    gesperrt: t('fahrzeugUebersicht.art.gesperrt'),
    geschlossen: t('fahrzeugUebersicht.art.geschlossen'),
    vergangen: t('fahrzeugUebersicht.art.vergangen'),
  };
};

import type { SCHADEN_ORTE } from '@stellwerk/domain/fahrten/fahrtenbuch/fahrt-schritt';
import { useTranslation } from 'react-i18next';

/** The translated name of each place on the vehicle (literal keys, so the i18n check finds them). */
export const useSchadenOrte = (): Record<(typeof SCHADEN_ORTE)[number], string> => {
  const { t } = useTranslation();
  return {
    vorne: t('fahrzeugBuchung.fahrt.ort.vorne'),
    hinten: t('fahrzeugBuchung.fahrt.ort.hinten'),
    links: t('fahrzeugBuchung.fahrt.ort.links'),
    rechts: t('fahrzeugBuchung.fahrt.ort.rechts'),
    dach: t('fahrzeugBuchung.fahrt.ort.dach'),
    innenraum: t('fahrzeugBuchung.fahrt.ort.innenraum'),
    unterboden: t('fahrzeugBuchung.fahrt.ort.unterboden'),
    sonstiges: t('fahrzeugBuchung.fahrt.ort.sonstiges'),
  };
};

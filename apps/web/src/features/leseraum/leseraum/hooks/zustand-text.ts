import type { PlatzMarker, PlatzZustand } from '@stellwerk/domain/leseraum/leseraum-buchung/belegung';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The names of place states and markers in the UI language (the legend's words): one name per state on the map,
 * in the list, the legend and the sidebar (docs/glossary.md "Seat states").
 */
export const useZustandText = () => {
  const { t } = useTranslation();
  // the same object while the language stays: the plan labels its 1,000 places with it
  return useMemo(() => {
    const zustaende: Record<PlatzZustand, string> = {
      frei: t('leseraum.legend.free'),
      belegt: t('leseraum.legend.occupied'),
      stundenweise_belegt: t('leseraum.legend.occupiedHourly'),
      eigene_reservierung: t('leseraum.legend.mine'),
      eigene_vormerkung: t('leseraum.legend.mineHeld'),
      vorgemerkt: t('leseraum.legend.held'),
      geschlossen: t('leseraum.legend.closed'),
    };
    const marker: Record<PlatzMarker, string> = {
      brandschutzhelfer: t('leseraum.legend.fireSafety'),
      ersthelfer: t('leseraum.legend.firstAid'),
    };
    return { zustand: (z: PlatzZustand) => zustaende[z], marker: (m: PlatzMarker) => marker[m] };
  }, [t]);
};

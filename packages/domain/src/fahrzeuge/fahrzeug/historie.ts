/**
 * Check-in, check-out and logbook rules (spec §4, §5, §8): fuel level, mileage, cleanliness against the
 * tenant's list of cleaning states. Whether a booking is checked in or out is read from the history in
 * one place: `fahrtStandAus` in fahrzeug-buchung/machine.ts.
 */
import { DomainError } from '../../errors.ts';

/** Spec §5: fuel level 0 to 100 percent ('Tankfüllung muss zwischen 0 und 100 sein!'). */
export const assertTankfuellung = (prozent: number): void => {
  if (!Number.isFinite(prozent) || prozent < 0 || prozent > 100)
    throw new DomainError('fahrzeug.tankfuellung_ungueltig');
};

/** Spec §5: the mileage must be greater than the last reading ('Kilometerstand muss größer als {value} sein.'). */
export const assertKilometerstand = ({ neu, letzter }: { neu: number; letzter: number | null }): void => {
  if (!Number.isFinite(neu) || (letzter !== null && !(neu > letzter)))
    throw new DomainError('fahrzeug.kilometerstand_zu_klein', { value: letzter ?? 0 });
};

export type ReinigungsArt = 'Innen' | 'Aussen';

/** Spec §5: cleanliness inside and outside must be one of the tenant's cleaning states. */
export const assertReinigungszustand = ({
  art,
  wert,
  liste,
}: {
  art: ReinigungsArt;
  wert: string;
  liste: readonly string[];
}): void => {
  if (!liste.includes(wert))
    throw new DomainError('fahrzeug.reinigungszustand_ungueltig', {
      art,
      wert: wert.slice(0, 100),
      liste: liste.join(', '),
    });
};

/**
 * Spec §9: cleanliness thresholds are "and worse": the list runs from best to worst, and a state at or
 * after the threshold in the list triggers the fleet-manager mail. An unknown threshold never triggers.
 */
export const isSchwelleErreicht = ({
  wert,
  schwelle,
  liste,
}: {
  wert: string;
  schwelle: string;
  liste: readonly string[];
}): boolean => {
  const at = liste.indexOf(wert);
  const threshold = liste.indexOf(schwelle);
  return at >= 0 && threshold >= 0 && at >= threshold;
};

/**
 * The reading-room rules as the customizing options set them (spec §9 option names), for one user: the
 * effective value after user, group and tenant levels.
 */
import {
  arrayCustomizing,
  numberCustomizing,
  type ResolvedCustomizing,
} from '../../verwaltung/customizing.ts';
import type { LeseraumRegeln } from './rules.ts';

export const leseraumRegelnAus = (settings: ResolvedCustomizing): LeseraumRegeln => ({
  vorausbuchbareTage: numberCustomizing(settings, 'LeseraumVorausbuchbareTage'),
  buchbareWochentage: arrayCustomizing(settings, 'LeseraumBuchbareWochenTage').filter(
    (d): d is number => typeof d === 'number' && Number.isInteger(d) && d >= 0 && d <= 6,
  ),
  buchungstakt: numberCustomizing(settings, 'LeseraumBuchungstakt'),
  minimaleBuchungslaenge: numberCustomizing(settings, 'LeseraumMinimaleBuchungslaenge'),
  maximaleDauer: numberCustomizing(settings, 'LeseraumMaximaleDauerEinerBuchung'),
  maxBuchungenProWoche: numberCustomizing(settings, 'LeseraumMaximaleBuchungenAlsBuchenderProWoche'),
});

/**
 * The reading-room rules as the customizing options set them (spec §9 option names), for one user: the
 * effective value after user, group and tenant levels.
 */
import { arraySetting, numberSetting, type ResolvedSettings } from '../../verwaltung/customizing.ts';
import type { LeseraumRegeln } from './rules.ts';

export const leseraumRegelnAus = (settings: ResolvedSettings): LeseraumRegeln => ({
  vorausbuchbareTage: numberSetting(settings, 'LeseraumVorausbuchbareTage'),
  buchbareWochentage: arraySetting(settings, 'LeseraumBuchbareWochenTage').filter(
    (d): d is number => typeof d === 'number' && Number.isInteger(d) && d >= 0 && d <= 6,
  ),
  buchungstakt: numberSetting(settings, 'LeseraumBuchungstakt'),
  minimaleBuchungslaenge: numberSetting(settings, 'LeseraumMinimaleBuchungslaenge'),
  maximaleDauer: numberSetting(settings, 'LeseraumMaximaleDauerEinerBuchung'),
  maxBuchungenProWoche: numberSetting(settings, 'LeseraumMaximaleBuchungenAlsBuchenderProWoche'),
});

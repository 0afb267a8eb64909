/**
 * What happens to a trip at and after its start when nobody checked in (decision 110). Automatic release
 * (spec §4, "missing check-in leads to automatic release and cancellation after the configured minutes") applies
 * only while the trip could be checked in: a special trip still waiting for approval cannot be (spec §4, §8), so
 * its minutes count from the moment it can: the first approval, or the automatic approval one hour after its
 * start (spec §4, §9), whichever comes first. A special trip that could not be checked in before its end (neither
 * approved nor an hour old while it lasted) is cancelled at its end with its own reason.
 */

import type { BuchungStatus, FahrzeugBuchungTyp } from '../../status.ts';
import { FREIGABE_NACH_BEGINN_MINUTEN } from './freigabe.ts';
import { type FahrtStand, isAutoStornoFaellig, STORNO_GRUND } from './machine.ts';

/** One approver's decision with its instant (`sonderfreigabe.freigegeben_at`). */
export type FreigabeEntscheidung = { isFreigegeben: boolean | null; freigegebenAm: Date | null };

/**
 * The first instant the trip can be checked in as far as its approval goes: its start when it needs no approval
 * or was approved by then; otherwise the first approval after the start or the automatic approval an hour after
 * the start, whichever comes first.
 */
export const checkInMoeglichAb = ({
  von,
  freigeber,
  freigabeNachBeginnMinuten = FREIGABE_NACH_BEGINN_MINUTEN,
}: {
  von: Date;
  freigeber: readonly FreigabeEntscheidung[];
  freigabeNachBeginnMinuten?: number;
}): Date => {
  if (freigeber.length === 0) return von;
  const automatisch = von.getTime() + freigabeNachBeginnMinuten * 60_000;
  const zustimmungen = freigeber
    .filter((f) => f.isFreigegeben === true)
    .map((f) => f.freigegebenAm?.getTime() ?? von.getTime());
  const erste = Math.min(automatisch, ...zustimmungen);
  return new Date(Math.max(von.getTime(), erste));
};

export type AutoStornoGrund = typeof STORNO_GRUND.checkInVersaeumt | typeof STORNO_GRUND.nichtFreigegeben;

/**
 * Whether the job cancels the trip now, and with which reason (null = not now). Auto-release counts
 * `minuten` from `checkInMoeglichAb`; when that lies at or after the end, the trip is cancelled at its end as not
 * approved. Blocks, trips checked in and the rest of `isAutoStornoFaellig`'s guards apply as before.
 */
export const autoStornoFaelligkeit = ({
  buchung,
  fahrt,
  freigeber,
  now,
  minuten,
  checkInAktiv = true,
  freigabeNachBeginnMinuten = FREIGABE_NACH_BEGINN_MINUTEN,
}: {
  buchung: { status: BuchungStatus; typ: FahrzeugBuchungTyp; von: Date; bis: Date };
  fahrt: FahrtStand;
  freigeber: readonly FreigabeEntscheidung[];
  now: Date;
  minuten: number;
  checkInAktiv?: boolean;
  freigabeNachBeginnMinuten?: number;
}): AutoStornoGrund | null => {
  const ab = checkInMoeglichAb({ von: buchung.von, freigeber, freigabeNachBeginnMinuten });
  // never checkable while it lasted: due at its end, under the same guards with the end as its start
  if (ab.getTime() >= buchung.bis.getTime())
    return isAutoStornoFaellig({
      buchung: { ...buchung, von: new Date(buchung.bis.getTime() - minuten * 60_000) },
      fahrt,
      now,
      minuten,
      checkInAktiv,
    })
      ? STORNO_GRUND.nichtFreigegeben
      : null;
  return isAutoStornoFaellig({ buchung: { ...buchung, von: ab }, fahrt, now, minuten, checkInAktiv })
    ? STORNO_GRUND.checkInVersaeumt
    : null;
};

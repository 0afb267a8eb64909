/**
 * The state of a place on the floor plan and in the list (spec §2 'Seat states'). Colour alone fails
 * colour-blind users, so the web app shows each state with a colour and a shape or icon and names it.
 */
import type { BuchungStatus } from '../../status.ts';

/**
 * free; occupied (the chosen period is taken); occupied by the hour (some of the day is taken, but the
 * chosen period is not all taken: bookable in hourly mode around it); your reservation; your hold (your own
 * booking still vorgemerkt: the sidebar names it as the map does); held by someone (vorgemerkt);
 * closed (the day is closed, or the place or its plan is inactive).
 */
export const PLATZ_ZUSTAENDE = [
  'frei',
  'belegt',
  'stundenweise_belegt',
  'eigene_reservierung',
  'eigene_vormerkung',
  'vorgemerkt',
  'geschlossen',
] as const;
export type PlatzZustand = (typeof PLATZ_ZUSTAENDE)[number];

/** Markers shown beside the state (spec §2, §6): fire-safety helper and first-aid helper places. */
export const PLATZ_MARKER = ['brandschutzhelfer', 'ersthelfer'] as const;
export type PlatzMarker = (typeof PLATZ_MARKER)[number];

type Belegung = { von: Date; bis: Date; status: BuchungStatus; buchenderMail: string | null };

const overlaps = (a: { von: Date; bis: Date }, b: { von: Date; bis: Date }) =>
  a.von.getTime() < b.bis.getTime() && b.von.getTime() < a.bis.getTime();

/** Whether `intervals` (any order) cover `period` without a gap. */
const covers = (
  intervals: readonly { von: Date; bis: Date }[],
  period: { von: Date; bis: Date },
): boolean => {
  let reached = period.von.getTime();
  for (const i of [...intervals].sort((a, b) => a.von.getTime() - b.von.getTime())) {
    if (i.von.getTime() > reached) return false;
    reached = Math.max(reached, i.bis.getTime());
    if (reached >= period.bis.getTime()) return true;
  }
  return reached >= period.bis.getTime();
};

/**
 * The state of one place for the chosen period (`zeitraum`, e.g. today's opening hours or the hours
 * picked) and its day (`tag`: the whole open day, to see whether anything is taken). `buchungen` are the
 * place's bookings of that day in any status. Precedence: closed, the user's own booking (reserved or checked in
 * before held), occupied, held,
 * occupied by the hour, free.
 */
export const platzZustand = ({
  aktiv,
  tagGeoeffnet,
  zeitraum,
  tag,
  buchungen,
  userMail,
}: {
  aktiv: boolean;
  tagGeoeffnet: boolean;
  zeitraum: { von: Date; bis: Date };
  tag: { von: Date; bis: Date };
  buchungen: readonly Belegung[];
  userMail: string;
}): PlatzZustand => {
  if (!aktiv || !tagGeoeffnet) return 'geschlossen';
  const lebend = buchungen.filter((b) => b.status !== 'storniert');
  const mine = (b: Belegung) => !!b.buchenderMail && b.buchenderMail.toLowerCase() === userMail.toLowerCase();
  const inPeriod = lebend.filter((b) => overlaps(b, zeitraum));
  const eigene = inPeriod.filter(mine);
  if (eigene.length > 0)
    return eigene.every((b) => b.status === 'vorgemerkt') ? 'eigene_vormerkung' : 'eigene_reservierung';
  if (covers(inPeriod, zeitraum))
    return inPeriod.every((b) => b.status === 'vorgemerkt') ? 'vorgemerkt' : 'belegt';
  if (inPeriod.length > 0 || lebend.some((b) => overlaps(b, tag))) return 'stundenweise_belegt';
  return 'frei';
};

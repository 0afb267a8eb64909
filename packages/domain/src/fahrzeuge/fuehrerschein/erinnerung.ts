/**
 * Licence-check reminders (decision 057): which reminders a run of the job sends. Each reminder is
 * sent once per licence, kind and next-check day; recording a new check gives a new next-check day, so the
 * next round of reminders starts afresh. Dates are Berlin calendar days `YYYY-MM-DD`.
 */
import { pruefungsStand } from './rules.ts';

export const ERINNERUNGS_ARTEN = ['fahrer', 'pruefer', 'eskalation'] as const;
/**
 * fahrer: to the driver, from the lead before the next check (also when the job first sees it overdue);
 * pruefer: the licence checkers' list of upcoming checks; eskalation: to the licence checkers once a check
 * is overdue.
 */
export type ErinnerungsArt = (typeof ERINNERUNGS_ARTEN)[number];

export type ErinnerungsKandidat = { fuehrerscheinId: string; naechstePruefung: string | null };
export type GesendeteErinnerung = { fuehrerscheinId: string; art: ErinnerungsArt; naechstePruefung: string };

/**
 * The reminders due now and not yet sent: to each driver whose check is due within `vorlaufTage` or overdue,
 * the checkers' list of the checks now due within the lead (overdue ones are escalated instead), and the
 * escalation of each overdue check. A licence without a next check has no due date and gets none.
 */
export const faelligeErinnerungen = <K extends ErinnerungsKandidat>({
  kandidaten,
  gesendet,
  now,
  vorlaufTage,
}: {
  kandidaten: readonly K[];
  gesendet: readonly GesendeteErinnerung[];
  now: Date;
  vorlaufTage: number;
}): Record<ErinnerungsArt, K[]> => {
  const sent = new Set(gesendet.map((g) => `${g.fuehrerscheinId}|${g.art}|${g.naechstePruefung}`));
  const offen = (k: K, art: ErinnerungsArt) => !sent.has(`${k.fuehrerscheinId}|${art}|${k.naechstePruefung}`);
  const result: Record<ErinnerungsArt, K[]> = { fahrer: [], pruefer: [], eskalation: [] };
  for (const k of kandidaten) {
    const stand = pruefungsStand({ naechstePruefung: k.naechstePruefung, now, vorlaufTage });
    if (stand === 'faellig' || stand === 'ueberfaellig') {
      if (offen(k, 'fahrer')) result.fahrer.push(k);
    }
    if (stand === 'faellig' && offen(k, 'pruefer')) result.pruefer.push(k);
    if (stand === 'ueberfaellig' && offen(k, 'eskalation')) result.eskalation.push(k);
  }
  return result;
};

export const isErinnerungsArt = (s: string): s is ErinnerungsArt =>
  (ERINNERUNGS_ARTEN as readonly string[]).includes(s);

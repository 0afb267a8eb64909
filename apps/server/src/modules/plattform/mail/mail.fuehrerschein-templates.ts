/**
 * The licence-check reminders (decision 057) in German and English: to the driver before the next
 * check (or once it lapsed), the licence checkers' list of upcoming checks, and the escalation of overdue
 * checks to the licence checkers.
 */

export type FuehrerscheinErinnerungParams = {
  art: 'fahrer' | 'pruefer' | 'eskalation';
  /** fahrer: the next check, DD.MM.YYYY */
  datum?: string;
  /** fahrer: the check has lapsed (booking is refused until the next check) */
  abgelaufen?: boolean;
  /** pruefer, eskalation: the licences, each with the driver's name and the next check (DD.MM.YYYY) */
  eintraege?: { name: string; datum: string }[];
  /** pruefer/eskalation: the licence page; fahrer: the vehicle page */
  url: string;
};

type Rendered = { subject: string; lines: string[]; linkLabel: string };

const liste = (p: FuehrerscheinErinnerungParams, prefix: string) =>
  (p.eintraege ?? []).map((e) => `- ${e.name}: ${prefix} ${e.datum}`);

export const fuehrerscheinErinnerungDe = (p: FuehrerscheinErinnerungParams): Rendered => {
  switch (p.art) {
    case 'pruefer':
      return {
        subject: 'Anstehende Führerscheinprüfungen',
        lines: [
          'Guten Tag,',
          'folgende Führerscheinprüfungen stehen bald an:',
          ...liste(p, 'fällig am'),
          'Bitte vereinbaren Sie die Prüfung mit den Fahrerinnen und Fahrern.',
        ],
        linkLabel: 'Führerscheinprüfung öffnen',
      };
    case 'eskalation':
      return {
        subject: 'Überfällige Führerscheinprüfungen',
        lines: [
          'Guten Tag,',
          'folgende Führerscheinprüfungen sind überfällig; diese Personen können keine Fahrzeuge buchen:',
          ...liste(p, 'fällig seit'),
        ],
        linkLabel: 'Führerscheinprüfung öffnen',
      };
    default:
      return {
        subject: p.abgelaufen
          ? 'Ihre Führerscheinprüfung ist abgelaufen'
          : 'Ihre Führerscheinprüfung steht an',
        lines: [
          'Guten Tag,',
          p.abgelaufen
            ? `Ihre Führerscheinprüfung war am ${p.datum ?? ''} fällig. Bis zur nächsten Prüfung können Sie keine Fahrzeuge buchen.`
            : `Ihre nächste Führerscheinprüfung ist am ${p.datum ?? ''} fällig. Danach können Sie ohne neue Prüfung keine Fahrzeuge buchen.`,
          'Bitte legen Sie Ihren Führerschein im Original bei der Führerscheinprüfung vor.',
        ],
        linkLabel: 'Fahrzeuge öffnen',
      };
  }
};

export const fuehrerscheinErinnerungEn = (p: FuehrerscheinErinnerungParams): Rendered => {
  switch (p.art) {
    case 'pruefer':
      return {
        subject: 'Upcoming driving-licence checks',
        lines: [
          'Hello,',
          'the following driving-licence checks are coming up:',
          ...liste(p, 'due on'),
          'Please arrange the checks with the drivers.',
        ],
        linkLabel: 'Open licence checks',
      };
    case 'eskalation':
      return {
        subject: 'Overdue driving-licence checks',
        lines: [
          'Hello,',
          'the following driving-licence checks are overdue; these people cannot book vehicles:',
          ...liste(p, 'due since'),
        ],
        linkLabel: 'Open licence checks',
      };
    default:
      return {
        subject: p.abgelaufen ? 'Your driving-licence check has lapsed' : 'Your driving-licence check is due',
        lines: [
          'Hello,',
          p.abgelaufen
            ? `your driving-licence check was due on ${p.datum ?? ''}. You cannot book vehicles until it is checked again.`
            : `your next driving-licence check is due on ${p.datum ?? ''}. After that day you cannot book vehicles without a new check.`,
          'Please show your original driving licence to the licence checkers.',
        ],
        linkLabel: 'Open vehicles',
      };
  }
};

/**
 * The evaluation mailed on a rhythm (decision 247) in German and English: the period, one line per headline
 * figure (aggregates only, already in the recipient's language) and the Excel file attached.
 */

export type AuswertungBerichtParams = {
  /** "DD.MM.YYYY – DD.MM.YYYY" */
  zeitraum: string;
  rhythmus: 'woechentlich' | 'monatlich';
  /** one line per figure, e.g. "Fahrzeuge gebucht: 42 %" */
  eintraege: string[];
  url: string;
};

type Rendered = { subject: string; lines: string[]; linkLabel: string };

const liste = (p: AuswertungBerichtParams) => p.eintraege.map((e) => `- ${e}`);

export const auswertungBerichtDe = (p: AuswertungBerichtParams): Rendered => ({
  subject: `${p.rhythmus === 'woechentlich' ? 'Wöchentliche' : 'Monatliche'} Auswertung ${p.zeitraum}`,
  lines: [
    'Guten Tag,',
    `hier ist die Auswertung für ${p.zeitraum}; die Excel-Datei mit allen Kennzahlen und ihren Erklärungen ist angehängt.`,
    ...liste(p),
    'Nur zusammengefasste Zahlen: Zellen mit weniger Personen als die Mindestzahl bleiben leer.',
  ],
  linkLabel: 'Auswertung öffnen',
});

export const auswertungBerichtEn = (p: AuswertungBerichtParams): Rendered => ({
  subject: `${p.rhythmus === 'woechentlich' ? 'Weekly' : 'Monthly'} evaluation ${p.zeitraum}`,
  lines: [
    'Hello,',
    `here is the evaluation for ${p.zeitraum}; the Excel file with every figure and its explanation is attached.`,
    ...liste(p),
    'Aggregated figures only: cells with fewer people than the minimum stay empty.',
  ],
  linkLabel: 'Open the evaluation',
});

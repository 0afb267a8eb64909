/**
 * The access request as a readable PDF (decision 200): the same content as the JSON, in the person's language,
 * one section per data category with its purpose, legal basis, recipients and retention, then the entries.
 */

import { formatDateDE, formatTimeDE } from '@stellwerk/domain/time';
import type { TDatenauskunft } from '@stellwerk/domain/verwaltung/datenschutz/api';
import PDFDocument from 'pdfkit';

const TEXTE = {
  de: {
    titel: 'Auskunft über gespeicherte personenbezogene Daten',
    unter: 'nach Art. 15 und 20 DSGVO',
    erstellt: 'Erstellt am',
    verantwortlich: 'Verantwortlicher',
    person: 'Person',
    daten: 'Gespeichert',
    zweck: 'Zweck',
    grundlage: 'Rechtsgrundlage',
    empfaenger: 'Empfänger',
    aufbewahrung: 'Aufbewahrung',
    keine: 'Keine Einträge.',
    eintraege: 'Einträge',
    maschinell: 'Die maschinenlesbare Fassung (JSON) enthält dieselben Daten.',
  },
  en: {
    titel: 'Information about stored personal data',
    unter: 'under Art. 15 and 20 GDPR',
    erstellt: 'Created on',
    verantwortlich: 'Controller',
    person: 'Person',
    daten: 'Stored',
    zweck: 'Purpose',
    grundlage: 'Legal basis',
    empfaenger: 'Recipients',
    aufbewahrung: 'Retention',
    keine: 'No entries.',
    eintraege: 'Entries',
    maschinell: 'The machine-readable version (JSON) holds the same data.',
  },
} as const;

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const wert = (v: unknown): string => {
  if (v === null || v === undefined) return '–';
  if (typeof v === 'string' && ISO.test(v)) {
    const d = new Date(v);
    return `${formatDateDE(d)} ${formatTimeDE(d)}`;
  }
  return String(v);
};

export const auskunftAlsPdf = (a: TDatenauskunft): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const t = TEXTE[a.sprache];
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      info: { Title: t.titel, Author: a.verantwortlicher, Creator: 'Stellwerk' },
    });
    const teile: Buffer[] = [];
    doc.on('data', (c: Buffer) => teile.push(c));
    doc.on('end', () => resolve(Buffer.concat(teile)));
    doc.on('error', reject);

    doc.font('Helvetica-Bold').fontSize(16).text(t.titel);
    doc.font('Helvetica').fontSize(10).text(t.unter).moveDown(0.5);
    doc.text(`${t.erstellt}: ${wert(a.erstelltAm)}`);
    doc.text(`${t.verantwortlich}: ${a.verantwortlicher}`).moveDown();
    doc.font('Helvetica-Bold').fontSize(12).text(t.person);
    doc.font('Helvetica').fontSize(10);
    for (const [k, v] of Object.entries(a.person)) doc.text(`${k}: ${wert(v)}`);
    for (const k of a.kategorien) {
      doc.moveDown();
      doc.font('Helvetica-Bold').fontSize(12).text(k.titel);
      doc.font('Helvetica').fontSize(9);
      doc.text(`${t.daten}: ${k.daten}`);
      doc.text(`${t.zweck}: ${k.zweck}`);
      doc.text(`${t.grundlage}: ${k.rechtsgrundlage}`);
      doc.text(`${t.empfaenger}: ${k.empfaenger}`);
      doc.text(`${t.aufbewahrung}: ${k.aufbewahrung}`);
      doc.font('Helvetica-Bold').text(`${t.eintraege} (${k.eintraege.length})`);
      doc.font('Helvetica');
      if (k.eintraege.length === 0) doc.text(t.keine);
      for (const e of k.eintraege)
        doc.text(
          Object.entries(e)
            .map(([f, v]) => `${f}: ${wert(v)}`)
            .join(' · '),
        );
    }
    doc.moveDown().fontSize(8).text(t.maschinell);
    doc.end();
  });

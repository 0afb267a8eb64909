/**
 * The documents generated from the declarations (decision 200), never written by hand: the data sheet for the
 * works council (German: every metric with its aggregation, threshold, who may see it, retention) and the record
 * of processing activities (Art. 30 GDPR: purposes, data categories, recipients, retention per category), with
 * the tenant's current values of the k threshold and the anonymisation period.
 */

import { formatDateDE } from '@stellwerk/domain/time';
import { numberCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import { anonymisierungsTage } from '@stellwerk/domain/verwaltung/datenschutz/anonymisierung';
import {
  DATENKATEGORIEN,
  KENNZAHLEN,
  RECHTSGRUNDLAGEN,
} from '@stellwerk/domain/verwaltung/datenschutz/deklarationen';
import PDFDocument from 'pdfkit';
import type { Database } from '../../../db/client.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { assertDarf } from '../../identitaet/auth/auth.guards.ts';
import { loadEffectiveCustomizing } from '../customizing/customizing.service.ts';
import { nameDesMandanten } from '../mandant/mandant.service.ts';

export type Dokument = 'betriebsrat' | 'verarbeitungsverzeichnis';

const NIEMAND = '00000000-0000-0000-0000-000000000000';

const alsPdf = (titel: string, autor: string, schreibe: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      info: { Title: titel, Author: autor, Creator: 'Stellwerk' },
    });
    const teile: Buffer[] = [];
    doc.on('data', (c: Buffer) => teile.push(c));
    doc.on('end', () => resolve(Buffer.concat(teile)));
    doc.on('error', reject);
    schreibe(doc);
    doc.end();
  });

const feld = (doc: PDFKit.PDFDocument, name: string, wert: string) => {
  doc.font('Helvetica-Bold').text(`${name}: `, { continued: true }).font('Helvetica').text(wert);
};

export const erstelleDokument = async (
  { database, now }: { database: Database; now: () => Date },
  user: SessionUser,
  dokument: Dokument,
): Promise<Buffer> => {
  assertDarf(user, 'datenschutz.dokumente');
  const { mandantName, k, tage } = await database.withTenant(user.mandantId, async (tx) => {
    const settings = await loadEffectiveCustomizing(tx, NIEMAND);
    return {
      mandantName: await nameDesMandanten(tx, user.mandantId),
      k: numberCustomizing(settings, 'AuslastungMindestPersonen'),
      tage: anonymisierungsTage(numberCustomizing(settings, 'DatenschutzAnonymisierungTage')),
    };
  });
  const stand = `Stand: ${formatDateDE(now())} · ${mandantName}`;
  if (dokument === 'betriebsrat')
    return alsPdf('Datenblatt für den Betriebsrat', mandantName, (doc) => {
      doc.font('Helvetica-Bold').fontSize(16).text('Datenblatt für den Betriebsrat');
      doc.font('Helvetica').fontSize(10).text(stand).moveDown(0.5);
      doc.text(
        `Stellwerk wertet Buchungen nur zusammengefasst aus (§ 87 Abs. 1 Nr. 6 BetrVG). Keine Auswertung zeigt Zahlen je Person; jede Zelle zählt mindestens ${k} verschiedene Personen (Einstellung „Mindestzahl Personen je Zelle“), kleinere Zellen werden zu „Sonstige“ zusammengefasst oder ausgeblendet. Vergangene Buchungen verlieren ${tage} Tage nach ihrem Ende den Personenbezug; die Auswertungen bleiben dabei gleich. Das Fahrtenbuch ist ausgenommen (§ 147 AO).`,
      );
      for (const m of KENNZAHLEN) {
        doc.moveDown();
        doc.font('Helvetica-Bold').fontSize(12).text(m.titel.de);
        doc.fontSize(10);
        feld(doc, 'Aggregationsebene', m.aggregation.de);
        feld(doc, 'Schwelle', m.schwelle ? `mindestens ${k} Personen je Zelle` : 'keine (Zeitzellen)');
        feld(doc, 'Sichtbar für', m.sichtbarFuer.de);
        feld(doc, 'Aufbewahrung', m.aufbewahrung.de);
        feld(
          doc,
          'Datenquellen',
          m.quellen.map((q) => DATENKATEGORIEN.find((c) => c.id === q)?.titel.de ?? q).join(', '),
        );
      }
    });
  return alsPdf('Verzeichnis von Verarbeitungstätigkeiten', mandantName, (doc) => {
    doc.font('Helvetica-Bold').fontSize(16).text('Verzeichnis von Verarbeitungstätigkeiten (Art. 30 DSGVO)');
    doc.font('Helvetica').fontSize(10).text(stand).moveDown(0.5);
    feld(doc, 'Verantwortlicher', mandantName);
    feld(doc, 'Verarbeitung', 'Buchung von Leseräumen, Arbeitsplätzen und Poolfahrzeugen mit Stellwerk');
    for (const c of DATENKATEGORIEN) {
      doc.moveDown();
      doc.font('Helvetica-Bold').fontSize(12).text(c.titel.de);
      doc.fontSize(10);
      feld(doc, 'Datenkategorien', c.daten.de);
      feld(doc, 'Zweck', c.zweck.de);
      feld(doc, 'Rechtsgrundlage', RECHTSGRUNDLAGEN[c.rechtsgrundlage].de);
      feld(doc, 'Empfänger', c.empfaenger.de);
      feld(
        doc,
        'Löschfrist',
        c.aufbewahrung.de.replace(/Personenbezug \d+ Tage/, `Personenbezug ${tage} Tage`),
      );
      feld(doc, 'Zugriff', c.sichtbarFuer.de);
      if (c.behaltenWeil) feld(doc, 'Bei Löschung des Kontos behalten', c.behaltenWeil.de);
    }
    doc.moveDown();
    feld(
      doc,
      'Technische und organisatorische Maßnahmen',
      'Mandantentrennung durch Row-Level-Security in der Datenbank, Rechte je Rolle, Änderungsprotokoll, Anmeldung mit zweitem Faktor nach Mandantenregel, k-Schwelle für Auswertungen.',
    );
  });
};

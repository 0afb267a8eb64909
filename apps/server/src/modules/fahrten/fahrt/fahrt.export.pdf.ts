/** The logbook export as a PDF (decisions 062, 066): landscape A4 pages drawn page by page with pdfkit. */
import type { Writable } from 'node:stream';
import { fehlendeAngaben, strecke } from '@stellwerk/domain/fahrten/fahrtenbuch/eintrag';
import {
  ART_KUERZEL,
  aenderungsName,
  kennzeichnungen,
  kettenBefundText,
  kuerzen,
  LEGENDE,
  pdfSeitenzahl,
  zeitpunktDE,
} from '@stellwerk/domain/fahrten/fahrtenbuch/export';
import { formatDateDE, formatTimeDE } from '@stellwerk/domain/time';
import PDFDocument from 'pdfkit';
import {
  ankerText,
  type FahrtExportDeps,
  gruppen,
  type Kopf,
  nachfuellen,
  neueSummen,
  summeKm,
  zaehle,
  zeitraumText,
} from './fahrt.export.kontext.ts';
import type { EintragRow } from './fahrt.fahrtenbuch.repository.ts';

// --- PDF ---------------------------------------------------------------------------------------------------

export const SEITE = { breite: 841.89, hoehe: 595.28, rand: 28 };
export const KOPF_HOEHE = 62;
export const TABELLENKOPF_HOEHE = 14;
export const FUSS_HOEHE = 16;
export const ZEILEN_HOEHE = 19;
export const ZEILEN_PRO_SEITE = Math.floor(
  (SEITE.hoehe - 2 * SEITE.rand - KOPF_HOEHE - TABELLENKOPF_HOEHE - FUSS_HOEHE) / ZEILEN_HOEHE,
);
/** The closing block (totals, chain, legend) in row units. */
export const SCHLUSS_ZEILEN = Math.ceil(((8 + LEGENDE.length) * 10) / ZEILEN_HOEHE) + 1;

/** Columns: width in points; a character is about half the font size wide (Helvetica 7 pt). */
export const PDF_SPALTEN = [
  { titel: 'Fassung', breite: 30 },
  { titel: 'Datum', breite: 46 },
  { titel: 'Zeit', breite: 52 },
  { titel: 'km Beginn', breite: 44, rechts: true },
  { titel: 'km Ende', breite: 44, rechts: true },
  { titel: 'km', breite: 30, rechts: true },
  { titel: 'Art', breite: 18 },
  { titel: 'Fahrer', breite: 84 },
  { titel: 'Reiseziel', breite: 132 },
  { titel: 'Reisezweck', breite: 122 },
  { titel: 'Geschäftspartner', breite: 100 },
  { titel: 'Umweg / Vermerk', breite: 54 },
  { titel: 'Kennz.', breite: 30 },
] as const;
export const ZEICHEN_PT = 3.6;

/** The characters of WinAnsiEncoding outside Latin-1 (the standard fonts' encoding), by code. */
export const WIN_ANSI: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  Š: 0x8a,
  š: 0x9a,
  Ž: 0x8e,
  ž: 0x9e,
  Œ: 0x8c,
  œ: 0x9c,
  Ÿ: 0x9f,
};
/** A text as a PDF hex string in WinAnsiEncoding; what it cannot show becomes '?'. */
export const pdfHex = (text: string): string => {
  let hex = '';
  for (const ch of text) {
    const code = WIN_ANSI[ch] ?? ch.charCodeAt(0);
    hex += (code < 256 && !(code >= 0x80 && code < 0xa0 && !WIN_ANSI[ch]) ? code : 0x3f)
      .toString(16)
      .padStart(2, '0');
  }
  return hex;
};
export const tausender = (n: number): string => n.toLocaleString('de-DE');

export const schreibePdf = async (deps: FahrtExportDeps, mandantId: string, kopf: Kopf, out: Writable) => {
  const seiten = pdfSeitenzahl({
    zeilen: kopf.anzahlFassungen,
    zeilenProSeite: ZEILEN_PRO_SEITE,
    schlussZeilen: SCHLUSS_ZEILEN,
  });
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: SEITE.rand,
    autoFirstPage: false,
    info: {
      Title: `Fahrtenbuch ${kopf.fahrzeug.kennzeichen} ${zeitraumText(kopf)}`,
      Author: kopf.mandantName,
      Creator: 'Stellwerk',
    },
  });
  const fertig = new Promise<void>((resolve, reject) => {
    out.once('finish', resolve);
    out.once('error', reject);
    out.once('close', () => resolve());
  });
  doc.pipe(out);
  const x0 = SEITE.rand;
  const breite = SEITE.breite - 2 * SEITE.rand;
  let seite = 0;
  let zeile = 0;
  const text = (
    s: string,
    x: number,
    y: number,
    opts: { size?: number; bold?: boolean; grau?: boolean } = {},
  ) => {
    doc
      .font(opts.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(opts.size ?? 7)
      .fillColor(opts.grau ? '#6b6b6b' : '#000000')
      .text(s, x, y, { lineBreak: false });
  };
  const neueSeite = (mitTabellenkopf: boolean) => {
    doc.addPage();
    seite += 1;
    zeile = 0;
    const y = SEITE.rand;
    let tx = x0;
    if (seite === 1 && kopf.logo) {
      try {
        doc.image(kopf.logo, x0, y, { fit: [120, 40] });
        tx = x0 + 130;
      } catch {
        // a logo pdfkit cannot read (an SVG) is left out; the tenant's name stands for it
      }
    }
    text('Fahrtenbuch', tx, y, { size: 14, bold: true });
    text(
      `${kopf.fahrzeug.marke} ${kopf.fahrzeug.modell} · Kennzeichen ${kopf.fahrzeug.kennzeichen}`,
      tx,
      y + 19,
      { size: 9 },
    );
    text(`Zeitraum ${zeitraumText(kopf)} · erstellt am ${zeitpunktDE(kopf.erstellt)}`, tx, y + 31, {
      size: 9,
    });
    text(kuerzen(kopf.mandantName, 60), x0 + breite - 220, y, { size: 9, bold: true });
    // the chain check on the first page (decision 091): below the logo, the whole width
    if (seite === 1) {
      doc
        .font('Helvetica-Bold')
        .fontSize(7)
        .fillColor(kopf.befund.ok ? '#000000' : '#c00000');
      doc.text(kettenBefundText(kopf.befund), x0, y + 44, { lineBreak: false });
    }
    // footer
    const fy = SEITE.hoehe - SEITE.rand - 9;
    text(`Seite ${seite} von ${seiten}`, x0 + breite - 70, fy, { size: 7 });
    text(`Letzter Hash der Kette: ${kopf.kette.hash}`, x0, fy, { size: 6, grau: true });
    if (mitTabellenkopf) {
      let x = x0;
      const ty = SEITE.rand + KOPF_HOEHE;
      for (const s of PDF_SPALTEN) {
        text(s.titel, x + 1, ty, { bold: true });
        x += s.breite;
      }
      doc
        .moveTo(x0, ty + 10)
        .lineTo(x0 + breite, ty + 10)
        .lineWidth(0.5)
        .strokeColor('#000000')
        .stroke();
    }
    // the rows use the regular font of this page (registered by the footer)
    doc.font('Helvetica');
  };
  const zeilenY = () => SEITE.rand + KOPF_HOEHE + TABELLENKOPF_HOEHE + zeile * ZEILEN_HOEHE;
  const druckeFassung = (e: EintragRow, kennz: string, unterzeile: string, grau: boolean) => {
    if (seite === 0 || zeile >= ZEILEN_PRO_SEITE) neueSeite(true);
    const y = zeilenY();
    const werte = [
      String(e.laufnummer),
      formatDateDE(e.beginn),
      `${formatTimeDE(e.beginn)}–${formatTimeDE(e.ende)}`,
      tausender(e.kmBeginn),
      tausender(e.kmEnde),
      tausender(strecke(e)),
      ART_KUERZEL[e.art],
      e.fahrerName,
      e.ziel ?? '',
      e.zweck ?? '',
      e.partner ?? '',
      [e.umweg, e.notiz].filter(Boolean).join(' / '),
      kennz,
    ];
    // the rows are written as content operators directly: pdfkit's text() costs about ten times as much per
    // cell, which a logbook of 10,000 trips would feel (decision 065)
    const fontId = (doc as unknown as { _font: { id: string } })._font.id;
    const zelle = (wert: string, x: number, yOben: number, groesse: number) =>
      `/${fontId} ${groesse} Tf\n1 0 0 1 ${x.toFixed(2)} ${(SEITE.hoehe - yOben - 0.718 * groesse).toFixed(2)} Tm\n<${pdfHex(wert)}> Tj\n`;
    let inhalt = `q\n1 0 0 -1 0 ${SEITE.hoehe} cm\n${grau ? '0.42 g' : '0 g'}\nBT\n`;
    let x = x0;
    PDF_SPALTEN.forEach((s, i) => {
      const w = kuerzen(werte[i] ?? '', Math.floor((s.breite - 3) / ZEICHEN_PT));
      const rechts = 'rechts' in s && s.rechts;
      inhalt += zelle(w, rechts ? x + s.breite - 3 - w.length * ZEICHEN_PT : x + 1, y, 7);
      x += s.breite;
    });
    inhalt += `0.42 g\n${zelle(kuerzen(unterzeile, Math.floor(breite / 3.1)), x0 + 30, y + 8.5, 6)}ET\nQ`;
    doc.addContent(inhalt);
    zeile += 1;
  };

  const summen = neueSummen();
  let gedruckt = 0;
  for await (const g of gruppen(deps, mandantId, kopf)) {
    zaehle(summen, g);
    const kette = [...g.fruehere, g.aktuell];
    kette.forEach((e, i) => {
      const vorher = kette[i - 1];
      const ersetzt = i < kette.length - 1;
      const teile = [
        vorher
          ? `${aenderungsName(vorher, e)} (ersetzt Fassung ${vorher.laufnummer}) am ${zeitpunktDE(e.erfasstAm)} von ${e.erfasstVonName}${e.grund ? ` · Grund: ${e.grund}` : ''}`
          : `${e.quelle === 'hand' ? 'Von Hand erfasst' : 'Erfasst'} am ${zeitpunktDE(e.erfasstAm)} von ${e.erfasstVonName}${e.quelle === 'hand' && e.grund ? ` · Grund: ${e.grund}` : ''}`,
        ersetzt ? `ersetzt durch Fassung ${kette[i + 1]!.laufnummer}` : null,
        !ersetzt && g.lueckeKm > 0 ? `Kilometerlücke davor: ${tausender(g.lueckeKm)} km` : null,
        !ersetzt && fehlendeAngaben(e).length > 0 ? 'unvollständig' : null,
        `Hash ${e.hash.slice(0, 16)}…`,
      ];
      druckeFassung(
        e,
        ersetzt ? 'alt' : kennzeichnungen(g).join(' '),
        teile.filter(Boolean).join(' · '),
        ersetzt,
      );
      gedruckt += 1;
    });
    if (gedruckt % 100 < kette.length) await nachfuellen(out);
  }

  // closing block: totals, the chain, the legend
  if (seite === 0) neueSeite(true);
  if (ZEILEN_PRO_SEITE - zeile < SCHLUSS_ZEILEN) neueSeite(false);
  let y = zeile === 0 && seite > 0 ? SEITE.rand + KOPF_HOEHE : zeilenY() + 6;
  const schluss = (s: string, opts: { bold?: boolean; grau?: boolean; size?: number } = {}) => {
    text(s, x0, y, { size: opts.size ?? 8, ...opts });
    y += 10;
  };
  schluss(
    `Summe: ${tausender(summeKm(summen))} km in ${summen.fahrten} Fahrten (D ${tausender(summen.km.dienstlich)} km, P ${tausender(summen.km.privat)} km, A ${tausender(summen.km.arbeitsweg)} km)`,
    { bold: true },
  );
  schluss(
    `Nachgetragen oder korrigiert: ${summen.geaendert} · unvollständig: ${summen.unvollstaendig} · Kilometerlücken: ${summen.luecken} (${tausender(summen.lueckenKm)} km)`,
  );
  schluss(kettenBefundText(kopf.befund), { bold: true, size: 6 });
  schluss(`Hash-Kette des Fahrzeugs: ${kopf.kette.laufnummer} Fassungen, letzter Hash:`);
  schluss(kopf.kette.hash, { size: 8 });
  if (kopf.anker) schluss(ankerText(kopf.anker), { size: 6 });
  y += 4;
  schluss('Legende', { bold: true });
  for (const l of LEGENDE) schluss(`${l.kuerzel}: ${l.bedeutung}`, { size: 7 });
  doc.end();
  await fertig;
};

/** The monthly vehicle report (decisions 068, 078): one row per vehicle as an Excel file, mailed to its recipients. */

import {
  faelligerPersoenlicherReport,
  faelligerReportZeitraum,
  persoenlicheReportEmpfaenger,
  type ReportZeile,
  reportZusammenfassung,
} from '@stellwerk/domain/fahrzeuge/fahrzeug-benachrichtigung/report';
import type { Language } from '@stellwerk/domain/language';
import { addCalendarDays, berlinInstant, formatDateDE } from '@stellwerk/domain/time';
import {
  arrayCustomizing,
  booleanCustomizing,
  numberCustomizing,
  type ResolvedCustomizing,
  stringCustomizing,
} from '@stellwerk/domain/verwaltung/customizing';
import ExcelJS from 'exceljs';
import type { Tx } from '../../../db/client.ts';
import { aktiveInhaber } from '../../identitaet/auth/auth.inhaber.ts';
import type { MailAnhang } from '../../plattform/mail/mail.public.ts';
import { enqueueMail } from '../../plattform/mail/mail.service.ts';
import { loadEffectiveCustomizing } from '../../verwaltung/customizing/customizing.service.ts';
import {
  findBenutzerZuAdressen,
  findGesendet,
  findJobFahrzeuge,
  findReportEintraege,
  insertGesendet,
  type JobFahrzeug,
} from './fahrzeug-benachrichtigung.repository.ts';
import {
  type FahrzeugJobDeps,
  fahrzeugText,
  type Kontext,
  ladeCustomizing,
  languageOf,
} from './fahrzeug-benachrichtigung.service';
import { findPersonen } from './fahrzeug-buchung.fahrzeuge.repository.ts';

const REPORT_SPALTEN: Record<Language, string[]> = {
  de: ['Kennzeichen', 'Fahrzeug', 'Fahrten', 'Kilometer', 'Schäden', 'Verschmutzungen', 'Kilometerlücken'],
  en: ['Plate', 'Vehicle', 'Trips', 'Kilometres', 'Damages', 'Dirt incidents', 'Mileage gaps'],
};

/** The report as an Excel file: one row per vehicle, real number columns, a totals row. */
export const reportExcel = async (
  zeilen: readonly (ReportZeile & { fahrzeug: JobFahrzeug })[],
  zeitraum: string,
  sprache: Language,
): Promise<MailAnhang> => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sprache === 'en' ? 'Vehicle report' : 'Fahrzeugreport');
  sheet.addRow([sprache === 'en' ? `Vehicle report ${zeitraum}` : `Fahrzeugreport ${zeitraum}`]).font = {
    bold: true,
  };
  sheet.addRow(REPORT_SPALTEN[sprache]).font = { bold: true };
  for (const z of zeilen)
    sheet.addRow([
      z.fahrzeug.kennzeichen,
      `${z.fahrzeug.marke} ${z.fahrzeug.modell}`,
      z.fahrten,
      z.kilometer,
      z.schaeden,
      z.verschmutzungen,
      z.kilometerluecken,
    ]);
  const summe = (k: keyof ReportZeile) => zeilen.reduce((s, z) => s + (z[k] as number), 0);
  sheet.addRow([
    sprache === 'en' ? 'Total' : 'Summe',
    '',
    summe('fahrten'),
    summe('kilometer'),
    summe('schaeden'),
    summe('verschmutzungen'),
    summe('kilometerluecken'),
  ]).font = { bold: true };
  sheet.columns.forEach((c, i) => {
    c.width = i < 2 ? 24 : 16;
  });
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  return {
    dateiname: `${sprache === 'en' ? 'vehicle-report' : 'fahrzeugreport'}-${zeitraum.replace(/[^0-9.–-]+/g, '').replace(/[.–]+/g, '-')}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    base64: buffer.toString('base64'),
  };
};

type ReportZeitraumT = NonNullable<ReturnType<typeof faelligerReportZeitraum>>;
type ReportInhalt = { zeilen: (ReportZeile & { fahrzeug: JobFahrzeug })[]; periode: string };

/** The report's rows for a period: every active vehicle, and deactivated ones that were driven in it. */
const reportInhalt = async (
  tx: Tx,
  settings: ResolvedCustomizing,
  zeitraum: ReportZeitraumT,
): Promise<ReportInhalt> => {
  const von = berlinInstant(zeitraum.von, '00:00');
  const bis = berlinInstant(zeitraum.bis, '00:00');
  // earlier entries give each vehicle's last reading before the period (mileage gaps)
  const eintraege = await findReportEintraege(
    tx,
    berlinInstant(addCalendarDays(zeitraum.von, -366), '00:00'),
    bis,
  );
  const fahrzeuge = await findJobFahrzeuge(tx);
  const mitEintrag = new Set(eintraege.filter((e) => e.zeitpunkt >= von).map((e) => e.fahrzeugId));
  const gezeigt = fahrzeuge.filter((f) => !f.deaktiviert || mitEintrag.has(f.id));
  const summen = reportZusammenfassung({
    fahrzeugIds: gezeigt.map((f) => f.id),
    eintraege,
    von: zeitraum.von,
    bis: zeitraum.bis,
    reinigungszustaende: arrayCustomizing(settings, 'FahrzeugReinigungszustaende') as string[],
    schwelleInnen: stringCustomizing(settings, 'FahrzeugReinigungsschwelleInnen'),
    schwelleAussen: stringCustomizing(settings, 'FahrzeugReinigungsschwelleAussen'),
  });
  return {
    zeilen: summen.map((z, i) => ({ ...z, fahrzeug: gezeigt[i]! })),
    periode: `${formatDateDE(von)} – ${formatDateDE(new Date(bis.getTime() - 1))}`,
  };
};

/** Each address with the language of the user it belongs to (`benutzer`: lower-case address → id), else German. */
const mitSprache = async (
  tx: Tx,
  adressen: readonly string[],
  benutzer: ReadonlyMap<string, string>,
): Promise<{ adresse: string; language: Language }[]> => {
  const empfaenger = [];
  for (const adresse of adressen) {
    const id = benutzer.get(adresse.toLowerCase());
    empfaenger.push({ adresse, language: id ? await languageOf(tx, id) : ('de' as const) });
  }
  return empfaenger;
};

/** Mails the report to each address in its language, with the Excel file attached. */
const versendeReport = async (
  tx: Tx,
  deps: FahrzeugJobDeps,
  kontext: Kontext,
  { zeilen, periode }: ReportInhalt,
  empfaenger: readonly { adresse: string; language: Language }[],
): Promise<void> => {
  for (const { adresse, language } of empfaenger) {
    const text = (z: (typeof zeilen)[number]) =>
      language === 'en'
        ? `${fahrzeugText(z.fahrzeug)}: ${z.fahrten} trips, ${z.kilometer} km, ${z.schaeden} damages, ${z.verschmutzungen} dirt incidents, ${z.kilometerluecken} mileage gaps`
        : `${fahrzeugText(z.fahrzeug)}: ${z.fahrten} Fahrten, ${z.kilometer} km, ${z.schaeden} Schäden, ${z.verschmutzungen} Verschmutzungen, ${z.kilometerluecken} Kilometerlücken`;
    await enqueueMail(
      tx,
      {
        mandantId: kontext.mandantId,
        to: adresse,
        template: 'fahrzeug_hinweis',
        language,
        params: {
          art: 'report',
          zeitraum: periode,
          eintraege: zeilen.map(text),
          url: `${deps.publicUrl}/fahrzeuge`,
        },
        anhaenge: [await reportExcel(zeilen, periode, language)],
      },
      kontext.now,
    );
  }
};

/**
 * The vehicle report (spec §9 report rhythm and recipients): once the period of the tenant's rhythm has ended,
 * each address of FahrzeugReportMailAdressen gets the summary per vehicle with the Excel file attached, in the
 * language of the user with that address (German for other addresses). Then the personal reports.
 */
export const sendeFahrzeugReport = async (
  tx: Tx,
  deps: FahrzeugJobDeps,
  kontext: Kontext,
): Promise<number> => {
  const settings = await ladeCustomizing(tx);
  if (!settings || !booleanCustomizing(settings, 'FahrzeugMailReportSenden')) return 0;
  const gesendet = await findGesendet(tx);
  let mails = 0;
  const adressen = (arrayCustomizing(settings, 'FahrzeugReportMailAdressen') as string[]).filter(Boolean);
  const zeitraum = faelligerReportZeitraum({
    now: kontext.now,
    monate: numberCustomizing(settings, 'FahrzeugReportIntervallMonate'),
    gesendet,
  });
  if (adressen.length > 0 && zeitraum) {
    const empfaenger = await mitSprache(tx, adressen, await findBenutzerZuAdressen(tx, adressen));
    await versendeReport(tx, deps, kontext, await reportInhalt(tx, settings, zeitraum), empfaenger);
    await insertGesendet(tx, kontext.mandantId, [zeitraum.schluessel], kontext.now);
    mails += adressen.length;
  }
  return mails + (await sendePersoenlicheReports(tx, deps, kontext, settings, gesendet));
};

/**
 * The personal vehicle report (decision 078): each active holder of fahrzeug_logbuch_report who switched on
 * FahrzeugReportPersoenlich gets the report in their own rhythm (FahrzeugReportRhythmus), once per period, and
 * so do their FahrzeugReportEmpfaenger that are users of the tenant (other addresses get nothing: the trip
 * data stays in the organisation), each in their language.
 */
const sendePersoenlicheReports = async (
  tx: Tx,
  deps: FahrzeugJobDeps,
  kontext: Kontext,
  settings: ResolvedCustomizing,
  gesendet: ReadonlySet<string>,
): Promise<number> => {
  const inhalte = new Map<string, ReportInhalt>();
  let mails = 0;
  for (const person of await findPersonen(tx, await aktiveInhaber(tx, 'fahrzeug_logbuch_report'))) {
    const eigene = await loadEffectiveCustomizing(tx, person.id);
    const zeitraum = faelligerPersoenlicherReport({
      now: kontext.now,
      eingeschaltet: booleanCustomizing(eigene, 'FahrzeugReportPersoenlich'),
      rhythmus: stringCustomizing(eigene, 'FahrzeugReportRhythmus'),
      gesendet,
      benutzerId: person.id,
    });
    if (!zeitraum) continue;
    const weitere = arrayCustomizing(eigene, 'FahrzeugReportEmpfaenger') as string[];
    const benutzer = await findBenutzerZuAdressen(tx, weitere);
    const adressen = persoenlicheReportEmpfaenger({
      eigeneAdresse: person.email,
      weitere,
      benutzerAdressen: new Set(benutzer.keys()),
    });
    benutzer.set(person.email.toLowerCase(), person.id);
    let inhalt = inhalte.get(zeitraum.von + zeitraum.bis);
    if (!inhalt) {
      inhalt = await reportInhalt(tx, settings, zeitraum);
      inhalte.set(zeitraum.von + zeitraum.bis, inhalt);
    }
    await versendeReport(tx, deps, kontext, inhalt, await mitSprache(tx, adressen, benutzer));
    await insertGesendet(tx, kontext.mandantId, [zeitraum.schluessel], kontext.now);
    mails += adressen.length;
  }
  return mails;
};

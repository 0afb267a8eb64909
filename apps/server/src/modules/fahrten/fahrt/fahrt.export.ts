/**
 * The logbook export (decision 065): a vehicle's logbook for a period as Excel (.xlsx) or PDF, for
 * holders of `fahrzeug_logbuch_report`. Both files stream: the versions are read in keyset pages, each page in
 * its own short tenant transaction, and written as they come (the Excel file through exceljs's streaming
 * WorkbookWriter, the PDF through pdfkit without buffered pages), so memory stays bounded for any size. What the
 * export reads is fixed at its start (`bisLaufnummer`, the chain's last version then): a version recorded
 * meanwhile is not half in the file. The PDF's page count is known before the first page (fixed row height).
 */
import { DomainError } from '@stellwerk/domain/errors';
import { exportDateiname } from '@stellwerk/domain/fahrten/fahrtenbuch/export';
import { KETTEN_ANFANG } from '@stellwerk/domain/fahrten/fahrtenbuch/kette';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import { berlinDateKey } from '@stellwerk/domain/time';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { assertDarf } from '../../identitaet/auth/auth.guards.ts';
import { getMandantFile } from '../../plattform/storage/storage.service.ts';
import { loadFeatureSwitches } from '../../verwaltung/customizing/customizing.service.ts';
import {
  type ExportFormat,
  type ExportVorbereitung,
  type FahrtExportDeps,
  type Kopf,
  kalenderjahr,
} from './fahrt.export.kontext.ts';
import { schreibePdf } from './fahrt.export.pdf.ts';
import { schreibeXlsx } from './fahrt.export.xlsx.ts';
import {
  countExportFassungen,
  type ExportAuswahl,
  findAnker,
  findKettenEnde,
  findMandantName,
} from './fahrt.fahrtenbuch.repository.ts';
import { kettenBefund } from './fahrt.kette.ts';
import { findFahrzeugKopf } from './fahrt.repository.ts';

// --- preparing an export -----------------------------------------------------------------------------------

/**
 * Checks the request (right, tenant feature, vehicle, period) before anything is sent, so a refusal is a
 * plain JSON error; the returned writer then streams the file.
 */
export const bereiteExportVor = async (
  deps: FahrtExportDeps,
  user: SessionUser,
  fahrzeugId: string,
  query: { von?: string; bis?: string },
  format: ExportFormat,
): Promise<ExportVorbereitung> => {
  assertDarf(user, 'fahrtenbuch.report');
  const erstellt = deps.now();
  const standard = kalenderjahr(erstellt);
  const von = query.von ? new Date(query.von) : standard.von;
  const bis = query.bis ? new Date(query.bis) : standard.bis;
  const basis = await deps.database.withTenant(user.mandantId, async (tx) => {
    if (!(await loadFeatureSwitches(tx)).FahrzeugBuchung) throw new DomainError('not_found');
    const fahrzeug = await findFahrzeugKopf(tx, fahrzeugId);
    if (!fahrzeug) throw nichtGefunden('fahrzeug', fahrzeugId);
    if (!(von.getTime() < bis.getTime())) throw new DomainError('fahrtenbuch.ende_vor_beginn');
    const ende = await findKettenEnde(tx, fahrzeugId);
    const kette = ende ?? { laufnummer: 0, hash: KETTEN_ANFANG };
    const auswahl: ExportAuswahl = { fahrzeugId, von, bis, bisLaufnummer: kette.laufnummer };
    return {
      fahrzeug,
      kette,
      anker: await findAnker(tx, fahrzeugId),
      befund: await kettenBefund(tx, fahrzeugId),
      auswahl,
      anzahlFassungen: await countExportFassungen(tx, auswahl),
      mandantName: await findMandantName(tx, user.mandantId),
    };
  });
  let logo: Buffer | null = null;
  if (format === 'pdf') {
    try {
      const datei = await getMandantFile(deps, user, 'logos');
      if (datei.mime === 'image/png' || datei.mime === 'image/jpeg')
        logo = Buffer.concat(await datei.body.toArray());
      else datei.body.destroy();
    } catch {
      logo = null; // no logo: the tenant's name stands alone
    }
  }
  const kopf: Kopf = { ...basis, logo, von, bis, erstellt, betrachterId: user.benutzerId };
  const dateiname = exportDateiname({
    kennzeichen: basis.fahrzeug.kennzeichen,
    vonTag: berlinDateKey(von),
    bisTag: berlinDateKey(new Date(bis.getTime() - 1)),
    endung: format,
  });
  return format === 'xlsx'
    ? {
        dateiname,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        schreibe: (out) => schreibeXlsx(deps, user.mandantId, kopf, out),
      }
    : {
        dateiname,
        contentType: 'application/pdf',
        schreibe: (out) => schreibePdf(deps, user.mandantId, kopf, out),
      };
};

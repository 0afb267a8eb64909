/**
 * The logbook export (decision 065): a vehicle's logbook for a period as Excel (.xlsx) or PDF, for
 * holders of `fahrzeug_logbuch_report`. Both files stream: the versions are read in keyset pages, each page in
 * its own short tenant transaction, and written as they come (the Excel file through exceljs's streaming
 * WorkbookWriter, the PDF through pdfkit without buffered pages), so memory stays bounded for any size. What the
 * export reads is fixed at its start (`bisLaufnummer`, the chain's last version then): a version recorded
 * meanwhile is not half in the file. The PDF's page count is known before the first page (fixed row height).
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { TKettenPruefung } from '@stellwerk/domain/fahrten/fahrtenbuch/api';
import {
  aktuelleFassungen,
  fehlendeAngaben,
  sichtbarerEintrag,
  strecke,
} from '@stellwerk/domain/fahrten/fahrtenbuch/eintrag';
import { lueckeKm } from '@stellwerk/domain/fahrten/fahrtenbuch/kilometer';
import { berlinDateKey, berlinInstant, formatDateDE } from '@stellwerk/domain/time';
import type { Database } from '../../../db/client.ts';
import type { AnkerRow } from './fahrt.fahrtenbuch.repository.ts';
import { type EintragRow, type ExportAuswahl, findExportSeite } from './fahrt.fahrtenbuch.repository.ts';

export type FahrtExportDeps = { database: Database; now: () => Date; dataDir: string };
export type ExportFormat = 'xlsx' | 'pdf';

/** Versions read per keyset page (one short transaction each). */
export const EXPORT_SEITE = 1000;

export type ExportVorbereitung = {
  dateiname: string;
  contentType: string;
  /** Writes the file into `out` and ends it; rejects when the client went away or the database failed. */
  schreibe: (out: Writable) => Promise<void>;
};

export type Kopf = {
  mandantName: string;
  logo: Buffer | null;
  fahrzeug: { id: string; kennzeichen: string; marke: string; modell: string };
  von: Date;
  bis: Date;
  erstellt: Date;
  auswahl: ExportAuswahl;
  anzahlFassungen: number;
  kette: { laufnummer: number; hash: string };
  /** the retention purge's anchor (decision 081): the chain's versions before it are deleted */
  anker: AnkerRow | undefined;
  /** the chain check at the export's start (decision 091), printed on the first page and in the sheet */
  befund: TKettenPruefung;
  betrachterId: string;
};

/** The line an export prints when the retention purge deleted the chain's oldest versions (decision 081). */
export const ankerText = (anker: AnkerRow): string =>
  `Einträge bis ${formatDateDE(anker.bisEnde)} nach Ablauf der Aufbewahrungsfrist gelöscht (${anker.anzahl} Fassungen); die Kette beginnt nach Fassung ${anker.bisLaufnummer} mit dem Hash ${anker.hash}`;

/** One logbook entry as the export prints it: its current version, the versions it replaced, the gap before. */
export type Gruppe = { aktuell: EintragRow; fruehere: EintragRow[]; lueckeKm: number };

export const kalenderjahr = (now: Date): { von: Date; bis: Date } => {
  const jahr = Number(berlinDateKey(now).slice(0, 4));
  return { von: berlinInstant(`${jahr}-01-01`, '00:00'), bis: berlinInstant(`${jahr + 1}-01-01`, '00:00') };
};

/**
 * The entries of the export in trip order, read page by page: versions of one trip share its start, so a
 * group of equal starts is complete when a later start arrives. Private trips show their details only to
 * their driver. `lueckeKm`: kilometres between the previous entry's end and this one's start.
 */
export async function* gruppen(deps: FahrtExportDeps, mandantId: string, kopf: Kopf): AsyncGenerator<Gruppe> {
  let nach: { beginn: Date; laufnummer: number } | null = null;
  let puffer: EintragRow[] = [];
  let vorKmEnde: number | null = null;
  const sicht = (e: EintragRow): EintragRow =>
    sichtbarerEintrag({ eintrag: e, betrachterId: kopf.betrachterId });
  const leere = function* (): Generator<Gruppe> {
    const eintraege = aktuelleFassungen(puffer).sort((a, b) => a.aktuell.kmBeginn - b.aktuell.kmBeginn);
    puffer = [];
    for (const { aktuell, fruehere } of eintraege) {
      const luecke = lueckeKm(vorKmEnde, aktuell.kmBeginn);
      vorKmEnde = aktuell.kmEnde;
      yield { aktuell: sicht(aktuell), fruehere: fruehere.map(sicht), lueckeKm: luecke };
    }
  };
  for (;;) {
    const von: { beginn: Date; laufnummer: number } | null = nach;
    const seite: EintragRow[] = await deps.database.withTenant(mandantId, (tx) =>
      findExportSeite(tx, kopf.auswahl, von, EXPORT_SEITE),
    );
    for (const row of seite) {
      if (puffer.length > 0 && puffer[0]!.beginn.getTime() !== row.beginn.getTime()) yield* leere();
      puffer.push(row);
    }
    if (seite.length < EXPORT_SEITE) break;
    const letzte: EintragRow = seite.at(-1)!;
    nach = { beginn: letzte.beginn, laufnummer: letzte.laufnummer };
  }
  yield* leere();
}

/** Waits while the receiver is behind (bounded memory), and stops when it went away. */
export const nachfuellen = async (out: Writable): Promise<void> => {
  if (out.destroyed) throw new Error('export aborted: the client went away');
  if (out.writableNeedDrain) {
    // whichever comes first; the other listener is removed again (else they pile up on the stream per page)
    const done = new AbortController();
    const waits = [once(out, 'drain', { signal: done.signal }), once(out, 'close', { signal: done.signal })];
    for (const wait of waits) wait.catch(() => undefined);
    try {
      await Promise.race(waits);
    } finally {
      done.abort();
    }
  }
  if (out.destroyed) throw new Error('export aborted: the client went away');
};

/** Totals over the current versions. */
export type Summen = {
  fahrten: number;
  km: Record<'dienstlich' | 'privat' | 'arbeitsweg', number>;
  geaendert: number;
  unvollstaendig: number;
  luecken: number;
  lueckenKm: number;
};
export const neueSummen = (): Summen => ({
  fahrten: 0,
  km: { dienstlich: 0, privat: 0, arbeitsweg: 0 },
  geaendert: 0,
  unvollstaendig: 0,
  luecken: 0,
  lueckenKm: 0,
});
export const zaehle = (s: Summen, g: Gruppe): void => {
  s.fahrten += 1;
  s.km[g.aktuell.art] += strecke(g.aktuell);
  if (g.fruehere.length > 0) s.geaendert += 1;
  if (fehlendeAngaben(g.aktuell).length > 0) s.unvollstaendig += 1;
  if (g.lueckeKm > 0) {
    s.luecken += 1;
    s.lueckenKm += g.lueckeKm;
  }
};
export const summeKm = (s: Summen): number => s.km.dienstlich + s.km.privat + s.km.arbeitsweg;

export const zeitraumText = (kopf: Kopf): string =>
  `${formatDateDE(kopf.von)} – ${formatDateDE(new Date(kopf.bis.getTime() - 1))}`;

/**
 * The evaluation mailed on a rhythm (decision 247), the vehicle report's mechanism (decisions 067, 068) for the
 * evaluation: once the week or month of AuswertungMailRhythmus has ended, each address of AuswertungMailEmpfaenger
 * that belongs to a user who may see the evaluation (admin access and auswertung_sehen) gets it once, in that
 * user's language, with the Excel export attached. Aggregates only: the same figures and k threshold as the screen.
 */
import { berlinInstant, formatDateDE } from '@stellwerk/domain/time';
import { parseLanguage } from '@stellwerk/domain/language';
import { darf } from '@stellwerk/domain/policy';
import { isPermissionName, PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { AUSWERTUNG_KENNZAHLEN } from '@stellwerk/domain/verwaltung/auswertung/kennzahlen';
import { faelligeAuswertung } from '@stellwerk/domain/verwaltung/auswertung/versand';
import { arrayCustomizing, stringCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import type { Tx } from '../../../db/client.ts';
import { aktiveInhaber, inhaberVon } from '../../identitaet/auth/auth.inhaber.ts';
import { enqueueMail } from '../../plattform/mail/mail.service.ts';
import { loadEffectiveCustomizing } from '../customizing/customizing.service.ts';
import { auswertungDateiname, auswertungXlsx } from './auswertung.export.ts';
import { auswertungBerechnen } from './auswertung.service.ts';
import { findBenutzerMitAdresse, findGesendet, insertGesendet } from './auswertung.versand.repository.ts';

export type AuswertungVersandDeps = { publicUrl: string };

const NIEMAND = '00000000-0000-0000-0000-000000000000';

const zahl = (wert: number | null, einheit: string, sprache: 'de' | 'en') => {
  if (wert === null) return '–';
  const f = new Intl.NumberFormat(sprache === 'en' ? 'en-GB' : 'de-DE', { maximumFractionDigits: 1 });
  return einheit === 'prozent' ? `${f.format(wert * 100)} %` : f.format(wert);
};

/** The tenant job: sends the due period's evaluation and remembers it; answers how many mails it wrote. */
export const sendeAuswertung = async (
  tx: Tx,
  deps: AuswertungVersandDeps,
  kontext: { mandantId: string; now: Date },
): Promise<number> => {
  // the tenant's settings: no user's level applies (the nil id matches no user)
  const settings = await loadEffectiveCustomizing(tx, NIEMAND);
  const versand = faelligeAuswertung({
    now: kontext.now,
    rhythmus: stringCustomizing(settings, 'AuswertungMailRhythmus'),
    gesendet: await findGesendet(tx),
  });
  if (!versand) return 0;
  const adressen = (arrayCustomizing(settings, 'AuswertungMailEmpfaenger') as string[]).filter(Boolean);
  const inhaber = await aktiveInhaber(tx, 'auswertung_sehen');
  const kandidaten = await findBenutzerMitAdresse(tx, inhaber, adressen);
  // who may see it: the screen's guard (admin access beside the right), from each user's own grants
  const rechte = await inhaberVon(
    tx,
    kandidaten.map((k) => k.id),
    PERMISSION_NAMES,
  );
  let mails = 0;
  for (const k of kandidaten) {
    const permissions = new Set(
      rechte.filter((r) => r.benutzerId === k.id).flatMap((r) => (isPermissionName(r.name) ? [r.name] : [])),
    );
    if (!darf('auswertung.sehen', { permissions, isPlatformAdmin: false })) continue;
    const language = parseLanguage(stringCustomizing(await loadEffectiveCustomizing(tx, k.id), 'Sprache'));
    const leser = { mandantId: kontext.mandantId, benutzerId: k.id, language };
    const a = await auswertungBerechnen(
      { database: { withTenant: (_mandantId, fn) => fn(tx) }, now: () => kontext.now },
      leser,
      { art: versand.art, tag: versand.vonTag },
    );
    const zeitraum = `${formatDateDE(berlinInstant(a.zeitraum.vonTag, '12:00'))} – ${formatDateDE(berlinInstant(a.zeitraum.bisTag, '12:00'))}`;
    const xlsx = await auswertungXlsx(a, language);
    await enqueueMail(
      tx,
      {
        mandantId: kontext.mandantId,
        to: k.email,
        template: 'auswertung_bericht',
        language,
        params: {
          zeitraum,
          rhythmus: versand.rhythmus,
          eintraege: AUSWERTUNG_KENNZAHLEN.filter((z) => z.wert(a.aktuell) !== null)
            .slice(0, 8)
            .map((z) => `${z.name[language]}: ${zahl(z.wert(a.aktuell), z.einheit, language)}`),
          url: `${deps.publicUrl}/admin/auswertung?art=${versand.art}&tag=${versand.vonTag}`,
        },
        anhaenge: [
          {
            dateiname: auswertungDateiname(a, 'xlsx'),
            contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            base64: xlsx.toString('base64'),
          },
        ],
      },
      kontext.now,
    );
    mails += 1;
  }
  await insertGesendet(tx, kontext.mandantId, versand.schluessel, kontext.now);
  return mails;
};

/**
 * The evaluation mailed on a rhythm (decision 247), the vehicle report's mechanism (decisions 067, 068) for the
 * evaluation: once the week or month of AuswertungMailRhythmus has ended, each address of AuswertungMailEmpfaenger
 * that belongs to a user who may see the evaluation (admin access and auswertung_sehen) gets it once, in that
 * user's language, with the Excel export attached. Aggregates only: the same figures and k threshold as the screen.
 */

import { resolveStandortGrenzen, standortGrenzeFuer } from '@stellwerk/domain/identitaet/standort-grenze';
import { parseLanguage } from '@stellwerk/domain/language';
import { isPermissionName, PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { darf } from '@stellwerk/domain/policy';
import { berlinInstant, formatDateDE } from '@stellwerk/domain/time';
import type { TAuswertungEmpfaenger } from '@stellwerk/domain/verwaltung/auswertung/api';
import { kennzahlenDer } from '@stellwerk/domain/verwaltung/auswertung/kennzahlen';
import { faelligeAuswertung } from '@stellwerk/domain/verwaltung/auswertung/versand';
import { arrayCustomizing, stringCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import type { Database, Tx } from '../../../db/client.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { assertDarf } from '../../identitaet/auth/auth.guards.ts';
import { aktiveInhaber, inhaberVon } from '../../identitaet/auth/auth.inhaber.ts';
import { enqueueMail } from '../../plattform/mail/mail.service.ts';
import { loadEffectiveCustomizing } from '../customizing/customizing.service.ts';
import { auswertungDateiname, auswertungXlsx } from './auswertung.export.ts';
import { auswertungBerechnen } from './auswertung.service.ts';
import { findGesendet, findPersonen, insertGesendet } from './auswertung.versand.repository.ts';

export type AuswertungVersandDeps = { publicUrl: string };

const NIEMAND = '00000000-0000-0000-0000-000000000000';

const zahl = (wert: number | null, einheit: string, sprache: 'de' | 'en') => {
  if (wert === null) return '–';
  const f = new Intl.NumberFormat(sprache === 'en' ? 'en-GB' : 'de-DE', { maximumFractionDigits: 1 });
  return einheit === 'prozent' ? `${f.format(wert * 100)} %` : f.format(wert);
};

/**
 * Who may receive the evaluation: the tenant's active users who may open it (the screen's guard: admin access
 * beside auswertung_sehen), from each user's own grants; by name.
 */
export const empfaengerMitRecht = async (tx: Tx): Promise<{ id: string; email: string; name: string }[]> =>
  findPersonen(tx, [...(await empfaengerGrenzen(tx)).keys()]);

/**
 * The users who may open the evaluation, each with the locations it is limited to for them (decision 258: null
 * for the whole tenant), from the same grants as a session's.
 */
const empfaengerGrenzen = async (tx: Tx): Promise<Map<string, readonly string[] | null>> => {
  const inhaber = await aktiveInhaber(tx, 'auswertung_sehen');
  const rechte = await inhaberVon(tx, inhaber, PERMISSION_NAMES);
  const ergebnis = new Map<string, readonly string[] | null>();
  for (const id of inhaber) {
    const eigene = rechte.filter((r) => r.benutzerId === id);
    const permissions = new Set(eigene.flatMap((r) => (isPermissionName(r.name) ? [r.name] : [])));
    if (!darf('auswertung.sehen', { permissions, isPlatformAdmin: false })) continue;
    const standortGrenzen = resolveStandortGrenzen(eigene.map((r) => ({ ...r, wert: 'true' })));
    ergebnis.set(id, standortGrenzeFuer('auswertung.sehen', { permissions, standortGrenzen }));
  }
  return ergebnis;
};

/** GET /api/auswertung/empfaenger: the settings administrator picks the recipients among these. */
export const moeglicheEmpfaenger = async (
  { database }: { database: Pick<Database, 'withTenant'> },
  user: SessionUser,
): Promise<TAuswertungEmpfaenger> => {
  assertDarf(user, 'customizing.pflegen');
  return database.withTenant(user.mandantId, (tx) => empfaengerMitRecht(tx));
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
  const adressen = new Set(
    (arrayCustomizing(settings, 'AuswertungMailEmpfaenger') as string[]).map((a) => a.toLowerCase()),
  );
  const grenzen = await empfaengerGrenzen(tx);
  const kandidaten = (await findPersonen(tx, [...grenzen.keys()])).filter((p) =>
    adressen.has(p.email.toLowerCase()),
  );
  let mails = 0;
  for (const k of kandidaten) {
    const language = parseLanguage(stringCustomizing(await loadEffectiveCustomizing(tx, k.id), 'Sprache'));
    // a recipient limited to locations gets their locations' evaluation only (decision 258)
    const leser = {
      mandantId: kontext.mandantId,
      benutzerId: k.id,
      language,
      standorte: grenzen.get(k.id) ?? null,
    };
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
          eintraege: kennzahlenDer(a)
            .filter((z) => z.wert(a.aktuell) !== null)
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

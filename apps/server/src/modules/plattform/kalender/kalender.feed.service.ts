/**
 * The personal calendar feed (decision 168): `GET /api/kalender/{token}.ics`, no session, the token alone. The
 * user's own vehicle and place bookings (read through their modules' calendar files), cancelled ones as
 * STATUS:CANCELLED for 30 days after the cancellation, each with its stable UID and current SEQUENCE.
 */

import { DomainError } from '@stellwerk/domain/errors';
import { parseLanguage } from '@stellwerk/domain/language';
import type { Bereich } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { KALENDER_TOKEN_PATTERN } from '@stellwerk/domain/plattform/kalender/api';
import { stringCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import { fahrtKalenderBuchungen } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.kalender.ts';
import { loadBenutzerDetail } from '../../identitaet/benutzer/benutzer.service.ts';
import { platzKalenderBuchungen } from '../../leseraum/leseraum-buchung/leseraum-buchung.kalender.ts';
import {
  loadEffectiveCustomizing,
  loadFeatureSwitches,
} from '../../verwaltung/customizing/customizing.service.ts';
import type { KalenderDeps } from './kalender.abo.service.ts';
import { hashKalenderToken } from './kalender.abo.service.ts';
import { sequenzenVon } from './kalender.einladung.ts';
import { eintragAus } from './kalender.eintrag.ts';
import { kalenderIcs } from './kalender.ics.ts';
import { findAboByHash } from './kalender.repository.ts';

/** How long a cancelled booking stays in the feed (as CANCELLED), and how far back the feed reaches. */
export const KALENDER_STORNO_TAGE = 30;
const TAG_MS = 86_400_000;
/** At most this many bookings of each kind. */
const MAX_EINTRAEGE = 1000;

const NAME = { de: 'Stellwerk: meine Buchungen', en: 'Stellwerk: my bookings' } as const;

/**
 * The feed of a token. Unknown, malformed, rotated or revoked token, an inactive user, or a feed whose every kind
 * is switched off for the tenant: 404 (`not_found`), the same answer for each, so a token cannot be probed.
 */
export const kalenderFeed = async (deps: KalenderDeps, datei: string): Promise<string> => {
  const token = datei.endsWith('.ics') ? datei.slice(0, -4) : datei;
  if (!KALENDER_TOKEN_PATTERN.test(token)) throw new DomainError('not_found');
  const abo = await deps.database.withAllTenants((tx) => findAboByHash(tx, hashKalenderToken(token)));
  if (!abo) throw new DomainError('not_found');
  const now = deps.now();
  return deps.database.withTenant(abo.mandantId, async (tx) => {
    const person = await loadBenutzerDetail(tx, abo.benutzerId);
    if (person?.status !== 'aktiv') throw new DomainError('not_found');
    const schalter = await loadFeatureSwitches(tx);
    const fahrzeuge = abo.fahrzeuge && schalter.FahrzeugBuchung;
    // the workspace is always open (spec §1); the reading room needs its switch
    const bereiche: Bereich[] = abo.plaetze
      ? [...(schalter.Leseraum ? ['leseraum' as const] : []), 'arbeitswelt']
      : [];
    if (!fahrzeuge && bereiche.length === 0) throw new DomainError('not_found');
    const seit = new Date(now.getTime() - KALENDER_STORNO_TAGE * TAG_MS);
    const buchungen = [
      ...(fahrzeuge
        ? await fahrtKalenderBuchungen(tx, {
            benutzerId: abo.benutzerId,
            seit,
            storniertSeit: seit,
            limit: MAX_EINTRAEGE,
          })
        : []),
      ...(await platzKalenderBuchungen(tx, {
        mail: person.email,
        bereiche,
        seit,
        storniertSeit: seit,
        limit: MAX_EINTRAEGE,
      })),
    ].sort((a, b) => a.von.getTime() - b.von.getTime());
    const sequenzen = await sequenzenVon(tx, abo.mandantId, buchungen, now);
    const language = parseLanguage(
      stringCustomizing(await loadEffectiveCustomizing(tx, abo.benutzerId), 'Sprache'),
    );
    return kalenderIcs({
      name: NAME[language],
      jetzt: now,
      eintraege: buchungen.map((b) =>
        eintragAus(b, {
          language,
          sequenz: sequenzen.get(`${b.art}:${b.buchungId}`) ?? 0,
          publicUrl: deps.publicUrl,
        }),
      ),
    });
  });
};

/**
 * The end-of-day reminder (decisions 186, 216): each locker booking not yet emptied gets one mail, in its owner's
 * language, from `ERINNERUNG_MINUTEN` before its end (never before its start) until its end; the time it was sent
 * is recorded, so a second run (or a second instance) sends nothing again. The PIN is never part of it.
 */
import { type Language, parseLanguage } from '@stellwerk/domain/language';
import { erinnerungsZeitpunkt } from '@stellwerk/domain/leseraum/spind/regeln';
import { stringCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { benutzer } from '../../identitaet/benutzer/benutzer.public.ts';
import { enqueueMail } from '../../plattform/mail/mail.service.ts';
import { loadEffectiveCustomizing } from '../../verwaltung/customizing/customizing.service.ts';
import { spindKopplungAn } from './spind.kopplung.ts';
import { findFaelligeErinnerungen, markiereErinnert } from './spind.repository.ts';

/** How long before its end a locker's owner is reminded (decision 186: 30 minutes). */
export const ERINNERUNG_MINUTEN = 30;

const empfaenger = async (
  tx: Tx,
  benutzerId: string,
): Promise<{ mail: string; sprache: Language } | null> => {
  const [b] = await tx.select({ email: benutzer.email }).from(benutzer).where(eq(benutzer.id, benutzerId));
  if (!b) return null;
  const sprache = parseLanguage(stringCustomizing(await loadEffectiveCustomizing(tx, benutzerId), 'Sprache'));
  return { mail: b.email, sprache };
};

/** Queues the due reminders of one tenant (nothing while its Officelocker switch is off); returns how many. */
export const sendeSpindErinnerungen = async (
  tx: Tx,
  { publicUrl }: { publicUrl: string },
  { mandantId, now }: { mandantId: string; now: Date },
): Promise<number> => {
  if (!(await spindKopplungAn(tx))) return 0;
  let gesendet = 0;
  for (const { b, s, bank } of await findFaelligeErinnerungen(tx, now, ERINNERUNG_MINUTEN)) {
    // without a person (erased, decision 251) nobody is left to remind; only running bookings come here anyway
    if (!b.benutzerId || erinnerungsZeitpunkt(b, ERINNERUNG_MINUTEN).getTime() > now.getTime()) continue;
    // claimed first: a parallel run that reached this row already sends nothing
    if ((await markiereErinnert(tx, b.id, now)).length === 0) continue;
    const an = await empfaenger(tx, b.benutzerId);
    if (!an) continue;
    const mailId = await enqueueMail(
      tx,
      {
        mandantId,
        to: an.mail,
        template: 'spind_erinnerung',
        language: an.sprache,
        params: {
          nummer: s.nummer,
          bank: bank.name,
          bis: b.bis.toISOString(),
          url: `${publicUrl}/officelocker`,
        },
      },
      now,
    );
    // null: the owner's switch BenachrichtigungErinnerung stopped it (reminded all the same: nothing goes later)
    if (mailId) gesendet++;
  }
  return gesendet;
};

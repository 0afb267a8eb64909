/**
 * Erasing a person (Art. 17 GDPR, decision 235): one transaction in which each module removes or anonymises its
 * own rows of the person (future bookings are cancelled through their owners' system cancellation first), the
 * logbook and what else the law keeps stays, and a report per declared data category says what was deleted,
 * anonymised or kept and why. The report is the audit entry's value (it names the person by id only) and can be
 * read again later.
 */
import { DomainError } from '@stellwerk/domain/errors';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import { type TLoeschbericht, ZLoeschbericht } from '@stellwerk/domain/verwaltung/datenschutz/api';
import { loeschbericht } from '@stellwerk/domain/verwaltung/datenschutz/loeschung';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { loescheFahrzeugBuchungenDerPerson } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.loeschung.ts';
import { loescheFuehrerscheinDerPerson } from '../../fahrzeuge/fuehrerschein/fuehrerschein.loeschung.ts';
import { loescheSonderfreigabenDerPerson } from '../../fahrzeuge/sonderfreigabe/sonderfreigabe.loeschung.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { assertDarf } from '../../identitaet/auth/auth.guards.ts';
import { loescheIdentitaet } from '../../identitaet/benutzer/benutzer.loeschung.ts';
import { loescheZugriffstokenDerPerson } from '../../identitaet/zugriffstoken/zugriffstoken.datenschutz.ts';
import { gibEigenePlaetzeFrei } from '../../leseraum/leseraum/leseraum.loeschung.ts';
import { loescheLeseraumBuchungenDerPerson } from '../../leseraum/leseraum-buchung/leseraum-buchung.loeschung.ts';
import { loescheSpindBuchungenDerPerson } from '../../leseraum/spind/spind.loeschung.ts';
import { sendeSchlossAuftraege } from '../../leseraum/spind/spind.schloss.ts';
import { entferneWerteUeberPerson } from '../../plattform/audit/audit.loeschung.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { publishEvent } from '../../plattform/events/events.service.ts';
import { loescheKalenderAboDerPerson } from '../../plattform/kalender/kalender.loeschung.ts';
import { loescheKioskEincheckDerPerson } from '../../plattform/kiosk/kiosk.loeschung.ts';
import { loescheMailsAnPerson } from '../../plattform/mail/mail.loeschung.ts';
import { loeschePushDerPerson } from '../../plattform/push/push.datenschutz.ts';
import { loescheEinstellungenDerPerson } from '../customizing/customizing.loeschung.ts';
import { findPerson, istPlattformAdmin, zaehleBehalteneVerweise } from './datenschutz.repository.ts';

export type LoeschDeps = { database: Pick<Database, 'withTenant'>; now: () => Date; publicUrl: string };

/** The reason stored on the vehicle bookings the erasure cancels (their information text). */
const STORNO_GRUND = 'Storniert: Das Benutzerkonto wurde gelöscht.';

export const loeschePerson = async (
  deps: LoeschDeps,
  user: SessionUser,
  benutzerId: string,
): Promise<TLoeschbericht> => {
  assertDarf(user, 'benutzer.pflegen');
  const now = deps.now();
  const bericht = await deps.database.withTenant(user.mandantId, async (tx) => {
    const person = await findPerson(tx, benutzerId);
    if (!person) throw nichtGefunden('benutzer', benutzerId);
    // nobody erases themself, so the tenant always keeps the administrator who erases
    if (benutzerId === user.benutzerId)
      throw new DomainError('benutzer.selbst_nicht_erlaubt', { field: 'status' });
    if ((await istPlattformAdmin(tx, benutzerId)) && !user.isPlatformAdmin)
      throw new DomainError('benutzer.plattform_admin_geschuetzt');
    const { mandantId } = user;

    const fahrzeug = await loescheFahrzeugBuchungenDerPerson(tx, deps, {
      mandantId,
      benutzerId,
      now,
      grund: STORNO_GRUND,
    });
    const sonderfreigaben = await loescheSonderfreigabenDerPerson(tx, benutzerId);
    const platz = await loescheLeseraumBuchungenDerPerson(tx, { mandantId, email: person.email, now });
    await gibEigenePlaetzeFrei(tx, benutzerId);
    const spind = await loescheSpindBuchungenDerPerson(tx, { mandantId, benutzerId, now });
    const fuehrerschein = await loescheFuehrerscheinDerPerson(tx, benutzerId);
    const einstellungen =
      (await loescheEinstellungenDerPerson(tx, benutzerId)) +
      (await loescheKalenderAboDerPerson(tx, benutzerId)) +
      (await loeschePushDerPerson(tx, benutzerId));
    const kiosk = await loescheKioskEincheckDerPerson(tx, benutzerId);
    const zugriffstoken = await loescheZugriffstokenDerPerson(tx, benutzerId);
    const behalten = await zaehleBehalteneVerweise(tx, benutzerId);
    const identitaet = await loescheIdentitaet(tx, {
      benutzerId,
      authUserId: person.authUserId,
      platzhalter: behalten > 0,
    });
    const protokoll = await entferneWerteUeberPerson(tx, { mandantId, benutzerId });
    // last: the cancellations above may have queued mails to the person
    const mails = await loescheMailsAnPerson(tx, { mandantId, email: person.email });

    const bericht = loeschbericht({
      benutzerId,
      geloeschtAm: now,
      platzhalterBehalten: behalten > 0,
      storniert: {
        fahrzeugBuchungen: fahrzeug.storniert,
        platzBuchungen: platz.storniert,
        spindBuchungen: spind.storniert,
      },
      anzahl: {
        konto: identitaet.konto + zugriffstoken,
        berechtigungen: identitaet.berechtigungen,
        einstellungen,
        leseraum_buchungen: platz.anonymisiert,
        spind_buchungen: spind.geloescht + spind.anonymisiert,
        kiosk_eincheck: kiosk,
        fahrzeug_buchungen: fahrzeug.anonymisiert + sonderfreigaben,
        fahrtenbuch: behalten,
        fuehrerschein,
        protokoll: protokoll + mails,
      },
    });
    await writeAudit(tx, {
      mandantId,
      benutzerId: user.benutzerId,
      action: 'dsgvo_loeschung',
      entity: 'benutzer',
      entityId: benutzerId,
      newValue: bericht,
    });
    await publishEvent(tx, mandantId, { type: 'benutzer', id: benutzerId });
    return bericht;
  });
  // the lock system hears of the lockers given back (decision 251); what fails is retried by the job (decision 250)
  await sendeSchlossAuftraege(deps.database, user.mandantId, now).catch((e: unknown) =>
    console.warn('erasure: the lock system was not told yet (the job retries)', e),
  );
  return bericht;
};

/** The stored report of an erasure (the audit entry's value), or 404 when the person was not erased. */
export const leseLoeschbericht = async (
  { database }: Pick<LoeschDeps, 'database'>,
  user: SessionUser,
  benutzerId: string,
): Promise<TLoeschbericht> => {
  assertDarf(user, 'benutzer.pflegen');
  return database.withTenant(user.mandantId, async (tx) => {
    const r = await tx.execute(sql`select new_value as bericht from audit_log
      where entity = 'benutzer' and entity_id = ${benutzerId} and action = 'dsgvo_loeschung'
      order by at desc limit 1`);
    const row = r.rows[0] as { bericht: unknown } | undefined;
    const gelesen = ZLoeschbericht.safeParse(
      typeof row?.bericht === 'string' ? JSON.parse(row.bericht) : row?.bericht,
    );
    if (!gelesen.success) throw nichtGefunden('loeschbericht', benutzerId);
    return gelesen.data;
  });
};

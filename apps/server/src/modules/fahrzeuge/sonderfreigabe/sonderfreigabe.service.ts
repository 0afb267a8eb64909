/**
 * Special-trip approvals (spec §4, §6, §8; decision 049): the trips awaiting the current approver,
 * their count for the menu, and approving or rejecting one. A decision locks the booking row, runs the
 * domain rule (`sonderfreigabeEntscheiden`), writes the approver's row and, on rejection, cancels the trip;
 * the booker (and the driver) get a mail through the outbox and open pages a live event, all in one
 * transaction.
 */
import { DomainError, toDomainError } from '@stellwerk/domain/errors';
import type { TFahrzeugBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { sonderfreigabeEntscheiden } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/freigabe';
import type { TSonderfreigabenAnzahl } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/freigabe-api';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import type { Database } from '../../../db/client.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { assertDarf } from '../../identitaet/auth/auth.guards.ts';
import { storniereNachAblehnung } from '../fahrzeug-buchung/fahrzeug-buchung.ablehnung.ts';
import { assertFeature, meldeAenderung } from '../fahrzeug-buchung/fahrzeug-buchung.kontext.ts';
import { sendeMails } from '../fahrzeug-buchung/fahrzeug-buchung.mails.ts';
import { ladeBuchungen } from '../fahrzeug-buchung/fahrzeug-buchung.presenter.ts';
import {
  countOffene,
  findFreigeberZeilen,
  findOffeneBuchungIds,
  lockBuchung,
  updateEntscheidung,
} from './sonderfreigabe.repository.ts';

export type SonderfreigabeDeps = {
  database: Pick<Database, 'withTenant'>;
  now: () => Date;
  publicUrl: string;
};

/** GET /api/sonderfreigaben: the trips awaiting the current user's decision, by start. */
export const listOffeneFreigaben = (
  deps: SonderfreigabeDeps,
  user: SessionUser,
): Promise<TFahrzeugBuchung[]> => {
  assertDarf(user, 'sonderfahrten.freigeben');
  return deps.database.withTenant(user.mandantId, async (tx) => {
    await assertFeature(tx);
    const now = deps.now();
    const buchungen = await ladeBuchungen(
      tx,
      await findOffeneBuchungIds(tx, user.benutzerId, now),
      user,
      now,
    );
    // the domain's policy decides; the query only narrows the rows
    return buchungen.filter((b) => b.aktionen.kannFreigeben);
  });
};

/** GET /api/sonderfreigaben/anzahl: how many trips await the current user's decision (the menu count). */
export const countOffeneFreigaben = (
  deps: SonderfreigabeDeps,
  user: SessionUser,
): Promise<TSonderfreigabenAnzahl> => {
  assertDarf(user, 'sonderfahrten.freigeben');
  return deps.database.withTenant(user.mandantId, async (tx) => {
    await assertFeature(tx);
    return { anzahl: await countOffene(tx, user.benutzerId, deps.now()) };
  });
};

/**
 * POST /api/sonderfreigaben/{buchungId}/freigeben and …/ablehnen: the approver decides (spec §4). Without a
 * session user: 'User not found! Kein update der Sonderfreigabe möglich.' (spec §8). An approval releases the
 * trip and tells the booker; a rejection cancels it with the reason and tells the booker.
 */
export const entscheideFreigabe = (
  deps: SonderfreigabeDeps,
  user: SessionUser | null | undefined,
  buchungId: string,
  entscheidung: { freigegeben: true } | { freigegeben: false; begruendung: string },
): Promise<TFahrzeugBuchung> => {
  if (!user) throw new DomainError('sonderfreigabe.user_not_found');
  assertDarf(user, 'sonderfahrten.freigeben');
  return deps.database.withTenant(user.mandantId, async (tx) => {
    await assertFeature(tx);
    const now = deps.now();
    const buchung = await lockBuchung(tx, buchungId);
    if (buchung?.typ !== 'BUCHUNG') throw nichtGefunden('fahrzeug_buchung', buchungId);
    const freigeber = await findFreigeberZeilen(tx, buchungId);
    const ergebnis = sonderfreigabeEntscheiden({
      benutzerId: user.benutzerId,
      buchung,
      freigeber,
      freigegeben: entscheidung.freigegeben,
      ...(entscheidung.freigegeben ? {} : { begruendung: entscheidung.begruendung }),
    });
    if (ergebnis.verstoss) throw toDomainError(ergebnis.verstoss);
    // a trip that has ended no longer waits (the policy's kannFreigeben says the same)
    if (buchung.bis.getTime() <= now.getTime()) throw new DomainError('sonderfreigabe.nicht_offen');
    await updateEntscheidung(tx, {
      buchungId,
      benutzerId: user.benutzerId,
      freigegeben: entscheidung.freigegeben,
      now,
    });
    if (!entscheidung.freigegeben)
      await storniereNachAblehnung(tx, {
        id: buchungId,
        status: buchung.status,
        informationstext: ergebnis.folge.informationstext,
        storniertVon: user.benutzerId,
      });
    const [api] = await ladeBuchungen(tx, [buchungId], user, now);
    if (!api) throw nichtGefunden('fahrzeug_buchung', buchungId);
    await sendeMails(
      tx,
      deps,
      user,
      api,
      entscheidung.freigegeben
        ? { typ: 'freigegeben' }
        : { typ: 'storniert', grund: ergebnis.folge.informationstext ?? undefined },
    );
    await meldeAenderung(tx, user.mandantId, api);
    return api;
  });
};
